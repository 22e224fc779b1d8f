// Allergens and diets on a recipe's page: an Analysis task (docs/api.md, "Research and Analysis tasks")
// for the servings the cook chose, read from the recipe's ingredient names.
import { analysisResult, resultOf, type AnalysisView } from "../../api/taskResults.ts";
import type { Recipe } from "../../api/types.ts";
import { addRecipePanel, announce, answer, client, el } from "../../lib.ts";

/** The fourteen allergens in a cook's words. */
const ALLERGEN_WORDS: Record<string, string> = {
  gluten: "Gluten (wheat, rye, barley, oats)",
  crustaceans: "Crustaceans (shrimp, crab, lobster)",
  eggs: "Eggs",
  fish: "Fish",
  peanuts: "Peanuts",
  soybeans: "Soy",
  milk: "Milk",
  nuts: "Tree nuts",
  celery: "Celery",
  mustard: "Mustard",
  sesame: "Sesame",
  sulphites: "Sulphites (wine, some dried fruit)",
  lupin: "Lupin",
  molluscs: "Molluscs (mussels, squid, oysters)",
};
const LABEL_WORDS: Record<string, string> = {
  vegetarian: "Vegetarian",
  vegan: "Vegan",
  "gluten-free": "Gluten-free",
  "dairy-free": "Dairy-free",
};
const VERDICT_WORDS: Record<AnalysisView["diet"][number]["verdict"], string> = {
  yes: "Yes",
  no: "No",
  unknown: "Can't tell",
  "not checked": "Not checked",
};

const wait = (ms: number): Promise<unknown> => new Promise((r) => setTimeout(r, ms));

/** A problem in plain words (the message, never the code). */
const problem = (body: { message?: string } | null): HTMLElement =>
  el("p", { class: "error", role: "alert" }, body?.message ?? "The check did not finish; try again.");

function showAnalysis(a: AnalysisView): HTMLElement {
  const diet = el(
    "ul",
    { class: "plain diet" },
    a.diet.map((d) =>
      el(
        "li",
        {},
        el("strong", {}, `${LABEL_WORDS[d.label] ?? d.label}: `),
        el("span", { class: `badge verdict-${d.verdict.replace(" ", "-")}` }, VERDICT_WORDS[d.verdict]),
        d.because.length
          ? el(
              "span",
              { class: "muted" },
              d.verdict === "no"
                ? ` because of ${d.because.join(", ")}`
                : ` (not sure about ${d.because.join(", ")})`,
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
            el("strong", {}, ALLERGEN_WORDS[x.allergen] ?? x.allergen),
            ` · in ${x.ingredients.join(", ")}`,
          ),
        ),
      )
    : el(
        "p",
        {},
        !a.ingredients.length
          ? "Nothing to check: the recipe has no ingredients."
          : a.notUnderstood.length
            ? "No common allergen found in the ingredients Ladle could read."
            : "None of the fourteen common allergens found.",
      );
  return el(
    "div",
    { class: "analysis" },
    el("h3", {}, "Contains"),
    contains,
    el("h3", {}, "Diets"),
    diet,
    a.notUnderstood.length
      ? el(
          "p",
          { class: "muted" },
          `Ladle could not read ${a.notUnderstood.join(", ")}: check these yourself.`,
        )
      : null,
    ...a.notes.map((n) => el("p", { class: "muted" }, n)),
    el("p", { class: "muted small" }, "Read from the ingredient names: a help, not a food-safety label."),
  );
}

function analysisPanel(recipe: Recipe): HTMLElement {
  const out = el("div", { "aria-live": "polite" });
  const check = async (button: HTMLButtonElement): Promise<void> => {
    button.disabled = true;
    out.replaceChildren(el("p", { class: "muted" }, "Reading the ingredients…"));
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
      const t = await answer(
        client.GET("/api/tasks/{id}", { params: { path: { id: created.body.taskId } } }),
      );

      if (!t.ok) return out.replaceChildren(problem(t.body));
      const result = resultOf(t.body, analysisResult);
      if (t.body.status === "ReviewReady" && result) {
        out.replaceChildren(showAnalysis(result));
        announce("Allergens and diets checked");
        break;
      }
      if (!["Pending", "Running"].includes(t.body.status)) {
        out.replaceChildren(problem(t.body.error));
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
    "Check allergens and diets",
  );
  return el("section", { class: "card no-print" }, el("h2", {}, "Allergens and diets"), button, out);
}

addRecipePanel(analysisPanel);
