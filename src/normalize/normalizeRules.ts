import { Pointer } from "rfc6902/pointer.js";
import type { Ingredient, Recipe } from "../domain/recipe.ts";
import { toBase, unitId, UNITS } from "./units.ts";

/** A proposed change, before Ladle's checks. */
export interface ProposedOp {
  op: "add" | "remove" | "replace" | "move" | "copy";
  path: string;
  value?: unknown;
  from?: string;
  riskCategory: "Low" | "High";
  /** Which rule (or "llm") proposed it. */
  rule: string;
  /** One line for `diffSummary`. */
  summary: string;
}

// --- text rules (Low) --------------------------------------------------------------------------

/** Whitespace: trimmed, runs of spaces and tabs collapsed, no space before punctuation. */
export function tidyWhitespace(s: string): string {
  return s
    .replace(/[\t\u00a0\u2000-\u200b\u202f ]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/ +([,;:.!?)])(?=\s|$)/g, "$1")
    .trim();
}

const VULGAR: Record<string, string> = {
  "½": "1/2",
  "⅓": "1/3",
  "⅔": "2/3",
  "¼": "1/4",
  "¾": "3/4",
  "⅕": "1/5",
  "⅖": "2/5",
  "⅗": "3/5",
  "⅘": "4/5",
  "⅙": "1/6",
  "⅚": "5/6",
  "⅛": "1/8",
  "⅜": "3/8",
  "⅝": "5/8",
  "⅞": "7/8",
  "⅐": "1/7",
  "⅑": "1/9",
  "⅒": "1/10",
};
const VULGAR_RE = new RegExp(`(?:(\\d)[ \\u2009-]?)?([${Object.keys(VULGAR).join("")}])`, "g");

/**
 * Numbers written one way, values unchanged: ".5" → "0.5", "1½" / "1-1/2" → "1 1/2", "½" → "1/2",
 * the fraction slash → "/", "1 / 2" → "1/2".
 */
export function formatNumbers(s: string): string {
  return s
    .replace(/(\d)\u2044(\d)/g, "$1/$2")
    .replace(VULGAR_RE, (_m, whole: string | undefined, f: string) =>
      whole ? `${whole} ${VULGAR[f]}` : VULGAR[f]!,
    )
    .replace(/(^|[^\d.,/])\.(\d)/g, "$10.$2")
    .replace(/\b(\d+)-(\d+\/\d+)\b/g, "$1 $2")
    .replace(/\b(\d) \/ (\d{1,2})\b/g, "$1/$2");
}

const DEGREE_WORDS = "degrees?|deg\\.?|degr[ée]s|grados|gradi|graden|grader|grad";
const TEMP_RE = new RegExp(
  `(\\d{2,3})(\\s*(?:°|º|˚)\\s*|\\s*(?:${DEGREE_WORDS})\\s+|\\s*)(F|C|Fahrenheit|Celsius)(?![\\p{L}])`,
  "giu",
);

/** Temperatures as "350°F" / "180°C" ("350 F", "350 degrees F", "180 ° C", "180 grados C"). */
export function formatTemperatures(s: string): string {
  return s.replace(TEMP_RE, (m, n: string, mid: string, scale: string) => {
    const value = Number(n);
    const marked = mid.trim() !== "";
    const c = /^c/i.test(scale);
    // "12 C" may be twelve cups: without a degree sign or word, only oven-like values count.
    if (!marked && (c ? value < 40 : value < 90)) return m;
    if (!marked && scale.length === 1 && scale === scale.toLowerCase()) return m;
    return `${n}°${c ? "C" : "F"}`;
  });
}

const LETTERS = /\p{L}/u;
const isAllCaps = (s: string) => {
  const letters = [...s].filter((ch) => LETTERS.test(ch));
  return letters.length >= 4 && s === s.toUpperCase() && s !== s.toLowerCase();
};

/** "SUNDAY PANCAKES" → "Sunday Pancakes"; other names keep their casing. */
export function titleCase(s: string): string {
  if (!isAllCaps(s)) return s;
  return s.toLowerCase().replace(/(^|[\s(-])(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase());
}

/** A step starts with a capital; a shouted step becomes a sentence. */
export function sentenceCase(s: string): string {
  let t = isAllCaps(s) ? s.toLowerCase() : s;
  t = t.replace(/^(\P{L}*)(\p{Ll})/u, (_m, a: string, b: string) => a + b.toUpperCase());
  return t;
}

/** What Low-risk text rules make of a step, description or note. */
export function lowText(s: string): string {
  return formatTemperatures(formatNumbers(tidyWhitespace(s)));
}

// --- risk classification ------------------------------------------------------------------------

/** The form two texts share when they differ only by whitespace, casing, number or temperature format. */
export function textKey(s: string): string {
  return lowText(s.normalize("NFC")).toLowerCase().replace(/\s+/g, " ").trim();
}

type FieldKind = "text" | "unit" | "number" | "ingredient" | "instruction" | "list" | "enum";

/** Paths normalization may touch, and what kind of value lives there. */
const PATHS: [RegExp, FieldKind][] = [
  [/^\/(name|description|yield|cuisine|dietType)$/, "text"],
  [/^\/ingredients\/\d+\/(text|name|notes|section)$/, "text"],
  [/^\/ingredients\/\d+\/unit$/, "unit"],
  [/^\/ingredients\/\d+\/(quantity|quantityMax)$/, "number"],
  [/^\/ingredients\/(\d+|-)$/, "ingredient"],
  [/^\/instructions\/\d+\/(text|section)$/, "text"],
  [/^\/instructions\/(\d+|-)$/, "instruction"],
  [/^\/(tags|category)$/, "list"],
  [/^\/(tags|category)\/(\d+|-)$/, "text"],
  [/^\/(servings|prepTimeMinutes|cookTimeMinutes|totalTimeMinutes)$/, "number"],
];

/** The kind of field at `path`, or null when normalization may not change it. */
export function fieldKind(path: string): FieldKind | null {
  return PATHS.find(([re]) => re.test(path))?.[1] ?? null;
}

/** The value at a JSON Pointer, or undefined when the path does not exist. */
export function valueAt(doc: unknown, path: string): unknown {
  try {
    return Pointer.fromJSON(path).get(doc);
  } catch {
    return undefined;
  }
}

function sameUnit(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "string" || typeof b !== "string") return a == null && b == null;
  const ia = unitId(a);
  return ia !== null && ia === unitId(b);
}

function sameIngredient(a: Partial<Ingredient>, b: Partial<Ingredient>): string | null {
  if ((a.quantity ?? 0) !== (b.quantity ?? 0) || (a.quantityMax ?? null) !== (b.quantityMax ?? null))
    return "changes a quantity";
  if (!sameUnit(a.unit ?? null, b.unit ?? null)) return "changes a unit";
  if (textKey(a.name ?? "") !== textKey(b.name ?? "")) return "changes the ingredient's name";
  for (const k of ["text", "notes", "section"] as const)
    if (textKey(a[k] ?? "") !== textKey(b[k] ?? "")) return `changes the ingredient's ${k}`;
  if ((a.optional ?? false) !== (b.optional ?? false)) return "changes whether it is optional";
  return null;
}

/**
 * Ladle's own verdict on an operation: null when it only changes whitespace, casing, number or
 * temperature format or a unit's spelling (Low), else why it is High (a quantity, a unit, a name's
 * words, the order or number of steps or ingredients).
 */
export function highRiskReason(
  doc: Recipe,
  op: { op: string; path: string; value?: unknown },
): string | null {
  if (op.op === "move" || op.op === "copy") return "reorders or duplicates content";
  if (op.op === "add") return "adds content (a step or ingredient split or added)";
  if (op.op === "remove") return "removes content (steps or ingredients merged or dropped)";
  const kind = fieldKind(op.path);
  const before = valueAt(doc, op.path);
  const after = op.value;
  switch (kind) {
    case "text":
      return typeof after === "string" && typeof before === "string" && textKey(before) === textKey(after)
        ? null
        : before === null && (after === null || after === "")
          ? null
          : "changes words";
    case "unit":
      if (sameUnit(before, after)) return null;
      return unitId(before as string) && unitId(after as string) ? "converts a unit" : "changes a unit";
    case "number":
      return before === after ? null : "changes a quantity";
    case "ingredient":
      return typeof after === "object" && after && typeof before === "object" && before
        ? sameIngredient(before as Ingredient, after as Ingredient)
        : "changes an ingredient";
    case "instruction": {
      const a = before as { text?: string; section?: string | null } | undefined;
      const b = after as { text?: string; section?: string | null } | undefined;
      return a &&
        b &&
        textKey(a.text ?? "") === textKey(b.text ?? "") &&
        textKey(a.section ?? "") === textKey(b.section ?? "")
        ? null
        : "changes a step";
    }
    case "list": {
      const key = (v: unknown) =>
        Array.isArray(v) ? [...new Set(v.map((x) => textKey(String(x))))].sort().join("\u0000") : "";
      return key(before) === key(after) ? null : "changes the list's words";
    }
    default:
      return "changes a field normalization does not touch";
  }
}

// --- deterministic proposals --------------------------------------------------------------------

const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}…` : s);

/** Low-risk operations: unit spellings, whitespace and casing, number and temperature formats. */
export function lowRiskOps(r: Recipe): ProposedOp[] {
  const ops: ProposedOp[] = [];
  const text = (path: string, before: string | null, after: string | null, what: string) => {
    if (before === null || after === null || before === after) return;
    const rules: string[] = [];
    if (tidyWhitespace(before) !== before) rules.push("whitespace");
    if (formatNumbers(tidyWhitespace(before)) !== tidyWhitespace(before)) rules.push("number format");
    if (formatTemperatures(before) !== before) rules.push("temperature format");
    if (after.toLowerCase() !== lowText(before).toLowerCase() || after !== lowText(before)) {
      if (lowText(before) !== after) rules.push("casing");
    }
    ops.push({
      op: "replace",
      path,
      value: after,
      riskCategory: "Low",
      rule: rules.join("+") || "whitespace",
      summary: `${what}: ${rules.join(", ") || "whitespace"} (“${clip(before)}” → “${clip(after)}”)`,
    });
  };
  text("/name", r.name, titleCase(tidyWhitespace(r.name)), "Recipe name");
  if (r.description !== null) text("/description", r.description, lowText(r.description), "Description");
  if (r.yield !== null) text("/yield", r.yield, lowText(r.yield), "Yield");
  r.ingredients.forEach((ing, i) => {
    const id = unitId(ing.unit);
    if (ing.unit && id && UNITS[id]!.house !== ing.unit) {
      ops.push({
        op: "replace",
        path: `/ingredients/${i}/unit`,
        value: UNITS[id]!.house,
        riskCategory: "Low",
        rule: "unit abbreviation",
        summary: `Normalized units: ${ing.unit} -> ${UNITS[id]!.house}`,
      });
    }
    text(`/ingredients/${i}/text`, ing.text, tidyWhitespace(ing.text), `Ingredient ${i + 1} line`);
    const name = tidyWhitespace(ing.name);
    text(
      `/ingredients/${i}/name`,
      ing.name,
      isAllCaps(name) ? name.toLowerCase() : name,
      `Ingredient ${i + 1} name`,
    );
    if (ing.notes !== null)
      text(`/ingredients/${i}/notes`, ing.notes, lowText(ing.notes), `Ingredient ${i + 1} notes`);
  });
  r.instructions.forEach((s, i) => {
    text(`/instructions/${i}/text`, s.text, sentenceCase(lowText(s.text)), `Step ${i + 1}`);
  });
  for (const key of ["tags", "category"] as const) {
    const list = r[key];
    const tidy = [...new Set(list.map((t) => tidyWhitespace(t).toLowerCase()).filter(Boolean))];
    if (tidy.join("\u0000") !== list.join("\u0000"))
      ops.push({
        op: "replace",
        path: `/${key}`,
        value: tidy,
        riskCategory: "Low",
        rule: "casing",
        summary: `${key === "tags" ? "Tags" : "Categories"}: lower case, duplicates dropped`,
      });
  }
  return ops;
}

/** Rounds a converted amount to what a cook would measure. */
function kitchenRound(n: number): number {
  if (n >= 100) return Math.round(n / 5) * 5;
  if (n >= 10) return Math.round(n);
  if (n >= 1) return Math.round(n * 4) / 4;
  return Math.round(n * 8) / 8;
}

/** The US unit that reads best for a metric amount (base ml or g). */
function usUnitFor(base: number, dimension: "volume" | "mass"): string {
  if (dimension === "mass") return base >= 453 ? "lb" : "oz";
  if (base >= 60) return "cup";
  if (base >= 15) return "tbsp";
  return "tsp";
}

function metricUnitFor(base: number, dimension: "volume" | "mass"): string {
  if (dimension === "mass") return base >= 1000 ? "kg" : "g";
  return base >= 1000 ? "l" : "ml";
}

const fmtQty = (n: number) => String(Math.round(n * 1000) / 1000);

/**
 * Unit conversion offered as High: metric ↔ US customary. `target` "auto" converts the minority
 * system to the one most ingredients use (the recipe becomes consistent); "metric" / "us" convert
 * everything convertible; "none" offers nothing. Spoon units stay spoons (a tablespoon is a
 * tablespoon in every system).
 */
export function conversionOps(r: Recipe, target: "auto" | "metric" | "us" | "none"): ProposedOp[] {
  if (target === "none") return [];
  const spoon = new Set([
    "tbsp",
    "tsp",
    "EL",
    "TL",
    "cas",
    "cac",
    "cda",
    "cdta",
    "cucchiaio",
    "cucchiaino",
    "eetlepel",
    "theelepel",
    "colherSopa",
    "colherCha",
    "msk",
    "tsk",
    "krm",
  ]);
  const convertible = r.ingredients.map((ing) => {
    const id = unitId(ing.unit);
    const u = id ? UNITS[id]! : null;
    return u &&
      u.base !== undefined &&
      (u.dimension === "mass" || u.dimension === "volume") &&
      !spoon.has(id!) &&
      ing.quantity > 0
      ? { id: id!, u }
      : null;
  });
  let to: "metric" | "us";
  if (target === "auto") {
    const us = convertible.filter((c) => c?.u.system === "us").length;
    const metric = convertible.filter((c) => c?.u.system === "metric").length;
    if (!us || !metric) return [];
    to = us >= metric ? "us" : "metric";
  } else to = target;
  const ops: ProposedOp[] = [];
  r.ingredients.forEach((ing, i) => {
    const c = convertible[i];
    if (!c || c.u.system === to) return;
    const dim = c.u.dimension as "volume" | "mass";
    const base = toBase(ing.quantity, c.id)!;
    const unit = to === "metric" ? metricUnitFor(base, dim) : usUnitFor(base, dim);
    const quantity = kitchenRound(base / UNITS[unitId(unit)!]!.base!);
    const quantityMax =
      ing.quantityMax !== null
        ? kitchenRound(toBase(ing.quantityMax, c.id)! / UNITS[unitId(unit)!]!.base!)
        : null;
    const amount = quantityMax !== null ? `${fmtQty(quantity)}-${fmtQty(quantityMax)}` : fmtQty(quantity);
    const value: Ingredient = {
      ...ing,
      quantity,
      quantityMax,
      unit,
      text: `${amount} ${unit} ${ing.name}${ing.notes ? `, ${ing.notes}` : ""}`,
      notes: ing.notes,
    };
    ops.push({
      op: "replace",
      path: `/ingredients/${i}`,
      value,
      riskCategory: "High",
      rule: "unit conversion",
      summary: `Converted ${fmtQty(ing.quantity)} ${ing.unit} ${ing.name} -> ${amount} ${unit} (High)`,
    });
  });
  return ops;
}

export { show };
