/**
 * Kitchen units in the eight languages the extractor knows, each with Ladle's house spelling, the
 * spellings that mean the same unit, its dimension and (for convertible units) its size in the
 * dimension's base (ml or g). Hand-written: unit libraries (convert-units, mathjs) know SI and US
 * units but not "EL", "càs", "colher de sopa" or "msk", and would not say which spelling is house style.
 */
export interface UnitDef {
  /** House spelling. */
  house: string;
  aliases: string[];
  dimension: "volume" | "mass" | "count" | "other";
  system: "metric" | "us" | "none";
  /** ml for volume, g for mass. */
  base?: number;
}

export const UNITS: Record<string, UnitDef> = {
  tbsp: {
    house: "tbsp",
    aliases: ["tablespoon", "tablespoons", "tbsp.", "tbs", "tbs.", "tbl", "tbsps", "T", "Tbsp", "Tbs"],
    dimension: "volume",
    system: "us",
    base: 15,
  },
  tsp: {
    house: "tsp",
    aliases: ["teaspoon", "teaspoons", "tsp.", "tsps", "t", "Tsp"],
    dimension: "volume",
    system: "us",
    base: 5,
  },
  cup: { house: "cup", aliases: ["cups", "c.", "C"], dimension: "volume", system: "us", base: 240 },
  floz: {
    house: "fl oz",
    aliases: ["fluid ounce", "fluid ounces", "fl. oz.", "fl.oz.", "fl oz.", "floz"],
    dimension: "volume",
    system: "us",
    base: 29.5735,
  },
  pint: { house: "pint", aliases: ["pints", "pt", "pt."], dimension: "volume", system: "us", base: 473.176 },
  quart: {
    house: "quart",
    aliases: ["quarts", "qt", "qt."],
    dimension: "volume",
    system: "us",
    base: 946.353,
  },
  gallon: {
    house: "gallon",
    aliases: ["gallons", "gal", "gal."],
    dimension: "volume",
    system: "us",
    base: 3785.41,
  },
  oz: { house: "oz", aliases: ["ounce", "ounces", "oz."], dimension: "mass", system: "us", base: 28.3495 },
  lb: {
    house: "lb",
    aliases: ["pound", "pounds", "lbs", "lbs.", "lb."],
    dimension: "mass",
    system: "us",
    base: 453.592,
  },
  g: {
    house: "g",
    aliases: [
      "gram",
      "grams",
      "gramm",
      "grammes",
      "gramme",
      "gramos",
      "gramo",
      "grammi",
      "grammo",
      "gramas",
      "grama",
      "gr",
      "gr.",
      "grs",
      "G",
    ],
    dimension: "mass",
    system: "metric",
    base: 1,
  },
  kg: {
    house: "kg",
    aliases: [
      "kilogram",
      "kilograms",
      "kilogramm",
      "kilogrammes",
      "kilogramos",
      "kilo",
      "kilos",
      "chilo",
      "chili",
      "quilo",
      "quilos",
      "kg.",
      "KG",
      "Kg",
    ],
    dimension: "mass",
    system: "metric",
    base: 1000,
  },
  mg: {
    house: "mg",
    aliases: ["milligram", "milligrams", "milligramm", "mg."],
    dimension: "mass",
    system: "metric",
    base: 0.001,
  },
  ml: {
    house: "ml",
    aliases: [
      "milliliter",
      "milliliters",
      "millilitre",
      "millilitres",
      "mililitro",
      "mililitros",
      "millilitro",
      "millilitri",
      "mL",
      "ML",
      "ml.",
      "mls",
    ],
    dimension: "volume",
    system: "metric",
    base: 1,
  },
  cl: {
    house: "cl",
    aliases: ["centiliter", "centiliters", "centilitre", "centilitres", "cL", "cl."],
    dimension: "volume",
    system: "metric",
    base: 10,
  },
  dl: {
    house: "dl",
    aliases: ["deciliter", "deciliters", "decilitre", "decilitres", "dL", "dl."],
    dimension: "volume",
    system: "metric",
    base: 100,
  },
  l: {
    house: "l",
    aliases: ["liter", "liters", "litre", "litres", "litro", "litros", "litri", "ltr", "ltr.", "L", "l."],
    dimension: "volume",
    system: "metric",
    base: 1000,
  },
  // German
  EL: {
    house: "EL",
    aliases: ["Esslöffel", "Essl.", "Essl", "EL.", "el.", "Eßlöffel"],
    dimension: "volume",
    system: "metric",
    base: 15,
  },
  TL: {
    house: "TL",
    aliases: ["Teelöffel", "Teel.", "Teel", "TL."],
    dimension: "volume",
    system: "metric",
    base: 5,
  },
  Prise: { house: "Prise", aliases: ["Prisen"], dimension: "other", system: "none" },
  Msp: {
    house: "Msp.",
    aliases: ["Msp", "Messerspitze", "Messerspitzen"],
    dimension: "other",
    system: "none",
  },
  // French
  cas: {
    house: "c. à soupe",
    aliases: [
      "cuillère à soupe",
      "cuillères à soupe",
      "cuil. à soupe",
      "c. à s.",
      "càs",
      "CS",
      "c.à.s.",
      "c à s",
    ],
    dimension: "volume",
    system: "metric",
    base: 15,
  },
  cac: {
    house: "c. à café",
    aliases: [
      "cuillère à café",
      "cuillères à café",
      "cuil. à café",
      "c. à c.",
      "càc",
      "cc",
      "c.à.c.",
      "c à c",
    ],
    dimension: "volume",
    system: "metric",
    base: 5,
  },
  pincee: { house: "pincée", aliases: ["pincées"], dimension: "other", system: "none" },
  // Spanish
  cda: {
    house: "cda",
    aliases: ["cucharada", "cucharadas", "cda.", "cdas", "cdas."],
    dimension: "volume",
    system: "metric",
    base: 15,
  },
  cdta: {
    house: "cdta",
    aliases: ["cucharadita", "cucharaditas", "cdta.", "cdita", "cditas", "cdtas"],
    dimension: "volume",
    system: "metric",
    base: 5,
  },
  taza: { house: "taza", aliases: ["tazas"], dimension: "volume", system: "metric", base: 240 },
  pizca: { house: "pizca", aliases: ["pizcas"], dimension: "other", system: "none" },
  // Italian
  cucchiaio: {
    house: "cucchiaio",
    aliases: ["cucchiai", "cucch.", "C."],
    dimension: "volume",
    system: "metric",
    base: 15,
  },
  cucchiaino: {
    house: "cucchiaino",
    aliases: ["cucchiaini", "cucchiaino."],
    dimension: "volume",
    system: "metric",
    base: 5,
  },
  pizzico: { house: "pizzico", aliases: ["pizzichi"], dimension: "other", system: "none" },
  // Dutch
  eetlepel: {
    house: "el",
    aliases: ["eetlepel", "eetlepels", "eetl.", "eetl", "EL"],
    dimension: "volume",
    system: "metric",
    base: 15,
  },
  theelepel: {
    house: "tl",
    aliases: ["theelepel", "theelepels", "theel.", "theel"],
    dimension: "volume",
    system: "metric",
    base: 5,
  },
  // Portuguese
  colherSopa: {
    house: "colher de sopa",
    aliases: ["colheres de sopa", "colher (sopa)", "colheres (sopa)", "c. sopa", "c.s."],
    dimension: "volume",
    system: "metric",
    base: 15,
  },
  colherCha: {
    house: "colher de chá",
    aliases: ["colheres de chá", "colher (chá)", "colheres (chá)", "c. chá"],
    dimension: "volume",
    system: "metric",
    base: 5,
  },
  xicara: {
    house: "xícara",
    aliases: ["xícaras", "xicara", "xicaras"],
    dimension: "volume",
    system: "metric",
    base: 240,
  },
  // Swedish
  msk: {
    house: "msk",
    aliases: ["matsked", "matskedar", "msk."],
    dimension: "volume",
    system: "metric",
    base: 15,
  },
  tsk: {
    house: "tsk",
    aliases: ["tesked", "teskedar", "tsk."],
    dimension: "volume",
    system: "metric",
    base: 5,
  },
  krm: { house: "krm", aliases: ["kryddmått", "krm."], dimension: "volume", system: "metric", base: 1 },
  // Everywhere
  pinch: { house: "pinch", aliases: ["pinches"], dimension: "other", system: "none" },
  clove: { house: "clove", aliases: ["cloves"], dimension: "count", system: "none" },
  can: { house: "can", aliases: ["cans", "tin", "tins"], dimension: "count", system: "none" },
  slice: { house: "slice", aliases: ["slices"], dimension: "count", system: "none" },
  piece: { house: "piece", aliases: ["pieces", "pc", "pcs"], dimension: "count", system: "none" },
};

// Case matters for a few spellings (T is tablespoon, t teaspoon; EL is German, el Dutch): exact
// matches first, then case-insensitive ones among spellings that are unambiguous.
const exact = new Map<string, string>();
const folded = new Map<string, string | null>();
for (const [id, u] of Object.entries(UNITS)) {
  for (const s of [u.house, ...u.aliases]) {
    if (!exact.has(s)) exact.set(s, id);
    const f = s.toLowerCase();
    const prev = folded.get(f);
    folded.set(f, prev === undefined || prev === id ? id : null);
  }
}

/** The unit id a spelling means, or null when unknown or ambiguous. */
export function unitId(spelling: string | null | undefined): string | null {
  if (!spelling) return null;
  const s = spelling.trim().replace(/\s+/g, " ");
  return exact.get(s) ?? folded.get(s.toLowerCase()) ?? null;
}

/** Base amount (ml or g) of `quantity` in unit `id`, or null when not convertible. */
export function toBase(quantity: number, id: string): number | null {
  const u = UNITS[id];
  return u?.base === undefined ? null : quantity * u.base;
}
