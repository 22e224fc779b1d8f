/**
 * Amounts in the cook's language: the number as that language writes it (a decimal comma in
 * German, French, Spanish, Italian, Dutch, Portuguese and Swedish; "1 ½" with a space outside
 * English) and the unit words Ladle writes itself after a conversion or a change of unit ("EL" and
 * "TL" in German, "c. à soupe" in French). English is what Ladle always wrote, unchanged.
 * Intl formats the decimals; the spoon and cup names, which no library knows, are in the server's
 * catalogues.
 */
import { sayIn, type ServerKey } from "../domain/words/serverWords.ts";

export const AMOUNT_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "sv"] as const;
export type AmountLanguage = (typeof AMOUNT_LANGUAGES)[number];

/** The amount language of a tag ("de-CH" → "de"); English for none or one Ladle does not speak. */
export function amountLanguage(tag: string | null | undefined): AmountLanguage {
  const base = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return (AMOUNT_LANGUAGES as readonly string[]).includes(base) ? (base as AmountLanguage) : "en";
}

const decimals = new Map<AmountLanguage, Intl.NumberFormat>();

/** A decimal as the language writes it: "1.25" in English, "1,25" in German; no thousands mark. */
export function decimalIn(n: number, lang: AmountLanguage): string {
  const rounded = Math.round(n * 100) / 100;
  if (lang === "en") return String(rounded);
  let f = decimals.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang, { maximumFractionDigits: 2, useGrouping: false });
    decimals.set(lang, f);
  }
  return f.format(rounded);
}

/**
 * A whole number and a fraction glyph as the language writes them: "1½" in English (as Ladle
 * always has), "1 ½" elsewhere, where cooks set the fraction apart.
 */
export function mixedIn(whole: number, fraction: string, lang: AmountLanguage): string {
  if (!whole) return fraction;
  return lang === "en" ? `${whole}${fraction}` : `${whole} ${fraction}`;
}

/** The unit words Ladle writes after a conversion (src/domain/words/<language>/kitchen.json). */
const UNIT_KEYS: Record<"cup" | "pinch" | "big" | "small", ServerKey> = {
  cup: "kitchen.cup",
  pinch: "kitchen.pinch",
  big: "kitchen.bigSpoon",
  small: "kitchen.smallSpoon",
};

// Every language's spoons, by unit id: a converted amount is said in the reader's own spoons.
const BIG_SPOONS = new Set(["tbsp", "EL", "cas", "cda", "cucchiaio", "eetlepel", "colherSopa", "msk"]);
const SMALL_SPOONS = new Set(["tsp", "TL", "cac", "cdta", "cucchiaino", "theelepel", "colherCha", "tsk"]);

/** The unit id of the reader's own spoon of the same size ("EL" → "tbsp" in English); others as they are. */
export function spoonIn(id: string, lang: AmountLanguage): string {
  const own: Record<AmountLanguage, [string, string]> = {
    en: ["tbsp", "tsp"],
    de: ["EL", "TL"],
    fr: ["cas", "cac"],
    es: ["cda", "cdta"],
    it: ["cucchiaio", "cucchiaino"],
    nl: ["eetlepel", "theelepel"],
    pt: ["colherSopa", "colherCha"],
    sv: ["msk", "tsk"],
  };
  if (BIG_SPOONS.has(id)) return own[lang][0];
  if (SMALL_SPOONS.has(id)) return own[lang][1];
  return id;
}

/**
 * The word for unit `id` after `amount` in `lang`, when Ladle has one there (cups, pinches,
 * spoons); null for English and for units every language writes alike (g, ml, oz).
 */
export function unitWordIn(id: string, amount: number, lang: AmountLanguage): string | null {
  if (lang === "en") return null;
  const kind =
    id === "cup"
      ? "cup"
      : id === "pinch"
        ? "pinch"
        : BIG_SPOONS.has(id)
          ? "big"
          : SMALL_SPOONS.has(id)
            ? "small"
            : null;
  if (!kind) return null;
  // French says one and a half cup in the singular ("1,5 tasse"), as it does below two.
  const plural = lang === "fr" ? amount >= 2 : amount > 1;
  return sayIn(lang, UNIT_KEYS[kind], { plural: plural ? "yes" : "no" });
}
