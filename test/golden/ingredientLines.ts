// The shared corpus of hand-labelled ingredient lines (../shared/corpus/ingredients), scored by its
// README's rules: quantity, unit, name token F1, line right; preparation token F1 besides.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  parseIngredientLine,
  parseIngredientLineByRules,
  readIngredientLine,
} from "../../src/extract/ingredients.ts";
import { cleanText, tidyLine } from "../../src/extract/text.ts";
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
  purpose: string;
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
        purpose: col("purpose") >= 0 ? r[col("purpose")]! : "",
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
  // "leaves" is the plural of "leaf" (the labels write "leaf"), not of "leave".
  if (/^(?:leaves|loaves|halves|knives|calves)$/.test(w)) return `${w.slice(0, -3)}f`;
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

/** What a parser says of a line, as far as the corpus scores it. */
export interface LineParse {
  quantity: number;
  unit: string | null;
  name: string;
  preparation?: string | null;
  confidence?: number;
}
export type LineParser = (line: string) => LineParse;

/** The three readers `npm run eval` compares: the rules alone, the tagger alone, and both together. */
export const INGREDIENT_PARSERS: Record<string, LineParser> = {
  rules: (l) => parseIngredientLineByRules(l),
  tagger: (l) => {
    const r = readIngredientLine(tidyLine(cleanText(l)));
    return r
      ? { quantity: r.quantity ?? 0, unit: r.unit, name: r.name, preparation: r.preparation }
      : { quantity: 0, unit: null, name: "", preparation: null };
  },
  combined: (l) => parseIngredientLine(l),
};

/** Scores a parser on each labelled line, per source file. */
export function scoreIngredientCorpus(
  corpus: Map<string, LabelledLine[]>,
  parse: LineParser = (l) => parseIngredientLine(l),
): Map<string, Map<string, Tally>> {
  const out = new Map<string, Map<string, Tally>>();
  const fields = [
    "quantity",
    "unit",
    "name token F1",
    "preparation token F1",
    "line right",
    "line right, confidence < 0.85",
    "line right, confidence >= 0.85",
  ];
  for (const g of ["all", ...corpus.keys()]) out.set(g, new Map(fields.map((f) => [f, new Tally()])));
  for (const [source, lines] of corpus) {
    const targets = [out.get("all")!, out.get(source)!];
    for (const l of lines) {
      const add = (field: string, v: number, diff: () => string) => {
        for (const t of targets) t.get(field)!.add(v, l.id, diff);
      };
      const p = parse(l.input);
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
      if (p.confidence !== undefined)
        add(
          `line right, confidence ${p.confidence < 0.85 ? "<" : ">="} 0.85`,
          qOk && uOk && nameF1 >= 0.75 ? 1 : 0,
          show,
        );
    }
  }
  return out;
}

/**
 * Prints the ingredient-line table on one slice of the corpus (the held-out lines unless `slice`
 * says otherwise): rules alone, tagger alone and combined side by side; then, when verbose, the
 * combined reader's misses (of the field `only`, or all).
 */
export function printIngredientCorpus(opts: {
  verbose: boolean;
  only?: string;
  limit?: number;
  slice?: string;
  parser?: string;
}): void {
  const full = loadIngredientCorpus();
  if (!full.size) {
    console.log(`\ningredient lines: corpus not found at ${INGREDIENT_CORPUS}, skipped`);
    return;
  }
  const slice = opts.slice ?? "heldout";
  const corpus = new Map(
    [...full].map(([k, lines]) => [
      k,
      lines.filter((l) => slice === "all" || corpusSlice(l.input) === slice),
    ]),
  );
  const all = new Map<string, Map<string, Map<string, Tally>>>();
  const seconds: Record<string, number> = {};
  for (const [name, parse] of Object.entries(INGREDIENT_PARSERS)) {
    const t0 = performance.now();
    all.set(name, scoreIngredientCorpus(corpus, parse));
    seconds[name] = (performance.now() - t0) / 1000;
  }
  const parsers = [...all.keys()];
  const n = all.get("rules")!.get("all")!.get("quantity")!.n;
  printTable(
    `labelled ingredient lines, ${slice} slice (${n} of ${[...full.values()].flat().length} lines of ../shared/corpus/ingredients)`,
    parsers.map((p) => ({ name: p, n })),
    ["quantity", "unit", "name token F1", "preparation token F1", "line right"].map((field) => ({
      field,
      f1: field.includes("F1"),
      cells: parsers.map((p) => all.get(p)!.get("all")!.get(field)),
    })),
  );
  const sources = [...corpus.keys()];
  console.log(
    `combined, per source: ${sources
      .map((s) => {
        const t = all.get("combined")!.get(s)!;
        return `${s} (${t.get("quantity")!.n}) unit ${(t.get("unit")!.mean * 100).toFixed(1)}%, name F1 ${t.get("name token F1")!.mean.toFixed(3)}, line right ${(t.get("line right")!.mean * 100).toFixed(1)}%`;
      })
      .join("; ")}`,
  );
  const low = all.get("combined")!.get("all")!.get("line right, confidence < 0.85")!;
  const high = all.get("combined")!.get("all")!.get("line right, confidence >= 0.85")!;
  console.log(
    `combined, by confidence: ${low.n} lines under 0.85 (the ones to look at) are right ${(low.mean * 100).toFixed(1)}%, the other ${high.n} ${(high.mean * 100).toFixed(1)}%`,
  );
  console.log(
    `seconds: ${Object.entries(seconds)
      .map(([p, s]) => `${p} ${s.toFixed(1)}`)
      .join(", ")}`,
  );
  const scores = all.get(opts.parser ?? "combined")!;
  if (!opts.verbose) return;
  for (const field of ["unit", "name token F1", "quantity", "line right"]) {
    if (opts.only && !field.startsWith(opts.only)) continue;
    const misses = scores.get("all")!.get(field)!.misses;
    console.log(`\n--- ${field}: ${misses.length} misses${opts.limit ? ` (first ${opts.limit})` : ""}`);
    for (const m of misses.slice(0, opts.limit ?? misses.length)) console.log(`${m.id}\n${m.diff}`);
  }
}

/** The seed of the corpus split: changing it changes which lines are held out. */
export const SPLIT_SEED = 23;

/**
 * Which slice of the corpus a line belongs to, from a seeded hash of its text (so a line written
 * twice always lands in the same slice): about 10% `heldout` (never trained on, scored by
 * `npm run eval`), 10% `dev` (for choosing training settings), the rest `train`.
 */
export function corpusSlice(input: string, seed = SPLIT_SEED): "heldout" | "dev" | "train" {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (const ch of input.toLowerCase().replace(/\s+/g, " ").trim()) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  const bucket = h % 10;
  return bucket === 0 ? "heldout" : bucket === 1 ? "dev" : "train";
}
