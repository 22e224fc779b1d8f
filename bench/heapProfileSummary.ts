// What a process allocated, from a sampling heap profile (bench/heapSampler.ts, the queue bench's
// heap mode): `node bench/heapProfileSummary.ts <file.heapprofile> [--top N] [--skip TEXT]`.
// Prints the sampled bytes by allocating function, then by the nearest Ladle frame on the stack
// (src/…) with the function that allocated under it. The sampler's own writes are left out.
import { readFileSync } from "node:fs";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface HeapNode {
  id: number;
  callFrame: CallFrame;
  children: HeapNode[];
}
interface HeapProfile {
  head: HeapNode;
  samples: { nodeId: number; size: number }[];
}

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const file = args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
if (!file) throw new Error("usage: node bench/heapProfileSummary.ts <file.heapprofile> [--top N]");
const top = Number(opt("--top") ?? 25);
// Frames whose script address holds this text are left out with what they called (another sampler).
const skip = opt("--skip");
const profile = JSON.parse(readFileSync(file, "utf8")) as HeapProfile;

const bytes = new Map<number, number>();
for (const s of profile.samples) bytes.set(s.nodeId, (bytes.get(s.nodeId) ?? 0) + s.size);
const name = (c: CallFrame) =>
  `${c.functionName || "(anonymous)"} ${c.url.replace(/^.*?\/(node_modules|src)\//, "$1/")}${c.url ? `:${c.lineNumber + 1}` : ""}`;
const bySelf = new Map<string, number>();
const byLadle = new Map<string, number>();
let total = 0;
const add = (m: Map<string, number>, k: string, b: number) => m.set(k, (m.get(k) ?? 0) + b);
const walk = (n: HeapNode, stack: CallFrame[]): void => {
  const here = [...stack, n.callFrame];
  // The sampler's own profile writes (inspector messages) are not the process's work.
  const url = n.callFrame.url;
  if (url.endsWith("heapSampler.ts") || url === "node:inspector" || (skip && url.includes(skip))) return;
  const b = bytes.get(n.id) ?? 0;
  if (b) {
    total += b;
    add(bySelf, name(n.callFrame), b);
    const ladle = here.filter((c) => c.url.includes("/src/") && !c.url.includes("node_modules"));
    const near = ladle.at(-1);
    add(byLadle, near ? `${name(near)} → ${name(n.callFrame)}` : `(no Ladle frame) ${name(n.callFrame)}`, b);
  }
  for (const c of n.children) walk(c, here);
};
walk(profile.head, []);
const list = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([k, v]) =>
        `${(v / 2 ** 20).toFixed(1).padStart(7)} MB ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`,
    )
    .join("\n");
console.log(`${(total / 2 ** 20).toFixed(1)} MB sampled\n\nby allocating function:\n${list(bySelf)}`);
console.log(`\nby nearest Ladle frame → allocating function:\n${list(byLadle)}`);
