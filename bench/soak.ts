// `npm run soak` (not part of CI): an API and two worker processes on PostgreSQL (DATABASE_URL's
// server, else 127.0.0.1:5432; a throwaway database is created and dropped), N imports from a
// loopback site of saved recipe pages with a stalling origin mixed in, random SIGKILLs of workers
// and of the API while it runs, then a report: submitted, final states, lost, duplicated,
// throughput, p50/p95.
//
//   npm run soak -- [--imports 1000] [--stalled 20] [--kills 12] [--keep-db]
import type { ChildProcess } from "node:child_process";
import { parseArgs } from "node:util";
import pg from "pg";
import { percentile } from "./stats.ts";
import {
  cpuSeconds,
  freePort,
  isFinal,
  ladleEnv,
  outcomes,
  pool,
  recipePages,
  startLadle,
  startSite,
  stopLadle,
  submit,
  throwawayDatabase,
  waitAllFinal,
} from "./cluster.ts";

const { values } = parseArgs({
  options: {
    imports: { type: "string", default: "1000" },
    stalled: { type: "string", default: "20" },
    kills: { type: "string", default: "12" },
    "keep-db": { type: "boolean", default: false },
  },
});
const N = Number(values.imports);
const STALLED = Number(values.stalled);
const KILLS = Number(values.kills);

const pages = recipePages();
const site = await startSite(pages);
const db = await throwawayDatabase("ladle_soak");
// Any free port: another soak or bench on the shared machine may be running.
const port = await freePort();
const api = `http://127.0.0.1:${port}`;
// Faster recovery than production defaults so that a short soak converges: the reconciler judges
// rows after 10 s. Everything else is the default configuration.
const env = ladleEnv(db.url, port, { Server__ReconcileAfterSeconds: "10" });
console.log(
  `soak: ${N} imports (+${STALLED} from a stalling origin), ${KILLS} random SIGKILLs, database ${new URL(db.url).pathname.slice(1)}`,
);

const procs: { api: ChildProcess | null; workers: (ChildProcess | null)[] } = {
  api: null,
  workers: [null, null],
};
procs.api = await startLadle("api", env);
procs.workers[0] = await startLadle("worker", env);
procs.workers[1] = await startLadle("worker", env);

const jobs = [
  ...Array.from({ length: N }, (_, i) => ({ url: `${site.origin}/r/${i}?soak`, key: `soak-${i}` })),
  ...Array.from({ length: STALLED }, (_, i) => ({
    url: `${site.stallOrigin}/stall/${i}`,
    key: `stall-${i}`,
  })),
].sort(() => Math.random() - 0.5);

let running = true;
const kills: string[] = [];
let killedCpu = 0;
// The chaos: every 0.5-2.5 s one process is SIGKILLed and started again (the API one time in four),
// while imports are submitted and processed, until every import is final.
const chaos = (async () => {
  for (let k = 0; k < KILLS && running; k++) {
    await new Promise((r) => setTimeout(r, 500 + Math.random() * 2000));
    if (!running) break;
    // The second kill is always the API (requests in flight then), the others at random.
    const which = k === 1 || Math.random() < 0.25 ? "api" : Math.random() < 0.5 ? "worker0" : "worker1";
    const p = which === "api" ? procs.api : procs.workers[which === "worker0" ? 0 : 1];
    if (!p) continue;
    kills.push(which);
    killedCpu += cpuSeconds(p.pid);
    await stopLadle(p, "SIGKILL");
    if (which === "api") procs.api = await startLadle("api", env);
    else procs.workers[which === "worker0" ? 0 : 1] = await startLadle("worker", env);
  }
})();

const cpuOf = () => [procs.api, ...procs.workers].reduce((n, p) => n + cpuSeconds(p?.pid), 0) + killedCpu;
const cpu0 = cpuOf();
const t0 = Date.now();
const submitted: { url: string; key: string; taskId: string | null }[] = [];
await pool(jobs, 32, async (j) => {
  const taskId = await submit(api, j.url, j.key, Date.now() + 120_000);
  submitted.push({ ...j, taskId });
});
const tSubmitted = Date.now();
console.log(`submitted ${submitted.length} in ${((tSubmitted - t0) / 1000).toFixed(1)} s`);

// Everything must end: stalled imports time out (30 s total), crashed ones are retried or failed by
// the reconciler. The chaos goes on meanwhile; once it stopped, everything must still be final.
await waitAllFinal(db.url, submitted.length, 300_000);
running = false;
await chaos;
console.log(`kills: ${kills.join(", ") || "none"}`);
const all = await waitAllFinal(db.url, submitted.length, 300_000);
const tEnd = Date.now();
const cpuUsed = cpuOf() - cpu0;

const byUrl = new Map<string, number>();
for (const t of all) byUrl.set(t.url, (byUrl.get(t.url) ?? 0) + 1);
const duplicatedTasks = [...byUrl.values()].filter((n) => n > 1).length;
const refused = submitted.filter((s) => !s.taskId).length;
const lost =
  all.filter((t) => !isFinal(t.status)).length +
  submitted.filter((s) => s.taskId && !all.some((t) => t.id === s.taskId)).length;
const states: Record<string, number> = {};
for (const t of all) states[t.status] = (states[t.status] ?? 0) + 1;
const normal = all.filter((t) => t.url.endsWith("?soak"));
const lat = normal.map((t) => t.lastUpdated - t.createdAt);
const c = new pg.Client({ connectionString: db.url });
await c.connect();
const errs = await c.query<{ code: string; n: string }>(
  `SELECT error->>'code' AS code, count(*) AS n FROM tasks WHERE status = 'Failed' GROUP BY 1 ORDER BY 2 DESC`,
);
const dupRecipes = await c.query<{ n: string }>(
  `SELECT count(*) AS n FROM (SELECT payload->>'url' FROM tasks WHERE status IN ('ReviewReady', 'Committed') GROUP BY 1 HAVING count(*) > 1) x`,
);
await c.end();

console.log("\n== soak report ==");
console.log(
  `submitted: ${submitted.length} (${N} normal, ${STALLED} stalling), refused after 2 min of retries: ${refused}`,
);
console.log(
  `final states: ${JSON.stringify(states)}; failure codes: ${JSON.stringify(Object.fromEntries(errs.rows.map((r) => [r.code, Number(r.n)])))}`,
);
console.log(`lost (never final): ${lost}`);
console.log(
  `duplicated submissions (one URL, several tasks): ${duplicatedTasks}; duplicated drafts: ${Number(dupRecipes.rows[0]?.n ?? 0)}`,
);
console.log(
  `throughput: ${(normal.length / ((Math.max(...normal.map((t) => t.lastUpdated)) - t0) / 1000)).toFixed(1)} imports/s; submit → final p50 ${(percentile(lat, 50) / 1000).toFixed(2)} s, p95 ${(percentile(lat, 95) / 1000).toFixed(2)} s; all final ${((tEnd - tSubmitted) / 1000).toFixed(1)} s after the last submission`,
);
console.log(
  `CPU used by the Ladle processes: ${((cpuUsed * 1000) / all.length).toFixed(1)} ms per import (PostgreSQL not counted); load average ${(await import("node:os")).loadavg()[0]!.toFixed(1)} on ${(await import("node:os")).availableParallelism()} cores`,
);
void outcomes;

await stopLadle(procs.api!);
for (const w of procs.workers) if (w) await stopLadle(w);
await site.close();
if (!values["keep-db"]) await db.drop();
process.exit(lost || duplicatedTasks ? 1 : 0);
