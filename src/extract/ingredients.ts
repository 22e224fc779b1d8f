import { parseIngredient, type ParseIngredientOptions } from "parse-ingredient";
import type { Ingredient } from "../domain/recipe.ts";
import { cleanText } from "./text.ts";

// Non-English kitchen units that parse-ingredient does not know.
const EXTRA_UNITS: ParseIngredientOptions["additionalUOMs"] = {
  el: { short: "EL", plural: "EL", alternates: ["Essl.", "Essl", "Esslöffel", "EL."], type: "volume" },
  tl: { short: "TL", plural: "TL", alternates: ["Teel.", "Teelöffel", "TL."], type: "volume" },
  prise: { short: "Prise", plural: "Prisen", alternates: [], type: "other" },
  stueck: { short: "Stück", plural: "Stück", alternates: ["Stk.", "Stk"], type: "count" },
  bund: { short: "Bund", plural: "Bund", alternates: [], type: "count" },
  cas: {
    short: "c. à soupe",
    plural: "c. à soupe",
    alternates: ["c.à.s.", "c.à.s", "cuillère à soupe", "cuillères à soupe", "càs", "CS"],
    type: "volume",
  },
  cac: {
    short: "c. à café",
    plural: "c. à café",
    alternates: ["c.à.c.", "c.à.c", "cuillère à café", "cuillères à café", "càc", "cc"],
    type: "volume",
  },
  cucharada: { short: "cucharada", plural: "cucharadas", alternates: [], type: "volume" },
  cucharadita: { short: "cucharadita", plural: "cucharaditas", alternates: [], type: "volume" },
  cucchiaio: { short: "cucchiaio", plural: "cucchiai", alternates: [], type: "volume" },
  cucchiaino: { short: "cucchiaino", plural: "cucchiaini", alternates: [], type: "volume" },
  eetlepel: { short: "el", plural: "eetlepels", alternates: ["eetlepel"], type: "volume" },
  theelepel: { short: "tl", plural: "theelepels", alternates: ["theelepel"], type: "volume" },
  colher: {
    short: "colher",
    plural: "colheres",
    alternates: ["colher de sopa", "colheres de sopa"],
    type: "volume",
  },
  centilitre: {
    short: "cl",
    plural: "cl",
    alternates: ["centiliter", "centilitres", "centiliters"],
    type: "volume",
  },
  msk: { short: "msk", plural: "msk", alternates: [], type: "volume" },
  tsk: { short: "tsk", plural: "tsk", alternates: [], type: "volume" },
  krm: { short: "krm", plural: "krm", alternates: [], type: "volume" },
};

const OPTIONS: ParseIngredientOptions = {
  additionalUOMs: EXTRA_UNITS,
  // Sizes describe the ingredient, they are not units.
  ignoreUOMs: ["small", "medium", "large", "extra-large", "extra large", "big"],
  groupHeaderPatterns: ["For", "Für", /^Pour\s/iu, /^Para\s/iu, /^Per\s/iu, /^Voor\s/iu, /^Till\s/iu],
  rangeSeparators: ["to", "or", "bis", "à", "a", "tot", "till"],
  descriptionStripPrefixes: ["of", /de\s+/iu, /d'/iu],
};

// Canonical short spellings for the ids parse-ingredient reports.
const UNIT_NAMES: Record<string, string> = {
  cup: "cup",
  tablespoon: "tbsp",
  teaspoon: "tsp",
  ounce: "oz",
  fluidounce: "fl oz",
  pound: "lb",
  gram: "g",
  kilogram: "kg",
  milligram: "mg",
  milliliter: "ml",
  liter: "l",
  centiliter: "cl",
  centilitre: "cl",
  deciliter: "dl",
  pint: "pint",
  quart: "quart",
  gallon: "gallon",
  inch: "inch",
  centimeter: "cm",
  millimeter: "mm",
  pinch: "pinch",
  dash: "dash",
  clove: "clove",
  can: "can",
  stick: "stick",
  package: "package",
  piece: "piece",
  bunch: "bunch",
  slice: "slice",
  sprig: "sprig",
  handful: "handful",
  dozen: "dozen",
};

const TO_TASTE =
  /\b(to taste|as needed|as required|for serving|for garnish|nach geschmack|au goût|al gusto|a gusto|naar smaak|a gosto|efter smak)\b/i;
const OPTIONAL = /\b(optional|optionnel|facoltativ[oa]|opcional|optioneel|valfritt)\b/i;

// parse-ingredient's trailing-quantity regex backtracks exponentially on a long run of letters
// followed by digits inside one token ("aaaaaaaaaaaaaaaaaaaaaa(20)": 22 letters take ~0.4 s, each
// more letter doubles it), and its unit pattern does the same on other long tokens. Lines with such
// tokens (or over 300 characters) are not real ingredient lines: they keep
// the whole text as the name (low confidence), and a hostile page cannot stall a worker.
const RISKY_TOKEN = /[\p{L}_]{16,}[^\s\d]*\d|\S{25,}/u;
const PUNCT = /[^\p{L}\p{N}\s]/gu;
function SAFE_FOR_LIBRARY(line: string): boolean {
  if (line.length > 300 || RISKY_TOKEN.test(line)) return false;
  // Long tokens mixing letters and punctuation ("g(_:fl'abc.abc((20") are what its unit pattern
  // backtracks on; real ingredient words that long are plain compounds.
  return line.split(/\s+/).every((t) => t.length <= 16 || (t.match(PUNCT)?.length ?? 0) < 2);
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** Splits "flour, sifted (about 2 cups)" into name and notes. */
function splitNotes(description: string): { name: string; notes: string[] } {
  const notes: string[] = [];
  let name = description.replace(/\(([^()]*)\)/g, (_m, inner: string) => {
    if (inner.trim()) notes.push(inner.trim());
    return " ";
  });
  const comma = name.indexOf(",");
  if (comma > 0) {
    const rest = name.slice(comma + 1).trim();
    if (rest) notes.unshift(rest);
    name = name.slice(0, comma);
  }
  return { name: cleanText(name), notes };
}

/**
 * Parses one ingredient line into quantity, range, unit, name and notes, keeping the original
 * line. Decimal commas ("1,5 kg"), vulgar fractions, mixed numbers and ranges are understood.
 * Below confidence 0.5 the whole line becomes the name with quantity 0 and no unit (spec §12.1).
 */
export function parseIngredientLine(line: string, section: string | null = null): Ingredient {
  const text = cleanText(line);
  const optional = OPTIONAL.test(text);
  // "1,5" is a decimal comma; "1,000" is a thousands separator.
  const prepared = text
    .replace(/(\d),(\d{1,2})(?!\d)/g, "$1.$2")
    .replace(/(\d),(\d{3})(?!\d)/g, "$1$2")
    .replace(/^[-–•*·▢□◦]\s*/, "");
  const parsed = SAFE_FOR_LIBRARY(prepared) ? parseIngredient(prepared, OPTIONS)[0] : undefined;
  const base = { text, section, optional, quantityMax: null as number | null };
  if (!parsed || !text) {
    return { ...base, quantity: 0, unit: null, name: text, notes: null, confidence: 0 };
  }
  const description = parsed.description ?? "";
  const { name, notes } = splitNotes(description);
  const unitId = parsed.unitOfMeasureID;
  const unit = unitId ? (UNIT_NAMES[unitId] ?? parsed.unitOfMeasure ?? unitId) : null;
  const quantity = parsed.quantity ?? null;
  const toTaste = TO_TASTE.test(text);

  let confidence: number;
  if (quantity !== null && name) confidence = unit || /^[a-zà-ÿ]/i.test(name) ? 1 : 0.7;
  else if (quantity === null && name && (toTaste || !/\d/.test(text))) confidence = 0.8;
  else if (quantity !== null && !name) confidence = 0.4;
  else confidence = 0.3;

  if (confidence < 0.5) {
    return {
      ...base,
      quantity: 0,
      unit: null,
      name: text,
      notes: notes.length ? notes.join("; ") : null,
      confidence,
    };
  }
  return {
    ...base,
    quantity: quantity === null ? 0 : round3(quantity),
    quantityMax:
      parsed.quantity2 !== null && parsed.quantity2 !== undefined ? round3(parsed.quantity2) : null,
    unit,
    name: name || text,
    notes: notes.length ? notes.join("; ") : null,
    confidence,
  };
}

const HEADING = /^(?:for (?:the )?.{1,40}|[^a-z\d]{2,40}|.{1,40}:)$/;

/** True when a line in an ingredient list is a group heading ("For the sauce:", "FROSTING"). */
export function isIngredientHeading(line: string): boolean {
  const t = cleanText(line);
  if (!t || /\d/.test(t) || t.length > 50) return false;
  if (/:$/.test(t)) return true;
  if (/^(for|für|pour|para|per|voor|till)\s/i.test(t) && t.split(" ").length <= 6) return true;
  return HEADING.test(t) && t === t.toUpperCase() && /[A-ZÀ-Ý]/.test(t);
}

/** Parses a list of lines; headings become the `section` of the lines after them. */
export function parseIngredientList(lines: string[], initialSection: string | null = null): Ingredient[] {
  let section = initialSection;
  const out: Ingredient[] = [];
  for (const raw of lines) {
    const line = cleanText(raw);
    if (!line) continue;
    if (isIngredientHeading(line)) {
      section = line.replace(/:$/, "").trim();
      continue;
    }
    out.push(parseIngredientLine(line, section));
  }
  return out;
}
