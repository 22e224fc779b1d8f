// Search: one box on every list screen, one results screen for recipes, articles and
// bookmarks. Highlights arrive as parts ({ text, match }) and are drawn with textContent only.
import type { operations } from "../../api/schema.gen.ts";
import type { OkBody } from "../../api/types.ts";
import { t } from "../../i18n/i18n.ts";
import { addScreen, announce, answer, app, client, el, stillShown } from "../../lib.ts";
import { sourceLabel } from "../recipes/words.ts";
import { plainProblem } from "../../ui/messages.ts";

type Kind = "recipe" | "article" | "bookmark";
type Result = OkBody<"/api/search", "get">;
type Hit = Result["items"][number];
type Part = Hit["snippet"][number];
type Query = NonNullable<operations["search"]["parameters"]["query"]>;
type Filters = Record<string, string | number | null | undefined>;

/** A kind's name as a heading or chip says it ("Recipes"). */
function kindWords(kind: Kind): string {
  if (kind === "article") return t("search.kindArticles");
  if (kind === "bookmark") return t("search.kindBookmarks");
  return t("search.kindRecipes");
}

/** One result's kind ("Recipe"). */
function oneKindWords(kind: Kind): string {
  if (kind === "article") return t("search.kindArticle");
  if (kind === "bookmark") return t("search.kindBookmark");
  return t("search.kindRecipe");
}

/** The search box's example words for a kind, or for everything. */
function placeholder(kind: Kind | null): string {
  if (kind === "recipe") return t("search.placeholderRecipe");
  if (kind === "article") return t("search.placeholderArticle");
  if (kind === "bookmark") return t("search.placeholderBookmark");
  return t("search.placeholderAll");
}

/** The box's label for a kind, or for everything. */
function boxLabel(kind: Kind | null): string {
  if (kind === "recipe") return t("search.searchRecipes");
  if (kind === "article") return t("search.searchArticles");
  if (kind === "bookmark") return t("search.searchBookmarks");
  return t("search.searchEverything");
}

/** The hash of a search: #/search/<kind or all>/<words>[/<filters as a query string>]. */
export function searchHref(kind: Kind | null, q: string, filters: Filters = {}): string {
  const f = new URLSearchParams(
    Object.entries(filters).flatMap(([k, v]) =>
      v !== undefined && v !== null && v !== "" ? [[k, String(v)]] : [],
    ),
  );
  return `#/search/${kind ?? "all"}/${encodeURIComponent(q)}${f.size ? `/${encodeURIComponent(f.toString())}` : ""}`;
}

/** A search box for a list screen; `kind` narrows it to recipes, articles or bookmarks. */
export function searchBox(kind: Kind | null, q = ""): HTMLFormElement {
  const id = `search-${kind ?? "all"}`;
  const input = el("input", {
    type: "search",
    id,
    name: "q",
    value: q,
    placeholder: placeholder(kind),
    autocomplete: "off",
    enterkeyhint: "search",
  });
  return el(
    "form",
    {
      class: "search",
      role: "search",
      onsubmit: (e: Event) => {
        e.preventDefault();
        location.hash = searchHref(kind, input.value.trim());
      },
    },
    el("label", { for: id }, boxLabel(kind)),
    input,
    el("button", { type: "submit" }, t("search.searchButton")),
  );
}

/** Highlighted text: found words in <mark>, the rest as text. */
function marked(parts: Part[]): (HTMLElement | string)[] {
  return parts.map((p) => (p.match ? el("mark", {}, p.text) : p.text));
}

function hitHref(h: Hit): string | null {
  if (h.type === "recipe") return `#/recipes/${h.id}`;
  if (h.type === "article") return `#/articles/${h.id}`;
  return h.url;
}

function minutes(n: number | null | undefined): string | null {
  if (!n) return null;
  if (n < 60) return t("search.durationMinutes", { m: n });
  return n % 60
    ? t("search.durationHoursMinutes", { h: Math.floor(n / 60), m: n % 60 })
    : t("search.durationHours", { h: n / 60 });
}

function hitItem(h: Hit): HTMLLIElement {
  const external = h.type === "bookmark";
  const facts = [
    oneKindWords(h.type),
    sourceLabel({ url: h.url, siteName: h.siteName })?.text,
    minutes(h.totalTimeMinutes),
  ].filter(Boolean);
  return el(
    "li",
    { class: "hit", "data-type": h.type },
    el(
      "a",
      external ? { href: hitHref(h), rel: "noopener noreferrer", target: "_blank" } : { href: hitHref(h) },
      el("span", { class: "name" }, marked(h.titleParts)),
    ),
    el("span", { class: "muted" }, facts.join(" · ")),
    h.snippet.length ? el("p", { class: "snippet" }, marked(h.snippet)) : null,
  );
}

/** What the box understood, in words ("without dairy", "ready in 30 minutes"). */
function understoodLine(u: Result["understood"]): string | null {
  const bits: string[] = [];
  // Each condition is a whole phrase of its own: only the list of them is joined.
  if (u.with.length) bits.push(t("search.withItems", { items: u.with.join(", ") }));
  if (u.without.length) bits.push(t("search.withoutItems", { items: u.without.join(", ") }));
  if (u.maxMinutes) bits.push(t("search.readyInOrLess", { time: minutes(u.maxMinutes) }));
  return bits.length
    ? t("search.lookingFor", { kind: u.type ?? "recipe", conditions: bits.join(", ") })
    : null;
}

const KIND_LIST: Kind[] = ["recipe", "article", "bookmark"];
const isKind = (k: string): k is Kind => (KIND_LIST as string[]).includes(k);

async function renderSearch(kindSeg = "all", qSeg = "", filterSeg = ""): Promise<void> {
  const shown = stillShown();
  const kind = isKind(kindSeg) ? kindSeg : null;
  const q = decodeURIComponent(qSeg);
  const filters = Object.fromEntries(new URLSearchParams(decodeURIComponent(filterSeg)));
  // The filters and kind come from this screen's own address (a known kind, filters the server checks).
  const query: Query = {
    q,
    limit: 20,
    ...(filters.tag !== undefined ? { tag: filters.tag } : {}),
    ...(filters.cuisine !== undefined ? { cuisine: filters.cuisine } : {}),
    ...(filters.with !== undefined ? { with: filters.with } : {}),
    ...(filters.without !== undefined ? { without: filters.without } : {}),
    ...(filters.maxMinutes !== undefined ? { maxMinutes: Number(filters.maxMinutes) } : {}),
    ...(kind ? { type: kind } : {}),
  };

  const r = await answer(client.GET("/api/search", { params: { query } }));
  if (!shown()) return;
  const heading = el("h1", {}, q ? t("search.headingWithQuery", { q }) : t("search.heading"));
  if (!r.ok) {
    app.replaceChildren(heading, searchBox(kind, q), el("p", { class: "error" }, plainProblem(r.body).text));
    return;
  }
  const res = r.body;
  const list = el("ul", { class: "plain hits", "aria-label": t("search.resultsLabel") });
  const more = el("div", { class: "actions" });
  const addPage = (page: Result): void => {
    list.append(...page.items.map(hitItem));
    more.replaceChildren(
      page.nextCursor
        ? el(
            "button",
            {
              class: "secondary",
              type: "button",
              onclick: async () => {
                const next = await answer(
                  client.GET("/api/search", {
                    params: { query: { ...query, cursor: page.nextCursor ?? undefined } },
                  }),
                );

                if (next.ok) {
                  addPage(next.body);
                  announce(t("search.moreShown", { count: next.body.items.length }));
                }
              },
            },
            t("search.showMore"),
          )
        : "",
    );
  };
  addPage(res);

  const counts = res.facets.types;
  const total = counts.recipe + counts.article + counts.bookmark;
  const chip = (label: string, href: string, current: boolean): HTMLAnchorElement =>
    el(
      "a",
      { class: `chip${current ? " current" : ""}`, href, "aria-current": current ? "true" : null },
      label,
    );
  const kindsNav = el(
    "nav",
    { class: "chips", "aria-label": t("search.kindsLabel") },
    chip(`${t("search.allChip")} (${total})`, searchHref(null, q, filters), !kind),
    KIND_LIST.map((k) => chip(`${kindWords(k)} (${counts[k]})`, searchHref(k, q, filters), kind === k)),
  );
  const recipeFacets: HTMLElement[] = [];
  if ((kind ?? "recipe") === "recipe" && counts.recipe > 0) {
    const f = res.facets;
    const times = f.totalTime.filter((x) => x.maxMinutes && x.count > 0);
    if (times.length)
      recipeFacets.push(
        el(
          "nav",
          { class: "chips", "aria-label": t("search.timeLabel") },
          el("span", { class: "muted" }, t("search.readyIn")),
          times.map((x) =>
            chip(
              `${minutes(x.maxMinutes)} (${x.count})`,
              searchHref("recipe", q, { ...filters, maxMinutes: x.maxMinutes }),
              Number(filters.maxMinutes) === x.maxMinutes,
            ),
          ),
        ),
      );
    if (f.cuisines.length)
      recipeFacets.push(
        el(
          "nav",
          { class: "chips", "aria-label": t("search.cuisineLabel") },
          el("span", { class: "muted" }, t("search.cuisineLabel")),
          f.cuisines.map((x) =>
            chip(
              `${x.value} (${x.count})`,
              searchHref("recipe", q, { ...filters, cuisine: x.value }),
              filters.cuisine === x.value,
            ),
          ),
        ),
      );
    if (f.tags.length)
      recipeFacets.push(
        el(
          "nav",
          { class: "chips", "aria-label": t("search.tagsLabel") },
          el("span", { class: "muted" }, t("search.tagsLabel")),
          f.tags
            .slice(0, 8)
            .map((x) =>
              chip(
                `${x.value} (${x.count})`,
                searchHref("recipe", q, { ...filters, tag: x.value }),
                filters.tag === x.value,
              ),
            ),
        ),
      );
  }
  const activeFilters = Object.keys(filters).length
    ? el("p", {}, el("a", { href: searchHref(kind, q) }, t("search.clearFilters")))
    : null;
  const summary = res.items.length
    ? res.fuzzy
      ? t("search.closestSpellings", { q })
      : t("search.found", { count: kind ? counts[kind] : total })
    : q
      ? t("search.nothingFound", { q })
      : t("search.typeSomething");
  const understood = understoodLine(res.understood);
  // replaceChildren would print a null: only the parts this search has.
  const parts = [
    heading,
    searchBox(kind, q),
    kindsNav,
    ...recipeFacets,
    activeFilters,
    understood ? el("p", { class: "muted" }, understood) : null,
    el("p", { class: res.fuzzy ? "note" : "muted" }, summary),
    list,
    more,
  ];
  app.replaceChildren(...parts.filter((p) => p !== null));

  announce(summary);
}

addScreen({
  path: "search",
  render: (kind?: string, q?: string, filters?: string) => renderSearch(kind, q, filters),
});
