// Allergens and diets on a recipe's page: an Analysis task (docs/api.md, "Research and Analysis tasks")
// for the servings the cook chose, read from the recipe's ingredient names.
import { analysisResult, resultOf, type AnalysisView } from "../../api/taskResults.ts";
import type { Recipe } from "../../api/types.ts";
import { t, type MessageKey } from "../../i18n/i18n.ts";
import { addRecipePanel, announce, answer, client, el } from "../../lib.ts";

/** The fourteen allergens in a cook's words (keys of the catalogue, looked up when drawn). */
const ALLERGEN_WORDS: Record<string, MessageKey> = {
  gluten: "analysis.allergenGluten",
  crustaceans: "analysis.allergenCrustaceans",
  eggs: "analysis.allergenEggs",
  fish: "analysis.allergenFish",
  peanuts: "analysis.allergenPeanuts",
  soybeans: "analysis.allergenSoy",
  milk: "analysis.allergenMilk",
  nuts: "analysis.allergenNuts",
  celery: "analysis.allergenCelery",
  mustard: "analysis.allergenMustard",
  sesame: "analysis.allergenSesame",
  sulphites: "analysis.allergenSulphites",
  lupin: "analysis.allergenLupin",
  molluscs: "analysis.allergenMolluscs",
};
const LABEL_WORDS: Record<string, MessageKey> = {
  vegetarian: "analysis.dietVegetarian",
  vegan: "analysis.dietVegan",
  "gluten-free": "analysis.dietGlutenFree",
  "dairy-free": "analysis.dietDairyFree",
};
const VERDICT_WORDS: Record<AnalysisView["diet"][number]["verdict"], MessageKey> = {
  yes: "analysis.verdictYes",
  no: "analysis.verdictNo",
  unknown: "analysis.verdictUnknown",
  "not checked": "analysis.verdictNotChecked",
};

/** A word of one of the tables above, or the server's own word when the table lacks it. */
const wordOf = (table: Record<string, MessageKey>, key: string): string => {
  const k = table[key];
  return k ? t(k) : key;
};

const wait = (ms: number): Promise<unknown> => new Promise((r) => setTimeout(r, ms));

/** A problem in plain words (the message, never the code). */
const problem = (body: { message?: string } | null): HTMLElement =>
  el("p", { class: "error", role: "alert" }, body?.message ?? t("analysis.didNotFinish"));

/** The analysis's notes in the cook's language: the server writes them in English from a fixed pair. */
function noteWords(note: string): string {
  if (note === "The recipe does not say how many it serves, so its quantities are not scaled.")
    return t("analysis.noteNoServings");
  if (note === "The recipe has no ingredients: nothing was checked.") return t("analysis.noteNoIngredients");
  return note;
}

function showAnalysis(a: AnalysisView): HTMLElement {
  const diet = el(
    "ul",
    { class: "plain diet" },
    a.diet.map((d) =>
      el(
        "li",
        {},
        el("strong", {}, t("analysis.dietLabel", { diet: wordOf(LABEL_WORDS, d.label) })),
        el("span", { class: `badge verdict-${d.verdict.replace(" ", "-")}` }, t(VERDICT_WORDS[d.verdict])),
        d.because.length
          ? el(
              "span",
              { class: "muted" },
              ` ${
                d.verdict === "no"
                  ? t("analysis.becauseOf", { items: d.because.join(", ") })
                  : t("analysis.notSureAbout", { items: d.because.join(", ") })
              }`,
            )
          : null,
      ),
    ),
  );
  const contains = a.allergens.length
    ? el(
        "ul",
        { class: "plain allergens" },
        a.allergens.map((x) =>
          el(
            "li",
            {},
            el("strong", {}, wordOf(ALLERGEN_WORDS, x.allergen)),
            ` · ${t("analysis.inIngredients", { items: x.ingredients.join(", ") })}`,
          ),
        ),
      )
    : el(
        "p",
        {},
        !a.ingredients.length
          ? t("analysis.noIngredients")
          : a.notUnderstood.length
            ? t("analysis.noneInRead")
            : t("analysis.noneFound"),
      );
  return el(
    "div",
    { class: "analysis" },
    el("h3", {}, t("analysis.containsHeading")),
    contains,
    el("h3", {}, t("analysis.dietsHeading")),
    diet,
    a.notUnderstood.length
      ? el("p", { class: "muted" }, t("analysis.couldNotRead", { items: a.notUnderstood.join(", ") }))
      : null,
    ...a.notes.map((n) => el("p", { class: "muted" }, noteWords(n))),
    el("p", { class: "muted small" }, t("analysis.disclaimer")),
  );
}

function analysisPanel(recipe: Recipe): HTMLElement {
  const out = el("div", { "aria-live": "polite" });
  const check = async (button: HTMLButtonElement): Promise<void> => {
    button.disabled = true;
    out.replaceChildren(el("p", { class: "muted" }, t("analysis.reading")));
    const servings = Number(document.querySelector<HTMLInputElement>("#scale")?.value) || null;
    const created = await answer(
      client.POST("/api/tasks", {
        body: { agentType: "Analysis", payload: { recipeId: recipe.id, ...(servings ? { servings } : {}) } },
      }),
    );
    if (!created.ok) {
      button.disabled = false;
      return out.replaceChildren(problem(created.body));
    }
    for (;;) {
      const task = await answer(
        client.GET("/api/tasks/{id}", { params: { path: { id: created.body.taskId } } }),
      );

      if (!task.ok) return out.replaceChildren(problem(task.body));
      const result = resultOf(task.body, analysisResult);
      if (task.body.status === "ReviewReady" && result) {
        out.replaceChildren(showAnalysis(result));
        announce(t("analysis.checkedAnnounce"));
        break;
      }
      if (!["Pending", "Running"].includes(task.body.status)) {
        out.replaceChildren(problem(task.body.error));
        break;
      }
      await wait(300);
    }
    button.disabled = false;
  };
  const button = el(
    "button",
    {
      type: "button",
      class: "secondary",
      onclick: (e: Event) => e.currentTarget instanceof HTMLButtonElement && check(e.currentTarget),
    },
    t("analysis.checkButton"),
  );
  return el("section", { class: "card no-print" }, el("h2", {}, t("analysis.heading")), button, out);
}

addRecipePanel(analysisPanel);
