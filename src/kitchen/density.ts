/**
 * Grams per millilitre of the dry goods and fats cooks weigh in metric kitchens and measure in cups
 * in US ones, so "1 cup flour" reads "125 g flour" in metric and "500 g flour" reads "4 cups" in US.
 * Hand-written from common kitchen conversion tables (a cup of flour spooned and levelled weighs
 * about 125 g); only ingredients whose cup weight cooks agree on are listed.
 */
const TABLE: [RegExp, number, boolean][] = [
  // [name, grams per US cup, measured in cups in US kitchens]
  [
    /\b(?:all[- ]purpose|plain|bread|cake|pastry|self[- ]raising|self[- ]rising|wholemeal|whole[- ]wheat)?\s*flour\b/i,
    125,
    true,
  ],
  [/\b(?:brown|muscovado|demerara)\s+sugar\b/i, 220, true],
  [/\b(?:powdered|icing|confectioners'?)\s+sugar\b/i, 120, true],
  [/\b(?:granulated|white|caster|superfine|cane)?\s*sugar\b/i, 200, true],
  [/\bbutter\b/i, 227, false],
  [/\b(?:rolled|old[- ]fashioned|quick)?\s*oats\b/i, 90, true],
  [/\bcocoa(?: powder)?\b/i, 85, true],
  [/\b(?:basmati|jasmine|long[- ]grain|arborio|white|brown)?\s*rice\b/i, 185, true],
  [/\bhoney\b/i, 340, true],
  [/\bchocolate chips\b/i, 170, true],
];

const CUP_ML = 240;

/** Grams per ml of an ingredient by its name, and whether US cooks measure it in cups; null when unknown. */
export function densityOf(name: string): { gPerMl: number; cups: boolean } | null {
  // "buttermilk", "peanut butter", "rice vinegar" are other things.
  if (
    /\b(?:buttermilk|peanut butter|nut butter|apple butter|rice (?:vinegar|wine|noodles?|paper)|flour tortillas?|sugar snap)\b/i.test(
      name,
    )
  )
    return null;
  for (const [re, perCup, cups] of TABLE) if (re.test(name)) return { gPerMl: perCup / CUP_ML, cups };
  return null;
}
