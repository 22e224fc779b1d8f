// Who is signed in: "Signed in as …" and Sign out in the top bar, and the Account screen where a
// person changes their password. Sign-in itself is lib.js's renderToken (shown on any 401).
import { addScreen, answer, app, client, el, errorBox, renderToken } from "../../lib.ts";
import { bookmarkletSection } from "../share/ShareScreen.ts";
import { webhooksSection } from "../webhooks/WebhooksSection.ts";

const header = document.querySelector("header.top");
const who = el("div", { class: "who" });
header?.append(who);

/** Shows the signed-in person in the top bar (nothing for the loopback admin of a one-person server). */
async function showWho(): Promise<void> {
  const res = await answer(client.GET("/api/session"));
  if (!res.ok) {
    who.replaceChildren();
    delete document.body.dataset.signedIn;
    return;
  }
  const me = res.body;
  document.body.dataset.signedIn = me.user.name;
  if (me.user.name === "local") {
    who.replaceChildren();
    return;
  }
  who.replaceChildren(
    el("a", { href: "#/account", title: "Your account" }, `Signed in as ${me.user.name}`),
    el("button", { type: "button", class: "link", onclick: signOut }, "Sign out"),
  );
}

async function signOut(): Promise<void> {
  sessionStorage.removeItem("ladle.token");
  await answer(client.DELETE("/api/session"));
  who.replaceChildren();
  delete document.body.dataset.signedIn;
  // The sign-in form replaces the screen where it is (no route change: a screen reloading its data
  // would race it with a 401 of its own).
  renderToken("You are signed out.");
}

document.addEventListener("ladle:signed-in", () => void showWho());
void showWho();

addScreen({
  path: "account",
  render: async () => {
    const res = await answer(client.GET("/api/session"));
    if (!res.ok) return;
    const me = res.body;
    const current = el("input", { type: "password", id: "pw-current", autocomplete: "current-password" });
    const next = el("input", { type: "password", id: "pw-new", autocomplete: "new-password", minlength: 10 });
    const done = el("p", { role: "status" });
    app.replaceChildren(
      el("h1", {}, "Your account"),
      el("p", {}, `Signed in as ${me.user.name}${me.user.role === "admin" ? " (admin)" : ""}.`),
      el("h2", {}, me.hasPassword ? "Change your password" : "Set a password"),
      el(
        "form",
        {
          onsubmit: async (e: Event) => {
            e.preventDefault();
            const r = await answer(
              client.PUT("/api/session/password", {
                body: { ...(me.hasPassword ? { current: current.value } : {}), password: next.value },
              }),
            );
            done.replaceChildren(
              r.ok
                ? "Your password is changed. Other devices signed in as you are signed out."
                : errorBox(r.body),
            );
            if (r.ok) {
              current.value = "";
              next.value = "";
            }
          },
        },
        me.hasPassword ? [el("label", { for: "pw-current" }, "Current password"), current] : [],
        el("label", { for: "pw-new" }, "New password (at least 10 characters)"),
        next,
        el("div", { class: "actions" }, el("button", { type: "submit" }, "Save password")),
        done,
      ),
      webhooksSection(),
      bookmarkletSection(),
    );
  },
});
