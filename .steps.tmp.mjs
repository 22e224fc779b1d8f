import module from "node:module";
import { createRequire } from "node:module";
import fs from "node:fs";
module.enableCompileCache?.();
const require = createRequire(import.meta.url);
const fr = require("/tmp/mem-measure/fp.cjs");
const anon = () => { globalThis.gc?.(); globalThis.gc?.(); const s = fs.readFileSync("/proc/self/status", "utf8"); return (Number(/RssAnon:\s+(\d+)/.exec(s)[1]) / 1024).toFixed(1); };
console.log("start", fr(), "anon", anon(), "heap", (process.memoryUsage().heapUsed/1048576).toFixed(1));
for (const m of process.argv.slice(2)) {
  await import(m.startsWith("/") ? m : m.startsWith("src") || m.startsWith("node_modules") ? "/work/wt-mem/" + m : m);
  console.log(m.padEnd(40), fr(), "anon", anon(), "heap", (process.memoryUsage().heapUsed/1048576).toFixed(1));
}
