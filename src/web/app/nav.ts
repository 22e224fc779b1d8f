// The top bar: a few places for cooks and readers (Recipes, Plan & shop, Reading, Add), each with
// its screens as a small row of links under the bar; every other screen's link goes to the
// person's menu (userMenu.ts). Screens still register their link with addScreen({ nav }); this
// table only says where it is shown, so a screen added later lands in the person's menu.

/** A link of the bar (lib.ts's el() would make an import cycle: lib.ts calls this file). */
function link(href: string, text: string, attrs: Record<string, string | null> = {}): HTMLAnchorElement {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  for (const [k, v] of Object.entries(attrs)) if (v !== null) a.setAttribute(k, v);
  return a;
}

type Place = { label: string; path: string; holds: readonly string[] };

/** The places, in the bar's order; `holds` are the screen paths (first segment) each one covers. */
export const PLACES: readonly Place[] = [
  { label: "Recipes", path: "recipes", holds: ["recipes", "search", "normalize", "refresh", "cook"] },
  { label: "Plan & shop", path: "plan", holds: ["plan", "shopping"] },
  { label: "Reading", path: "articles", holds: ["articles", "bookmarks", "feeds", "reader"] },
  { label: "Add", path: "", holds: ["", "add", "find", "tasks", "share"] },
];

const registered: { path: string; label: string }[] = [];

const placeOf = (path: string): Place | undefined => PLACES.find((p) => p.holds.includes(path));

/** Records a screen's link; the places' own links are drawn once, the first time. */
export function registerNavLink(path: string, label: string): void {
  registered.push({ path, label });
  const bar = document.querySelector("header.top nav#main-nav");
  if (bar && !bar.childElementCount)
    bar.append(...PLACES.map((p) => link(`#/${p.path}`, p.label, { "data-place": p.path })));
}

/** The links that belong in the person's menu: every registered screen outside the places. */
export function menuLinks(): { path: string; label: string }[] {
  return registered.filter((l) => !placeOf(l.path));
}

/**
 * Marks the place the cook is in and draws its screens' links under the bar (only when the place
 * has more than one). Called on every route.
 */
export function showPlace(path: string): void {
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
  sub.setAttribute("aria-label", place?.label ?? "Section");
  sub.replaceChildren(
    ...links.map((l) => link(`#/${l.path}`, l.label, { "aria-current": l.path === path ? "page" : null })),
  );
}
