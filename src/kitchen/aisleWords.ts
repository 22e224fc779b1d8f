import type { Aisle } from "./aisleNames.ts";
import { GERMAN_AISLES } from "./aisleWords/de.ts";
import { SPANISH_AISLES } from "./aisleWords/es.ts";
import { FRENCH_AISLES } from "./aisleWords/fr.ts";
import { ITALIAN_AISLES } from "./aisleWords/it.ts";
import { DUTCH_AISLES } from "./aisleWords/nl.ts";
import { PORTUGUESE_AISLES } from "./aisleWords/pt.ts";
import { SWEDISH_AISLES } from "./aisleWords/sv.ts";

// The aisles' words in the other languages Ladle speaks, for names written in them ("Hühnerbrühe",
// "crème fraîche", "rundergehakt", "nötfärs"): the same rows in the same order as the English
// table (earlier rows win, so stock is a tin before it is meat), one file per language. Names
// arrive folded: lower case, accents off, "ß" as "ss", "œ" as "oe". German, Dutch and Swedish
// join words into one: their rows match a name's last part (the thing bought).

export const AISLE_WORDS: Record<"de" | "fr" | "es" | "it" | "nl" | "pt" | "sv", [Aisle, RegExp][]> = {
  de: GERMAN_AISLES,
  fr: FRENCH_AISLES,
  es: SPANISH_AISLES,
  it: ITALIAN_AISLES,
  nl: DUTCH_AISLES,
  pt: PORTUGUESE_AISLES,
  sv: SWEDISH_AISLES,
};
