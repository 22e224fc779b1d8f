// Where a worker's CPU went, from V8 CPU profiles (`node --cpu-prof`, as the queue bench's profile
// mode writes them): `node bench/cpuProfileSummary.ts <file.cpuprofile>... [--imports N]`.
// Each sample goes to the nearest Ladle source directory on its stack (src/extract, src/storage…;
// a library called from there counts as that directory's), else to the library or runtime part
// running (pg, pg-boss, undici, GC…, work on no Ladle frame: callbacks of I/O).
import { readFileSync } from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function part(url: string, fn: string): string {
  if (!url) return fn.startsWith("(") ? fn : "(native)";
  const m = /\/src\/([^/]+)\/(?:([^/]+)\/)?/.exec(url);
  if (m && !url.includes("node_modules")) return `src/${m[1]}`;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url.split("node_modules/").length > 1 ? url : "");
  if (nm) return nm[1]!;
  if (url.startsWith("node:")) return url.split("/")[0]!.replace(/^node:internal.*/, "node internals");
  return url.replace(/^file:\/\/.*\//, "");
}

const files = process.argv.slice(2).filter((a) => !a.startsWith("--") && !/^\d+$/.test(a));
const n = Number(process.argv[process.argv.indexOf("--imports") + 1]) || 0;
const byOwner = new Map<string, number>();
const bySelf = new Map<string, number>();
const byFn = new Map<string, number>();
let total = 0;
let idle = 0;
for (const f of files) {
  const p = JSON.parse(readFileSync(f, "utf8")) as Profile;
  const parent = new Map<number, number>();
  const byId = new Map<number, Node>();
  for (const node of p.nodes) {
    byId.set(node.id, node);
    for (const c of node.children ?? []) parent.set(c, node.id);
  }
  const owner = new Map<number, string>();
  const ownerOf = (id: number): string => {
    const known = owner.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    const self = part(node.callFrame.url, node.callFrame.functionName);
    let o: string;
    if (self.startsWith("src/")) o = self;
    else {
      const up = parent.get(id);
      const po = up === undefined ? null : ownerOf(up);
      o = po && po.startsWith("src/") ? po : self;
    }
    owner.set(id, o);
    return o;
  };
  for (let i = 0; i < p.samples.length; i++) {
    const id = p.samples[i]!;
    const dt = (p.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id)!;
    const fn = node.callFrame.functionName;
    if (fn === "(idle)") {
      idle += dt;
      continue;
    }
    total += dt;
    const o = ownerOf(id);
    byOwner.set(o, (byOwner.get(o) ?? 0) + dt);
    const s = part(node.callFrame.url, fn);
    bySelf.set(s, (bySelf.get(s) ?? 0) + dt);
    const k = `${fn || "(anonymous)"} ${node.callFrame.url.replace(/^.*\/(node_modules|src)\//, "$1/")}`;
    byFn.set(k, (byFn.get(k) ?? 0) + dt);
  }
}
const show = (title: string, m: Map<string, number>, top: number) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `  ${((100 * v) / total).toFixed(1).padStart(5)} %  ${(v / 1000).toFixed(2).padStart(7)} s${n ? `  ${(v / n).toFixed(2).padStart(6)} ms/import` : ""}  ${k}`,
    );
};
console.log(
  `${files.length} profile(s): ${(total / 1000).toFixed(1)} s busy, ${(idle / 1000).toFixed(1)} s idle`,
);
show("by the Ladle directory on the stack (else the library running)", byOwner, 25);
show("by the code running (self time)", bySelf, 25);
show("by function (self time)", byFn, 30);
