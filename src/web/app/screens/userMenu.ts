// The person's menu in the top bar: who is signed in, their account, their API tokens (everyone's,
// for an admin), the screens that are not one of the bar's places (moving in and out, status,
// libraries, backups, storage…), and Sign out. On a wide screen a button opens it (Escape or a
// click elsewhere closes it); on a phone its links sit in the Menu, under the places. A
// single-person install's bar says "Single-person mode" instead of a name.
import { answer, client, el, renderToken } from "../lib.ts";
import { menuLinks } from "../nav.ts";

const header = document.querySelector("header.top");
const menu = el("div", { class: "user-menu" });
header?.append(menu);

function setOpen(open: boolean): void {
  menu.classList.toggle("open", open);
  menu.querySelector(".user-toggle")?.setAttribute("aria-expanded", String(open));
}

async function signOut(): Promise<void> {
  sessionStorage.removeItem("ladle.token");
  await answer(client.DELETE("/api/session"));
  menu.replaceChildren();
  delete document.body.dataset.signedIn;
  // The sign-in form replaces the screen where it is (no route change: a screen reloading its data
  // would race it with a 401 of its own).
  renderToken("You are signed out.");
}

/** Draws the menu for whoever is signed in now. */
async function showWho(): Promise<void> {
  const res = await answer(client.GET("/api/session"));
  if (!res.ok) {
    menu.replaceChildren();
    delete document.body.dataset.signedIn;
    return;
  }
  const { user } = res.body;
  document.body.dataset.signedIn = user.name;
  // The one person of a single-person install never signs in: the bar says so, and People offers
  // to switch sign-in on.
  let single = user.name === "local";
  // Before the first run (sign-in on, no owner yet) nobody is anyone: the first-run screen says why.
  // Anyone else has the menu, and the Account screen in it.
  if (single) {
    const welcome = await answer(client.GET("/api/welcome"));
    if (welcome.ok && welcome.body.firstRun && !welcome.body.singlePerson) return void menu.replaceChildren();
    single = welcome.ok && welcome.body.singlePerson;
  }
  const said = single ? "Single-person mode" : `Signed in as ${user.name}`;
  const toggle = el(
    "button",
    {
      type: "button",
      class: "user-toggle secondary",
      "aria-expanded": "false",
      "aria-controls": "user-panel",
      onclick: () => setOpen(!menu.classList.contains("open")),
    },
    said,
  );
  menu.replaceChildren(
    toggle,
    el(
      "div",
      { id: "user-panel", class: "user-panel" },
      el(
        "p",
        { class: "user-said" },
        single ? "Nobody signs in to this Ladle." : [said, user.role === "admin" ? " (admin)" : ""],
      ),
      el(
        "ul",
        { class: "plain" },
        el("li", {}, el("a", { href: "#/account" }, "Your account and password")),
        el(
          "li",
          {},
          el(
            "a",
            { href: "#/people" },
            single ? "Switch on sign-in" : user.role === "admin" ? "People and tokens" : "Your API tokens",
          ),
        ),
      ),
      el(
        "ul",
        { class: "plain more-places" },
        menuLinks()
          .filter((l) => l.path !== "people")
          .map((l) => el("li", {}, el("a", { href: `#/${l.path}` }, l.label))),
      ),
      single
        ? null
        : el(
            "ul",
            { class: "plain" },
            el(
              "li",
              {},
              el("button", { type: "button", class: "link", onclick: () => void signOut() }, "Sign out"),
            ),
          ),
    ),
  );
}

menu.addEventListener("keydown", (e) => {
  if (e.key !== "Escape" || !menu.classList.contains("open")) return;
  setOpen(false);
  menu.querySelector<HTMLButtonElement>(".user-toggle")?.focus();
});
document.addEventListener("click", (e) => {
  if (!menu.contains(e.target as Node)) setOpen(false);
});
// Keyboard users leaving the menu with Tab close it too.
menu.addEventListener("focusout", (e) => {
  if (!menu.contains(e.relatedTarget as Node | null)) setOpen(false);
});
window.addEventListener("hashchange", () => setOpen(false));
document.addEventListener("ladle:signed-in", () => void showWho());
// A sign-in that ended (signed out elsewhere, disabled, expired) must not leave the bar naming the
// person; the sign-in form's message still reads body.signedIn, so only the menu goes.
document.addEventListener("ladle:unauthorized", () => menu.replaceChildren());
void showWho();
