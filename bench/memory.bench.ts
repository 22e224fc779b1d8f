// Whole-install resident memory, summed over every process Ladle starts (the server, its esbuild
// service, workers), as a person running it on a small machine sees it in `top`:
// - embedded database (`ladle serve`, no DATABASE_URL): the peak while starting, at rest once started,
//   and at rest after 200 imports of distinct corpus pages;
// - PostgreSQL server (an API and a worker process; the database server not counted): at rest.
// Targets from the issue that set them are printed beside each figure. BENCH_MEMORY_PARTS=server
// (or embedded) runs one half: the server pair alone takes a minute rather than several.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  freePort,
  ladleEnv,
  pool,
  recipePages,
  serverUrl,
  startSite,
  submit,
  throwawayDatabase,
  waitAllFinal,
} from "./cluster.ts";

const ROOT = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const SERVE_FLAGS = /node (--\S+ )*bin\/ladle\.js serve/
  .exec(JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.start)![0]
  .split(" ")
  .filter((a) => a.startsWith("--"));
const IMPORTS = Number(process.env.BENCH_MEMORY_IMPORTS ?? 200);
// How long a process must stay without work before "at rest" is read: timers that run once after
// start (the first schedule check, a warm-up) have passed by then.
const SETTLE_MS = Number(process.env.BENCH_MEMORY_SETTLE_MS ?? 10_000);
// After work: the extraction threads stop after 30 s without a page (WorkerPool's idleMs).
const SETTLE_AFTER_WORK_MS = Number(process.env.BENCH_MEMORY_SETTLE_AFTER_WORK_MS ?? 35_000);

/** Resident KiB of one process (0 once it has gone). */
function rssKib(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** A process and every process under it. */
function tree(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields after its last ")" are fixed.
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parent.set(Number(d), ppid);
    } catch {
      // gone between the listing and the read
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++)
    for (const [pid, pp] of parent) if (pp === out[i] && !out.includes(pid)) out.push(pid);
  return out;
}

/** MiB resident, summed over the processes under each root. */
function sumMib(roots: number[]): number {
  let kib = 0;
  for (const r of roots) for (const pid of tree(r)) kib += rssKib(pid);
  return kib / 1024;
}

/** Samples the sum every 50 ms until stopped; returns the peak. */
function sampler(roots: number[]): { stop(): number } {
  let peak = 0;
  const t = setInterval(() => (peak = Math.max(peak, sumMib(roots))), 50);
  return {
    stop() {
      clearInterval(t);
      return Math.max(peak, sumMib(roots));
    },
  };
}

/** The median of samples over a few seconds once the processes have had SETTLE_MS without work. */
async function atRest(roots: number[], settleMs = SETTLE_MS): Promise<number> {
  await new Promise((r) => setTimeout(r, settleMs));
  const xs: number[] = [];
  for (let i = 0; i < 20; i++) {
    xs.push(sumMib(roots));
    await new Promise((r) => setTimeout(r, 150));
  }
  xs.sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)]!;
}

function spawnLadle(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; started: Promise<void> } {
  // As `npm start` and the container start it (package.json, Dockerfile).
  const child = spawn(process.execPath, [...SERVE_FLAGS, path.join(ROOT, "bin/ladle.js"), ...args], {
    env: { ...env, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
    cwd: ROOT,
  });
  let out = "";
  const started = new Promise<void>((resolve, reject) => {
    const on = (d: Buffer) => {
      out += d.toString();
      if (out.includes("started")) resolve();
    };
    child.stdout!.on("data", on);
    child.stderr!.on("data", on);
    child.once("exit", (code) =>
      reject(new Error(`ladle ${args.join(" ")} exited (${code}): ${out.slice(-2000)}`)),
    );
  });
  started.catch(() => {});
  return { child, started };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await gone;
}

/** The first screen and its script, as a browser's first visit asks for them. */
async function firstVisit(api: string): Promise<void> {
  const html = await fetch(`${api}/`).then((r) => r.text());
  const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
  if (script) await fetch(new URL(script, api)).then((r) => r.arrayBuffer());
}

async function importAll(api: string, origin: string, dbUrl: string, n: number): Promise<string> {
  const t0 = Date.now();
  await pool(
    Array.from({ length: n }, (_, i) => i),
    16,
    async (i) => {
      await submit(api, `${origin}/r/${i}`, `mem-${i}`);
    },
  );
  const all = await waitAllFinal(dbUrl, n, 600_000);
  const ready = all.filter((t) => t.status === "ReviewReady").length;
  return `${all.length} imports final in ${((Date.now() - t0) / 1000).toFixed(1)} s (${ready} ReviewReady)`;
}

const row = (label: string, mib: number, goal: number) =>
  console.log(
    `${label.padEnd(44)} ${mib.toFixed(0).padStart(5)} MiB   (goal ≤ ${goal}) ${mib <= goal ? "ok" : "over"}`,
  );

async function embedded(pages: string[], origin: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ladle-mem-"));
  const port = await freePort();
  const env = ladleEnv("", port, { LADLE_DATA_DIR: dataDir });
  delete env.DATABASE_URL;
  const { child, started } = spawnLadle(["serve", "--port", String(port)], env);
  const peak = sampler([child.pid!]);
  try {
    await started;
    const api = `http://127.0.0.1:${port}`;
    await firstVisit(api);
    const startPeak = peak.stop();
    const rest = await atRest([child.pid!]);
    // The embedded database answers other processes on its socket in the data directory.
    const dbUrl = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dataDir)}`;
    const n = Math.min(IMPORTS, pages.length);
    const imported = await importAll(api, origin, dbUrl, n);
    const after = await atRest([child.pid!], SETTLE_AFTER_WORK_MS);
    console.log(`embedded database (ladle serve): ${imported}`);
    row("start peak", startPeak, 450);
    row("at rest", rest, 300);
    row(`at rest after ${n} imports`, after, 400);
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function server(): Promise<void> {
  let db: { url: string; drop(): Promise<void> };
  try {
    db = await throwawayDatabase("ladle_bench_mem");
  } catch {
    console.log(`PostgreSQL server at ${serverUrl()} not answering: server figures skipped`);
    return;
  }
  const port = await freePort();
  const env = ladleEnv(db.url, port);
  const api = spawnLadle(["serve", "--role", "api", "--port", String(port)], env);
  const worker = spawnLadle(["serve", "--role", "worker"], env);
  try {
    await Promise.all([api.started, worker.started]);
    await firstVisit(`http://127.0.0.1:${port}`);
    const rest = await atRest([api.child.pid!, worker.child.pid!]);
    console.log("PostgreSQL server (an API and a worker process; the database server not counted):");
    row("at rest, together", rest, 200);
  } finally {
    await Promise.all([stop(api.child), stop(worker.child)]);
    await db.drop();
  }
}

export async function run(): Promise<void> {
  const pages = recipePages(IMPORTS);
  const site = await startSite(pages);
  try {
    console.log(
      `(${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}: a busy machine grows the peaks)`,
    );
    const parts = (process.env.BENCH_MEMORY_PARTS ?? "embedded,server").split(",");
    if (parts.includes("embedded")) await embedded(pages, site.origin);
    if (parts.includes("server")) await server();
  } finally {
    await site.close();
  }
}
