/**
 * The wall check (`detectBlock`) over every saved corpus page, as the gateway runs it on a fetched
 * page (the first 16 KB decoded, the whole page on demand): the verdicts (a digest to compare two
 * trees with) and the CPU per page. `node --import tsx bench/wallCheck.ts [tree] [rounds]`, `tree`
 * the checkout whose `src/extract/detectBlock.ts` is measured (default this one). With
 * `node --expose-gc --max-semi-space-size=128 --min-semi-space-size=128`, also the heap allocated per
 * page (one pass between two collections, none in between: the young generation holds it).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import type { detectBlock as DetectBlock } from "../src/extract/detectBlock.ts";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const tree = path.resolve(process.argv[2] ?? path.join(here, ".."));
const rounds = Number(process.argv[3] ?? 20);
const corpus = path.resolve(here, "../../shared/corpus");

function htmlFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = path.join(dir, name);
      return statSync(p).isDirectory() ? htmlFiles(p) : name.endsWith(".html") ? [p] : [];
    });
}

const { detectBlock } = (await import(pathToFileURL(path.join(tree, "src/extract/detectBlock.ts")).href)) as {
  detectBlock: typeof DetectBlock;
};

const sets = ["recipes", "articles"].map((name) => {
  const files = htmlFiles(path.join(corpus, name));
  return { name, files, bodies: files.map((f) => readFileSync(f)) };
});

function check(body: Buffer, i: number, status = 200): string {
  let whole: string | undefined;
  const block = detectBlock({
    status,
    headers: {},
    html: body.subarray(0, 16 * 1024).toString("utf8"),
    url: `https://site${i}.test/recipe/${i}`,
    whole: () => (whole ??= body.toString("utf8")),
  });
  return block ? JSON.stringify(block) : "-";
}

for (const { name, files, bodies } of sets) {
  // Served with 200 (the measured case), and with 403, which reads more of the text: a digest that
  // more code changes the verdict of.
  const verdicts = bodies.map((b, i) => check(b, i));
  const walls = verdicts.filter((v) => v !== "-").length;
  const as403 = bodies.map((b, i) => check(b, i, 403));
  verdicts.push(...as403);
  const digest = createHash("sha256").update(verdicts.join("\n")).digest("hex").slice(0, 16);
  // Best of three timings of `rounds` passes, the first round (cold JIT) included in none.
  const times: number[] = [];
  for (let t = 0; t < 3; t++) {
    const start = process.cpuUsage();
    for (let r = 0; r < rounds; r++) bodies.forEach((b, i) => check(b, i));
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / (rounds * bodies.length));
  }
  let allocated = "";
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    const before = v8.getHeapStatistics().used_heap_size;
    bodies.forEach((b, i) => check(b, i));
    const after = v8.getHeapStatistics().used_heap_size;
    allocated = `, ${((after - before) / bodies.length / 1024).toFixed(1)} KiB allocated/page`;
  }
  console.log(
    `${name}: ${files.length} pages, ${walls} walls (${as403.filter((v) => v !== "-").length} served as 403), verdicts ${digest}, CPU ${Math.min(...times).toFixed(1)} µs/page (runs ${times.map((t) => t.toFixed(1)).join(", ")})${allocated}`,
  );
}
