import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Recipe } from "../../src/domain/recipe.ts";
import {
  corpusNorm,
  listDiff,
  printTable,
  Tally,
  tokenF1,
  valueDiff,
  wordTokens,
} from "../../test/golden/corpusScore.ts";
import { flatSteps, loadRecipeCorpus } from "../../test/golden/realPages.ts";
import { bytesOf, generateSources, sampleOf, SOURCES_DIR, type Kind, type SourceFile } from "./generate.ts";
import { STYLES, writtenIngredients, writtenSteps } from "./houseStyles.ts";
import { readSource, stopOcr, type SourceRead } from "./readSource.ts";

// `npm run eval -- sources [--limit N] [--offset N] [--kind typed,pdf,photo] [--verbose] [--field NAME]`: the
// recipe corpus's reviewed fields written out as typed, printed and photographed recipes (see
// generate.ts), read as uploads are, scored like pages per source kind and house style; the
// photographs also counted for an amount changed without a flag. A JSON report is written beside
// the sources (~/.cache/ladle/sources/report.json).

const FIELDS = [
  ["found", false],
  ["title", false],
  ["ingredient list exact", false],
  ["ingredient tokens F1", true],
  ["steps exact", false],
  ["step tokens F1", true],
  ["yield number", false],
  ["prep time", false],
  ["cook time", false],
  ["total time", false],
  ["times (all three)", false],
  ["changed amount, no flag (lines)", true],
] as const;
type Field = (typeof FIELDS)[number][0];

const firstNumber = (s: unknown): number | null => {
  const m = /\d+(?:[.,]\d+)?/.exec(typeof s === "number" ? String(s) : typeof s === "string" ? s : "");
  return m ? Number(m[0].replace(",", ".")) : null;
};
const minutes = (v: unknown): number => {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : 0;
  return Number.isFinite(n) ? n : 0;
};
// The line's amount: the number (or mixed number, or range) it opens with; a range's dash or a
// fraction's slash with or without spaces ("2 - 3", "2-3"; "1 /2", "1/2") is the same amount.
const amounts = (s: string): string =>
  /^[\d\s./,-]*\d(?:\/\d+)?/
    .exec(s)?.[0]
    .replace(/\s*-\s*/g, "-")
    .replace(/\s*\/\s*/g, "/")
    .replace(/\s+/g, " ")
    .trim() ?? "";
const words = (s: string): Set<string> => new Set(wordTokens(s).filter((t) => !/\d/.test(t)));

/**
 * Ingredient lines read with other amounts than written, and not flagged for a check: each line
 * read is paired with the written line sharing most of its words.
 */
export function changedAmounts(
  want: string[],
  got: string[],
  flagged: Set<number>,
): { unflagged: string[]; flagged: number } {
  const unflagged: string[] = [];
  let flaggedChanged = 0;
  got.forEach((g, i) => {
    const gw = words(g);
    let best: string | null = null;
    let bestScore = 0;
    for (const w of want) {
      const ww = words(w);
      const common = [...gw].filter((t) => ww.has(t)).length;
      const score = common / Math.max(1, Math.max(gw.size, ww.size));
      // Of lines as alike ("1/3 cup flour", "1 3/4 cup flour"), the one with the amount read.
      if (score > bestScore || (score === bestScore && amounts(w) === amounts(g)))
        [best, bestScore] = [w, score];
    }
    if (best === null || bestScore < 0.6 || amounts(best) === amounts(g)) return;
    if (flagged.has(i)) flaggedChanged++;
    else unflagged.push(`  - ${best}\n  + ${g}`);
  });
  return { unflagged, flagged: flaggedChanged };
}

export interface Scored {
  file: SourceFile;
  read: SourceRead;
  values: Partial<Record<Field, number>>;
  diffs: Partial<Record<Field, string>>;
}

export function score(file: SourceFile, e: Record<string, unknown>, read: SourceRead): Scored {
  const r: Partial<Recipe> = read.recipe ?? {};
  const values: Scored["values"] = {};
  const diffs: Scored["diffs"] = {};
  const set = (f: Field, v: number, diff: () => string) => {
    values[f] = v;
    if ((f === "changed amount, no flag (lines)" ? v > 0 : v < 1) && !diffs[f]) diffs[f] = diff();
  };
  set("found", read.recipe ? 1 : 0, () => `  ${read.failure}`);
  const [wt, gt] = [corpusNorm(e.title), corpusNorm(r.name)];
  set("title", wt === gt ? 1 : 0, () => valueDiff(wt, gt));
  const wantI = writtenIngredients(e).map(corpusNorm).filter(Boolean);
  const gotI = (r.ingredients ?? []).map((i) => corpusNorm(i.text)).filter(Boolean);
  set("ingredient list exact", wantI.join("\n") === gotI.join("\n") ? 1 : 0, () => listDiff(wantI, gotI));
  const fi = tokenF1(wordTokens(gotI.join(" ")), wordTokens(wantI.join(" ")));
  set("ingredient tokens F1", fi, () => `  F1 ${fi.toFixed(3)}`);
  const wantS = writtenSteps(e).map(corpusNorm).filter(Boolean);
  const gotS = flatSteps(r).map(corpusNorm).filter(Boolean);
  set("steps exact", wantS.join("\n") === gotS.join("\n") ? 1 : 0, () => listDiff(wantS, gotS));
  const fs = tokenF1(wordTokens(gotS.join(" ")), wordTokens(wantS.join(" ")));
  set("step tokens F1", fs, () => `  F1 ${fs.toFixed(3)}`);
  // A yield or a time the corpus does not state is not scored, as on pages (its README): the
  // source may state it all the same ("Makes 6 servings" at the end of a step), and a total the
  // source leaves out is what its prep and cook times add up to.
  const wy = firstNumber(e.yields);
  const gy = r.servings ? r.servings : firstNumber(r.yield);
  if ("yields" in e)
    set("yield number", (wy || null) === (gy || null) ? 1 : 0, () =>
      valueDiff(e.yields, `${gy} (${r.yield})`),
    );
  let all = 1;
  for (const [field, key, got] of [
    ["prep time", "prep_time", r.prepTimeMinutes],
    ["cook time", "cook_time", r.cookTimeMinutes],
    ["total time", "total_time", r.totalTimeMinutes],
  ] as const) {
    if (!(key in e)) continue;
    const w = minutes(e[key]);
    const ok = Math.abs(w - (got ?? 0)) <= 1 ? 1 : 0;
    all &= ok;
    set(field, ok, () => valueDiff(w, got));
  }
  set("times (all three)", all, () => "");
  if (file.kind === "photo") {
    const flagged = new Set(read.linesToCheck.filter((c) => c.field === "ingredients").map((c) => c.index));
    const gotRaw = (r.ingredients ?? []).map((i) => corpusNorm(i.text));
    const ch = changedAmounts(wantI, gotRaw, flagged);
    set("changed amount, no flag (lines)", ch.unflagged.length, () => ch.unflagged.join("\n"));
  }
  return { file, read, values, diffs };
}

export async function printSourcesCorpus(opts: {
  verbose: boolean;
  only?: string;
  limit: number;
  offset?: number;
  kinds?: string;
}): Promise<void> {
  const t0 = performance.now();
  const pages = loadRecipeCorpus();
  if (!pages.length) {
    console.log("sources: the recipe corpus is not there (../shared/corpus/recipes); nothing scored");
    return;
  }
  const kinds = new Set((opts.kinds ?? "typed,pdf,photo").split(",") as Kind[]);
  const sample = sampleOf(pages, opts.limit, opts.offset);
  const byId = new Map(sample.map((p) => [p.id, p.expected]));
  const files = await generateSources(sample, kinds);
  const t1 = performance.now();
  const scored: Scored[] = [];
  try {
    for (const f of files) scored.push(score(f, byId.get(f.id)!, await readSource(f.kind, bytesOf(f))));
  } finally {
    await stopOcr();
  }
  const t2 = performance.now();
  const groups = new Map<string, Map<Field, Tally>>();
  const tally = (g: string) => {
    let m = groups.get(g);
    if (!m) groups.set(g, (m = new Map(FIELDS.map(([f]) => [f, new Tally()]))));
    return m;
  };
  for (const s of scored)
    for (const g of [s.file.kind, `${s.file.kind} ${s.file.style}`])
      for (const [f, v] of Object.entries(s.values) as [Field, number][])
        tally(g)
          .get(f)!
          .add(f === "changed amount, no flag (lines)" ? (v ? 0 : 1) : v, s.file.id, () => s.diffs[f] ?? "");
  const kindList = (["typed", "pdf", "photo"] as const).filter((k) => kinds.has(k));
  const table = (title: string, names: string[]) =>
    printTable(
      title,
      names.map((n) => ({ name: n, n: groups.get(n)?.get("found")?.n ?? 0 })),
      FIELDS.map(([field, f1]) => ({
        field: field === "changed amount, no flag (lines)" ? "no changed amount w/o flag (sources)" : field,
        f1,
        cells: names.map((n) => groups.get(n)?.get(field)),
      })),
    );
  console.log(
    `\nsources: ${sample.length} recipes of the corpus → ${files.length} sources (written ${((t1 - t0) / 1000).toFixed(1)} s, read ${((t2 - t1) / 1000).toFixed(1)} s) in ${SOURCES_DIR}`,
  );
  table("per source kind", kindList);
  for (const k of kindList)
    table(
      `${k} per house style`,
      STYLES.map((s) => `${k} ${s}`).filter((g) => groups.has(g)),
    );
  const changed = scored.reduce((n, s) => n + (s.values["changed amount, no flag (lines)"] ?? 0), 0);
  if (kinds.has("photo"))
    console.log(`\nphotos: ${changed} ingredient lines with a changed amount and no flag`);
  if (opts.verbose)
    for (const s of scored)
      for (const [f, d] of Object.entries(s.diffs))
        if (!opts.only || f.startsWith(opts.only))
          console.log(`\n[${s.file.kind} ${s.file.style}] ${s.file.id} — ${f}\n${d}`);
  const report = {
    recipes: sample.length,
    sources: files.length,
    groups: Object.fromEntries(
      [...groups].map(([g, m]) => [
        g,
        Object.fromEntries([...m].map(([f, t]) => [f, { mean: t.mean, n: t.n }])),
      ]),
    ),
    changedAmountsWithoutFlag: changed,
    misses: scored
      .filter((s) => Object.keys(s.diffs).length)
      .map((s) => ({
        id: s.file.id,
        kind: s.file.kind,
        style: s.file.style,
        look: s.file.look,
        diffs: s.diffs,
        // What the reader was given (an OCR's or PDF's text), to see why a line differs.
        text: s.file.kind === "typed" ? undefined : s.read.text,
      })),
  };
  const out = path.join(SOURCES_DIR, "report.json");
  writeFileSync(out, JSON.stringify(report, null, 2));
  console.log(`report: ${out}`);
}
