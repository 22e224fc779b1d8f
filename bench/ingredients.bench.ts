import { readFileSync, statSync } from "node:fs";
import os from "node:os";
import { parseIngredientLine, parseIngredientLineByRules } from "../src/extract/ingredients.ts";
import { decodeModel, IngredientTagger, MODEL_FILE } from "../src/extract/tagger/model.ts";
import { loadIngredientCorpus } from "../test/golden/ingredientLines.ts";

const FALLBACK = [
  "2 cups all-purpose flour",
  "1 (14 oz) can coconut milk",
  "3 garlic cloves, finely chopped",
  "10 tbsp (140 g) unsalted butter, softened",
  "Salt and freshly ground black pepper, to taste",
];

/** Lines per second of `fn` over `lines` (after two warm-up passes), by wall clock and by CPU time. */
function rate(lines: string[], fn: (l: string) => unknown): string {
  // Warm: two whole passes first (the JIT, and the tagger's per-word cache, which a server keeps
  // across requests; the first pass over 21,000 new lines is mostly filling it).
  for (let r = 0; r < 2; r++) for (const l of lines) fn(l);
  const rounds = 3;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) for (const l of lines) fn(l);
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  const n = lines.length * rounds;
  return `${Math.round(n / wall).toLocaleString("en")} lines/s wall, ${Math.round(n / cpu).toLocaleString("en")} lines per CPU second`;
}

/**
 * The ingredient tagger: model load time and size, and lines per second (every line of the shared
 * corpus, three passes) for the tagger alone, the combined parser and the rules alone. The machine
 * is shared: the load average is printed beside the figures, and the CPU-second rate is the one
 * that measures the code.
 */
export async function run(): Promise<void> {
  const corpus = [...loadIngredientCorpus().values()].flat().map((l) => l.input);
  const lines = corpus.length ? corpus : FALLBACK;
  const t0 = performance.now();
  const tagger = new IngredientTagger(decodeModel(readFileSync(MODEL_FILE)));
  const loadMs = performance.now() - t0;
  console.log(
    `model: ${(statSync(MODEL_FILE).size / 1024).toFixed(0)} KiB, ${tagger.weights.info.features} features, loaded in ${loadMs.toFixed(0)} ms; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );
  console.log(`tagging (tokens, features, Viterbi)  ${rate(lines, (l) => tagger.tag(l))}`);
  console.log(`parseIngredientLine (combined)       ${rate(lines, (l) => parseIngredientLine(l))}`);
  console.log(`rules alone                          ${rate(lines, (l) => parseIngredientLineByRules(l))}`);
}
