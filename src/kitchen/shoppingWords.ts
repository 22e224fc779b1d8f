// The words Ladle writes itself into a shopping list (its aisles, "(as needed)", its name), in the
// cook's language: the list's text is pasted into messages and printed, away from the web app. The
// words are in the server's catalogues (src/domain/words/<language>/shopping.json).
import { sayIn, type ServerKey } from "../domain/words/serverWords.ts";
import type { Aisle } from "./aisles.ts";
import type { AmountLanguage } from "./amountWords.ts";

const AISLE_KEYS: Record<Aisle, ServerKey> = {
  Produce: "shopping.aisleProduce",
  "Meat & fish": "shopping.aisleMeatFish",
  "Dairy & eggs": "shopping.aisleDairyEggs",
  Bakery: "shopping.aisleBakery",
  Baking: "shopping.aisleBaking",
  "Spices & seasonings": "shopping.aisleSpices",
  "Oils, vinegars & sauces": "shopping.aisleOilsSauces",
  "Pasta, rice & grains": "shopping.aislePastaGrains",
  "Tins & jars": "shopping.aisleTinsJars",
  Frozen: "shopping.aisleFrozen",
  Drinks: "shopping.aisleDrinks",
  Other: "shopping.aisleOther",
};

/** An aisle's name in the language ("Dairy & eggs" → "Milchprodukte & Eier"); an unknown one as it is. */
export function aisleIn(aisle: string, lang: AmountLanguage): string {
  const key = (AISLE_KEYS as Record<string, ServerKey | undefined>)[aisle];
  return key ? sayIn(lang, key) : aisle;
}

/** "(as needed)", or "(and more to taste)" after an amount, in the language. */
export function asNeededIn(lang: AmountLanguage, withAmount: boolean): string {
  return sayIn(lang, withAmount ? "shopping.moreToTaste" : "shopping.asNeeded");
}

/** "Shopping for …" in the language. */
export function listForIn(lang: AmountLanguage): string {
  return sayIn(lang, "shopping.listFor");
}

/** A plan day as the language writes it short ("Nov 23", "23. Nov."). */
export function dayIn(iso: string, lang: AmountLanguage): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString(lang === "en" ? "en-US" : lang, {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}
