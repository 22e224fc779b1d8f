import type { Ingredient } from "../domain/recipe.ts";
import { UNITS, toBase, unitId } from "../normalize/units.ts";
import {
  formatNumber,
  measuredAmount,
  roundCount,
  systemOf,
  unitWord,
  type AmountLanguage,
  type UnitSystem,
} from "./amounts.ts";
import { AISLES, aisleOf, type Aisle } from "./aisles.ts";
import { aisleIn, asNeededIn } from "./shoppingWords.ts";

/**
 * A shopping list from several recipes: the same ingredient is one line, its amounts added with
 * unit arithmetic (200 g + 300 g = 500 g, 1 cup + 2 tbsp = 1⅛ cups); amounts that cannot be added
 * (200 g and 1 cup of flour) stay side by side, and lines Ladle could not read are listed as
 * written. Pure: the service stores what this returns.
 */

/** One recipe's contribution: its ingredients at a scale. */
export interface ShoppingSource {
  recipeId: string;
  recipeName: string;
  factor: number;
  ingredients: Ingredient[];
}

/** One line of the list. */
export interface ShoppingLine {
  /** What merges lines ("onion", "all-purpose flour"). */
  key: string;
  /** The name to show. */
  name: string;
  aisle: Aisle;
  /** Amounts that could not be added together, each said as a cook says it ("500 g", "1 cup"). */
  amounts: string[];
  /** True when some recipe uses it without an amount ("salt to taste"). */
  asNeeded: boolean;
  /** True for a line Ladle could not read: listed as written. */
  unparsed: boolean;
  /** The recipes that use it. */
  recipes: string[];
  /** The lines as the recipes wrote them. */
  lines: string[];
  /** "500 g + 1 cup flour" */
  text: string;
  /** The cook keeps it in the pantry (listed, to be skipped or excluded). */
  pantry: boolean;
}

// Words that describe the state or size of an ingredient, not which one it is.
const DESCRIPTIVE = new Set([
  "fresh",
  "freshly",
  "large",
  "small",
  "medium",
  "extra-large",
  "big",
  "ripe",
  "organic",
  "good",
  "quality",
  "good-quality",
  "chopped",
  "minced",
  "diced",
  "sliced",
  "grated",
  "finely",
  "roughly",
  "coarsely",
  "thinly",
  "peeled",
  "softened",
  "melted",
  "cold",
  "warm",
  "room-temperature",
  "packed",
  "sifted",
  "beaten",
  "whole",
]);

function stem(w: string): string {
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:oes|ches|shes)$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

// Where a name turns into what is done to it ("garlic cloves crushed", "parmesan to serve"): the
// shopping list names what to buy, not how to prepare it.
const PREP_CUT =
  /\s+(?:finely|roughly|coarsely|thinly|freshly|chopped|crushed|minced|diced|sliced|grated|zested|juiced|peeled|halved|quartered|trimmed|drained|rinsed|melted|softened|sifted|beaten|cut|into|for|to (?:serve|decorate|garnish|taste)|divided)\b.*$/i;
const COUNT_TAIL = /\s+(cloves?|stalks?|sprigs?|heads?|bulbs?)$/i;

/** The name to buy: no parentheses, no preparation, no leading size or state ("COLD cooked rice"). */
export function shoppingName(name: string): string {
  let n = name
    .replace(/\([^)]*\)?/g, " ")
    .replace(/[*]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(?:an?|the)\s+/i, "")
    .replace(PREP_CUT, "")
    .replace(/[,;:]+$/, "")
    .trim();
  for (;;) {
    const first = /^(\S+)\s+/.exec(n);
    if (!first || !DESCRIPTIVE.has(first[1]!.toLowerCase())) break;
    n = n.slice(first[0].length);
  }
  return n || name.trim();
}

/** The key that makes "2 large eggs" and "1 egg, beaten" one line. */
export function ingredientKey(name: string): string {
  const words = name
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ")
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter((w) => w && !DESCRIPTIVE.has(w));
  if (!words.length) return name.toLowerCase().trim();
  words[words.length - 1] = stem(words[words.length - 1]!);
  return words.join(" ");
}

type Bucket =
  | {
      kind: "measured";
      dimension: "mass" | "volume";
      base: number;
      systems: Set<string>;
      unitIds: Set<string>;
    }
  | { kind: "count"; unit: string | null; size: string | null; count: number };

interface Acc {
  key: string;
  names: Map<string, number>;
  unitHint: string | null;
  buckets: Bucket[];
  asNeeded: boolean;
  unparsed: boolean;
  recipes: Set<string>;
  lines: string[];
}

const PACK_SIZE = /^(\d+(?:[.,]\d+)?\s*-?\s*(?:oz|ounce|g|ml|lb|kg|l)\.?)(?:;|$)/i;

function addAmount(acc: Acc, ing: Ingredient, factor: number): void {
  const id = unitId(ing.unit);
  // A range is bought at its top.
  const q = (ing.quantityMax ?? ing.quantity) * factor;
  if (id && UNITS[id]!.base !== undefined) {
    const dimension = UNITS[id]!.dimension as "mass" | "volume";
    const base = toBase(q, id)!;
    const b = acc.buckets.find((x) => x.kind === "measured" && x.dimension === dimension);
    const sys = systemOf(id);
    if (b && b.kind === "measured") {
      b.base += base;
      b.systems.add(sys);
      b.unitIds.add(id);
    } else
      acc.buckets.push({
        kind: "measured",
        dimension,
        base,
        systems: new Set([sys]),
        unitIds: new Set([id]),
      });
    return;
  }
  const unit = id ? UNITS[id]!.house : (ing.unit?.toLowerCase() ?? null);
  // Cans of different sizes are different things to buy.
  const size = ing.notes ? (PACK_SIZE.exec(ing.notes)?.[1]?.replace(/\s*-\s*/, " ") ?? null) : null;
  const b = acc.buckets.find((x) => x.kind === "count" && x.unit === unit && x.size === size);
  if (b && b.kind === "count") b.count += q;
  else acc.buckets.push({ kind: "count", unit, size, count: q });
}

function sayBucket(b: Bucket, units: UnitSystem, lang: AmountLanguage): string {
  if (b.kind === "measured") {
    // Said in the cook's system; "as written" picks the system most of the recipes used.
    const sys: UnitSystem =
      units !== "original" ? units : b.systems.has("metric") || !b.systems.has("us") ? "metric" : "us";
    const from = [...b.unitIds][0]!;
    const spoonsOnly = [...b.unitIds].every((u) => systemOf(u) === "none");
    return measuredAmount(b.base, null, from, spoonsOnly && units === "original" ? "original" : sys, lang)
      .text;
  }
  // Whole items are bought whole.
  const n =
    b.unit === null || UNITS[unitId(b.unit) ?? ""]?.dimension === "count"
      ? Math.ceil(b.count - 0.01)
      : roundCount(b.count);
  const size = b.size ? ` (${b.size})` : "";
  if (!b.unit) return `${formatNumber(n, lang)}${size}`;
  return `${formatNumber(n, lang)}${size} ${unitWord(b.unit, n, lang)}`;
}

/** Merges the sources' ingredients into shopping lines, in aisle order, then by name. */
export function buildShoppingList(
  sources: ShoppingSource[],
  opts: { units?: UnitSystem; pantry?: string[]; lang?: AmountLanguage } = {},
): ShoppingLine[] {
  const units = opts.units ?? "original";
  const pantry = new Set((opts.pantry ?? []).map(ingredientKey));
  const byKey = new Map<string, Acc>();
  for (const src of sources) {
    for (const ing of src.ingredients) {
      const unreadable = ing.confidence < 0.5;
      // "2 garlic cloves": the cloves are the unit, garlic the thing to buy.
      const tail = unreadable || ing.unit ? null : COUNT_TAIL.exec(shoppingName(ing.name));
      const name = tail ? shoppingName(ing.name).slice(0, tail.index) : shoppingName(ing.name);
      const counted = tail ? { ...ing, unit: tail[1]! } : ing;
      const key = unreadable ? `?${ing.text.toLowerCase()}` : ingredientKey(name);
      let acc = byKey.get(key);
      if (!acc) {
        acc = {
          key,
          names: new Map(),
          unitHint: ing.unit,
          buckets: [],
          asNeeded: false,
          unparsed: unreadable,
          recipes: new Set(),
          lines: [],
        };
        byKey.set(key, acc);
      }
      const shown = unreadable ? ing.text : name;
      acc.names.set(shown, (acc.names.get(shown) ?? 0) + 1);
      acc.recipes.add(src.recipeName);
      acc.lines.push(ing.text);
      if (unreadable) continue;
      if (ing.quantity > 0) addAmount(acc, counted, src.factor);
      else acc.asNeeded = true;
    }
  }
  const out: ShoppingLine[] = [];
  for (const acc of byKey.values()) {
    // The name most recipes used, the shortest on a tie ("eggs" over "large eggs").
    const name = [...acc.names.entries()].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]![0];
    const amounts = acc.buckets.map((b) => sayBucket(b, units, opts.lang ?? "en"));
    const countOnly = acc.buckets.length === 1 && acc.buckets[0]!.kind === "count" && !acc.buckets[0]!.unit;
    const amountText = amounts.join(" + ");
    const text = acc.unparsed
      ? name
      : [
          amountText,
          // English plural endings only on an English list: "3 Eiers" helps no German cook.
          countOnly && (opts.lang ?? "en") === "en" ? pluralName(name, acc.buckets[0]!) : name,
          acc.asNeeded ? asNeededIn(opts.lang ?? "en", amounts.length > 0) : "",
        ]
          .filter(Boolean)
          .join(" ");
    out.push({
      key: acc.key,
      name,
      aisle: acc.unparsed ? "Other" : aisleOf(name, acc.unitHint, opts.lang ?? "en"),
      amounts,
      asNeeded: acc.asNeeded,
      unparsed: acc.unparsed,
      recipes: [...acc.recipes],
      lines: acc.lines,
      text,
      pantry: pantry.has(acc.key),
    });
  }
  return out.sort(
    (a, b) => AISLES.indexOf(a.aisle) - AISLES.indexOf(b.aisle) || a.name.localeCompare(b.name),
  );
}

function pluralName(name: string, b: Bucket): string {
  if (b.kind !== "count" || b.count <= 1 || !/[a-z]$/.test(name) || /s$/.test(name)) return name;
  return /(?:ch|sh|x|[^aeiou]o)$/.test(name)
    ? `${name}es`
    : /[^aeiou]y$/.test(name)
      ? `${name.slice(0, -1)}ies`
      : `${name}s`;
}

/** The list as plain text, by aisle (named in `lang`), with a box to tick on paper. */
export function shoppingListText(
  title: string,
  lines: { aisle: string; text: string; checked?: boolean }[],
  lang: AmountLanguage = "en",
): string {
  const out = [title, ""];
  for (const aisle of AISLES) {
    const inAisle = lines.filter(
      (l) => l.aisle === aisle || (aisle === "Other" && !AISLES.includes(l.aisle as Aisle)),
    );
    if (!inAisle.length) continue;
    out.push(aisleIn(aisle, lang));
    for (const l of inAisle) out.push(`${l.checked ? "[x]" : "[ ]"} ${l.text}`);
    out.push("");
  }
  return out.join("\n").trimEnd() + "\n";
}
