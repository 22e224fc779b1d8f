// The shared corpus of hand-labelled ingredient lines (../shared/corpus/ingredients), scored by its
// README's rules: quantity, unit, name token F1, line right; preparation token F1 besides.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseIngredientLine } from "../../src/extract/ingredients.ts";
import { printTable, Tally, tokenF1, valueDiff } from "./corpusScore.ts";

export const INGREDIENT_CORPUS = fileURLToPath(
  new URL("../../../shared/corpus/ingredients/", import.meta.url),
);

/** One labelled line. */
export interface LabelledLine {
  id: string;
  input: string;
  name: string;
  quantity: string;
  unit: string;
  size: string;
  preparation: string;
  comment: string;
}

// A minimal RFC 4180 reader (quoted fields, doubled quotes, newlines inside quotes): the corpus is
// two plain files and no CSV library is installed.
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Every labelled line of every CSV file in the corpus folder; [] when absent. */
export function loadIngredientCorpus(dir = INGREDIENT_CORPUS): Map<string, LabelledLine[]> {
  const out = new Map<string, LabelledLine[]>();
  if (!existsSync(dir)) return out;
  for (const f of readdirSync(dir)
    .filter((x) => x.endsWith(".csv"))
    .sort()) {
    const [head, ...rows] = parseCsv(readFileSync(path.join(dir, f), "utf8"));
    const col = (name: string) => head!.indexOf(name);
    const lines = rows
      .filter((r) => r.length === head!.length && r[col("input")]!.trim())
      .map((r, i) => ({
        id: `${f}:${i + 2}`,
        input: r[col("input")]!,
        name: r[col("name")]!,
        quantity: r[col("quantity")]!,
        unit: r[col("unit")]!,
        size: r[col("size")]!,
        preparation: r[col("preparation")]!,
        comment: r[col("comment")]!,
      }));
    out.set(f.replace(/\.csv$/, ""), lines);
  }
  return out;
}

/** The first labelled quantity as a number (`#1$2`, `2#1$4`, a word, a range's lower bound); null when none. */
const WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  half: 0.5,
  dozen: 12,
};

export function labelledQuantity(q: string): number | null {
  const first = q.trim().split(/\s+/)[0]?.split("-")[0] ?? "";
  if (!first) return null;
  if (WORDS[first.toLowerCase()] !== undefined) return WORDS[first.toLowerCase()]!;
  const m = /^(\d+(?:\.\d+)?)?(?:#(\d+)\$(\d+))?$/.exec(first);
  if (!m || (!m[1] && !m[2])) return null;
  return (m[1] ? Number(m[1]) : 0) + (m[2] ? Number(m[2]) / Number(m[3]) : 0);
}

// Spellings of one unit, reduced to one name (the README: `tbsp` = `tablespoon` = `T`, `g` = `gram`).
const UNIT_SYNONYMS: Record<string, string> = {
  t: "teaspoon",
  tsp: "teaspoon",
  tsps: "teaspoon",
  teaspoon: "teaspoon",
  tb: "tablespoon",
  tbl: "tablespoon",
  tbs: "tablespoon",
  tbsp: "tablespoon",
  tablespoon: "tablespoon",
  c: "cup",
  cup: "cup",
  g: "gram",
  gr: "gram",
  gm: "gram",
  gram: "gram",
  kg: "kilogram",
  kilogram: "kilogram",
  oz: "ounce",
  ounce: "ounce",
  "fl oz": "fluid ounce",
  "fluid ounce": "fluid ounce",
  lb: "pound",
  pound: "pound",
  ml: "milliliter",
  milliliter: "milliliter",
  millilitre: "milliliter",
  l: "liter",
  liter: "liter",
  litre: "liter",
  qt: "quart",
  quart: "quart",
  pt: "pint",
  pint: "pint",
  gal: "gallon",
  gallon: "gallon",
  in: "inch",
  inch: "inch",
  pkg: "package",
  package: "package",
  lg: "large",
  large: "large",
  sm: "small",
  small: "small",
  md: "medium",
  med: "medium",
  medium: "medium",
};

function singular(w: string): string {
  if (/(?:ch|sh|x|ss)es$/.test(w)) return w.slice(0, -2);
  if (/[^aeiou]ies$/.test(w)) return `${w.slice(0, -3)}y`;
  if (/[^s]s$/.test(w) && w.length > 2) return w.slice(0, -1);
  return w;
}

/** A unit in one spelling: lower case (but `T` is a tablespoon), no trailing dot, singular, synonyms merged. */
export function normalUnit(u: string | null | undefined): string {
  if (!u) return "";
  const t = u.trim().replace(/\.$/, "");
  if (t === "T" || t === "Tb" || t === "TB") return "tablespoon";
  return t
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/\.$/, ""))
    .map((w) => UNIT_SYNONYMS[w] ?? UNIT_SYNONYMS[singular(w)] ?? singular(w))
    .join(" ")
    .replace(/^fluid ounce$|^fl ounce$/, "fluid ounce");
}

/** The first labelled unit: the whole unit text for one quantity, else its first word (or `fl oz`). */
export function labelledUnit(unit: string, quantity: string): string {
  const u = unit.trim();
  if (!u) return "";
  if (quantity.trim().split(/\s+/).length <= 1) return u;
  return /^fl\.?\s+oz/i.test(u) ? "fl oz" : u.split(/\s+/)[0]!;
}

/** Name words for F1: lower case, singular. */
export function nameTokens(s: string | null | undefined): string[] {
  return (
    (s ?? "")
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}_]+/gu)
      ?.map(singular) ?? []
  );
}

/** Scores the parser on each labelled line, per source file. */
export function scoreIngredientCorpus(corpus: Map<string, LabelledLine[]>): Map<string, Map<string, Tally>> {
  const out = new Map<string, Map<string, Tally>>();
  const fields = ["quantity", "unit", "name token F1", "preparation token F1", "line right"];
  for (const g of ["all", ...corpus.keys()]) out.set(g, new Map(fields.map((f) => [f, new Tally()])));
  for (const [source, lines] of corpus) {
    const targets = [out.get("all")!, out.get(source)!];
    for (const l of lines) {
      const add = (field: string, v: number, diff: () => string) => {
        for (const t of targets) t.get(field)!.add(v, l.id, diff);
      };
      const p = parseIngredientLine(l.input);
      const wantQ = labelledQuantity(l.quantity);
      const gotQ = p.quantity || null;
      const qOk = wantQ === null ? gotQ === null : gotQ !== null && Math.abs(gotQ - wantQ) < 0.01;
      const wantU = normalUnit(labelledUnit(l.unit, l.quantity));
      const gotU = normalUnit(p.unit);
      const uOk = wantU === gotU;
      const nameF1 = tokenF1(nameTokens(p.name), nameTokens(l.name));
      const prepF1 = tokenF1(nameTokens(p.preparation), nameTokens(l.preparation));
      const show = () =>
        `  ${l.input}\n${valueDiff(
          `q=${wantQ} u=${wantU} name=${l.name} prep=${l.preparation}`,
          `q=${gotQ} u=${gotU} name=${p.name} prep=${p.preparation ?? ""}`,
        )}`;
      add("quantity", qOk ? 1 : 0, show);
      add("unit", uOk ? 1 : 0, show);
      add("name token F1", nameF1, show);
      add("preparation token F1", prepF1, show);
      add("line right", qOk && uOk && nameF1 >= 0.75 ? 1 : 0, show);
    }
  }
  return out;
}

/** Prints the ingredient-line table (and the misses of `only`, or every miss, when verbose). */
export function printIngredientCorpus(opts: { verbose: boolean; only?: string; limit?: number }): void {
  const corpus = loadIngredientCorpus();
  if (!corpus.size) {
    console.log(`\ningredient lines: corpus not found at ${INGREDIENT_CORPUS}, skipped`);
    return;
  }
  const scores = scoreIngredientCorpus(corpus);
  const groups = [...scores.keys()];
  const n = (g: string) => scores.get(g)!.get("quantity")!.n;
  printTable(
    "labelled ingredient lines (../shared/corpus/ingredients)",
    groups.map((g) => ({ name: g, n: n(g) })),
    ["quantity", "unit", "name token F1", "preparation token F1", "line right"].map((field) => ({
      field,
      f1: field.includes("F1"),
      cells: groups.map((g) => scores.get(g)!.get(field)),
    })),
  );
  if (!opts.verbose) return;
  for (const field of ["unit", "name token F1", "quantity", "line right"]) {
    if (opts.only && !field.startsWith(opts.only)) continue;
    const misses = scores.get("all")!.get(field)!.misses;
    console.log(`\n--- ${field}: ${misses.length} misses${opts.limit ? ` (first ${opts.limit})` : ""}`);
    for (const m of misses.slice(0, opts.limit ?? misses.length)) console.log(`${m.id}\n${m.diff}`);
  }
}
