// node --expose-gc imp.mjs spec... : RSS after importing each in turn
import module from "node:module";
import { readFileSync } from "node:fs";
module.enableCompileCache?.();
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]) / 1024;
const settle = async () => { for (let i = 0; i < 3; i++) { gc(); await new Promise((r) => setTimeout(r, 50)); } };
await settle();
let last = rss(); const heap0 = process.memoryUsage().heapUsed;
console.log("base", last.toFixed(1));
for (const s of process.argv.slice(2)) {
  const hb = process.memoryUsage().heapUsed;
  await import(s.startsWith("/") || s.startsWith(".") ? new URL(s, "file:///work/wt-memory/").href : s);
  await settle();
  const r = rss(); const h = process.memoryUsage().heapUsed;
  console.log(s.padEnd(45), "rss +" + (r - last).toFixed(1), "heap +" + ((h - hb) / 1048576).toFixed(1), "total", r.toFixed(1));
  last = r;
}
