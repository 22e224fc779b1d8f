// The ingredient stage's CPU per page inside extraction: `node bench/ingredientStage.ts [ROOT]`
// extracts every recipe page of the shared corpus (../shared/corpus/recipes) with the checkout at
// ROOT (this one by default), three passes in this one fresh process under V8's sampling profiler,
// and counts the samples with an ingredient frame on their stack (src/extract/ingredients.ts,
// ingredientParts.ts, ingredientUnits.ts, libraryRead.ts, numberWords.ts, tagger/,
// parse-ingredient). The first pass is the cold one (every line and word met for the first time,
// the model read, the code not yet optimised), the last the warm one. Sampling: a figure moves by
// ±10% from run to run on a busy machine; compare checkouts in alternating runs.
import { Session } from "node:inspector/promises";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { corpusFiles } from "./extractStages.ts";

interface Node {
  id: number;
  callFrame: { url: string };
  children?: number[];
}

const INGREDIENT =
  /\/src\/extract\/(?:ingredients|ingredientParts|ingredientUnits|libraryRead|numberWords)\.ts|\/src\/extract\/tagger\/|\/parse-ingredient\//;

/**
 * Samples of the profile in all, and under an ingredient frame. Counted, not weighed by their
 * intervals: on a busy machine a sample taken after the thread waited for a core carries the wait.
 */
function split(profile: { nodes: Node[]; samples: number[] }): [number, number] {
  const parent = new Map<number, number>();
  const byId = new Map<number, Node>();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const under = new Map<number, boolean>();
  const isUnder = (id: number): boolean => {
    let v = under.get(id);
    if (v === undefined) {
      const p = parent.get(id);
      v = INGREDIENT.test(byId.get(id)!.callFrame.url) || (p !== undefined && isUnder(p));
      under.set(id, v);
    }
    return v;
  };
  let all = 0;
  let ing = 0;
  for (const s of profile.samples) {
    all++;
    if (isUnder(s)) ing++;
  }
  return [all, ing];
}

const root = path.resolve(process.argv[2] ?? new URL("..", import.meta.url).pathname);
const at = (p: string) => import(pathToFileURL(path.join(root, p)).href);
const { loadConfig } = await at("src/config.ts");
const { decodeHtml } = await at("src/extract/decodeBody.ts");
const { extractFile } = await at("src/services/imports/extractFile.ts");
const files = corpusFiles(path.join(root, "../shared/corpus/recipes"));
const pages: string[] = files.map((f) => decodeHtml(readFileSync(f), null).text);
const config = loadConfig({ env: {}, file: null });
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 200 });
for (const pass of ["cold", "second", "warm"]) {
  await session.post("Profiler.start");
  const c = process.cpuUsage();
  for (const p of pages) await extractFile(config, p, "https://bench.test/r");
  const u = process.cpuUsage(c);
  const { profile } = await session.post("Profiler.stop");
  // LADLE_PROFILE_DIR=dir keeps each pass's profile (cold.cpuprofile…) for bench/cpuProfileSummary.ts.
  const dir = process.env.LADLE_PROFILE_DIR;
  if (dir) writeFileSync(path.join(dir, `${pass}.cpuprofile`), JSON.stringify(profile));
  const [all, ing] = split(profile as never);
  const cpu = (u.user + u.system) / 1000 / pages.length;
  console.log(
    `${pass.padEnd(6)}: ${cpu.toFixed(2)} ms CPU per page, ingredient stage ${((cpu * ing) / all).toFixed(3)} ms (${((100 * ing) / all).toFixed(1)}% of ${all} samples)`,
  );
}
session.disconnect();
