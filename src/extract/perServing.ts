import { formatNumber } from "../kitchen/amounts.ts";
import { cleanText } from "./text.ts";

// An app state that stores each amount as a number per serving ("amount": 0.5 of a celery stalk,
// "serving_size": 4) and lets its script multiply them for the servings shown: the page a cook
// sees says "2 stilke bladselleri". The amounts are read so only when the numbers say they are per
// serving: few of them whole, nearly all of them whole or a cook's fraction once multiplied (a
// list of totals is mostly whole already, and stays unread as before).

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => !!v && typeof v === "object" && !Array.isArray(v);

// A recipe's count of servings, under the names app states give it.
const SERVINGS_KEYS = ["serving_size", "servingSize", "servings", "portions", "persons", "serves", "yield"];

/** The number of servings an object states, null when it states none. */
export function servingsOf(o: Record<string, Json>): number | null {
  for (const k of SERVINGS_KEYS) {
    const v = o[k];
    const n =
      typeof v === "number" ? v : typeof v === "string" && /^\d{1,3}$/.test(v.trim()) ? Number(v) : NaN;
    if (Number.isInteger(n) && n >= 2 && n <= 100) return n;
  }
  return null;
}

const QUANTITY_KEYS = ["amount", "quantity", "qty"];
const amountOf = (o: Record<string, Json>): number | null | undefined => {
  for (const k of QUANTITY_KEYS) {
    const v = o[k];
    if (typeof v === "number" && Number.isFinite(v) && v > 0) return v;
    if (v === null || v === undefined) continue;
    // An amount written as text, or as an object of systems: not this reading's.
    return undefined;
  }
  return null;
};

// Whole numbers and the fractions a cook writes, to within a rounding of the stored number.
const FRACTIONS = [0, 1 / 8, 1 / 4, 1 / 3, 1 / 2, 2 / 3, 3 / 4, 7 / 8];
const isRound = (n: number): boolean => FRACTIONS.some((f) => Math.abs(n - Math.floor(n + 1e-6) - f) < 0.01);
const isWhole = (n: number): boolean => Math.abs(n - Math.round(n)) < 0.01;

/** Whether the numbers of a list's items are per serving of `servings`. */
export function amountsPerServing(items: Record<string, Json>[], servings: number): boolean {
  const amounts = items.map(amountOf);
  if (amounts.some((a) => a === undefined)) return false;
  const numbers = amounts.filter((a): a is number => typeof a === "number");
  if (numbers.length < 2) return false;
  const whole = numbers.filter(isWhole).length;
  const round = numbers.filter((n) => isRound(n * servings)).length;
  return whole * 2 < numbers.length && round * 10 >= numbers.length * 9;
}

// A count's unit ("stk.", "pcs", "Stück") is not written before the thing counted: "2 gulerødder".
const COUNT_UNIT = /^(?:stk|st|pcs?|pieces?|stück|ks|kpl|szt|pz|pièces?|unid(?:ades?)?)\.?$/i;

/** A name from a value: text, or an inflected object's singular or plural, its abbreviation first for a unit. */
function word(v: Json, plural: boolean, unit: boolean): string {
  if (!isObject(v)) return cleanText(v);
  const named = plural ? (v.name_plural ?? v.plural) : (v.name_singular ?? v.singular);
  return cleanText((unit ? v.abbreviation : null) ?? named ?? v.name ?? v.title ?? null);
}

const NAME_KEYS = ["ingredient", "food", "product", "name", "title"];
const UNIT_KEYS = ["unit", "measure", "measurement"];

/**
 * An item's line with its amount multiplied by the servings: amount, unit (not a count's), the
 * words before the name, the name (plural when the item says so, or for more than one), the words
 * after it. A unit without an amount ("bundt" of salt) is not written.
 */
export function servedLine(o: Record<string, Json>, servings: number): string | null {
  const a = amountOf(o);
  const amount = typeof a === "number" ? a * servings : null;
  const unitValue = UNIT_KEYS.map((k) => o[k]).find((v) => v !== undefined && v !== null);
  const unit = amount === null || !unitValue ? "" : word(unitValue, amount > 1, true);
  const counted = !unit || COUNT_UNIT.test(unit);
  const inflection = typeof o.ingredient_inflection === "string" ? o.ingredient_inflection : "default";
  const plural = inflection === "plural" || (inflection === "default" && amount !== null && amount > 1);
  const nameValue = NAME_KEYS.map((k) => o[k]).find((v) => v !== undefined && v !== null);
  const name = word(nameValue, plural, false) || word(nameValue, false, false);
  if (!name) return null;
  return [
    amount === null ? "" : formatNumber(amount),
    counted ? "" : unit,
    cleanText(o.prefix),
    name,
    cleanText(o.suffix),
  ]
    .filter(Boolean)
    .join(" ");
}
