import type { ValidationReport } from "../domain/draft.ts";
import type { Recipe } from "../domain/recipe.ts";

const BAKING = /\b(bake|baking|oven|roast|broil|preheat|backen|backofen|four|horno|forno|oven|ugn)\b/i;
const TEMPERATURE =
  /(\d{2,3}\s*°|\d{2,3}\s*(?:degrees|grad|degr[ée]s|grados|gradi)|\b\d{2,3}\s*[FC]\b|gas mark\s*\d|\bthermostat\s*\d)/i;

/**
 * Hard caps: beyond these a value is a typo or garbage, never a recipe, so a commit is refused.
 * Below them, unusual values only warn.
 */
export const RECIPE_LIMITS = {
  /** One week, in minutes (a cured ham or a sourdough starter takes days, not months). */
  maxMinutes: 7 * 24 * 60,
  maxServings: 1000,
  maxQuantity: 100_000,
  maxNameLength: 300,
  maxTextLength: 20_000,
  maxIngredients: 500,
  maxSteps: 300,
} as const;

/**
 * One finding, tied to the field it is about (`name`, `ingredients[2]`, `instructions[0]`...):
 * English words for API clients, and a stable code with its figures that a screen says in the
 * reader's language (the web app's `checks` catalogue).
 */
export interface RecipeIssue {
  field: string;
  message: string;
  code?: IssueCode;
  params?: Record<string, string | number>;
}

/** The codes of `checkRecipe`'s findings (a screen that does not know one shows `message`). */
export type IssueCode =
  | "nameMissing"
  | "nameTooLong"
  | "descriptionTooLong"
  | "imageNotWeb"
  | "noIngredients"
  | "tooManyIngredients"
  | "noSteps"
  | "tooManySteps"
  | "timeOverWeek"
  | "timeUnusual"
  | "prepUnknown"
  | "cookUnknown"
  | "servingsTooMany"
  | "servingsUnusual"
  | "servingsUnknown"
  | "ingredientEmpty"
  | "quantityTooBig"
  | "rangeBackwards"
  | "amountsUnread"
  | "stepTooLong"
  | "stepEmpty"
  | "stepRepeats"
  | "noOvenTemperature"
  | "invalidValue";

/** Errors refuse a commit; warnings are shown and kept with the recipe. */
export interface RecipeCheck {
  errors: RecipeIssue[];
  warnings: RecipeIssue[];
}

const hoursOf = (min: number) => Math.round((min / 60) * 10) / 10;
const hours = (min: number) => `${hoursOf(min)} hours`;

/**
 * Validation rules of (schema) and (business), field by field,
 * in words a cook understands. Drafts and commits run the same checks.
 */
export function checkRecipe(recipe: Recipe): RecipeCheck {
  const errors: RecipeIssue[] = [];
  const warnings: RecipeIssue[] = [];
  type Params = Record<string, string | number>;
  const err = (field: string, message: string, code: IssueCode, params?: Params) =>
    errors.push({ field, message, code, ...(params ? { params } : {}) });
  const warn = (field: string, message: string, code: IssueCode, params?: Params) =>
    warnings.push({ field, message, code, ...(params ? { params } : {}) });

  if (!recipe.name?.trim()) err("name", "The recipe needs a name.", "nameMissing");
  else if (recipe.name.length > RECIPE_LIMITS.maxNameLength)
    err(
      "name",
      `The name is longer than ${RECIPE_LIMITS.maxNameLength} characters; shorten it.`,
      "nameTooLong",
      {
        max: RECIPE_LIMITS.maxNameLength,
      },
    );
  if ((recipe.description?.length ?? 0) > RECIPE_LIMITS.maxTextLength)
    err(
      "description",
      `The description is longer than ${RECIPE_LIMITS.maxTextLength} characters; shorten it.`,
      "descriptionTooLong",
      { max: RECIPE_LIMITS.maxTextLength },
    );
  if (recipe.imageUrl && !/^https?:\/\/[^\s]+$/i.test(recipe.imageUrl.trim()))
    err("imageUrl", "The image must be a web address starting with http:// or https://.", "imageNotWeb");

  if (recipe.ingredients.length === 0)
    warn("ingredients", "No ingredients yet; add at least one.", "noIngredients");
  if (recipe.ingredients.length > RECIPE_LIMITS.maxIngredients)
    err(
      "ingredients",
      `More than ${RECIPE_LIMITS.maxIngredients} ingredients; split the recipe.`,
      "tooManyIngredients",
      {
        max: RECIPE_LIMITS.maxIngredients,
      },
    );
  if (recipe.instructions.length === 0) warn("instructions", "No steps yet; add at least one.", "noSteps");
  if (recipe.instructions.length > RECIPE_LIMITS.maxSteps)
    err("instructions", `More than ${RECIPE_LIMITS.maxSteps} steps; split the recipe.`, "tooManySteps", {
      max: RECIPE_LIMITS.maxSteps,
    });

  const times = [
    ["prepTimeMinutes", "Preparation time", "prep", 24 * 60],
    ["cookTimeMinutes", "Cooking time", "cook", 24 * 60],
    ["totalTimeMinutes", "Total time", "total", 72 * 60],
  ] as const;
  for (const [field, label, time, unusual] of times) {
    const v = recipe[field];
    if (v > RECIPE_LIMITS.maxMinutes)
      err(field, `${label} of ${v} minutes (${hours(v)}) is more than a week; correct it.`, "timeOverWeek", {
        time,
        minutes: v,
        hours: hoursOf(v),
      });
    else if (v > unusual)
      warn(field, `${label} is ${hours(v)}; check that it is right.`, "timeUnusual", {
        time,
        hours: hoursOf(v),
      });
  }
  if (!recipe.prepTimeMinutes) warn("prepTimeMinutes", "Preparation time is not known.", "prepUnknown");
  if (!recipe.cookTimeMinutes) warn("cookTimeMinutes", "Cooking time is not known.", "cookUnknown");
  if (recipe.servings > RECIPE_LIMITS.maxServings)
    err(
      "servings",
      `${recipe.servings} servings is more than ${RECIPE_LIMITS.maxServings}; correct it.`,
      "servingsTooMany",
      { servings: recipe.servings, max: RECIPE_LIMITS.maxServings },
    );
  else if (recipe.servings > 100)
    warn("servings", `${recipe.servings} servings is unusually many; check it.`, "servingsUnusual", {
      servings: recipe.servings,
    });
  if (!recipe.servings) warn("servings", "The number of servings is not known.", "servingsUnknown");

  let unparsed = false;
  for (const [i, ing] of recipe.ingredients.entries()) {
    const field = `ingredients[${i}]`;
    if (!ing.text.trim() && !ing.name.trim()) {
      err(field, `Ingredient ${i + 1} is empty; fill it in or remove it.`, "ingredientEmpty", { n: i + 1 });
      continue;
    }
    if (ing.quantity > RECIPE_LIMITS.maxQuantity || (ing.quantityMax ?? 0) > RECIPE_LIMITS.maxQuantity)
      err(
        field,
        `Ingredient ${i + 1} has a quantity above ${RECIPE_LIMITS.maxQuantity}; correct it.`,
        "quantityTooBig",
        { n: i + 1, max: RECIPE_LIMITS.maxQuantity },
      );
    else if (ing.quantityMax !== null && ing.quantityMax < ing.quantity)
      warn(field, `Ingredient ${i + 1}: the range ends below where it starts.`, "rangeBackwards", {
        n: i + 1,
      });
    if (ing.confidence < 0.5) unparsed = true;
  }
  if (unparsed)
    warn(
      "ingredients",
      "Some ingredient amounts could not be read; check the quantities and units.",
      "amountsUnread",
    );

  const seen = new Map<string, number>();
  for (const [i, s] of recipe.instructions.entries()) {
    const field = `instructions[${i}]`;
    if (s.text.length > RECIPE_LIMITS.maxTextLength)
      err(
        field,
        `Step ${i + 1} is longer than ${RECIPE_LIMITS.maxTextLength} characters; split it.`,
        "stepTooLong",
        { n: i + 1, max: RECIPE_LIMITS.maxTextLength },
      );
    const key = s.text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
    if (!key) {
      err(field, `Step ${i + 1} is empty; write it or remove it.`, "stepEmpty", { n: i + 1 });
      continue;
    }
    const first = seen.get(key);
    if (first !== undefined)
      warn(field, `Step ${i + 1} repeats step ${first + 1}.`, "stepRepeats", { n: i + 1, first: first + 1 });
    else seen.set(key, i);
  }
  const steps = recipe.instructions.map((s) => s.text).join("\n");
  if (BAKING.test(steps) && !TEMPERATURE.test(steps)) {
    warn(
      "instructions",
      "The recipe bakes or roasts but no step gives an oven temperature.",
      "noOvenTemperature",
    );
  }
  return { errors, warnings };
}

/** The ValidationReport of a recipe: the messages of `checkRecipe`. */
export function validateRecipe(recipe: Recipe): ValidationReport {
  const { errors, warnings } = checkRecipe(recipe);
  return {
    errors: errors.map((e) => e.message),
    warnings: warnings.map((w) => w.message),
    isValid: errors.length === 0,
  };
}
