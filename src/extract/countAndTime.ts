import { parseDuration } from "./durations.ts";
import type { PartialRecipe } from "./schemaRecipe.ts";
import { parseYield } from "./yields.ts";

// A line under the title that states the count and the time and nothing else, a dash or bar
// between the two ("10 pieces — 20 minutes", "## 4 servings | 1 hour"): what the dish makes, and
// how long it takes in all. No label names either, so the labelled readers pass it by.
const COUNT_AND_TIME =
  /(?:^|\n)[ \t]*(?:#{1,6}[ \t]+)?(\d{1,3}[ \t]+\p{L}+)[ \t]+[—–|·•-][ \t]+(\d+(?:[.,]\d+)?[ \t]*(?:minutes?|mins?|hours?|hrs?|h)(?:[ \t]+\d{1,2}[ \t]*(?:minutes?|mins?))?)[ \t]*(?=\n|$)/iu;
// What such a line counts: servings or pieces of the dish, not a measure ("500 g — 10 minutes").
const COUNTED =
  /^(?:servings?|portions?|people|persons?|pieces?|cookies|bars|squares|slices|muffins|rolls)$/i;

/** The yield and total a line of the recipe's head states together, into `r` where unset. */
export function countAndTime(text: string, r: PartialRecipe): void {
  const m = COUNT_AND_TIME.exec(text);
  if (!m || !COUNTED.test(m[1]!.split(/[ \t]+/)[1]!)) return;
  const y = parseYield(m[1]!);
  if (r.servings === undefined && y.servings > 0) {
    r.servings = y.servings;
    r.yield = m[1]!;
  }
  const total = parseDuration(m[2]!);
  if (r.totalTimeMinutes === undefined && total) r.totalTimeMinutes = total;
}
