import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { parseDocument } from "htmlparser2";
import { loadConfig, type Config } from "../src/config.ts";
import { extractFile } from "../src/services/imports/extractFile.ts";
import { decodeHtml } from "../src/extract/decodeBody.ts";
import { RECIPE_CORPUS } from "../test/golden/realPages.ts";
import { corpusFiles, measureStages, stagesLine } from "./extractStages.ts";
import { blogPage } from "./blogPage.ts";

const PAGES = fileURLToPath(new URL("../test/fixtures/pages/", import.meta.url));
const BIN = fileURLToPath(new URL("../bin/ladle.js", import.meta.url));

/**
 * Pages per second of `f` on one page: the best of several rounds, because on a shared two-core
 * machine the mean mostly measures the neighbours.
 */
async function rate(f: () => unknown, rounds = 12, perRound = 20): Promise<number> {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t = performance.now();
    for (let i = 0; i < perRound; i++) await f();
    best = Math.min(best, (performance.now() - t) / perRound);
  }
  return 1000 / best;
}

async function largePage(config: Config, label: string, html: string): Promise<void> {
  const kb = (Buffer.byteLength(html) / 1024).toFixed(0);
  const parse = await rate(() =>
    parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true }),
  );
  const full = await rate(() => extractFile(config, html, "https://bench.test/r"));
  console.log(
    `${label} (${kb} KB): ${full.toFixed(0)} pages/s extract + validate + guardrail; bare htmlparser2 parse ${parse.toFixed(0)} pages/s (${((full / parse) * 100).toFixed(0)}% of it)`,
  );
}

/**
 * The shared corpus of real pages (../shared/corpus/recipes): extraction in one process against
 * a bare htmlparser2 DOM parse of the same pages, then the `ladle extract` CLI over all of them.
 */
async function realPages(config: Config): Promise<void> {
  const files = corpusFiles(RECIPE_CORPUS);
  if (!files.length) {
    console.log(`real pages: corpus not found at ${RECIPE_CORPUS}, skipped`);
    return;
  }
  const pages = files.map((f) => decodeHtml(readFileSync(f), null).text);
  const bytes = pages.reduce((s, p) => s + Buffer.byteLength(p), 0);
  const sorted = pages.map((p) => Buffer.byteLength(p)).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  // Best of three passes: on a shared machine the slowest passes measure the neighbours.
  const best = async (f: (html: string) => unknown): Promise<number> => {
    let fastest = Infinity;
    for (let round = 0; round < 3; round++) {
      const t = performance.now();
      for (const p of pages) await f(p);
      fastest = Math.min(fastest, (performance.now() - t) / 1000);
    }
    return pages.length / fastest;
  };
  const parse = await best((html) =>
    parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true }),
  );
  console.log(`per page, CPU ms in one thread (best of 3): ${stagesLine(await measureStages(files))}`);
  const full = await best((html) => extractFile(config, html, "https://bench.test/r"));
  console.log(
    `real pages (${pages.length} pages of the shared corpus, median ${(median / 1024).toFixed(0)} KB, ${(bytes / 1e6).toFixed(0)} MB), in one process: ${full.toFixed(0)} pages/s extract + validate + guardrail; bare htmlparser2 parse ${parse.toFixed(0)} pages/s (${((full / parse) * 100).toFixed(0)}% of it)`,
  );
  const cli = await extractCli(files);
  const [l1, l5] = os.loadavg();
  // `ladle extract` sizes its pool to the cores idle when it starts (LADLE_CPU_CONCURRENCY sets
  // it): how many it kept busy is its CPU time over its wall time.
  const busy = Number.isFinite(cli.cpuAll)
    ? `keeping ${(cli.cpuAll / cli.seconds).toFixed(1)} cores busy, `
    : "";
  console.log(
    `ladle extract CLI over the ${files.length} corpus pages (${busy}load average ${l1!.toFixed(1)} / ${l5!.toFixed(1)}): ${cli.work.toFixed(0)} pages/s of work (start-up excluded), ${(files.length / cli.seconds).toFixed(0)} pages/s including start-up and reading the files (${cli.seconds.toFixed(2)} s, start-up ${cli.startUp.toFixed(2)} s)`,
  );
  if (cli.cpuWork)
    console.log(
      `ladle extract CLI, CPU time: ${cli.cpuWork.toFixed(0)} pages per CPU second of work (all threads, start-up excluded; what the pages/s of work would be on one idle core)`,
    );
  await reference(files, cli.work, cli.cpuWork);
}

/** What `ladle extract FILE...` did over `files`: see `extractCli`. */
export interface CliRun {
  /** Pages/s of work: the pages over the run less a one-page run (start-up and module loading). */
  work: number;
  /** Wall seconds of the run over every page, and of the one-page run. */
  seconds: number;
  startUp: number;
  /** CPU seconds (every thread) of those runs; NaN where the system does not say. */
  cpuAll: number;
  cpuOne: number;
  /** Pages per CPU second of work (start-up excluded), or null. */
  cpuWork: number | null;
}

/**
 * `ladle extract` over `files` as a user runs it, each run a fresh process (every page read once
 * per run): the best of `rounds` runs over every page and over the first page alone, as the
 * machine is shared.
 */
export async function extractCli(files: string[], rounds = 3): Promise<CliRun> {
  const cpu = { all: Infinity, one: Infinity };
  const cli = async (args: string[]): Promise<number> => {
    const t = performance.now();
    const c = childCpu();
    await promisify(execFile)(process.execPath, [BIN, "extract", ...args], {
      maxBuffer: 1024 * 1024 * 1024,
      env: { PATH: process.env.PATH, LADLE_CONFIG: "" },
    });
    const used = childCpu() - c;
    if (args.length > 1) cpu.all = Math.min(cpu.all, used);
    else cpu.one = Math.min(cpu.one, used);
    return (performance.now() - t) / 1000;
  };
  let s = Infinity;
  let startUp = Infinity;
  for (let round = 0; round < rounds; round++) {
    s = Math.min(s, await cli(files));
    startUp = Math.min(startUp, await cli(files.slice(0, 1)));
  }
  // CPU seconds of the run's work (every thread), when the system reports children's CPU time.
  const cpuWork = Number.isFinite(cpu.all) && cpu.all > cpu.one ? files.length / (cpu.all - cpu.one) : null;
  return {
    work: files.length / Math.max(0.001, s - startUp),
    seconds: s,
    startUp,
    cpuAll: cpu.all,
    cpuOne: cpu.one,
    cpuWork,
  };
}

/** CPU seconds used so far by this process's waited-for children (Linux /proc), or NaN. */
function childCpu(): number {
  try {
    // Fields after the command name: cutime and cstime are the 14th and 15th, in clock ticks (100/s).
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * The same pages through the reference reader (recipe-scrapers' generic mode, bench/referenceReader.py)
 * when LADLE_BENCH_REFERENCE names a Python that has it; the ratio is ladle's pages/s of work to its.
 */
async function reference(files: string[], ladleWork: number, ladleCpu: number | null): Promise<void> {
  const python = referencePython();
  const cmd = `LADLE_BENCH_REFERENCE=/path/to/python npm run bench -- extract`;
  if (!python) {
    console.log(
      `reference reader: not run (set it with \`${cmd}\`, a Python with recipe-scrapers); ratio not measured`,
    );
    return;
  }
  const { seconds, cpuSeconds } = await referenceRun(python, files);
  const rate = files.length / seconds;
  console.log(
    `reference reader (recipe-scrapers generic mode, one process) on the same ${files.length} pages: ${rate.toFixed(1)} pages/s of work; ladle extract is ${(ladleWork / rate).toFixed(1)}x (command: ${cmd})`,
  );
  if (ladleCpu && Number.isFinite(cpuSeconds)) {
    const perCpu = files.length / cpuSeconds;
    const cores = os.availableParallelism();
    console.log(
      `by CPU time (the neighbours left out): reference ${perCpu.toFixed(1)} pages per CPU second, ladle ${ladleCpu.toFixed(0)}: ${(ladleCpu / perCpu).toFixed(1)}x per core, ${((ladleCpu * cores) / perCpu).toFixed(1)}x on ${cores} idle cores at most (an upper bound: two threads cost more CPU a page than one)`,
    );
  }
}

/**
 * The Python that runs the reference reader: LADLE_BENCH_REFERENCE, else /usr/bin/python3 when it
 * has recipe-scrapers (Debian's python3-recipe-scrapers); null without one.
 */
export function referencePython(): string | null {
  // "none": not run (the import / extract ratio alone, minutes sooner on a busy machine).
  if (process.env.LADLE_BENCH_REFERENCE === "none") return null;
  if (process.env.LADLE_BENCH_REFERENCE) return process.env.LADLE_BENCH_REFERENCE;
  const debian = "/usr/bin/python3";
  if (!existsSync(debian)) return null;
  return spawnSync(debian, ["-c", "import recipe_scrapers"]).status === 0 ? debian : null;
}

/**
 * The reference reader (bench/referenceReader.py) over `files` with `python`: best of `rounds`
 * runs, wall seconds of its work and its CPU seconds (NaN when it does not say).
 */
export async function referenceRun(
  python: string,
  files: string[],
  rounds = 2,
): Promise<{ seconds: number; cpuSeconds: number }> {
  const script = fileURLToPath(new URL("./referenceReader.py", import.meta.url));
  let seconds = Infinity;
  let cpuSeconds = Infinity;
  for (let round = 0; round < rounds; round++) {
    const { stdout } = await promisify(execFile)(python, [script, ...files], { maxBuffer: 16 * 1024 * 1024 });
    const [wall, cpu] = stdout.trim().split("\n").at(-1)!.split(" ").map(Number);
    seconds = Math.min(seconds, wall!);
    if (cpu) cpuSeconds = Math.min(cpuSeconds, cpu);
  }
  return { seconds, cpuSeconds: Number.isFinite(cpuSeconds) ? cpuSeconds : NaN };
}

/** `ladle extract` throughput: real pages, fixture pages in-process, large pages against a bare parse, the CLI. */
export async function run(): Promise<void> {
  const files = readdirSync(PAGES)
    .filter((f) => f.endsWith(".html"))
    .map((f) => path.join(PAGES, f));
  const pages = files.map((f) => readFileSync(f, "utf8"));
  const bytes = pages.reduce((s, p) => s + Buffer.byteLength(p), 0);
  const config = loadConfig({ env: {}, file: null });
  await realPages(config);

  for (const p of pages) await extractFile(config, p, "https://bench.test/r");
  const rounds = Math.max(5, Math.ceil(2000 / pages.length));
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++)
    for (const p of pages) await extractFile(config, p, "https://bench.test/r");
  const s = (performance.now() - t0) / 1000;
  const n = rounds * pages.length;
  console.log(
    `${pages.length} fixture pages (mean ${(bytes / pages.length / 1024).toFixed(0)} KB), in one process: ${(n / s).toFixed(0)} pages/s, ${((bytes * rounds) / s / 1e6).toFixed(1)} MB/s`,
  );

  const blog = blogPage();
  await largePage(config, "blog page: inline CSS/JS, JSON-LD graph, SVG menu, ads, comments", blog);
  await largePage(
    config,
    "the blog page without its JSON-LD (heuristic path)",
    blog.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/, ""),
  );
  const textHeavy = pages.find((p) => p.length > 200_000);
  if (textHeavy) await largePage(config, "text-heavy page: 114 KB of visible text", textHeavy);

  // The CLI as a user runs it: one process, start-up included, NDJSON to stdout.
  const dir = mkdtempSync(path.join(tmpdir(), "ladle-bench-"));
  try {
    const args: string[] = [];
    for (let i = 0; i < 200; i++) {
      const f = path.join(dir, `page-${i}.html`);
      writeFileSync(f, blog);
      args.push(f);
    }
    const t2 = performance.now();
    await promisify(execFile)(process.execPath, [BIN, "extract", ...args], {
      maxBuffer: 512 * 1024 * 1024,
      env: { PATH: process.env.PATH, LADLE_CONFIG: "" },
    });
    const cs = (performance.now() - t2) / 1000;
    const t3 = performance.now();
    await promisify(execFile)(process.execPath, [BIN, "extract", args[0]!], {
      env: { PATH: process.env.PATH, LADLE_CONFIG: "" },
    });
    const one = (performance.now() - t3) / 1000;
    console.log(
      `ladle extract CLI, ${args.length} blog pages in one process: ${(args.length / cs).toFixed(0)} pages/s including start-up (${cs.toFixed(2)} s; one page alone ${one.toFixed(2)} s)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
