// The recipe list (#/recipes): search, pictures through the image proxy, paging, and the
// recently deleted ones to restore.
import { answer, app, client, el, stillShown } from "../../lib.ts";
import { searchBox } from "../search/SearchScreen.ts";
import { t } from "../../i18n/i18n.ts";
import { fill, hasPicture, minutes, problem, recipeThumb, sourceLabel } from "./words.ts";

/** The letter shown where a recipe has no picture (or its picture no longer loads). */
const placeholder = (name: string) =>
  el("span", { class: "no-image", "aria-hidden": "true" }, (name || "?").slice(0, 1).toUpperCase());

export async function renderRecipes(page = 1, q = ""): Promise<void> {
  const shown = stillShown();
  const [r, trash] = await Promise.all([
    answer(client.GET("/api/recipes", { params: { query: { page, pageSize: 24, ...(q ? { q } : {}) } } })),
    answer(client.GET("/api/recipes", { params: { query: { deleted: "true", pageSize: 50 } } })),
  ]);
  if (!shown()) return;
  if (!r.ok) return void fill(app, problem(r.body));
  const { items, total, pageSize } = r.body;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const deleted = trash.ok ? trash.body.items : [];
  fill(
    app,
    el("h1", {}, t("recipes.recipesHeading")),
    searchBox("recipe", q),
    el(
      "p",
      { class: "muted" },
      q ? t("recipes.foundFor", { count: total, q }) : t("recipes.recipeCount", { count: total }),
    ),
    items.length
      ? el(
          "ul",
          { class: "recipe-grid" },
          items.map((x) =>
            el(
              "li",
              {},
              el(
                "a",
                { href: `#/recipes/${x.id}` },
                hasPicture(x)
                  ? el("img", {
                      ...recipeThumb(x),
                      alt: "",
                      loading: "lazy",
                      referrerpolicy: "no-referrer",
                      // A picture the site no longer serves gives way to the placeholder.
                      onerror: (e: Event) => (e.target as HTMLElement).replaceWith(placeholder(x.name)),
                    })
                  : placeholder(x.name),
                el("span", { class: "name" }, x.name),
              ),
              el(
                "span",
                { class: "muted" },
                [
                  sourceLabel(x.source)?.text,
                  minutes(x.totalTimeMinutes || (x.prepTimeMinutes ?? 0) + (x.cookTimeMinutes ?? 0)),
                ]
                  .filter(Boolean)
                  .join(" · "),
              ),
            ),
          ),
        )
      : el("p", {}, q ? t("recipes.nothingMatches") : t("recipes.nothingSaved")),
    pages > 1
      ? el(
          "div",
          { class: "actions" },
          el(
            "button",
            { class: "secondary", disabled: page <= 1, onclick: () => void renderRecipes(page - 1, q) },
            t("recipes.previous"),
          ),
          el("span", { class: "muted" }, t("recipes.pageOf", { page, pages })),
          el(
            "button",
            { class: "secondary", disabled: page >= pages, onclick: () => void renderRecipes(page + 1, q) },
            t("recipes.next"),
          ),
        )
      : null,
    deleted.length
      ? el(
          "details",
          { class: "card trash" },
          el("summary", {}, t("recipes.recentlyDeleted", { count: deleted.length })),
          el(
            "ul",
            { class: "inbox" },
            deleted.map((x) =>
              el(
                "li",
                {},
                el("span", {}, x.name),
                " ",
                el(
                  "button",
                  {
                    class: "secondary small",
                    "aria-label": t("recipes.restoreNamed", { name: x.name }),
                    onclick: async () => {
                      const rr = await answer(
                        client.POST("/api/recipes/{id}/restore", { params: { path: { id: x.id } } }),
                      );
                      if (rr.ok) location.hash = `#/recipes/${x.id}`;
                      else app.prepend(problem(rr.body));
                    },
                  },
                  t("recipes.restore"),
                ),
              ),
            ),
          ),
        )
      : null,
  );
}
