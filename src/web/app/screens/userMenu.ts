// The person's menu in the top bar: who is signed in, their account, their API tokens (everyone's,
// for an admin), the screens that are not one of the bar's places (moving in and out, status,
// libraries, backups, storage…), and Sign out. On a wide screen a button opens it (Escape or a
// click elsewhere closes it); on a phone its links sit in the Menu, under the places. A
// single-person install's bar says "Single-person mode" instead of a name. The person's language and
// units are chosen here too: kept on the server (so a new browser speaks the same), applied as soon
// as the session says them, and the app drawn again in them.
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  applySettings,
  isLanguage,
  language,
  t,
  type UnitSystem,
} from "../i18n/i18n.ts";
import { loadLanguage } from "../i18n/loadLanguage.ts";
import { answer, client, el, errorBox, renderToken, route, routerStarted } from "../lib.ts";
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
  renderToken(t("userMenu.signedOut"));
}

type Settings = { language: string | null; units: UnitSystem | null };

/** The language and units choosers; a change is saved for the person, then everything is said again. */
function settingsForm(settings: Settings): HTMLElement {
  const problem = el("div", {});
  const languages = el(
    "select",
    { id: "pick-language", name: "language" },
    el("option", { value: "" }, t("userMenu.languageFromBrowser")),
    LANGUAGES.map((l) => el("option", { value: l, lang: l }, LANGUAGE_NAMES[l])),
  );
  languages.value = isLanguage(settings.language) ? settings.language : "";
  const units = el(
    "select",
    { id: "pick-units", name: "units" },
    el("option", { value: "" }, t("userMenu.unitsFromLocale")),
    el("option", { value: "metric" }, t("userMenu.unitsMetric")),
    el("option", { value: "us" }, t("userMenu.unitsUs")),
  );
  units.value = settings.units ?? "";
  const save = async (changed: HTMLSelectElement): Promise<void> => {
    const res = await answer(
      client.PATCH("/api/session/settings", {
        body: {
          language: isLanguage(languages.value) ? languages.value : null,
          units: units.value === "metric" || units.value === "us" ? units.value : null,
        },
      }),
    );
    if (!res.ok) return void problem.replaceChildren(errorBox(res.body));
    applySettings(res.body);
    await loadLanguage(language());
    // The bar, this menu and the screen are drawn again in the new words; the chooser keeps the focus.
    await showWho(res.body);
    setOpen(true);
    route();
    document.getElementById(changed.id)?.focus();
  };
  languages.addEventListener("change", () => void save(languages));
  units.addEventListener("change", () => void save(units));
  return el(
    "div",
    { class: "user-settings" },
    el("label", { for: "pick-language" }, t("userMenu.languageLabel")),
    languages,
    el("label", { for: "pick-units" }, t("userMenu.unitsLabel")),
    units,
    problem,
  );
}

/**
 * Draws the menu for whoever is signed in now, and takes their language and units (`known`: the
 * settings just saved, so the session need not be asked again).
 */
async function showWho(known?: Settings): Promise<void> {
  const res = await answer(client.GET("/api/session"));
  if (!res.ok) {
    menu.replaceChildren();
    delete document.body.dataset.signedIn;
    return;
  }
  const { user } = res.body;
  const settings = known ?? res.body.settings;
  // A person's language from another browser: the screen already drawn is said again in it.
  const changed = !known && applySettings(settings);
  // The words are here before the menu is drawn: main.ts may still be fetching them on a first load.
  await loadLanguage(language());
  if (changed && routerStarted()) route();
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
  const said = single ? t("userMenu.singlePersonMode") : t("userMenu.signedInAs", { name: user.name });
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
        single
          ? t("userMenu.nobodySignsIn")
          : user.role === "admin"
            ? t("userMenu.signedInAsAdmin", { name: user.name })
            : said,
      ),
      el(
        "ul",
        { class: "plain" },
        el("li", {}, el("a", { href: "#/account" }, t("userMenu.accountLink"))),
        el(
          "li",
          {},
          el(
            "a",
            { href: "#/people" },
            single
              ? t("userMenu.switchOnSignIn")
              : user.role === "admin"
                ? t("userMenu.peopleAndTokens")
                : t("userMenu.yourTokens"),
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
      settingsForm(settings),
      single
        ? null
        : el(
            "ul",
            { class: "plain" },
            el(
              "li",
              {},
              el(
                "button",
                { type: "button", class: "link", onclick: () => void signOut() },
                t("userMenu.signOut"),
              ),
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
/** Resolves once the person's settings are known (main.ts draws the first screen after it). */
export const whoShown: Promise<void> = showWho();
