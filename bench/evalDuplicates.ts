import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { canonicalRecipeUrl } from "../src/domain/canonicalUrl.ts";
import { parseIngredientLine } from "../src/extract/ingredients.ts";
import { sameRecipe, titleSimilarity, DUPLICATE_THRESHOLDS } from "../src/services/recipes/findDuplicates.ts";

// `npm run eval -- duplicates`: precision and recall of the duplicate detector on
// test/fixtures/duplicates (made-up address pairs and recipe pairs), and on pairs built at run time
// from ../shared/corpus/recipes (read there, never copied): every two pages of the corpus whose
// titles look alike are hard negatives (other recipes with similar names), and each page against a
// "republished" copy of itself (title reworded, lines shuffled, amounts dropped, one line less) is
// a positive.

const FIXTURES = fileURLToPath(new URL("../test/fixtures/duplicates/", import.meta.url));
const CORPUS = fileURLToPath(new URL("../../shared/corpus/recipes/", import.meta.url));

export interface Score {
  pairs: number;
  positives: number;
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  misses: string[];
}

function score(rows: { same: boolean; said: boolean; label: string }[]): Score {
  const tp = rows.filter((r) => r.same && r.said).length;
  const fp = rows.filter((r) => !r.same && r.said).length;
  const fn = rows.filter((r) => r.same && !r.said).length;
  return {
    pairs: rows.length,
    positives: rows.filter((r) => r.same).length,
    tp,
    fp,
    fn,
    precision: tp + fp ? tp / (tp + fp) : 1,
    recall: tp + fn ? tp / (tp + fn) : 1,
    misses: rows.filter((r) => r.same !== r.said).map((r) => `${r.same ? "missed" : "false"}: ${r.label}`),
  };
}

interface Side {
  title: string;
  ingredients: string[];
}
const names = (lines: readonly string[]) => lines.map((l) => parseIngredientLine(l).name);
const detect = (a: Side, b: Side, t: { title: number; ingredients: number } = DUPLICATE_THRESHOLDS) =>
  sameRecipe(
    { title: a.title, ingredientNames: names(a.ingredients) },
    { title: b.title, ingredientNames: names(b.ingredients) },
    t,
  ) !== null;

/** The address pairs of test/fixtures/duplicates/urls.json. */
export function scoreUrls(): Score {
  const { pairs } = JSON.parse(readFileSync(path.join(FIXTURES, "urls.json"), "utf8")) as {
    pairs: { a: string; b: string; same: boolean; why: string }[];
  };
  return score(
    pairs.map((p) => {
      const a = canonicalRecipeUrl(p.a);
      return {
        same: p.same,
        said: a !== null && a === canonicalRecipeUrl(p.b),
        label: `${p.why} (${p.a} ~ ${p.b})`,
      };
    }),
  );
}

/** The recipe pairs of test/fixtures/duplicates/recipes.json. */
type Thresholds = { title: number; ingredients: number };
export function scoreRecipePairs(t: Thresholds = DUPLICATE_THRESHOLDS): Score {
  const { pairs } = JSON.parse(readFileSync(path.join(FIXTURES, "recipes.json"), "utf8")) as {
    pairs: { a: Side; b: Side; same: boolean; why: string }[];
  };
  return score(
    pairs.map((p) => ({
      same: p.same,
      said: detect(p.a, p.b, t),
      label: `${p.why}: ${p.a.title} ~ ${p.b.title}`,
    })),
  );
}

/** Deterministic shuffle (a fixed LCG), so the figures do not move between runs. */
function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const out = [...xs];
  let s = seed || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const TITLE_DRESS = ["Easy ", "The Best ", "Homemade ", "", "Simple "];

/** The same recipe as another site might publish it. */
function republished(r: Side, seed: number): Side {
  const bare = r.title.replace(/\([^)]*\)/g, "").trim();
  const title = `${TITLE_DRESS[seed % TITLE_DRESS.length]}${bare}${seed % 2 ? " Recipe" : " | Another Kitchen"}`;
  const lines = shuffled(r.ingredients, seed).map((l) => l.replace(/^[\d\s/.,½¼¾⅓⅔-]+/, "").trim() || l);
  return { title, ingredients: lines.length > 5 ? lines.slice(0, -1) : lines };
}

/** Corpus recipes with a title and at least three ingredient lines; null when ../shared is absent. */
export function corpusRecipes(): (Side & { id: string })[] | null {
  if (!existsSync(CORPUS)) return null;
  const out: (Side & { id: string })[] = [];
  for (const site of readdirSync(CORPUS, { withFileTypes: true })) {
    if (!site.isDirectory()) continue;
    for (const f of readdirSync(path.join(CORPUS, site.name))) {
      if (!f.endsWith(".json")) continue;
      const j = JSON.parse(readFileSync(path.join(CORPUS, site.name, f), "utf8")) as {
        title?: string;
        ingredients?: string[];
      };
      if (j.title && (j.ingredients?.length ?? 0) >= 3)
        out.push({ id: `${site.name}/${f}`, title: j.title, ingredients: j.ingredients! });
    }
  }
  return out;
}

/** Corpus pairs: similar titles (negatives) and republished copies (positives); null without the corpus. */
export function scoreCorpus(t: Thresholds = DUPLICATE_THRESHOLDS): (Score & { negatives: number }) | null {
  const all = corpusRecipes();
  if (!all) return null;
  const rows: { same: boolean; said: boolean; label: string }[] = [];
  all.forEach((r, i) => {
    rows.push({ same: true, said: detect(r, republished(r, i + 7), t), label: `${r.id} republished` });
  });
  for (let i = 0; i < all.length; i++)
    for (let j = i + 1; j < all.length; j++) {
      const a = all[i]!;
      const b = all[j]!;
      // Hard negatives only: pairs whose titles already look alike (the rest are easy).
      if (titleSimilarity(a.title, b.title) < 0.4) continue;
      // The same page saved twice (some sites appear under two names) is not a negative.
      if (a.title === b.title && a.ingredients.join() === b.ingredients.join()) continue;
      rows.push({ same: false, said: detect(a, b, t), label: `${a.id} "${a.title}" ~ ${b.id} "${b.title}"` });
    }
  const s = score(rows);
  return { ...s, negatives: s.pairs - s.positives };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const line = (name: string, s: Score) =>
  `${name.padEnd(34)} precision ${pct(s.precision).padStart(6)}  recall ${pct(s.recall).padStart(6)}  (${s.pairs} pairs, ${s.positives} same; ${s.fp} false, ${s.fn} missed)`;

export function printDuplicates(opts: { verbose: boolean }): void {
  console.log(
    `duplicates (thresholds: title ${DUPLICATE_THRESHOLDS.title}, ingredients ${DUPLICATE_THRESHOLDS.ingredients})`,
  );
  const shown = (s: Score) => {
    for (const m of s.misses.slice(0, opts.verbose ? 100 : 5)) console.log(`    ${m}`);
  };
  const u = scoreUrls();
  console.log(line("addresses (fixtures)", u));
  shown(u);
  const r = scoreRecipePairs();
  console.log(line("recipes (fixtures)", r));
  shown(r);
  const c = scoreCorpus();
  if (!c) console.log("recipes (corpus)                   not checked: ../shared/corpus/recipes is absent");
  else {
    console.log(line("recipes (corpus, built pairs)", c));
    shown(c);
  }
  if (opts.verbose && c) {
    // How the figures move with the thresholds: what they were chosen from.
    for (const title of [0.5, 0.6, 0.7])
      for (const ingredients of [0.3, 0.4, 0.5, 0.6]) {
        const f = scoreRecipePairs({ title, ingredients });
        const k = scoreCorpus({ title, ingredients })!;
        console.log(
          `  title ≥ ${title} ingredients ≥ ${ingredients}: fixtures P ${pct(f.precision)} R ${pct(f.recall)}; corpus P ${pct(k.precision)} R ${pct(k.recall)}`,
        );
      }
  }
}
