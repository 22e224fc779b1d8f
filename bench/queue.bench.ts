import type { ChildProcess } from "node:child_process";
import { loadavg } from "node:os";
import { percentile } from "./stats.ts";
import {
  cpuSeconds,
  cpuSecondsOf,
  freePort,
  machineBusySeconds,
  ladleEnv,
  pool,
  recipePages,
  serverUrl,
  startLadle,
  startSite,
  stopLadle,
  submit,
  threadCpuSeconds,
  throwawayDatabase,
  waitAllFinal,
  type TaskOutcome,
} from "./cluster.ts";
import {
  backendCpu,
  backendCpuSince,
  printQueries,
  profileDir,
  profileEnv,
  serverStatements,
  snapshotQueries,
} from "./queueProfile.ts";

const SUSTAINED = Number(process.env.BENCH_QUEUE_N ?? 1500);
// A long-running service is warm: compiled code and grown pools, which 20 imports did not reach.
const WARM = Number(process.env.BENCH_QUEUE_WARM ?? 200);
const BURST = Number(process.env.BENCH_QUEUE_BURST ?? 500);
// One side of the comparison alone (e.g. "2"), to profile it.
const WORKER_COUNTS = (process.env.BENCH_QUEUE_WORKERS ?? "1,2").split(",").map(Number);

/** The queue's figures with their targets; `--check` compares them. */
const figures: { rate: Record<number, number>; burstP95?: number; machineMsPerImport?: number } = {
  rate: {},
};

function summary(label: string, all: TaskOutcome[], t0: number, t1: number): { rate: number; p95: number } {
  const ready = all.filter((t) => t.status === "ReviewReady").length;
  const lat = all.map((t) => t.lastUpdated - t.createdAt);
  const rate = all.length / ((t1 - t0) / 1000);
  console.log(
    `${label}: ${all.length} imports in ${((t1 - t0) / 1000).toFixed(1)} s = ${(all.length / ((t1 - t0) / 1000)).toFixed(1)} imports/s` +
      ` (${ready} ReviewReady, ${all.length - ready} other final), submit → final p50 ${(percentile(lat, 50) / 1000).toFixed(2)} s, p95 ${(percentile(lat, 95) / 1000).toFixed(2)} s`,
  );
  return { rate, p95: percentile(lat, 95) / 1000 };
}

/**
 * `npm run bench -- queue --check`: each target with ok/MISS, exit code 1 on a miss
 * (for a release, on a quiet machine; not in CI, where the machine is shared).
 */
function check(): void {
  const rows: [string, number | undefined, (v: number) => boolean, string][] = [
    ["imports/s, 2 workers, sustained", figures.rate[2], (v) => v >= 100, "≥ 100"],
    [
      "2 workers faster than 1 (ratio)",
      figures.rate[2] && figures.rate[1] ? figures.rate[2] / figures.rate[1] : undefined,
      (v) => v > 1,
      "> 1",
    ],
    ["500-URL burst p95, s", figures.burstP95, (v) => v <= 10, "≤ 10"],
    ["machine CPU per import, ms (2 workers)", figures.machineMsPerImport, (v) => v <= 18, "≤ 18"],
  ];
  let missed = 0;
  console.log("\ntargets");
  for (const [name, v, ok, goal] of rows) {
    const pass = v !== undefined && ok(v);
    if (!pass) missed++;
    console.log(
      `  ${pass ? "ok  " : "MISS"} ${name.padEnd(42)} ${v === undefined ? "not measured" : v.toFixed(2)}  goal ${goal}`,
    );
  }
  if (missed) process.exitCode = 1;
}

/**
 * Imports per second through the whole system on PostgreSQL with default settings (per-domain
 * politeness off, since one loopback site carries the load): an API process and one, then two,
 * worker processes, saved recipe pages from the corpus on a loopback site, after a warm-up of 200
 * imports (not counted), 1,500 imports by 32 clients. Then a 500-URL burst,
 * p50/p95 from submission to ReviewReady (task created_at → last_updated).
 */
export async function run(): Promise<void> {
  const pages = recipePages();
  const site = await startSite(pages);
  console.log(
    `${pages.length} distinct saved recipe pages; PostgreSQL at ${new URL(process.env.DATABASE_URL ?? "postgres://127.0.0.1:5432").host}`,
  );
  for (const workers of WORKER_COUNTS) {
    const db = await throwawayDatabase();
    const port = await freePort();
    const env = ladleEnv(db.url, port);
    const procs: ChildProcess[] = [];
    try {
      const roles = new Map<number, string>();
      const api0 = await startLadle("api", { ...env, ...profileEnv("api") });
      procs.push(api0);
      roles.set(api0.pid!, "API process");
      for (let i = 0; i < workers; i++) {
        const w = await startLadle("worker", { ...env, ...profileEnv("worker") });
        procs.push(w);
        roles.set(w.pid!, `worker processes (${workers})`);
      }
      const api = `http://127.0.0.1:${port}`;
      // Warm-up (robots.txt, JIT, connection pools), not counted.
      await pool(
        Array.from({ length: WARM }, (_, i) => i),
        32,
        async (i) => {
          await submit(api, `${site.origin}/r/${i}?warm`, `warm-${i}`);
        },
      );
      await waitAllFinal(db.url, WARM, 120_000);

      // Sustained: submissions by 32 clients as fast as the API takes them.
      const before = (await waitAllFinal(db.url, WARM, 1)).length;
      const cpu0 = procs.reduce((n, p) => n + cpuSeconds(p.pid), 0);
      const threads0 = threadCpuSeconds(procs.slice(1).map((p) => p.pid));
      const api0Cpu = cpuSeconds(procs[0]!.pid);
      const pg0 = cpuSecondsOf("postgres");
      const own0 = await backendCpu(db.url);
      const q0 = await snapshotQueries(procs);
      const stmts = await serverStatements(serverUrl());
      await stmts?.reset();
      const busy0 = machineBusySeconds();
      const self0 = process.cpuUsage();
      const t0 = Date.now();
      await pool(
        Array.from({ length: SUSTAINED }, (_, i) => i),
        32,
        async (i) => {
          await submit(api, `${site.origin}/r/${i}?s`, `s-${i}`);
        },
      );
      const sustained = (await waitAllFinal(db.url, before + SUSTAINED, 300_000)).filter((t) =>
        t.url.endsWith("?s"),
      );
      const t1 = Math.max(...sustained.map((t) => t.lastUpdated));
      figures.rate[workers] = summary(`${workers} worker process(es), sustained`, sustained, t0, t1).rate;
      const cpu = procs.reduce((n, p) => n + cpuSeconds(p.pid), 0) - cpu0;
      const threads1 = threadCpuSeconds(procs.slice(1).map((p) => p.pid));
      const apiCpu = cpuSeconds(procs[0]!.pid) - api0Cpu;
      const pgCpu = cpuSecondsOf("postgres") - pg0;
      const ownPg = backendCpuSince(own0, await backendCpu(db.url));
      const q1 = await snapshotQueries(procs);
      const busy = machineBusySeconds() - busy0;
      const self = process.cpuUsage(self0);
      const per = (s: number) => `${((s * 1000) / SUSTAINED).toFixed(1)} ms`;
      // The machine's CPU for the imports: Ladle, its database's backends and the bench's clients and
      // site. The whole machine's busy time is printed too, but on a shared machine it counts others' work.
      const attributable = cpu + ownPg + (self.user + self.system) / 1e6;
      if (workers === 2) figures.machineMsPerImport = (attributable * 1000) / SUSTAINED;
      // Where the machine's CPU went, per import: what a 2-core machine with nothing else running could sustain.
      // PostgreSQL twice: every server process (other databases on a shared server included), and
      // this database's own backends (what Ladle cost it).
      console.log(
        `  CPU per import: Ladle processes ${per(cpu)} (API ${per(apiCpu)}, workers ${per(cpu - apiCpu)}), PostgreSQL ${per(pgCpu)} (this database's backends ${per(ownPg)}), this bench (site and clients) ${per((self.user + self.system) / 1e6)}; together ${per(attributable)}; whole machine busy ${per(busy)}; load average ${loadavg()[0]!.toFixed(1)}`,
      );
      // Where the workers' CPU went by thread: a second process's extra cost shows here.
      console.log(
        `  workers' threads per import: ${[...threads1]
          .map(([name, t]) => [name, t.seconds - (threads0.get(name)?.seconds ?? 0), t.threads] as const)
          .filter(([, s]) => s > 0)
          .sort((a, b) => b[1] - a[1])
          .map(([name, s, n]) => `${name} (${n}) ${per(s)}`)
          .join(", ")}`,
      );
      printQueries(q0, q1, roles, SUSTAINED);
      await stmts?.print(db.url, SUSTAINED);

      if (workers === 2) {
        // Burst: 500 URLs submitted at once.
        const b0 = Date.now();
        await pool(
          Array.from({ length: BURST }, (_, i) => i),
          64,
          async (i) => {
            await submit(api, `${site.origin}/r/${i}?b`, `b-${i}`);
          },
        );
        const burst = (await waitAllFinal(db.url, before + SUSTAINED + BURST, 300_000)).filter((t) =>
          t.url.endsWith("?b"),
        );
        figures.burstP95 = summary(
          `${workers} worker processes, ${BURST}-URL burst`,
          burst,
          b0,
          Math.max(...burst.map((t) => t.lastUpdated)),
        ).p95;
      }
    } finally {
      for (const p of procs) await stopLadle(p);
      await db.drop();
    }
  }
  await site.close();
  if (profileDir)
    console.log(
      `worker CPU profiles in ${profileDir} (summary: node bench/cpuProfileSummary.ts ${profileDir}/*.cpuprofile)`,
    );
  if (process.argv.includes("--check")) check();
}
