// Whether a change kept `ladle extract`'s output: `node bench/compareExtract.ts BASE_ROOT` runs
// `ladle extract` of this checkout and of the checkout at BASE_ROOT (e.g. a worktree of main) over
// every HTML page of the shared corpus (../shared/corpus: recipes and articles), one process
// each, and compares their NDJSON lines page by page: exit 1 and the pages that differ, else 0.
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { corpusFiles } from "./extractStages.ts";

const here = fileURLToPath(new URL("..", import.meta.url));
const base = process.argv[2];
if (!base) {
  console.error("usage: node bench/compareExtract.ts BASE_ROOT");
  process.exit(2);
}
const corpus = path.join(here, "../shared/corpus");
const files = ["recipes", "articles"].flatMap((d) => corpusFiles(path.join(corpus, d)));

/** One NDJSON line per file, in the order given. */
async function lines(root: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(root, "bin/ladle.js"), "extract", ...files],
    // One thread: the same pages in the same order in one process for both checkouts.
    {
      maxBuffer: 1024 * 1024 * 1024,
      env: { PATH: process.env.PATH, LADLE_CONFIG: "", LADLE_CPU_CONCURRENCY: "1" },
    },
  );
  // The time of the run is the one field that differs from run to run.
  return stdout
    .split("\n")
    .filter(Boolean)
    .map((l) => l.replace(/"retrievedAt":"[^"]*"/g, '"retrievedAt":""'));
}

const [ours, theirs] = await Promise.all([lines(here), lines(path.resolve(base))]);
let differ = 0;
for (let i = 0; i < files.length; i++) {
  if (ours[i] === theirs[i]) continue;
  differ++;
  if (differ <= 20) console.log(`differs: ${path.relative(corpus, files[i]!)}`);
}
console.log(`${files.length} pages (${ours.length} and ${theirs.length} lines): ${differ} differ`);
process.exit(differ || ours.length !== theirs.length ? 1 : 0);
