// What compiling the extraction's regular expressions costs, pattern by pattern, for a cold thread:
//   node bench/regexpCompileCost.ts [TOP]
// V8 compiles each pattern once per thread (bytecode at its first run, native code at its second,
// again for the other string width), so `ladle extract` over many pages pays for every pattern it
// meets. Records every (source, flags) `extractFile` runs over every fourth corpus page
// (`RegExp.prototype.exec` wrapped: the string and RegExp built-ins call it once it is replaced),
// then, in a fresh process as a cold thread is (V8 stops optimising a pattern's code once a process
// has made 1 MB of regular-expression code and holds 16 MB of executable memory: measured after the
// extraction, the costly patterns read 4-5 times cheaper than they are in a run), compiles a copy of
// each in the order the run first used them (a unique suffix defeats V8's compile cache) and runs it
// twice on a one-byte and twice on a two-byte string. CPU of each, median of three such processes.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../src/config.ts";
import { decodeHtml } from "../src/extract/decodeBody.ts";
import { extractFile } from "../src/services/imports/extractFile.ts";
import { corpusFiles } from "./extractStages.ts";

interface Pattern {
  source: string;
  flags: string;
  at: string;
}

// The measuring process: one copy of each pattern, compiled and run, CPU ms of each.
if (process.argv[2] === "--measure") {
  const list = JSON.parse(readFileSync(process.argv[3]!, "utf8")) as Pattern[];
  const subjects = ["x".repeat(8), "x".repeat(7) + "\u2014"];
  const ms = list.map((p, i) => {
    const re = new RegExp(`${p.source}|~~${i}${String(Math.random()).slice(2)}`, p.flags);
    const c = process.cpuUsage();
    for (const s of subjects) {
      re.exec(s);
      re.exec(s);
    }
    const u = process.cpuUsage(c);
    return (u.user + u.system) / 1000;
  });
  console.log(JSON.stringify(ms));
  process.exit(0);
}

const top = Number(process.argv[2] ?? 25);
const corpus = new URL("../../shared/corpus/recipes", import.meta.url).pathname;
const pages = corpusFiles(corpus)
  .filter((_, i) => i % 4 === 0)
  .map((f) => decodeHtml(readFileSync(f), null).text);
const config = loadConfig({ env: {}, file: null });

const seen = new Map<string, Pattern>();
const exec = RegExp.prototype.exec;
RegExp.prototype.exec = function (this: RegExp, s: string) {
  const key = `${this.flags}/${this.source}`;
  if (!seen.has(key)) {
    // No regular expression in here: each would call this wrapper again.
    const entry = { source: this.source, flags: this.flags.replace("g", "").replace("y", ""), at: "" };
    seen.set(key, entry);
    const frame =
      new Error().stack!.split("\n").find((l) => l.includes("/src/") || l.includes("/node_modules/")) ?? "";
    const from = Math.max(frame.indexOf("/src/"), frame.indexOf("/node_modules/")) + 1;
    entry.at = frame.slice(from, frame.indexOf(":", from));
  }
  return exec.call(this, s);
};
for (const p of pages) await extractFile(config, p, "https://bench.test/r");
RegExp.prototype.exec = exec;

const list = [...seen.values()];
const file = path.join(tmpdir(), `ladle-regexps-${process.pid}.json`);
writeFileSync(file, JSON.stringify(list));
const runs = [0, 1, 2].map(
  () =>
    JSON.parse(
      execFileSync(process.execPath, [process.argv[1]!, "--measure", file], { encoding: "utf8" }),
    ) as number[],
);
const cost = list.map((p, i) => ({ ...p, ms: runs.map((r) => r[i]!).sort((a, b) => a - b)[1]! }));
const byFile = new Map<string, number>();
for (const c of cost) byFile.set(c.at, (byFile.get(c.at) ?? 0) + c.ms);
const total = cost.reduce((s, c) => s + c.ms, 0);
console.log(
  `${cost.length} patterns, ${total.toFixed(1)} ms CPU to compile them all in a fresh process (both string widths)`,
);
for (const [f, ms] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12))
  console.log(`${ms.toFixed(1)} ms  ${f}`);
for (const c of cost.sort((a, b) => b.ms - a.ms).slice(0, top))
  console.log(`${c.ms.toFixed(2)} ms  ${c.flags.padEnd(3)} ${c.at}  ${c.source.slice(0, 100)}`);
