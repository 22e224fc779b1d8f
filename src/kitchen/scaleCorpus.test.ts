import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadIngredientCorpus } from "../../test/golden/ingredientLines.ts";
import { parseIngredientList } from "../extract/ingredients.ts";
import { UNITS, toBase, unitId } from "../normalize/units.ts";
import { systemOf, type UnitSystem } from "./amounts.ts";
import { findMeasures } from "./measures.ts";
import { scaleIngredient } from "./scaleIngredient.ts";

/**
 * Known miss, left for the kitchen's measure reader: a second measure written as a "to" range with
 * decimals inside parentheses stays as the source wrote it (since the trained tagger reads the line
 * with the range in its notes), so it is neither scaled nor converted.
 */
const KNOWN_UNSCALED_SECOND_MEASURE = new Set(["A 3-to 3½-pound (1.35 to 1.575 kg) red snapper"]);

// Every labelled line of the shared corpus (21k real lines), scaled by ½, 2 and 3 and converted both
// ways: what a cook reads must be a quantity they would accept. Rules checked on every line:
// - no broken numbers (NaN, long decimals like 0.333, "0 cups");
// - US cup, spoon, ounce and pound amounts use measuring fractions (⅛ ¼ ⅓ ½ ⅔ ¾), never decimals;
// - a metric line's main amount is metric or a spoon, a US line's is US customary or a spoon;
// - the amount shown is within 10% of the exact one (rounding to a measure, not guessing);
// - lines without an amount or that Ladle could not read are shown exactly as written.
const corpus = [...loadIngredientCorpus().values()].flat();
const FACTORS = [0.5, 2, 3];
const SYSTEMS: UnitSystem[] = ["original", "metric", "us"];
const US_UNITS = new Set(["cup", "oz", "lb", "floz", "pint", "quart", "gallon"]);
const METRIC_UNITS = new Set(["g", "kg", "ml", "l", "mg", "cl", "dl"]);

describe.skipIf(corpus.length === 0)("scaling the shared corpus of ingredient lines", () => {
  it("gives quantities a cook would accept at ½, 2 and 3 times, in metric and in US units", () => {
    const parsed = parseIngredientList(corpus.map((l) => l.input));
    const bad: Record<string, string[]> = {};
    const flag = (rule: string, what: string) => (bad[rule] ??= []).push(what);
    let checked = 0;
    let measured = 0;
    for (const ing of parsed) {
      for (const factor of FACTORS) {
        for (const units of SYSTEMS) {
          const r = scaleIngredient(ing, factor, units);
          checked++;
          const where = `${ing.text} ×${factor} ${units} → ${r.display}`;
          if (r.status === "unparsed" || r.status === "noAmount") {
            if (r.display !== ing.text) flag("changed a line it did not scale", where);
            continue;
          }
          if (
            /NaN|undefined|Infinity|\d\.\d{3,}|(?<![\d.])0 (?:cup|tbsp|tsp|g|ml|oz)/.test(r.display) &&
            !KNOWN_UNSCALED_SECOND_MEASURE.has(ing.text)
          )
            flag("broken number", where);
          const id = unitId(r.unit);
          if (
            id &&
            ["cup", "tbsp", "tsp", "oz", "lb"].includes(id) &&
            /\d\.\d/.test(r.display.split(" ")[0]!)
          )
            flag("decimal in a US measure", where);
          if (units === "metric" && id && US_UNITS.has(id)) flag("US unit in metric", where);
          if (units === "us" && id && METRIC_UNITS.has(id)) flag("metric unit in US", where);
          // Accuracy of the main amount (not when the line's own second measure was used or added).
          const from = unitId(ing.unit);
          if (
            from &&
            id &&
            UNITS[from]?.base &&
            UNITS[id]?.base &&
            UNITS[from]!.dimension === UNITS[id]!.dimension &&
            findMeasures(ing.text).length < 2 &&
            !/\b(?:plus|and|or)\b|\+|\(\s*\d/i.test(ing.text)
          ) {
            measured++;
            const want = toBase(ing.quantity, from)! * factor;
            const got = toBase(r.quantity, id)!;
            const err = Math.abs(got - want) / want;
            // Tiny amounts round to what a spoon or scale shows: ⅛ teaspoon, ⅛ ounce.
            if (err > 0.1 && Math.abs(got - want) > (UNITS[id]!.dimension === "mass" ? 3.6 : 0.7))
              flag("more than 10% off", `${where} (${got} vs ${want})`);
          }
          if (systemOf(id ?? "") === "none" && !id && r.unit && /\d/.test(r.unit)) flag("odd unit", where);
        }
      }
    }
    const summary = Object.fromEntries(
      Object.entries(bad).map(([k, v]) => [k, { n: v.length, e: v.slice(0, 5) }]),
    );
    if (process.env.KITCHEN_DUMP) writeFileSync(process.env.KITCHEN_DUMP, JSON.stringify(bad, null, 1));
    expect(checked).toBeGreaterThan(100_000);
    expect(measured).toBeGreaterThan(50_000);
    expect(summary).toEqual({});
  });
});
