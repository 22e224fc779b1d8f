import { readFileSync } from "node:fs";
import { loadConfig } from "../src/config.ts";
import { extractRecipe } from "../src/extract/extractRecipe.ts";
import { checkParaphrase } from "../src/guardrail/paraphraseGuardrail.ts";
import { fmt, percentile } from "./stats.ts";

/** The paraphrase guardrail's cost per draft, on the ~300 KB blog page (its snapshot and draft). */
export async function run(): Promise<void> {
  const html = readFileSync(
    new URL("../test/fixtures/pages/large-blog-recipe.html", import.meta.url),
    "utf8",
  );
  const ex = extractRecipe({ html, url: "https://bigblog.test/cookies/" });
  if (!ex.ok) throw new Error("fixture did not extract");
  const opts = loadConfig({ env: {}, file: null }).Ingest.Guardrail;
  const words = ex.snapshot.split(/\s+/).length;
  for (let i = 0; i < 20; i++) checkParaphrase(ex.snapshot, ex.recipe, opts);
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    checkParaphrase(ex.snapshot, ex.recipe, opts);
    times.push(performance.now() - t0);
  }
  const r = checkParaphrase(ex.snapshot, ex.recipe, opts);
  console.log(
    `snapshot ${words} tokens, ${ex.recipe.instructions.length} steps; verdict: overlap ${r.report.maxContiguousTokenOverlap}, n-gram ${r.report.maxNgramSimilarity}`,
  );
  console.log(`guardrail per draft: p50 ${fmt(percentile(times, 50))}, p95 ${fmt(percentile(times, 95))}`);
}
