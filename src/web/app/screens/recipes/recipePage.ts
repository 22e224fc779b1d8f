// A saved recipe's page (#/recipes/<id>): its actions first (Cook, Scale, Plan, Shopping list,
// Edit), its picture through the image proxy, scaling, then folded below: the panels other
// capabilities add (tidy up, refresh, allergens, public link) and its history; print, delete with
// a question, restore.
import { announce, answer, app, client, el, recipePanelsFor, stillShown } from "../../lib.ts";
import { ingredientItem, kitchenControls } from "../kitchen/kitchenControls.ts";
import { folded } from "../../ui/fold.ts";
import { recipeActions } from "./recipeActions.ts";
import { locale, t } from "../../i18n/i18n.ts";
import {
  fill,
  hasPicture,
  minutes,
  nutritionName,
  pageUrl,
  problem,
  recipeFacts,
  recipeImage,
  VERSION_KINDS,
} from "./words.ts";

export async function renderRecipe(id: string): Promise<void> {
  const shown = stillShown();
  const [r, v] = await Promise.all([
    answer(client.GET("/api/recipes/{id}", { params: { path: { id } } })),
    answer(client.GET("/api/recipes/{id}/versions", { params: { path: { id } } })),
  ]);
  if (!shown()) return;
  if (!r.ok) return void fill(app, problem(r.body));
  const x = r.body;
  const base = x.servings || 0;
  const total = x.totalTimeMinutes || (x.prepTimeMinutes ?? 0) + (x.cookTimeMinutes ?? 0);
  const ingList = el("ul", { class: "ingredients-view" });
  const stepsList = el("ol", { class: "steps-view" });
  // Scaling and converting are the server's kitchen engine (kitchen.js draws its lines).
  const scaleControls = kitchenControls(x, ingList, stepsList);
  fill(
    ingList,
    ...x.ingredients
      .flatMap((i, n) => [
        i.section && i.section !== x.ingredients[n - 1]?.section
          ? el("li", { class: "section" }, i.section)
          : null,
        ingredientItem(i),
      ])
      .filter(Boolean),
  );
  const steps: HTMLElement[] = [];
  let stepSection: string | null | undefined;
  for (const s of x.instructions) {
    if (s.section && s.section !== stepSection) steps.push(el("li", { class: "section" }, s.section));
    stepSection = s.section;
    steps.push(el("li", {}, s.title ? [el("strong", {}, s.title), " ", s.text] : s.text));
  }
  fill(stepsList, ...steps);
  const versions = v.ok ? v.body.versions : [];
  const banner = el("div");
  const showDeleted = (until: string | null) =>
    fill(
      banner,
      el(
        "div",
        { class: "warning-box", role: "status" },
        el(
          "p",
          {},
          until
            ? t("recipes.deletedRestoreUntil", { day: new Date(until).toLocaleDateString(locale()) })
            : t("recipes.deletedRestore"),
        ),
        el(
          "button",
          {
            onclick: async () => {
              const rr = await answer(client.POST("/api/recipes/{id}/restore", { params: { path: { id } } }));
              if (!rr.ok) return void fill(banner, problem(rr.body));
              void renderRecipe(id);
            },
          },
          t("recipes.restore"),
        ),
      ),
    );
  if (x.deletedAt) showDeleted(null);
  const facts = [
    base ? t("recipes.serves", { count: base }) : null,
    // A yield that only says the servings again ("Serves 4", "Yield: 4 servings") is shown once.
    x.yield &&
    !new RegExp(
      `^(?:(?:serves|servings|yields?|makes|feeds)\\s*:?\\s*)?${base}\\s*(?:servings?|portions?|people|persons?)?\\.?$`,
      "i",
    ).test(x.yield.trim())
      ? x.yield
      : null,
    x.prepTimeMinutes ? t("recipes.preparationTime", { time: minutes(x.prepTimeMinutes) }) : null,
    x.cookTimeMinutes ? t("recipes.cookingTime", { time: minutes(x.cookTimeMinutes) }) : null,
    total ? t("recipes.totalTime", { time: minutes(total) }) : null,
  ].filter((f): f is string => Boolean(f));
  const labels = [x.cuisine, ...(x.category ?? []), ...(x.tags ?? [])].filter((l): l is string => Boolean(l));
  fill(
    app,
    el(
      "article",
      { class: "recipe-page rx" },
      banner,
      el("h1", {}, x.name),
      el("p", { class: "muted" }, recipeFacts(x)),
      recipeActions(x, scaleControls),
      hasPicture(x)
        ? el("img", {
            class: "hero",
            src: recipeImage(x),
            alt: "",
            referrerpolicy: "no-referrer",
            onerror: (e: Event) => (e.target as HTMLElement).remove(),
          })
        : null,
      x.description ? el("p", {}, x.description) : null,
      facts.length ? el("p", { class: "facts" }, facts.join(" · ")) : null,
      labels.length
        ? el(
            "p",
            { class: "labels" },
            labels.map((label) => el("span", { class: "prov" }, label)),
          )
        : null,
      scaleControls,
      el(
        "div",
        { class: "print-columns" },
        el("section", {}, el("h2", {}, t("recipes.ingredientsHeading")), ingList),
        el("section", {}, el("h2", {}, t("recipes.stepsHeading")), stepsList),
      ),
      x.nutrition && Object.keys(x.nutrition).length
        ? [
            el("h2", {}, t("recipes.nutritionHeading")),
            el(
              "table",
              { class: "nutrition" },
              Object.entries(x.nutrition).map(([k, val]) =>
                el("tr", {}, el("th", { scope: "row" }, nutritionName(k)), el("td", {}, val)),
              ),
            ),
          ]
        : null,
      x.guardrailOverride ? el("p", { class: "muted" }, t("recipes.keptForPersonalUse")) : null,
      el(
        "div",
        { class: "actions no-print" },
        el("button", { class: "secondary", onclick: () => window.print() }, t("recipes.print")),
        x.deletedAt
          ? null
          : el(
              "button",
              {
                class: "secondary danger",
                // Asked once, in the page: "Yes, delete" does it; "Keep it" takes the question back.
                onclick: (e: Event) => {
                  const button = e.currentTarget as HTMLButtonElement;
                  const keep = el("button", { type: "button", class: "secondary" }, t("recipes.keepIt"));
                  const ask = el(
                    "span",
                    { class: "confirm", role: "group", "aria-label": t("recipes.deleteQuestion") },
                    t("recipes.deleteQuestion"),
                    " ",
                    el(
                      "button",
                      {
                        type: "button",
                        class: "danger",
                        onclick: async () => {
                          const d = await answer(
                            client.DELETE("/api/recipes/{id}", { params: { path: { id } } }),
                          );

                          if (!d.ok) return void fill(banner, problem(d.body));
                          ask.replaceWith(button);
                          showDeleted(d.body.restoreUntil);
                          announce(t("recipes.deletedAnnounce"));
                          banner.querySelector("button")?.focus();
                        },
                      },
                      t("recipes.yesDelete"),
                    ),
                    " ",
                    keep,
                  );
                  keep.addEventListener("click", () => (ask.replaceWith(button), button.focus()));
                  button.replaceWith(ask);
                  keep.focus();
                },
              },
              t("recipes.delete"),
            ),
      ),
      versions.length > 1
        ? el(
            "details",
            { class: "versions no-print" },
            el("summary", {}, t("recipes.history", { count: versions.length })),
            el(
              "ol",
              { reversed: true },
              versions.map((ver) =>
                el(
                  "li",
                  {},
                  t(ver.createdBy ? "recipes.versionLineBy" : "recipes.versionLine", {
                    when: new Date(ver.createdAt).toLocaleString(locale()),
                    kind: VERSION_KINDS[ver.kind] ?? ver.kind,
                    who: ver.createdBy,
                    name: ver.name,
                  }),
                ),
              ),
            ),
          )
        : null,
    ),
    // A recipe read from text or a file has no page to read again: the panels see no source.
    ...(x.deletedAt ? [] : recipePanelsFor(pageUrl(x.source?.url) ? x : { ...x, source: null }).map(folded)),
  );
}
