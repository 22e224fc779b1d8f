// The notes Ladle writes beside a scaled line ("Not scaled: …", how much beaten egg to use), in
// the cook's language (`lang=` on the recipe's kitchen query). A small table by hand: two
// sentences in eight languages, beside the amounts' own words (amountWords.ts).
import type { AmountLanguage } from "./amountWords.ts";

const NOT_SCALED: Record<AmountLanguage, string> = {
  en: "Not scaled: Ladle could not read this amount, adjust it yourself.",
  de: "Nicht umgerechnet: Ladle konnte diese Menge nicht lesen, passe sie selbst an.",
  fr: "Non ajusté : Ladle n’a pas pu lire cette quantité, adaptez-la vous-même.",
  es: "Sin ajustar: Ladle no pudo leer esta cantidad, ajústala tú.",
  it: "Non adattato: Ladle non è riuscito a leggere questa quantità, regolala tu.",
  nl: "Niet omgerekend: Ladle kon deze hoeveelheid niet lezen, pas hem zelf aan.",
  pt: "Não ajustado: o Ladle não conseguiu ler esta quantidade, ajuste-a você.",
  sv: "Inte omräknad: Ladle kunde inte läsa mängden, justera den själv.",
};

const BEAT_EGGS: Record<AmountLanguage, (grams: number) => string> = {
  en: (g) => `Beat the eggs and use about ${g} g.`,
  de: (g) => `Verquirle die Eier und nimm etwa ${g} g.`,
  fr: (g) => `Battez les œufs et utilisez environ ${g} g.`,
  es: (g) => `Bate los huevos y usa unos ${g} g.`,
  it: (g) => `Sbatti le uova e usane circa ${g} g.`,
  nl: (g) => `Klop de eieren los en gebruik ongeveer ${g} g.`,
  pt: (g) => `Bata os ovos e use cerca de ${g} g.`,
  sv: (g) => `Vispa äggen och använd ungefär ${g} g.`,
};

/** Why a line kept its amount as written while the others changed. */
export function notScaledIn(lang: AmountLanguage): string {
  return NOT_SCALED[lang];
}

/** How much beaten egg a fraction of eggs is. */
export function beatEggsIn(grams: number, lang: AmountLanguage): string {
  return BEAT_EGGS[lang](grams);
}
