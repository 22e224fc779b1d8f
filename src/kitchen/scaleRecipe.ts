import type { Instruction, Recipe } from "../domain/recipe.ts";
import { fail, type Failure } from "../errors.ts";
import { UNITS, toBase, unitId } from "../normalize/units.ts";
import { formatNumber, type AmountLanguage, type UnitSystem } from "./amounts.ts";
import { densityOf } from "./density.ts";
import { stepIngredients, stepTimers, type StepTimer } from "./cookSteps.ts";
import { quantityValue } from "./measures.ts";
import { scaleIngredient, type KitchenIngredient } from "./scaleIngredient.ts";
import { convertTemperatures } from "./temperatures.ts";

/** How to scale: to a number of servings, by a factor, or to what the cook has of one ingredient. */
export interface ScaleRequest {
  servings?: number;
  factor?: number;
  /** "I have 300 g of flour": the ingredient's index and the amount as written ("300 g", "2"). */
  have?: { ingredient: number; amount: string };
  units?: UnitSystem;
  /** The cook's language, for the numbers and the unit words Ladle writes ("1,5 kg", "2 EL"). */
  lang?: AmountLanguage;
}

/** A step as cook mode reads it: temperatures in the cook's system, its timers and ingredients. */
export type KitchenStep = Instruction & {
  timers: StepTimer[];
  /** Indexes into the recipe's ingredients that the step names. */
  ingredients: number[];
};

/** What was asked and what it came to. */
export interface Scaling {
  factor: number;
  /** Servings the scaled recipe makes (the recipe's own × factor); 0 when the recipe did not say. */
  servings: number;
  originalServings: number;
  units: UnitSystem;
  basis: "servings" | "factor" | "ingredient" | "none";
  /** How many lines were shown as written because Ladle could not read their amount. */
  unparsed: number;
}

export type KitchenRecipe<R extends Recipe = Recipe> = Omit<R, "ingredients" | "instructions"> & {
  ingredients: KitchenIngredient[];
  instructions: KitchenStep[];
  scaling: Scaling;
};

const MIN_FACTOR = 1 / 16;
const MAX_FACTOR = 100;

/** The factor a request asks for, or why it cannot be met. */
export function scaleFactor(
  recipe: Pick<Recipe, "servings" | "ingredients">,
  req: ScaleRequest,
): { ok: true; factor: number; basis: Scaling["basis"] } | Failure {
  const given = [req.servings !== undefined, req.factor !== undefined, req.have !== undefined].filter(
    Boolean,
  );
  if (given.length > 1)
    return fail(
      "SCALE_INVALID",
      "Scale by servings, by a factor, or by what you have of one ingredient: one at a time.",
    );
  let factor = 1;
  let basis: Scaling["basis"] = "none";
  if (req.servings !== undefined) {
    if (!(req.servings > 0) || req.servings > 1000)
      return fail("SCALE_INVALID", "Servings must be a number from 1 to 1000.");
    if (!recipe.servings)
      return fail(
        "SCALE_INVALID",
        "This recipe does not say how many it serves, so it cannot be scaled by servings; scale it by a factor (2 = double) instead.",
      );
    factor = req.servings / recipe.servings;
    basis = "servings";
  } else if (req.factor !== undefined) {
    factor = req.factor;
    basis = "factor";
  } else if (req.have) {
    const r = factorFromHave(recipe, req.have);
    if (!r.ok) return r;
    factor = r.factor;
    basis = "ingredient";
  }
  if (!Number.isFinite(factor) || factor < MIN_FACTOR || factor > MAX_FACTOR)
    return fail("SCALE_INVALID", `Scale between 1/16 and ${MAX_FACTOR} times the recipe.`, { factor });
  return { ok: true, factor, basis };
}

function factorFromHave(
  recipe: Pick<Recipe, "ingredients">,
  have: { ingredient: number; amount: string },
): { ok: true; factor: number } | Failure {
  const ing = recipe.ingredients[have.ingredient];
  if (!ing) return fail("SCALE_INVALID", `The recipe has no ingredient ${have.ingredient + 1}.`);
  if (!(ing.quantity > 0) || ing.confidence < 0.5)
    return fail("SCALE_INVALID", `"${ing.text}" has no amount Ladle could read; pick another ingredient.`);
  const m = /^\s*(\S+(?:\s+\d+\/\d+)?)\s*(.*)$/u.exec(have.amount.replace(/(\d)([^\d\s.,/])/u, "$1 $2"));
  const q = m ? quantityValue(m[1]!).quantity : NaN;
  if (!(q > 0)) return fail("SCALE_INVALID", `Say how much you have, like "300 g" or "2".`);
  const said = m![2]!.trim();
  const from = unitId(ing.unit);
  const to = said ? unitId(said) : null;
  if (said && !to && said.toLowerCase() !== (ing.unit ?? "").toLowerCase())
    return fail(
      "SCALE_INVALID",
      `Ladle does not know the unit "${said}"; use g, kg, oz, lb, ml, l, cups or spoons.`,
    );
  const fromBase = from ? toBase(ing.quantity, from) : null;
  const toAmount = to ? toBase(q, to) : null;
  if (fromBase !== null && toAmount !== null) {
    const d = densityOf(ing.name);
    const fromDim = UNITS[from!]!.dimension;
    if (fromDim !== UNITS[to!]!.dimension && d)
      return {
        ok: true,
        factor: fromDim === "volume" ? toAmount / (fromBase * d.gPerMl) : (toAmount * d.gPerMl) / fromBase,
      };
    if (fromDim !== UNITS[to!]!.dimension)
      return fail(
        "SCALE_INVALID",
        `The recipe measures ${ing.name} by ${UNITS[from!]!.dimension === "mass" ? "weight" : "volume"}; give the amount you have the same way.`,
      );
    return { ok: true, factor: toAmount / fromBase };
  }
  if (!said || !to || to === from) return { ok: true, factor: q / ing.quantity };
  return fail(
    "SCALE_INVALID",
    `The recipe counts ${ing.name} in ${ing.unit ?? "pieces"}; give the amount you have that way.`,
  );
}

/**
 * The recipe scaled and said in the asked system: every ingredient line (unreadable ones as
 * written and counted in `scaling.unparsed`), the steps with temperatures converted, their timers
 * and the ingredients each uses. Pure: no I/O.
 */
export function scaleRecipe<R extends Recipe>(
  recipe: R,
  req: ScaleRequest,
): { ok: true; value: KitchenRecipe<R> } | Failure {
  const f = scaleFactor(recipe, req);
  if (!f.ok) return f;
  const units = req.units ?? "original";
  const ingredients = recipe.ingredients.map((i) => scaleIngredient(i, f.factor, units, req.lang));
  const instructions = recipe.instructions.map((s) => {
    const text = convertTemperatures(s.text, units);
    return { ...s, text, timers: stepTimers(text), ingredients: stepIngredients(text, recipe.ingredients) };
  });
  const servings = recipe.servings ? Math.round(recipe.servings * f.factor * 100) / 100 : 0;
  return {
    ok: true,
    value: {
      ...recipe,
      ingredients,
      instructions,
      scaling: {
        factor: f.factor,
        servings,
        originalServings: recipe.servings,
        units,
        basis: f.basis,
        unparsed: ingredients.filter((i) => i.status === "unparsed").length,
      },
    },
  };
}

/** "Serves 6" as a cook reads a scaled yield ("Serves 1½"). */
export function servingsText(n: number): string {
  return n ? `Serves ${formatNumber(n)}` : "";
}
