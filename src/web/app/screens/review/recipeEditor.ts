// The one recipe editor, used in two places: the review of an import's draft and the edit of a
// saved recipe. Every field review can change (name, description, servings, yield, times, cuisine,
// category, tags, picture, ingredient groups, steps, nutrition), laid out short: a field row per
// kind, an ingredient per line, steps that grow with their text.
import { el } from "../../lib.ts";
import { t } from "../../i18n/i18n.ts";
import { ingredientEditor } from "./ingredientEditor.ts";
import { badge, type EditorContext } from "./reviewContext.ts";
import {
  blankZero,
  fieldInput,
  imageChoice,
  joined,
  list,
  num,
  nutritionEditor,
  orNull,
  text,
} from "./reviewFields.ts";
import { stepEditor } from "./stepEditor.ts";

export type RecipeEditor = {
  /** The editor's fields and lists, in order. */
  parts: Node[];
  /** Draws the lists (once the parts are in the page). */
  draw: () => void;
  /** Draws the steps again (after a rewrite). */
  drawSteps: () => void;
  /** Marks the steps the last check's copy findings name. */
  markFlagged: () => void;
};

/** `beforeSteps`: what the review shows above the steps (the copy check's findings). */
export function recipeEditor(ctx: EditorContext, beforeSteps: Node | null = null): RecipeEditor {
  const fromText = Boolean(ctx.source);
  const ingredients = ingredientEditor(ctx);
  const steps = stepEditor(ctx);
  const minutes = { type: "number", parse: num, show: blankZero } as const;
  const said = el("span", { class: "muted more-said" });
  const more = el(
    "details",
    { class: "more-fields" },
    el("summary", {}, t("review.moreFields"), said),
    el(
      "div",
      { class: "row fields" },
      fieldInput(ctx, t("review.servingsLabel"), "servings", { type: "number", parse: num, show: blankZero }),
      fieldInput(ctx, t("review.yieldLabel"), "yield", { parse: orNull }),
      fieldInput(ctx, t("review.prepLabel"), "prepTimeMinutes", minutes),
      fieldInput(ctx, t("review.cookLabel"), "cookTimeMinutes", minutes),
      fieldInput(ctx, t("review.totalLabel"), "totalTimeMinutes", minutes),
    ),
    el(
      "div",
      { class: "row fields" },
      fieldInput(ctx, t("review.cuisineLabel"), "cuisine", { parse: orNull }),
      fieldInput(ctx, t("review.categoryLabel"), "category", { parse: list, show: joined }),
      fieldInput(ctx, t("review.tagsLabel"), "tags", { parse: list, show: joined }),
    ),
    imageChoice(ctx),
  );
  // The folded fields say what they hold, so the cook checks them without opening them.
  const sayMore = (): void => {
    const { r } = ctx;
    const total = r.totalTimeMinutes || (r.prepTimeMinutes ?? 0) + (r.cookTimeMinutes ?? 0);
    said.textContent = [
      r.servings ? t("review.saidServes", { count: r.servings }) : "",
      r.yield && !/^\d+\s*(servings?)?$/i.test(r.yield) ? r.yield : "",
      total ? t("review.saidMinutes", { count: total }) : "",
      r.cuisine ?? "",
      ...(r.category ?? []),
      ...(r.tags ?? []),
      r.imageUrl ? t("review.saidPicture") : t("review.saidNoPicture"),
    ]
      .filter(Boolean)
      .map((x, i) => `${i ? " · " : ": "}${x}`)
      .join("");
  };
  more.addEventListener("input", sayMore);
  more.addEventListener("change", sayMore);
  sayMore();
  const parts = [
    el(
      "div",
      { class: "name-row" },
      fieldInput(ctx, t("review.nameLabel"), "name", { parse: text }),
      fieldInput(ctx, t("review.descriptionLabel"), "description", { area: true, parse: orNull }),
    ),
    more,
    // Ingredients beside the steps on a wide screen, as a recipe card reads; one under the other on
    // a phone. A list's buttons sit beside its heading: the list itself is the screen's length.
    el(
      "div",
      { class: "rx-lists" },
      el(
        "div",
        { class: "rx-col" },
        el(
          "div",
          { class: "list-head" },
          el("h3", {}, t("review.ingredientsHeading"), " ", badge(ctx.draft, "ingredients", fromText)),
          ingredients.actions,
        ),
        ctx.noteFor("ingredients"),
        ingredients.box,
      ),
      el(
        "div",
        { class: "rx-col" },
        el(
          "div",
          { class: "list-head" },
          el("h3", {}, t("review.stepsHeading"), " ", badge(ctx.draft, "instructions", fromText)),
          steps.actions,
        ),
        ctx.noteFor("instructions"),
        beforeSteps,
        steps.box,
      ),
    ),
    nutritionEditor(ctx),
  ].filter((n): n is HTMLElement => n !== null);
  return {
    parts,
    draw: () => {
      ingredients.draw();
      steps.draw();
    },
    drawSteps: steps.draw,
    markFlagged: steps.markFlagged,
  };
}
