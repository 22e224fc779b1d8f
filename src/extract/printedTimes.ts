// The times a recipe's page prints, beside or instead of those its structured data gives (issue 50:
// "times not read where the page prints them; seconds read as minutes").
import type { ExtractionMethod } from "../domain/recipe.ts";
import { metaOf, type PageScan } from "./pageScan.ts";
import type { PartialRecipe } from "./schemaRecipe.ts";
import { describedTimes, scanTimes } from "./timesAndYields.ts";

const TIMES = ["prepTimeMinutes", "cookTimeMinutes", "totalTimeMinutes"] as const;
const PARTS = ["prepTimeMinutes", "cookTimeMinutes"] as const;

const printed = (snapshot: string): PartialRecipe => {
  const said: PartialRecipe = {};
  scanTimes(snapshot, said);
  return said;
};

/**
 * Fills `merged`'s times from the page's labelled text (`snapshot`) and meta description where the
 * structured data (`raw`, the node read) gives none or only some, and mends a structured time the
 * printed one shows to be an app's seconds.
 */
export function fillPrintedTimes(
  page: PageScan,
  snapshot: string,
  merged: PartialRecipe,
  fieldMethods: Record<string, ExtractionMethod>,
  raw: Record<string, unknown> | null,
): void {
  const stated = !!raw && raw.totalTime !== undefined && raw.totalTime !== null && raw.totalTime !== "";
  const take = (k: (typeof TIMES)[number], v: number) => {
    merged[k] = v;
    fieldMethods[k] = "Heuristic";
  };
  mendContradicted(snapshot, merged, take);
  // Structured data without times, or with a time of a minute or less ("PT45S" where the page
  // says "Prep Time: 45 minutes"): the page's own labelled text states them.
  if (TIMES.every((k) => !merged[k] || merged[k] <= 1)) {
    const said = printed(snapshot);
    let changed = false;
    for (const k of TIMES) {
      const v = said[k];
      if (v !== undefined && v > (merged[k] ?? 0)) {
        take(k, v);
        changed = true;
      }
    }
    // A total the text did not state is what its parts add up to.
    if (changed && said.totalTimeMinutes === undefined && (merged.prepTimeMinutes || merged.cookTimeMinutes))
      take("totalTimeMinutes", (merged.prepTimeMinutes ?? 0) + (merged.cookTimeMinutes ?? 0));
  } else if (TIMES.some((k) => !merged[k])) {
    // Structured data giving some times and not others ("totalTime" alone): the others as the
    // page's labelled text prints them, when it says the same of those the data gives.
    const said = printed(snapshot);
    // A total the data does not state, only the one part it gives added up ("prepTime" alone),
    // says nothing of its own: the page's printed part and total may fill it. A stated one equal
    // to a part stays (the corpus expects "totalTime" as given beside "cookTime" alone), and so
    // does the sum when the page prints the other part as long as the given one: the same time
    // under the card's other label ("cookTime" PT40M, "Zubereitungszeit 40 Minuten").
    const relabelled = PARTS.some(
      (k) => !merged[k] && said[k] && PARTS.some((j) => merged[j] && Math.abs(merged[j] - said[k]!) <= 1),
    );
    const summed =
      !stated &&
      !relabelled &&
      PARTS.some((k) => !merged[k]) &&
      merged.totalTimeMinutes === (merged.prepTimeMinutes ?? 0) + (merged.cookTimeMinutes ?? 0);
    const given = { ...merged, ...(summed ? { totalTimeMinutes: undefined } : {}) };
    const filled = { ...given };
    for (const k of TIMES) if (!filled[k] && said[k]) filled[k] = said[k];
    // Parts that add up to more than the total are not this recipe's (a step's "bake 30 minutes").
    const agrees =
      TIMES.every((k) => !given[k] || said[k] === undefined || Math.abs(said[k] - given[k]) <= 1) &&
      (!filled.totalTimeMinutes ||
        (filled.prepTimeMinutes ?? 0) + (filled.cookTimeMinutes ?? 0) <= filled.totalTimeMinutes + 1);
    if (agrees) {
      for (const k of TIMES) if (!given[k] && said[k]) take(k, said[k]);
      if (summed && !said.totalTimeMinutes && PARTS.some((k) => fieldMethods[k] === "Heuristic"))
        take("totalTimeMinutes", (merged.prepTimeMinutes ?? 0) + (merged.cookTimeMinutes ?? 0));
    }
  }
  // No time in the data or the page's text: one its meta description states ("Ready in 45 minutes").
  if (TIMES.every((k) => !merged[k])) {
    const said = describedTimes(metaOf(page, "description", "og:description", "twitter:description"));
    for (const k of TIMES) if (said[k]) take(k, said[k]);
  }
}

/**
 * A structured time the page prints as a sixtieth of it is an app's seconds written as minutes
 * ("PT2400M" where the card says "40 minutes"). The text is scanned only for such a value. (A
 * total shorter than its parts stays as the data gives it: the corpus expects the data's.)
 */
function mendContradicted(
  snapshot: string,
  merged: PartialRecipe,
  take: (k: (typeof TIMES)[number], v: number) => void,
): void {
  if (!TIMES.some((k) => (merged[k] ?? 0) >= 600 && merged[k]! % 60 === 0)) return;
  const said = printed(snapshot);
  // An app writes all its times alike: once one is its seconds, so are the others the page leaves
  // out (the total its data adds up from them).
  if (TIMES.some((k) => said[k] && merged[k] === said[k] * 60))
    for (const k of TIMES)
      if (merged[k] && merged[k] % 60 === 0 && said[k] !== merged[k]) take(k, merged[k] / 60);
}
