// The shared corpus of real recipe pages (../shared/corpus/recipes), scored by its README's rules.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Recipe } from "../../src/domain/recipe.ts";
import { extractRecipe } from "../../src/extract/extractRecipe.ts";
import { decodeHtml } from "../../src/extract/decodeBody.ts";
import { corpusNorm, listDiff, printTable, Tally, tokenF1, valueDiff, wordTokens } from "./corpusScore.ts";

/** The corpus folder beside the worktree, or null when it is not there. */
export const RECIPE_CORPUS = fileURLToPath(new URL("../../../shared/corpus/recipes/", import.meta.url));

/** One corpus page: its HTML (decoded by BOM / meta charset), URL and expected fields. */
export interface CorpusPage {
  id: string;
  url: string;
  html: string;
  expected: Record<string, unknown>;
}

/** Every page of the corpus, sorted by id; [] when the corpus is absent. */
export function loadRecipeCorpus(dir = RECIPE_CORPUS): CorpusPage[] {
  if (!existsSync(dir)) return [];
  const out: CorpusPage[] = [];
  for (const site of readdirSync(dir, { withFileTypes: true })) {
    if (!site.isDirectory()) continue;
    const siteDir = path.join(dir, site.name);
    for (const f of readdirSync(siteDir)) {
      if (!f.endsWith(".json")) continue;
      const htmlFile = path.join(siteDir, f.replace(/\.json$/, ".html"));
      if (!existsSync(htmlFile)) continue;
      const expected = JSON.parse(readFileSync(path.join(siteDir, f), "utf8")) as Record<string, unknown>;
      const canonical = typeof expected.canonical_url === "string" ? expected.canonical_url : "";
      const url = /^https?:\/\//.test(canonical)
        ? canonical
        : `https://${String(expected.host ?? site.name)}/`;
      out.push({
        id: `${site.name}/${f.replace(/\.json$/, "")}`,
        url,
        html: decodeHtml(readFileSync(htmlFile), null).text,
        expected,
      });
    }
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

/** How the page carries its recipe: the method that found it. */
export type PageMethod = "JSON-LD" | "microdata/RDFa" | "none";

/** The draft's steps as a flat list: a section name is listed before its steps, a step's title before it. */
export function flatSteps(r: Partial<Recipe>): string[] {
  const out: string[] = [];
  let section: string | null = null;
  for (const s of r.instructions ?? []) {
    if (s.section && s.section !== section) out.push(s.section);
    section = s.section;
    if (s.title) out.push(s.title);
    out.push(s.text);
  }
  return out;
}

const firstNumber = (s: unknown): number | null => {
  const m = /\d+(?:[.,]\d+)?/.exec(typeof s === "number" ? String(s) : typeof s === "string" ? s : "");
  return m ? Number(m[0].replace(",", ".")) : null;
};

const minutes = (v: unknown): number => {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : 0;
  return Number.isFinite(n) ? n : 0;
};

export const FIELDS = [
  ["found", false],
  ["title", false],
  ["ingredient list exact", false],
  ["ingredient tokens F1", true],
  ["steps exact", false],
  ["step tokens F1", true],
  ["yield number", false],
  ["total time", false],
  ["prep time", false],
  ["cook time", false],
  ["author", false],
  ["image", false],
  ["description", false],
] as const;
export type Field = (typeof FIELDS)[number][0];

/**
 * The failure class of a list miss: nothing read, lines foreign to the expected list (page text
 * read into it), the same words cut or joined differently, or another difference.
 */
function listClass(field: string, want: string[], got: string[], f1: number): string {
  if (!got.length) return `${field}: nothing read`;
  const known = new Set(wordTokens(want.join(" ")));
  const foreign = got.some((g) => {
    const t = wordTokens(g);
    return t.length > 0 && t.filter((x) => !known.has(x)).length / t.length > 0.5;
  });
  if (foreign) return `${field}: foreign lines (page text read in)`;
  if (f1 >= 0.98) return `${field}: same words, other boundaries or text repair`;
  if (got.length < want.length && f1 < 0.9) return `${field}: lines missing`;
  return `${field}: other difference`;
}

/** Scores every page: per field, overall and per extraction method; each miss by failure class. */
export function scoreRecipeCorpus(pages: CorpusPage[]): {
  groups: Map<string, { n: number; fields: Map<Field, Tally> }>;
  classes: Map<string, string[]>;
} {
  const classes = new Map<string, string[]>();
  const miss = (cls: string, id: string) => {
    const list = classes.get(cls);
    if (list) list.push(id);
    else classes.set(cls, [id]);
  };
  const groups = new Map<string, { n: number; fields: Map<Field, Tally> }>();
  for (const g of ["all", "JSON-LD", "microdata/RDFa", "none"])
    groups.set(g, { n: 0, fields: new Map(FIELDS.map(([f]) => [f, new Tally()])) });
  for (const p of pages) {
    const res = extractRecipe({ html: p.html, url: p.url });
    const r: Partial<Recipe> = res.ok ? res.recipe : {};
    const method: PageMethod = !res.ok
      ? "none"
      : res.method === "JsonLd"
        ? "JSON-LD"
        : res.method === "Microdata" || res.method === "Rdfa"
          ? "microdata/RDFa"
          : "none";
    const e = p.expected;
    const targets = [groups.get("all")!, groups.get(method)!];
    for (const t of targets) t.n++;
    const add = (field: Field, value: number, diff: () => string) => {
      for (const t of targets) t.fields.get(field)!.add(value, p.id, diff);
    };
    add("found", res.ok ? 1 : 0, () => (res.ok ? "" : `  ${res.code}`));
    if (!res.ok) miss(`nothing extracted (${res.code})`, p.id);
    if ("title" in e) {
      const [w, g] = [corpusNorm(e.title), corpusNorm(r.name)];
      add("title", w === g ? 1 : 0, () => valueDiff(w, g));
      if (res.ok && w !== g) miss(g ? "title: other text" : "title: none", p.id);
    }
    if (Array.isArray(e.ingredients)) {
      const want = e.ingredients.map(corpusNorm).filter(Boolean);
      const got = (r.ingredients ?? []).map((i) => corpusNorm(i.text)).filter(Boolean);
      const exact = want.length === got.length && want.every((w, i) => w === got[i]);
      add("ingredient list exact", exact ? 1 : 0, () => listDiff(want, got));
      const f1 = tokenF1(wordTokens(got.join(" ")), wordTokens(want.join(" ")));
      add("ingredient tokens F1", f1, () => `  F1 ${f1.toFixed(3)}`);
      if (res.ok && !exact) miss(listClass("ingredients", want, got, f1), p.id);
    }
    if (Array.isArray(e.instructions_list)) {
      const want = e.instructions_list.map(corpusNorm).filter(Boolean);
      const got = flatSteps(r).map(corpusNorm).filter(Boolean);
      const exact = want.length === got.length && want.every((w, i) => w === got[i]);
      add("steps exact", exact ? 1 : 0, () => listDiff(want, got));
      const f1 = tokenF1(wordTokens(got.join(" ")), wordTokens(want.join(" ")));
      add("step tokens F1", f1, () => `  F1 ${f1.toFixed(3)}`);
      if (res.ok && !exact) miss(listClass("steps", want, got, f1), p.id);
    }
    if ("yields" in e) {
      const w = firstNumber(e.yields);
      const g = r.servings ? r.servings : firstNumber(r.yield);
      const same = (w || null) === (g || null);
      add("yield number", same ? 1 : 0, () => valueDiff(e.yields, `${g} (${r.yield})`));
      if (res.ok && !same)
        miss(g ? "yield: other number" : w ? "yield: not found" : "yield: stated, none expected", p.id);
    }
    for (const [field, key, got] of [
      ["total time", "total_time", r.totalTimeMinutes],
      ["prep time", "prep_time", r.prepTimeMinutes],
      ["cook time", "cook_time", r.cookTimeMinutes],
    ] as const) {
      if (!(key in e)) continue;
      const w = minutes(e[key]);
      add(field, Math.abs(w - (got ?? 0)) <= 1 ? 1 : 0, () => valueDiff(w, got));
    }
    for (const [field, key, got] of [
      ["author", "author", r.author],
      ["description", "description", r.description],
    ] as const) {
      if (!(key in e)) continue;
      const [w, g] = [corpusNorm(e[key]), corpusNorm(got)];
      add(field, w === g ? 1 : 0, () => valueDiff(w, g));
    }
    if ("image" in e) {
      const w = typeof e.image === "string" ? e.image : "";
      const g = r.imageUrl ?? "";
      add("image", w === g ? 1 : 0, () => valueDiff(w, g));
      if (res.ok && w !== g) miss(g ? "image: another candidate chosen" : "image: none", p.id);
    }
  }
  return { groups, classes };
}

/** Prints the per-field table of the real-page corpus (and each miss as a diff when verbose). */
export function printRecipeCorpus(opts: { verbose: boolean; only?: string }): void {
  const t0 = performance.now();
  const pages = loadRecipeCorpus();
  if (!pages.length) {
    console.log(`\nreal recipe pages: corpus not found at ${RECIPE_CORPUS}, skipped`);
    return;
  }
  const { groups, classes } = scoreRecipeCorpus(pages);
  const names = ["all", "JSON-LD", "microdata/RDFa", "none"];
  const sites = new Set(pages.map((p) => p.id.split("/")[0])).size;
  printTable(
    `real recipe pages (../shared/corpus/recipes: ${pages.length} pages, ${sites} sites; per extraction method)`,
    names.map((n) => ({ name: n, n: groups.get(n)!.n })),
    FIELDS.map(([field, f1]) => ({ field, f1, cells: names.map((n) => groups.get(n)!.fields.get(field)) })),
  );
  const none = groups.get("none")!.fields.get("ingredient tokens F1")!;
  console.log(
    `ingredient tokens F1, pages with no structured data: ${none.mean.toFixed(3)} (${none.n} pages)`,
  );
  printBudget(groups, classes, opts.verbose);
  console.log(`(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  if (opts.verbose) printMisses(groups.get("all")!, opts.only);
}

/** Each miss of every field (or of those starting with `only`) as a diff. */
export function printMisses(group: { fields: Map<Field, Tally> }, only?: string): void {
  for (const [field] of FIELDS) {
    if (only && !field.startsWith(only)) continue;
    const misses = group.fields.get(field)!.misses;
    if (!misses.length) continue;
    console.log(`\n--- ${field}: ${misses.length} misses`);
    for (const m of misses) console.log(`${m.id}\n${m.diff}`);
  }
}

/** How many pages gave nothing at all. */
const nothingCount = (classes: Map<string, string[]>): number =>
  [...classes].filter(([c]) => c.startsWith("nothing extracted")).reduce((n, [, ids]) => n + ids.length, 0);

/** The failing pages by class (ids shown when verbose, else the first few); the classes sorted. */
function printClasses(classes: Map<string, string[]>, verbose: boolean): [string, string[]][] {
  const sorted = [...classes].sort(([a], [b]) => a.localeCompare(b));
  for (const [cls, ids] of sorted) {
    const shown = verbose ? ids : ids.slice(0, 3);
    console.log(
      `  ${String(ids.length).padStart(4)}  ${cls}: ${shown.join(", ")}${ids.length > shown.length ? ", ..." : ""}`,
    );
  }
  return sorted;
}

/**
 * The page as a site without structured data would serve it: JSON-LD scripts removed, and the
 * microdata and RDFa attributes (itemscope, itemprop, typeof...) taken off every element; the
 * visible markup and the meta tags stay. (A regex pass, not a parse and re-serialization, so
 * every other byte of the page stays as served.)
 */
export function withoutStructuredData(html: string): string {
  return html
    .replace(/<script\b[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(
      /\s(?:itemscope|itemtype|itemprop|itemid|itemref|typeof|vocab)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?(?=[\s/>])/gi,
      "",
    );
}

/**
 * The page as an unseen site's own theme might serve it: without its structured data, and with no
 * class or id names either, so no card plugin or class name gives the recipe away and the reader
 * must find it by what its lines say. Harsher than any real page: hidden
 * elements and page chrome known only by their class names are read too.
 */
export function withoutClassNames(html: string): string {
  return withoutStructuredData(html).replace(
    /\s(?:class|id)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?(?=[\s/>])/gi,
    "",
  );
}

/** How the page-text reader is judged: the pages as read, and where the counts are kept. */
export const VARIANTS = {
  stripped: {
    strip: withoutStructuredData,
    heading:
      "the same pages without their structured data (JSON-LD removed, microdata and RDFa attributes taken off: the page-text reader alone)",
    note: "the corpus pages without their structured data",
  },
  bare: {
    strip: withoutClassNames,
    heading:
      "the same pages without their structured data and without class and id names (the page-text reader by content alone)",
    note: "the corpus pages without their structured data and their class and id names",
  },
};

/**
 * The page-text reader on many page shapes: every corpus page read without its structured data
 * (28 of the given pages have none, too few to judge the reader by), and with `bare`, without its
 * class and id names too. The expected fields come from the structured data, which the visible
 * text of a page may word differently, so the token F1s and the failing classes say more here than
 * the exact lists.
 */
export function printStrippedCorpus(opts: {
  verbose: boolean;
  only?: string;
  variant?: keyof typeof VARIANTS;
}): void {
  const t0 = performance.now();
  const name = opts.variant ?? "stripped";
  const variant = VARIANTS[name];
  const pages = loadRecipeCorpus().map((p) => ({ ...p, html: variant.strip(p.html) }));
  if (!pages.length) return;
  const { groups, classes } = scoreRecipeCorpus(pages);
  const all = groups.get("all")!;
  printTable(
    variant.heading,
    [{ name: "all", n: all.n }],
    FIELDS.map(([field, f1]) => ({ field, f1, cells: [all.fields.get(field)] })),
  );
  const nothing = nothingCount(classes);
  console.log(`pages that give nothing: ${nothing}`);
  console.log("failing pages by class");
  const sorted = printClasses(classes, opts.verbose);
  const file = `recipe-budget-${name}.json`;
  const budget = {
    note: `Written by \`npm run eval -- ${name}\`: ${variant.note}; a rise in a count is a regression.`,
    fields: Object.fromEntries(FIELDS.map(([f]) => [f, Number(all.fields.get(f)!.mean.toFixed(3))])),
    nothingExtracted: nothing,
    classes: Object.fromEntries(sorted.map(([c, ids]) => [c, ids.length])),
  };
  writeFileSync(new URL(`../../bench/${file}`, import.meta.url), `${JSON.stringify(budget, null, 2)}\n`);
  console.log(
    `(${((performance.now() - t0) / 1000).toFixed(1)} s; per-class counts written to bench/${file})`,
  );
  if (opts.verbose) printMisses(all, opts.only);
}

/** The extraction goals for unseen pages, checked here on the given half. */
const GOALS: { label: string; field: Field; group: string; goal: number; f1?: boolean }[] = [
  { label: "title", field: "title", group: "all", goal: 0.98 },
  { label: "yields", field: "yield number", group: "all", goal: 0.97 },
  { label: "ingredients, exact list", field: "ingredient list exact", group: "all", goal: 0.88 },
  { label: "ingredients, F1", field: "ingredient tokens F1", group: "all", goal: 0.96, f1: true },
  { label: "steps, exact list", field: "steps exact", group: "all", goal: 0.85 },
  { label: "steps, F1", field: "step tokens F1", group: "all", goal: 0.95, f1: true },
  { label: "image", field: "image", group: "all", goal: 0.92 },
  {
    label: "no schema.org Recipe: ingredient F1",
    field: "ingredient tokens F1",
    group: "none",
    goal: 0.75,
    f1: true,
  },
];
/** At most this many pages may give nothing at all. */
const NOTHING_BUDGET = 3;

/** Where the per-class counts are kept, so a regression shows as a diff. */
export const BUDGET_FILE = fileURLToPath(new URL("../../bench/recipe-budget.json", import.meta.url));

/**
 * The error budget: each goal against the given half, then the failing pages by class (ids shown
 * when verbose, else the first few); the counts are written to bench/recipe-budget.json.
 */
function printBudget(
  groups: Map<string, { n: number; fields: Map<Field, Tally> }>,
  classes: Map<string, string[]>,
  verbose: boolean,
): void {
  console.log("\nerror budget (goals for unseen pages; given half)");
  const goals: Record<string, { value: number; goal: number; met: boolean }> = {};
  for (const g of GOALS) {
    const v = groups.get(g.group)!.fields.get(g.field)!.mean;
    const met = v >= g.goal;
    goals[g.label] = { value: Number(v.toFixed(3)), goal: g.goal, met };
    const show = (x: number) => (g.f1 ? x.toFixed(3) : `${(x * 100).toFixed(1)}%`);
    console.log(
      `  ${met ? "ok  " : "MISS"} ${g.label.padEnd(40)} ${show(v).padStart(7)}  goal ≥ ${show(g.goal)}`,
    );
  }
  const nothing = nothingCount(classes);
  console.log(
    `  ${nothing <= NOTHING_BUDGET ? "ok  " : "MISS"} ${"pages that give nothing".padEnd(40)} ${String(nothing).padStart(7)}  goal ≤ ${NOTHING_BUDGET}`,
  );
  console.log("\nfailing pages by class");
  const sorted = printClasses(classes, verbose);
  const budget = {
    note: "Written by `npm run eval -- recipes` over ../shared/corpus/recipes; a rise in a count is a regression.",
    goals,
    nothingExtracted: nothing,
    classes: Object.fromEntries(sorted.map(([c, ids]) => [c, ids.length])),
  };
  writeFileSync(BUDGET_FILE, `${JSON.stringify(budget, null, 2)}\n`);
  console.log(`(per-class counts written to bench/recipe-budget.json)`);
}
