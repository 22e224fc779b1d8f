// Search: one box on every list screen, one results screen for recipes, articles and
// bookmarks. Highlights arrive as parts ({ text, match }) and are drawn with textContent only.
import type { operations } from "../../api/schema.gen.ts";
import type { OkBody } from "../../api/types.ts";
import { addScreen, announce, answer, app, client, el, stillShown } from "../../lib.ts";
import { sourceLabel } from "../recipes/words.ts";

type Kind = "recipe" | "article" | "bookmark";
type Result = OkBody<"/api/search", "get">;
type Hit = Result["items"][number];
type Part = Hit["snippet"][number];
type Query = NonNullable<operations["search"]["parameters"]["query"]>;
type Filters = Record<string, string | number | null | undefined>;

const KINDS: Record<Kind, string> = { recipe: "Recipes", article: "Articles", bookmark: "Bookmarks" };
const PLACEHOLDER = {
  recipe: "chickpeas, no dairy, under 30 minutes",
  article: "words from the article",
  bookmark: "a word of the title or site",
  all: "chickpea curry",
};

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
    placeholder: PLACEHOLDER[kind ?? "all"],
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
    el("label", { for: id }, kind ? `Search ${KINDS[kind].toLowerCase()}` : "Search everything"),
    input,
    el("button", { type: "submit" }, "Search"),
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
  return n < 60 ? `${n} min` : `${Math.floor(n / 60)} h${n % 60 ? ` ${n % 60} min` : ""}`;
}

function hitItem(h: Hit): HTMLLIElement {
  const external = h.type === "bookmark";
  const facts = [
    KINDS[h.type].replace(/s$/, ""),
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
  if (u.with.length) bits.push(`with ${u.with.join(", ")}`);
  if (u.without.length) bits.push(`without ${u.without.join(", ")}`);
  if (u.maxMinutes) bits.push(`ready in ${minutes(u.maxMinutes)} or less`);
  return bits.length ? `Looking for ${KINDS[u.type ?? "recipe"].toLowerCase()} ${bits.join(", ")}.` : null;
}

const KIND_LIST: Kind[] = ["recipe", "article", "bookmark"];
const isKind = (k: string): k is Kind => Object.hasOwn(KINDS, k);

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
  const heading = el("h1", {}, q ? `Search: ${q}` : "Search");
  if (!r.ok) {
    app.replaceChildren(
      heading,
      searchBox(kind, q),
      el("p", { class: "error" }, r.body.message || "The search did not work. Try again."),
    );
    return;
  }
  const res = r.body;
  const list = el("ul", { class: "plain hits", "aria-label": "Results" });
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
                  announce(`${next.body.items.length} more shown.`);
                }
              },
            },
            "Show more",
          )
        : "",
    );
  };
  addPage(res);

  const t = res.facets.types;
  const total = t.recipe + t.article + t.bookmark;
  const chip = (label: string, href: string, current: boolean): HTMLAnchorElement =>
    el(
      "a",
      { class: `chip${current ? " current" : ""}`, href, "aria-current": current ? "true" : null },
      label,
    );
  const kindsNav = el(
    "nav",
    { class: "chips", "aria-label": "Kinds" },
    chip(`All (${total})`, searchHref(null, q, filters), !kind),
    KIND_LIST.map((k) => chip(`${KINDS[k]} (${t[k]})`, searchHref(k, q, filters), kind === k)),
  );
  const recipeFacets: HTMLElement[] = [];
  if ((kind ?? "recipe") === "recipe" && t.recipe > 0) {
    const f = res.facets;
    const times = f.totalTime.filter((x) => x.maxMinutes && x.count > 0);
    if (times.length)
      recipeFacets.push(
        el(
          "nav",
          { class: "chips", "aria-label": "Time" },
          el("span", { class: "muted" }, "Ready in"),
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
          { class: "chips", "aria-label": "Cuisine" },
          el("span", { class: "muted" }, "Cuisine"),
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
          { class: "chips", "aria-label": "Tags" },
          el("span", { class: "muted" }, "Tags"),
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
    ? el("p", {}, el("a", { href: searchHref(kind, q) }, "Clear filters"))
    : null;
  const summary = res.items.length
    ? res.fuzzy
      ? `Nothing matched “${q}” exactly; these are the closest spellings.`
      : `${kind ? t[kind] : total} found.`
    : q
      ? `Nothing found for “${q}”. Try fewer words, or another spelling.`
      : "Type what you are looking for.";
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
