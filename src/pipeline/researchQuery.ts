import type { Constraints } from "../domain/discovery.ts";
import type { Failure } from "../errors.ts";
import type { RankedCandidate } from "../search/rankCandidates.ts";
import type { PipelineContext } from "./context.ts";
import type { Discover } from "./discoverImport.ts";
import { readIngredient } from "./analyzeRecipe.ts";
import { runUrlImport } from "./urlImport.ts";

/** One recipe the Research agent read, as compared. */
export interface ResearchedRecipe {
  /** Place in the comparison (0 = best). */
  rank: number;
  candidateIndex: number;
  url: string;
  name: string;
  siteName: string | null;
  extractionMethod: string | null;
  totalTimeMinutes: number | null;
  servings: number | null;
  ingredientCount: number;
  stepCount: number;
  /** Validation warnings and errors of the draft, counted. */
  issues: number;
  /** Main ingredients (descriptors dropped) this recipe has and the others lack. */
  onlyHere: string[];
  /** What stands out against the others ("fastest", "fewest ingredients"…). */
  highlights: string[];
  ingredients: string[];
}

/** The Research agent's result: several recipes for one query, ranked, with their differences. */
export interface ResearchResult {
  kind: "research";
  query: string;
  recipes: ResearchedRecipe[];
  /** Main ingredients every compared recipe has. */
  shared: string[];
  candidates: RankedCandidate[];
  /** Candidates read that gave no recipe, and why. */
  skipped: { candidateIndex: number; url: string; code: string; reason: string }[];
}

export interface ResearchInput {
  query: string;
  constraints: Constraints;
  /** Recipes to compare. */
  recipes: number;
  render?: "never" | "auto" | "always" | null;
}

/** An ingredient's food, for comparing recipes ("2 Large Eggs" and "egg" are one). */
function foodKey(name: string): string {
  const r = readIngredient(name);
  return [...r.foods, ...r.unknownWords].join(" ") || name.trim().toLowerCase();
}

/**
 * Research (recipe-ingest-agent agent type; Ladle's meaning): discovery for the query, then
 * Fetch → Extract → Validate on the best candidates until `recipes` recipes are read (a candidate
 * that is no recipe is skipped), then a comparison: ranked by discovery rank and draft quality,
 * the ingredients they share, what each has alone, and which is fastest or shortest. Nothing is
 * stored as a recipe; the reviewer imports the one they want with an Ingest task.
 */
export async function runResearch(
  ctx: PipelineContext,
  input: ResearchInput,
  discover: Discover,
): Promise<({ ok: true } & ResearchResult) | (Failure & { phase: string })> {
  await ctx.onPhase?.("Research.Discover", "started", { query: input.query });
  const found = await discover(input.query, input.constraints);
  if (!found.ok) return { ...found, phase: "Research.Discover" };
  await ctx.onPhase?.("Research.Discover", "completed", {
    provider: found.provider,
    candidates: found.candidates.length,
  });
  const read: (Omit<ResearchedRecipe, "rank" | "onlyHere" | "highlights"> & { score: number })[] = [];
  const skipped: ResearchResult["skipped"] = [];
  await ctx.onPhase?.("Research.Extract", "started", { want: input.recipes });
  // Each candidate runs the Ingest phases quietly: this task reports its own phases.
  const quiet: PipelineContext = { ...ctx, onPhase: async () => {} };
  for (const [index, cand] of found.candidates.entries()) {
    if (read.length >= input.recipes || index >= input.recipes * 2 + 1) break;
    if (ctx.signal?.aborted) break;
    const res = await runUrlImport(quiet, cand.url, input.render ?? null);
    if (!res.ok) {
      skipped.push({ candidateIndex: index, url: cand.url, code: res.code, reason: res.message });
      continue;
    }
    const r = res.draft.recipe;
    const v = res.draft.validation;
    read.push({
      candidateIndex: index,
      url: cand.url,
      name: r.name,
      siteName: res.draft.source.siteName ?? cand.siteName ?? null,
      extractionMethod: res.draft.source.extractionMethod ?? null,
      totalTimeMinutes: r.totalTimeMinutes || null,
      servings: r.servings || null,
      ingredientCount: r.ingredients.length,
      stepCount: r.instructions.length,
      issues: v.errors.length + v.warnings.length,
      ingredients: r.ingredients.map((i) => i.name || i.text),
      // Discovery's rank first; a draft with errors or missing parts drops behind a clean one.
      score: cand.score - 0.05 * v.errors.length - 0.01 * v.warnings.length,
    });
    await ctx.onPhase?.("Research.Extract", "started", { read: read.length, url: cand.url });
  }
  await ctx.onPhase?.("Research.Extract", "completed", { read: read.length, skipped: skipped.length });
  if (!read.length) {
    const last = skipped.at(-1);
    return {
      ok: false,
      code: "NO_RECIPE_FOUND",
      message: `None of the ${skipped.length} pages found for "${input.query}" had a recipe${last ? `; last: ${last.reason}` : ""}.`,
      details: { skipped },
      phase: "Research.Extract",
    };
  }
  await ctx.onPhase?.("Research.Compare", "started", { recipes: read.length });
  const keys = read.map((r) => new Set(r.ingredients.map(foodKey)));
  const shared = [...keys[0]!].filter((k) => keys.every((s) => s.has(k))).sort();
  const ranked = [...read].sort((a, b) => b.score - a.score);
  const timed = read.filter((r) => r.totalTimeMinutes);
  const fastest = timed.length > 1 ? Math.min(...timed.map((r) => r.totalTimeMinutes!)) : null;
  const fewest = read.length > 1 ? Math.min(...read.map((r) => r.ingredientCount)) : null;
  const recipes: ResearchedRecipe[] = ranked.map((r, rank) => {
    const mine = keys[read.indexOf(r)]!;
    const others = keys.filter((s) => s !== mine);
    const onlyHere = [...mine].filter((k) => others.length && others.every((s) => !s.has(k))).sort();
    const highlights: string[] = [];
    if (fastest !== null && r.totalTimeMinutes === fastest) highlights.push("fastest");
    if (fewest !== null && r.ingredientCount === fewest) highlights.push("fewest ingredients");
    if (!r.issues) highlights.push("complete draft");
    const { score: _score, ...rest } = r;
    return { ...rest, rank, onlyHere, highlights };
  });
  await ctx.onPhase?.("Research.Compare", "completed", { recipes: recipes.length });
  return {
    ok: true,
    kind: "research",
    query: input.query,
    recipes,
    shared,
    candidates: found.candidates,
    skipped,
  };
}
