// The top bar: a few places for cooks and readers (Recipes, Plan & shop, Reading, Add), each with
// its screens as a small row of links under the bar; every other screen's link goes to the
// person's menu (userMenu.ts). Screens still register their link with addScreen({ nav }); this
// table only says where it is shown, so a screen added later lands in the person's menu. The
// labels are said when drawn, in the language of the moment: the bar is drawn again when it changes.
import { hasWords, language, t } from "./i18n/i18n.ts";

/** A link of the bar (lib.ts's el() would make an import cycle: lib.ts calls this file). */
function link(href: string, text: string, attrs: Record<string, string | null> = {}): HTMLAnchorElement {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  for (const [k, v] of Object.entries(attrs)) if (v !== null) a.setAttribute(k, v);
  return a;
}

type Place = { label: () => string; path: string; holds: readonly string[] };

/** The places, in the bar's order; `holds` are the screen paths (first segment) each one covers. */
export const PLACES: readonly Place[] = [
  {
    label: () => t("nav.recipes"),
    path: "recipes",
    holds: ["recipes", "search", "normalize", "refresh", "cook"],
  },
  { label: () => t("nav.planAndShop"), path: "plan", holds: ["plan", "shopping"] },
  { label: () => t("nav.reading"), path: "articles", holds: ["articles", "bookmarks", "feeds", "reader"] },
  { label: () => t("nav.add"), path: "", holds: ["", "add", "find", "tasks", "share"] },
];

/** A screen link's words: a function that says them in the current language (or, until its screen is converted, fixed words). */
export type NavLabel = string | (() => string);

const registered: { path: string; label: NavLabel }[] = [];

const said = (label: NavLabel): string => (typeof label === "function" ? label() : label);

const placeOf = (path: string): Place | undefined => PLACES.find((p) => p.holds.includes(path));

/**
 * Draws the places' links when the bar is empty or its words are not the app's now (another
 * language, or drawn before the language's words arrived).
 */
function drawBar(): void {
  const bar = document.querySelector<HTMLElement>("header.top nav#main-nav");
  const words = `${language()}${hasWords(language()) ? "" : "-pending"}`;
  if (!bar || (bar.childElementCount && bar.dataset.lang === words)) return;
  bar.dataset.lang = words;
  bar.setAttribute("aria-label", t("nav.mainLabel"));
  const toggle = document.querySelector("header.top .menu-toggle");
  if (toggle) toggle.textContent = t("nav.menu");
  bar.replaceChildren(...PLACES.map((p) => link(`#/${p.path}`, p.label(), { "data-place": p.path })));
}

/** Records a screen's link; the places' own links are drawn the first time. */
export function registerNavLink(path: string, label: NavLabel): void {
  registered.push({ path, label });
  drawBar();
}

/** The links that belong in the person's menu: every registered screen outside the places. */
export function menuLinks(): { path: string; label: string }[] {
  return registered.filter((l) => !placeOf(l.path)).map((l) => ({ path: l.path, label: said(l.label) }));
}

/**
 * Marks the place the cook is in and draws its screens' links under the bar (only when the place
 * has more than one). Called on every route.
 */
export function showPlace(path: string): void {
  drawBar();
  const place = placeOf(path);
  for (const a of document.querySelectorAll<HTMLAnchorElement>("nav#main-nav a[data-place]")) {
    if (place && a.dataset.place === place.path) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  const top = document.querySelector("header.top");
  if (!top) return;
  let sub = top.querySelector<HTMLElement>("nav.subnav");
  const links = place
    ? registered
        .filter((l) => place.holds.includes(l.path))
        .sort((a, b) => place.holds.indexOf(a.path) - place.holds.indexOf(b.path))
    : [];
  if (links.length < 2) return void sub?.remove();
  if (!sub) {
    sub = document.createElement("nav");
    sub.className = "subnav";
    top.append(sub);
  }
  sub.setAttribute("aria-label", place ? place.label() : t("nav.section"));
  sub.replaceChildren(
    ...links.map((l) =>
      link(`#/${l.path}`, said(l.label), { "aria-current": l.path === path ? "page" : null }),
    ),
  );
}
