import type { ChildProcess } from "node:child_process";
import { loadavg } from "node:os";
import { percentile } from "./stats.ts";
import { extractCli, referencePython, referenceRun } from "./extract.bench.ts";
import {
  corpusPages,
  cpuSeconds,
  cpuSecondsOf,
  fixturePages,
  freePort,
  isFinal,
  machineBusySeconds,
  minorFaults,
  ladleEnv,
  pool,
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
  printRowWrites,
  printStored,
  printWal,
  profileDir,
  heapDir,
  profileEnv,
  serverStatements,
  snapshotQueries,
  walPosition,
} from "./queueProfile.ts";

// The measured pages: every saved page of the recipe corpus, each imported once per run (a warm JIT
// on pages served over and over flattered the figures against distinct pages).
const LIMIT = Number(process.env.BENCH_QUEUE_N ?? Infinity);
// A long-running service is warm: compiled code and grown pools. The warm-up imports the repo's
// fixture pages, never a measured one.
const WARM = Number(process.env.BENCH_QUEUE_WARM ?? 200);
// Clients submitting at once: the measured pages arrive as one burst.
const CLIENTS = Number(process.env.BENCH_QUEUE_CLIENTS ?? 64);
// "0": no `ladle extract` and reference runs (minutes on a busy machine), to profile the imports alone.
const COMPARE = process.env.BENCH_QUEUE_COMPARE !== "0";
// One side of the comparison alone (e.g. "2"), to profile it.
const WORKER_COUNTS = (process.env.BENCH_QUEUE_WORKERS ?? "1,2").split(",").map(Number);

/** The figures with their targets; `--check` compares them. */
const figures: {
  rate: Record<number, number>;
  p95: Record<number, number>;
  notFinal: Record<number, number>;
  extractWork?: number;
  referenceRate?: number;
} = { rate: {}, p95: {}, notFinal: {} };

function summary(label: string, all: TaskOutcome[], t0: number, t1: number): { rate: number; p95: number } {
  const ready = all.filter((t) => t.status === "ReviewReady").length;
  const final = all.filter((t) => isFinal(t.status)).length;
  const lat = all.map((t) => t.lastUpdated - t.createdAt);
  const rate = all.length / ((t1 - t0) / 1000);
  console.log(
    `${label}: ${all.length} imports in ${((t1 - t0) / 1000).toFixed(1)} s = ${rate.toFixed(1)} imports/s` +
      ` (${ready} ReviewReady, ${final - ready} other final, ${all.length - final} not final), submit → final p50 ${(percentile(lat, 50) / 1000).toFixed(2)} s, p95 ${(percentile(lat, 95) / 1000).toFixed(2)} s`,
  );
  return { rate, p95: percentile(lat, 95) / 1000 };
}

/**
 * `npm run bench -- queue --check`: each target with ok/MISS, exit code 1 on a miss
 * (for a release, on a quiet machine; not in CI, where the machine is shared).
 */
function check(): void {
  const w = Math.max(...WORKER_COUNTS);
  const rows: [string, number | undefined, (v: number) => boolean, string][] = [
    [
      `imports/s to ladle extract's pages/s, ${w} workers`,
      figures.rate[w] && figures.extractWork ? figures.rate[w] / figures.extractWork : undefined,
      (v) => v >= 0.8,
      "≥ 0.8",
    ],
    [`burst p95 submit → final, s, ${w} workers`, figures.p95[w], (v) => v <= 10, "≤ 10"],
    [`imports not final, ${w} workers`, figures.notFinal[w], (v) => v === 0, "0"],
    [
      "ladle extract to the reference reader",
      figures.extractWork && figures.referenceRate ? figures.extractWork / figures.referenceRate : undefined,
      (v) => v >= 15,
      "≥ 15",
    ],
  ];
  let missed = 0;
  console.log("\ntargets");
  for (const [name, v, ok, goal] of rows) {
    const pass = v !== undefined && ok(v);
    if (!pass) missed++;
    console.log(
      `  ${pass ? "ok  " : "MISS"} ${name.padEnd(52)} ${v === undefined ? "not measured" : v.toFixed(2)}  goal ${goal}`,
    );
  }
  if (missed) process.exitCode = 1;
}

/**
 * Imports of distinct pages through the whole system on PostgreSQL with default settings
 * (per-domain politeness off, since one loopback site carries the load), against `ladle extract`
 * and the reference reader over the same pages in the same run. For each worker count, a fresh
 * database, an API process and that many worker processes; a warm-up of 200 imports of the repo's
 * fixture pages (not counted); then every corpus page (≥ 500, none twice) submitted at once by 64
 * clients: imports/s from the first submission to the last final, p50/p95 submit → final
 * (task created_at → last_updated), and the CPU per import beside `ladle extract`'s per page.
 */
export async function run(): Promise<void> {
  const corpus = corpusPages();
  const files = corpus.files.slice(0, LIMIT);
  const measured = corpus.bodies.slice(0, LIMIT);
  if (!files.length) return console.log("no corpus beside the checkout (../shared/corpus/recipes): skipped");
  const warm = fixturePages();
  // `/r/<n>`: the warm-up's pages first, then the measured ones.
  const site = await startSite([...warm, ...measured]);
  console.log(
    `${files.length} distinct saved recipe pages, each imported once per run (warm-up: ${WARM} imports of ${warm.length} fixture pages); PostgreSQL at ${new URL(process.env.DATABASE_URL ?? "postgres://127.0.0.1:5432").host}; load average ${loadavg()[0]!.toFixed(1)}`,
  );

  // `ladle extract` over the same files, each run a fresh process: the rate imports are held to.
  const cli = COMPARE ? await extractCli(files, 2) : { work: NaN, cpuWork: null };
  figures.extractWork = COMPARE ? cli.work : undefined;
  const cliMsPerPage = cli.cpuWork ? 1000 / cli.cpuWork : NaN;
  if (COMPARE)
    console.log(
      `ladle extract over the same ${files.length} files: ${cli.work.toFixed(1)} pages/s of work (start-up excluded, best of 2), ${cliMsPerPage.toFixed(1)} ms CPU per page (every thread); load average ${loadavg()[0]!.toFixed(1)}`,
    );
  const python = COMPARE ? referencePython() : null;
  if (python) {
    const ref = await referenceRun(python, files);
    figures.referenceRate = files.length / ref.seconds;
    console.log(
      `reference reader (recipe-scrapers, ${python}) over the same files: ${figures.referenceRate.toFixed(1)} pages/s of work, ${((ref.cpuSeconds * 1000) / files.length).toFixed(1)} ms CPU per page; ladle extract is ${(cli.work / figures.referenceRate).toFixed(1)}x its pages/s, ${((ref.cpuSeconds * 1000) / files.length / cliMsPerPage).toFixed(1)}x by CPU per page; load average ${loadavg()[0]!.toFixed(1)}`,
    );
  } else if (COMPARE)
    console.log("reference reader: no Python with recipe-scrapers (LADLE_BENCH_REFERENCE), not run");
  else console.log("ladle extract and the reference reader: not run (BENCH_QUEUE_COMPARE=0)");

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
      // Warm-up (robots.txt, JIT, connection pools) on the fixture pages, not counted.
      await pool(
        Array.from({ length: WARM }, (_, i) => i),
        32,
        async (i) => {
          await submit(api, `${site.origin}/r/${i % warm.length}?warm=${i}`, `warm-${i}`);
        },
      );
      await waitAllFinal(db.url, WARM, 120_000);

      // Measured: every corpus page once, submitted at once by the clients.
      const cpu0 = procs.reduce((n, p) => n + cpuSeconds(p.pid), 0);
      const threads0 = threadCpuSeconds(procs.slice(1).map((p) => p.pid));
      const api0Cpu = cpuSeconds(procs[0]!.pid);
      const faults0 = procs.map((p) => minorFaults(p.pid));
      const pg0 = cpuSecondsOf("postgres");
      const own0 = await backendCpu(db.url);
      const q0 = await snapshotQueries(procs);
      const stmts = await serverStatements(serverUrl());
      await stmts?.reset();
      const wal0 = await walPosition(db.url);
      const busy0 = machineBusySeconds();
      const self0 = process.cpuUsage();
      const t0 = Date.now();
      await pool(
        files.map((_, i) => i),
        CLIENTS,
        async (i) => {
          await submit(api, `${site.origin}/r/${warm.length + i}?m`, `m-${i}`);
        },
      );
      const done = (await waitAllFinal(db.url, WARM + files.length, 300_000)).filter((t) =>
        t.url.endsWith("?m"),
      );
      const t1 = Math.max(...done.map((t) => t.lastUpdated));
      const wal1 = await walPosition(db.url, false);
      const n = done.length;
      const s = summary(`${workers} worker process(es), ${n} distinct pages at once`, done, t0, t1);
      figures.rate[workers] = s.rate;
      figures.p95[workers] = s.p95;
      figures.notFinal[workers] = files.length - done.filter((t) => isFinal(t.status)).length;
      const cpu = procs.reduce((n, p) => n + cpuSeconds(p.pid), 0) - cpu0;
      const threads1 = threadCpuSeconds(procs.slice(1).map((p) => p.pid));
      const apiCpu = cpuSeconds(procs[0]!.pid) - api0Cpu;
      const faults = procs.map((p, i) => minorFaults(p.pid) - faults0[i]!);
      const pgCpu = cpuSecondsOf("postgres") - pg0;
      const ownPg = backendCpuSince(own0, await backendCpu(db.url));
      const q1 = await snapshotQueries(procs);
      const busy = machineBusySeconds() - busy0;
      const self = process.cpuUsage(self0);
      const ms = (sec: number) => (sec * 1000) / n;
      const per = (sec: number) => `${ms(sec).toFixed(1)} ms`;
      // The machine's CPU for the imports: Ladle, its database's backends and the bench's clients and
      // site. The whole machine's busy time is printed too, but on a shared machine it counts others' work.
      const attributable = cpu + ownPg + (self.user + self.system) / 1e6;
      // PostgreSQL twice: every server process (other databases on a shared server included), and
      // this database's own backends (what Ladle cost it).
      console.log(
        `  CPU per import: Ladle processes ${per(cpu)} (API ${per(apiCpu)}, workers ${per(cpu - apiCpu)}), PostgreSQL ${per(pgCpu)} (this database's backends ${per(ownPg)}), this bench (site and clients) ${per((self.user + self.system) / 1e6)}; together ${per(attributable)}; whole machine busy ${per(busy)}; load average ${loadavg()[0]!.toFixed(1)}`,
      );
      // Where the workers' CPU went by thread: a second process's extra cost shows here.
      console.log(
        `  workers' threads per import: ${[...threads1]
          .map(([name, t]) => [name, t.seconds - (threads0.get(name)?.seconds ?? 0), t.threads] as const)
          .filter(([, x]) => x > 0)
          .sort((a, b) => b[1] - a[1])
          .map(([name, x, k]) => `${name} (${k}) ${per(x)}`)
          .join(", ")}`,
      );
      console.log(
        `  page faults per import: API ${(faults[0]! / n).toFixed(0)}, workers ${(faults.slice(1).reduce((a, b) => a + b, 0) / n).toFixed(0)} (fresh 4 KB pages touched)`,
      );
      // The same pages, the same run: what an import costs beside its extraction.
      if (COMPARE)
        console.log(
          `  against ladle extract on the same pages: imports/s ${(s.rate / cli.work).toFixed(2)}x its pages/s (goal ≥ 0.8); CPU per import, Ladle ${(ms(cpu) / cliMsPerPage).toFixed(2)}x its CPU per page, Ladle + its database's backends ${(ms(cpu + ownPg) / cliMsPerPage).toFixed(2)}x` +
            (figures.referenceRate
              ? `; imports/s ${(s.rate / figures.referenceRate).toFixed(1)}x the reference reader's pages/s`
              : ""),
        );
      printQueries(q0, q1, roles, n);
      await printStored(db.url, "?m");
      await stmts?.print(db.url, n);
      for (const p of procs.splice(0)) await stopLadle(p);
      await printRowWrites(db.url);
      await printWal(db.url, wal0, wal1, n);
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
  if (heapDir)
    console.log(
      `worker heap profiles in ${heapDir} (summary: node bench/heapProfileSummary.ts ${heapDir}/<file>.heapprofile)`,
    );
  if (process.argv.includes("--check")) check();
}
