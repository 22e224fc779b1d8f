// The words Ladle writes itself into a shopping list (its aisles, "(as needed)", its name), in the
// cook's language: the list's text is pasted into messages and printed, away from the web app's
// catalogues. A small table by hand: eight languages, a dozen words, the same words as the screens.
import { AISLES, type Aisle } from "./aisles.ts";
import type { AmountLanguage } from "./amountWords.ts";

type Words = {
  aisles: readonly string[];
  asNeeded: string;
  moreToTaste: string;
  /** The name of a list made for some days or some recipes ("Shopping for …"). */
  listFor: string;
};

// Aisles in the order of AISLES.
const WORDS: Record<AmountLanguage, Words> = {
  en: {
    aisles: AISLES,
    asNeeded: "(as needed)",
    moreToTaste: "(and more to taste)",
    listFor: "Shopping for",
  },
  de: {
    aisles: [
      "Obst & Gemüse",
      "Fleisch & Fisch",
      "Milchprodukte & Eier",
      "Brot & Backwaren",
      "Backzutaten",
      "Gewürze",
      "Öle, Essig & Soßen",
      "Nudeln, Reis & Getreide",
      "Konserven & Gläser",
      "Tiefkühlkost",
      "Getränke",
      "Sonstiges",
    ],
    asNeeded: "(nach Bedarf)",
    moreToTaste: "(und mehr nach Geschmack)",
    listFor: "Einkauf für",
  },
  fr: {
    aisles: [
      "Fruits & légumes",
      "Viande & poisson",
      "Crèmerie & œufs",
      "Boulangerie",
      "Pâtisserie",
      "Épices & assaisonnements",
      "Huiles, vinaigres & sauces",
      "Pâtes, riz & céréales",
      "Conserves & bocaux",
      "Surgelés",
      "Boissons",
      "Autres",
    ],
    asNeeded: "(selon les besoins)",
    moreToTaste: "(et plus selon le goût)",
    listFor: "Courses pour",
  },
  es: {
    aisles: [
      "Frutas y verduras",
      "Carne y pescado",
      "Lácteos y huevos",
      "Panadería",
      "Repostería",
      "Especias y condimentos",
      "Aceites, vinagres y salsas",
      "Pasta, arroz y cereales",
      "Conservas y tarros",
      "Congelados",
      "Bebidas",
      "Otros",
    ],
    asNeeded: "(según haga falta)",
    moreToTaste: "(y más al gusto)",
    listFor: "Compra para",
  },
  it: {
    aisles: [
      "Frutta e verdura",
      "Carne e pesce",
      "Latticini e uova",
      "Panetteria",
      "Ingredienti per dolci",
      "Spezie e condimenti",
      "Oli, aceti e salse",
      "Pasta, riso e cereali",
      "Scatolame e vasetti",
      "Surgelati",
      "Bevande",
      "Altro",
    ],
    asNeeded: "(quanto basta)",
    moreToTaste: "(e altro a piacere)",
    listFor: "Spesa per",
  },
  nl: {
    aisles: [
      "Groente & fruit",
      "Vlees & vis",
      "Zuivel & eieren",
      "Brood & banket",
      "Bakproducten",
      "Kruiden & specerijen",
      "Olie, azijn & sauzen",
      "Pasta, rijst & granen",
      "Blik & pot",
      "Diepvries",
      "Dranken",
      "Overig",
    ],
    asNeeded: "(naar behoefte)",
    moreToTaste: "(en meer naar smaak)",
    listFor: "Boodschappen voor",
  },
  pt: {
    aisles: [
      "Frutas e legumes",
      "Carne e peixe",
      "Laticínios e ovos",
      "Padaria",
      "Confeitaria",
      "Especiarias e temperos",
      "Óleos, vinagres e molhos",
      "Massas, arroz e cereais",
      "Enlatados e conservas",
      "Congelados",
      "Bebidas",
      "Outros",
    ],
    asNeeded: "(q.b.)",
    moreToTaste: "(e mais a gosto)",
    listFor: "Compras para",
  },
  sv: {
    aisles: [
      "Frukt & grönt",
      "Kött & fisk",
      "Mejeri & ägg",
      "Bröd",
      "Bakning",
      "Kryddor",
      "Oljor, vinäger & såser",
      "Pasta, ris & gryn",
      "Konserver & burkar",
      "Fryst",
      "Drycker",
      "Övrigt",
    ],
    asNeeded: "(efter behov)",
    moreToTaste: "(och mer efter smak)",
    listFor: "Handla till",
  },
};

/** An aisle's name in the language ("Dairy & eggs" → "Milchprodukte & Eier"); an unknown one as it is. */
export function aisleIn(aisle: string, lang: AmountLanguage): string {
  const at = AISLES.indexOf(aisle as Aisle);
  return at < 0 ? aisle : (WORDS[lang].aisles[at] ?? aisle);
}

/** "(as needed)", or "(and more to taste)" after an amount, in the language. */
export function asNeededIn(lang: AmountLanguage, withAmount: boolean): string {
  return withAmount ? WORDS[lang].moreToTaste : WORDS[lang].asNeeded;
}

/** "Shopping for …" in the language. */
export function listForIn(lang: AmountLanguage): string {
  return WORDS[lang].listFor;
}

/** A plan day as the language writes it short ("Nov 23", "23. Nov."). */
export function dayIn(iso: string, lang: AmountLanguage): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString(lang === "en" ? "en-US" : lang, {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}
