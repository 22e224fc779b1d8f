// The shared corpus of real recipe pages (../shared/corpus/recipes), scored by its README's rules.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Recipe } from "../../src/domain/recipe.ts";
import { extractRecipe } from "../../src/extract/extractRecipe.ts";
import { decodeHtml } from "../../src/fetcher/decodeBody.ts";
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

/** The draft's steps as a flat list: a section name is listed before its steps. */
export function flatSteps(r: Partial<Recipe>): string[] {
  const out: string[] = [];
  let section: string | null = null;
  for (const s of r.instructions ?? []) {
    if (s.section && s.section !== section) out.push(s.section);
    section = s.section;
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

const FIELDS = [
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
type Field = (typeof FIELDS)[number][0];

/** Scores every page: per field, overall and per extraction method. */
export function scoreRecipeCorpus(pages: CorpusPage[]): {
  groups: Map<string, { n: number; fields: Map<Field, Tally> }>;
} {
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
    if ("title" in e) {
      const [w, g] = [corpusNorm(e.title), corpusNorm(r.name)];
      add("title", w === g ? 1 : 0, () => valueDiff(w, g));
    }
    if (Array.isArray(e.ingredients)) {
      const want = e.ingredients.map(corpusNorm).filter(Boolean);
      const got = (r.ingredients ?? []).map((i) => corpusNorm(i.text)).filter(Boolean);
      const exact = want.length === got.length && want.every((w, i) => w === got[i]);
      add("ingredient list exact", exact ? 1 : 0, () => listDiff(want, got));
      const f1 = tokenF1(wordTokens(got.join(" ")), wordTokens(want.join(" ")));
      add("ingredient tokens F1", f1, () => `  F1 ${f1.toFixed(3)}`);
    }
    if (Array.isArray(e.instructions_list)) {
      const want = e.instructions_list.map(corpusNorm).filter(Boolean);
      const got = flatSteps(r).map(corpusNorm).filter(Boolean);
      const exact = want.length === got.length && want.every((w, i) => w === got[i]);
      add("steps exact", exact ? 1 : 0, () => listDiff(want, got));
      const f1 = tokenF1(wordTokens(got.join(" ")), wordTokens(want.join(" ")));
      add("step tokens F1", f1, () => `  F1 ${f1.toFixed(3)}`);
    }
    if ("yields" in e) {
      const w = firstNumber(e.yields);
      const g = r.servings ? r.servings : firstNumber(r.yield);
      add("yield number", (w || null) === (g || null) ? 1 : 0, () =>
        valueDiff(e.yields, `${g} (${r.yield})`),
      );
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
    }
  }
  return { groups };
}

/** Prints the per-field table of the real-page corpus (and each miss as a diff when verbose). */
export function printRecipeCorpus(opts: { verbose: boolean; only?: string }): void {
  const t0 = performance.now();
  const pages = loadRecipeCorpus();
  if (!pages.length) {
    console.log(`\nreal recipe pages: corpus not found at ${RECIPE_CORPUS}, skipped`);
    return;
  }
  const { groups } = scoreRecipeCorpus(pages);
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
  console.log(`(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  if (!opts.verbose) return;
  for (const [field] of FIELDS) {
    if (opts.only && !field.startsWith(opts.only)) continue;
    const misses = groups.get("all")!.fields.get(field)!.misses;
    if (!misses.length) continue;
    console.log(`\n--- ${field}: ${misses.length} misses`);
    for (const m of misses) console.log(`${m.id}\n${m.diff}`);
  }
}
