// The notes Ladle writes beside a scaled line ("Not scaled: …", how much beaten egg to use), in
// the cook's language (`lang=` on the recipe's kitchen query), from the server's catalogues.
import { sayIn } from "../domain/words/serverWords.ts";
import type { AmountLanguage } from "./amountWords.ts";

/** Why a line kept its amount as written while the others changed. */
export function notScaledIn(lang: AmountLanguage): string {
  return sayIn(lang, "kitchen.notScaled");
}

/** How much beaten egg a fraction of eggs is. */
export function beatEggsIn(grams: number, lang: AmountLanguage): string {
  return sayIn(lang, "kitchen.beatEggs", { grams });
}
