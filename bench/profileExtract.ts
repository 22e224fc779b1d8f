// Profiling driver: extractFile over every corpus page, a few rounds (node --cpu-prof --import tsx bench/profileExtract.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../src/config.ts";
import { decodeHtml } from "../src/extract/decodeBody.ts";
import { extractFile } from "../src/services/imports/extractFile.ts";
import { RECIPE_CORPUS } from "../test/golden/realPages.ts";

const files = readdirSync(RECIPE_CORPUS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(path.join(RECIPE_CORPUS, d.name))
      .filter((f) => f.endsWith(".html"))
      .map((f) => path.join(RECIPE_CORPUS, d.name, f)),
  )
  .sort();
const pages = files.map((f) => decodeHtml(readFileSync(f), null).text);
const config = loadConfig({ env: {}, file: null });
const rounds = Number(process.env.ROUNDS ?? 3);
for (let r = 0; r < rounds; r++) {
  const t = performance.now();
  const c = process.cpuUsage();
  for (const p of pages) await extractFile(config, p, "https://bench.test/r");
  const ms = performance.now() - t;
  const cpu = process.cpuUsage(c);
  console.log(
    `round ${r}: ${(ms / pages.length).toFixed(2)} ms/page wall, ${((cpu.user + cpu.system) / 1000 / pages.length).toFixed(2)} ms/page cpu`,
  );
}
