import type { RecipeLanguage } from "../domain/recipeLanguage.ts";

// The words Ladle writes itself around a recipe on pages made outside the web app (the public
// link's page, the printed cookbook), in the reader's or the owner's language. A small table by
// hand, away from the web app's catalogues: eight languages, the same words as the screens.

export interface PageWords {
  serves: (n: string) => string;
  ingredients: string;
  steps: string;
  prep: string;
  cook: string;
  total: string;
  from: (where: string) => string;
  by: (who: string) => string;
  contents: string;
  sharedReadOnly: string;
  myCookbook: string;
  cookbookOf: (name: string) => string;
  linkOffTitle: string;
  linkOffHeading: string;
  linkOffText: string;
}

const WORDS: Record<RecipeLanguage, PageWords> = {
  en: {
    serves: (n) => `Serves ${n}`,
    ingredients: "Ingredients",
    steps: "Steps",
    prep: "Prep",
    cook: "Cook",
    total: "Total",
    from: (w) => `From ${w}`,
    by: (w) => `By ${w}`,
    contents: "Contents",
    sharedReadOnly: "Shared from Ladle. Read only.",
    myCookbook: "My cookbook",
    cookbookOf: (n) => `${n}'s cookbook`,
    linkOffTitle: "Link turned off",
    linkOffHeading: "This link does not work",
    linkOffText:
      "This shared recipe link does not exist or was turned off. Ask whoever sent it for a new one.",
  },
  de: {
    serves: (n) => `Für ${n} Personen`,
    ingredients: "Zutaten",
    steps: "Schritte",
    prep: "Vorbereitung",
    cook: "Kochen",
    total: "Gesamt",
    from: (w) => `Von ${w}`,
    by: (w) => `Von ${w}`,
    contents: "Inhalt",
    sharedReadOnly: "Geteilt aus Ladle. Nur zum Lesen.",
    myCookbook: "Mein Kochbuch",
    cookbookOf: (n) => `Kochbuch von ${n}`,
    linkOffTitle: "Link ausgeschaltet",
    linkOffHeading: "Dieser Link funktioniert nicht",
    linkOffText:
      "Der Link wurde ausgeschaltet oder hat nie bestanden. Bitte die Person, die ihn geschickt hat, um einen neuen.",
  },
  fr: {
    serves: (n) => `Pour ${n} personnes`,
    ingredients: "Ingrédients",
    steps: "Étapes",
    prep: "Préparation",
    cook: "Cuisson",
    total: "Total",
    from: (w) => `Source : ${w}`,
    by: (w) => `Par ${w}`,
    contents: "Sommaire",
    sharedReadOnly: "Partagé depuis Ladle. Lecture seule.",
    myCookbook: "Mon livre de cuisine",
    // "d'Ann", "de Bo": French elides before a vowel.
    cookbookOf: (n) => `Le livre de cuisine ${/^[aeiouyhàâäéèêëîïôöûü]/i.test(n) ? "d’" : "de "}${n}`,
    linkOffTitle: "Lien désactivé",
    linkOffHeading: "Ce lien ne fonctionne pas",
    linkOffText:
      "Le lien a été désactivé ou n'a jamais existé. Demandez-en un nouveau à la personne qui l'a envoyé.",
  },
  es: {
    serves: (n) => `Para ${n} personas`,
    ingredients: "Ingredientes",
    steps: "Pasos",
    prep: "Preparación",
    cook: "Cocción",
    total: "Total",
    from: (w) => `De ${w}`,
    by: (w) => `Por ${w}`,
    contents: "Índice",
    sharedReadOnly: "Compartido desde Ladle. Solo lectura.",
    myCookbook: "Mi recetario",
    cookbookOf: (n) => `El recetario de ${n}`,
    linkOffTitle: "Enlace desactivado",
    linkOffHeading: "Este enlace no funciona",
    linkOffText: "El enlace se desactivó o nunca existió. Pide uno nuevo a quien te lo envió.",
  },
  it: {
    serves: (n) => `Per ${n} persone`,
    ingredients: "Ingredienti",
    steps: "Passaggi",
    prep: "Preparazione",
    cook: "Cottura",
    total: "Totale",
    from: (w) => `Da ${w}`,
    by: (w) => `Di ${w}`,
    contents: "Indice",
    sharedReadOnly: "Condiviso da Ladle. Sola lettura.",
    myCookbook: "Il mio ricettario",
    cookbookOf: (n) => `Il ricettario di ${n}`,
    linkOffTitle: "Link disattivato",
    linkOffHeading: "Questo link non funziona",
    linkOffText:
      "Il link è stato disattivato o non è mai esistito. Chiedine uno nuovo a chi te l'ha mandato.",
  },
  nl: {
    serves: (n) => `Voor ${n} personen`,
    ingredients: "Ingrediënten",
    steps: "Stappen",
    prep: "Voorbereiding",
    cook: "Bereiding",
    total: "Totaal",
    from: (w) => `Van ${w}`,
    by: (w) => `Door ${w}`,
    contents: "Inhoud",
    sharedReadOnly: "Gedeeld vanuit Ladle. Alleen lezen.",
    myCookbook: "Mijn kookboek",
    cookbookOf: (n) => `Het kookboek van ${n}`,
    linkOffTitle: "Link uitgezet",
    linkOffHeading: "Deze link werkt niet",
    linkOffText: "De link is uitgezet of heeft nooit bestaan. Vraag wie hem stuurde om een nieuwe.",
  },
  pt: {
    serves: (n) => `Para ${n} pessoas`,
    ingredients: "Ingredientes",
    steps: "Passos",
    prep: "Preparação",
    cook: "Cozedura",
    total: "Total",
    from: (w) => `De ${w}`,
    by: (w) => `Por ${w}`,
    contents: "Índice",
    sharedReadOnly: "Partilhado a partir do Ladle. Só leitura.",
    myCookbook: "O meu livro de receitas",
    cookbookOf: (n) => `O livro de receitas de ${n}`,
    linkOffTitle: "Link desligado",
    linkOffHeading: "Este link não funciona",
    linkOffText: "O link foi desligado ou nunca existiu. Peça um novo a quem o enviou.",
  },
  sv: {
    serves: (n) => `${n} portioner`,
    ingredients: "Ingredienser",
    steps: "Steg",
    prep: "Förberedelse",
    cook: "Tillagning",
    total: "Totalt",
    from: (w) => `Från ${w}`,
    by: (w) => `Av ${w}`,
    contents: "Innehåll",
    sharedReadOnly: "Delat från Ladle. Endast läsning.",
    myCookbook: "Min kokbok",
    cookbookOf: (n) => `${n}s kokbok`,
    linkOffTitle: "Länken avstängd",
    linkOffHeading: "Den här länken fungerar inte",
    linkOffText: "Länken har stängts av eller har aldrig funnits. Be den som skickade den om en ny.",
  },
};

/** The page's words in the language (English when none is known). */
export function pageWords(lang: RecipeLanguage | null | undefined): PageWords {
  return WORDS[lang ?? "en"];
}

/** A count as the language writes it ("1,5" in German). */
export function countIn(n: number, lang: RecipeLanguage | null | undefined): string {
  return new Intl.NumberFormat(lang === "en" || !lang ? "en-US" : lang, { maximumFractionDigits: 2 }).format(
    n,
  );
}
