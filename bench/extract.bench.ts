import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { loadConfig } from "../src/config.ts";
import { extractFile } from "../src/services/extractFile.ts";

const PAGES = fileURLToPath(new URL("../test/fixtures/pages/", import.meta.url));
const BIN = fileURLToPath(new URL("../bin/ladle.js", import.meta.url));

/** `ladle extract` throughput over the repo's fixture pages: in-process loop and the CLI itself. */
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
  console.log(`${pages.length} fixture pages, mean ${(bytes / pages.length / 1024).toFixed(0)} KB`);
  console.log(
    `in-process (extract + validate, one process): ${(n / s).toFixed(0)} pages/s, ${((bytes * rounds) / s / 1e6).toFixed(1)} MB/s`,
  );

  const large = pages.filter((p) => p.length > 200_000);
  if (large.length) {
    const t1 = performance.now();
    const m = 200;
    for (let i = 0; i < m; i++) await extractFile(config, large[i % large.length]!, "https://bench.test/r");
    console.log(
      `large pages (~${(Buffer.byteLength(large[0]!) / 1024).toFixed(0)} KB): ${(m / ((performance.now() - t1) / 1000)).toFixed(0)} pages/s`,
    );
  }

  const args = Array.from({ length: 10 }, () => files).flat();
  const t2 = performance.now();
  await promisify(execFile)(process.execPath, [BIN, "extract", ...args], {
    maxBuffer: 512 * 1024 * 1024,
    env: { PATH: process.env.PATH, LADLE_CONFIG: "" },
  });
  const cs = (performance.now() - t2) / 1000;
  console.log(
    `ladle extract CLI, ${args.length} files in one process incl. start-up: ${(args.length / cs).toFixed(0)} pages/s (${cs.toFixed(2)} s)`,
  );
}
