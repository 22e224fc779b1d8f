import type { ChildProcess } from "node:child_process";
import pg from "pg";
import {
  freePort,
  ladleEnv,
  pool,
  recipePages,
  startLadle,
  startSite,
  stopLadle,
  throwawayDatabase,
  waitAllFinal,
} from "./cluster.ts";

const BACKLOG = Number(process.env.BENCH_FAIR_BACKLOG ?? 300);
const WARM = 50;
const ANN = { authorization: "Bearer ann-bench-token-0123456789" };
const BOB = { authorization: "Bearer bob-bench-token-0123456789" };
/** Users who each submit one import, one after another, while ann's backlog is still queued. */
const NEWCOMERS = ["cam", "dee", "eli", "flo", "gil", "hal", "ida", "jo"];
const tokenOf = (who: string) => `${who}-bench-token-0123456789`;

/** POSTs one import as a user; returns its task id. */
async function submitAs(api: string, headers: Record<string, string>, url: string): Promise<string> {
  const res = await fetch(`${api}/api/tasks`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ agentType: "Ingest", payload: { mode: "Url", url } }),
  });
  if (res.status !== 202) throw new Error(`submit answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { taskId: string }).taskId;
}

/** Polls one task (as its owner) until it is final; returns the milliseconds since `t0`. */
async function finalAfter(
  api: string,
  headers: Record<string, string>,
  id: string,
  t0: number,
): Promise<number> {
  for (;;) {
    const res = await fetch(`${api}/api/tasks/${id}`, { headers });
    const s = ((await res.json()) as { status: string }).status;
    if (!["Pending", "Running"].includes(s)) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Each newcomer's job (by task id = its singleton key): queued → claimed in the queue's own
 * timestamps, how many of ann's jobs were claimed in between and how many of hers were still queued.
 */
async function claimsOf(
  dbUrl: string,
  taskIds: string[],
  annTaskIds: string[],
): Promise<{ waitMs: number; annBetween: number; annQueued: number }[]> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ wait_ms: number; between: number; queued: number }>(
      `SELECT extract(epoch FROM b.started_on - b.created_on)::float * 1000 AS wait_ms,
              (SELECT count(*) FROM pgboss.job a WHERE a.name = b.name AND a.singleton_key = ANY($2::text[])
                 AND a.started_on > b.created_on AND a.started_on < b.started_on)::int AS between,
              (SELECT count(*) FROM pgboss.job a WHERE a.name = b.name AND a.singleton_key = ANY($2::text[])
                 AND a.created_on < b.created_on AND a.started_on > b.started_on)::int AS queued
       FROM pgboss.job b WHERE b.name = 'ladle-task' AND b.singleton_key = ANY($1::text[])
       ORDER BY b.created_on`,
      [taskIds, annTaskIds],
    );
    return rows.map((r) => ({ waitMs: r.wait_ms, annBetween: r.between, annQueued: r.queued }));
  } finally {
    await c.end();
  }
}

/**
 * Fair queues on PostgreSQL with an API and one worker process at default
 * settings: ann queues 300 imports (32 clients, as fast as the API takes them), then bob submits
 * one. Reports bob's submit → final time, how many of ann's imports were still unfinished when
 * bob's ended, and, for scale, bob's time for one import on an idle queue; then newcomers' single
 * imports, one after another, each one's wait from queued to claimed (the fair queue's own latency).
 */
export async function run(): Promise<void> {
  const site = await startSite(recipePages());
  const db = await throwawayDatabase();
  // A port free now: another bench on this shared machine may hold a fixed one.
  const port = await freePort();
  const env = ladleEnv(db.url, port, {
    LADLE_USERS: [
      `ann:user:${ANN.authorization.slice(7)}`,
      `bob:user:${BOB.authorization.slice(7)}`,
      ...NEWCOMERS.map((w) => `${w}:user:${tokenOf(w)}`),
    ].join(","),
    // The per-user create limit (120 a minute) would spread ann's 300 over three minutes: the bench
    // measures the queue's fairness with them all queued at once.
    LADLE_RATE_LIMIT_PER_MINUTE: "0",
  });
  const procs: ChildProcess[] = [];
  try {
    procs.push(await startLadle("api", env));
    procs.push(await startLadle("worker", env));
    const api = `http://127.0.0.1:${port}`;
    // Warm-up (robots.txt, JIT, pools), not counted.
    await pool(
      Array.from({ length: WARM }, (_, i) => i),
      16,
      async (i) => void (await submitAs(api, ANN, `${site.origin}/r/${i}?warm`)),
    );
    await waitAllFinal(db.url, WARM, 120_000);

    // Bob alone: one import on an idle queue.
    const i0 = Date.now();
    const idle = await finalAfter(api, BOB, await submitAs(api, BOB, `${site.origin}/r/1?idle`), i0);

    // Ann's backlog, then bob's one.
    const a0 = Date.now();
    await pool(
      Array.from({ length: BACKLOG }, (_, i) => i),
      32,
      async (i) => void (await submitAs(api, ANN, `${site.origin}/r/${i}?backlog`)),
    );
    const submitted = Date.now() - a0;
    const b0 = Date.now();
    const bobId = await submitAs(api, BOB, `${site.origin}/r/7?bob`);
    const bobMs = await finalAfter(api, BOB, bobId, b0);
    // More newcomers, one at a time, each while ann's backlog is still queued: a sample each.
    const newcomerIds: string[] = [];
    for (const who of NEWCOMERS) {
      const h = { authorization: `Bearer ${tokenOf(who)}` };
      const id = await submitAs(api, h, `${site.origin}/r/9?${who}`);
      newcomerIds.push(id);
      await finalAfter(api, h, id, 0);
    }
    const all = await waitAllFinal(db.url, WARM + 2 + BACKLOG + NEWCOMERS.length, 600_000);
    const bob = all.find((t) => t.id === bobId)!;
    const ann = all.filter((t) => t.url?.endsWith("?backlog"));
    const annAfterBob = ann.filter((t) => t.lastUpdated > bob.lastUpdated).length;
    const annEnd = Math.max(...ann.map((t) => t.lastUpdated));
    console.log(
      `ann queued ${BACKLOG} imports in ${(submitted / 1000).toFixed(1)} s; bob's one import then took ` +
        `${(bobMs / 1000).toFixed(2)} s submit → final (${bob.status}); ${annAfterBob} of ann's ${BACKLOG} ` +
        `finished after it, ann's last ${((annEnd - b0) / 1000).toFixed(1)} s after bob's submit. ` +
        `Bob's import on an idle queue: ${(idle / 1000).toFixed(2)} s.`,
    );
    const claims = await claimsOf(
      db.url,
      [bobId, ...newcomerIds],
      ann.map((t) => t.id),
    );
    const waits = claims.filter((c) => c.annQueued > 0).map((c) => c.waitMs);
    const sorted = [...waits].sort((x, y) => x - y);
    console.log(
      `A newcomer's first job, queued → claimed, with ann's backlog still queued (${waits.length} of ` +
        `${claims.length} samples): median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, ` +
        `max ${sorted.at(-1)?.toFixed(0)} ms; ann's imports claimed in between: ` +
        `${claims.map((c) => c.annBetween).join(", ")}; each (ms): ${claims.map((c) => c.waitMs.toFixed(0)).join(", ")}.`,
    );
  } finally {
    for (const p of procs) await stopLadle(p);
    await db.drop();
    await site.close();
  }
}
