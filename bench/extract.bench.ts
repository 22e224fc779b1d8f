import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { parseDocument } from "htmlparser2";
import { loadConfig, type Config } from "../src/config.ts";
import { extractFile } from "../src/services/extractFile.ts";
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

/** `ladle extract` throughput: fixture pages in-process, two large pages against a bare parse, the CLI. */
export async function run(): Promise<void> {
  const files = readdirSync(PAGES)
    .filter((f) => f.endsWith(".html"))
    .map((f) => path.join(PAGES, f));
  const pages = files.map((f) => readFileSync(f, "utf8"));
  const bytes = pages.reduce((s, p) => s + Buffer.byteLength(p), 0);
  const config = loadConfig({ env: {}, file: null });

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
