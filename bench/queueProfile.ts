// The queue bench's profile mode (BENCH_QUEUE_PROFILE=<dir>): Ladle processes run with the statement
// counter (bench/countQueries.ts) and workers with --cpu-prof into <dir> (the API into <dir>/api
// with BENCH_QUEUE_PROFILE_API=1); the sustained run's statements per import are printed, by
// statement, with the CPU PostgreSQL spent in this database's own backends (other databases on a
// shared server stay out of it).
import type { ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { cpuSeconds } from "./cluster.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const profileDir = process.env.BENCH_QUEUE_PROFILE
  ? path.resolve(process.env.BENCH_QUEUE_PROFILE)
  : null;

/** Heap mode (BENCH_QUEUE_HEAP=<dir>): workers run with bench/heapSampler.ts preloaded. */
export const heapDir = process.env.BENCH_QUEUE_HEAP ? path.resolve(process.env.BENCH_QUEUE_HEAP) : null;

/** Extra environment of a Ladle process in profile or heap mode (empty otherwise). */
export function profileEnv(role: "api" | "worker"): Record<string, string> {
  const env = cpuProfileEnv(role);
  if (!heapDir || role !== "worker") return env;
  mkdirSync(heapDir, { recursive: true });
  const heap = `--import ${path.join(ROOT, "bench/heapSampler.ts")}`;
  return {
    ...env,
    BENCH_QUEUE_HEAP: heapDir,
    NODE_OPTIONS: `${env.NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? ""} ${heap}`.trim(),
  };
}

function cpuProfileEnv(role: "api" | "worker"): Record<string, string> {
  if (!profileDir) return {};
  mkdirSync(profileDir, { recursive: true });
  const opts = [`--import ${path.join(ROOT, "bench/countQueries.ts")}`];
  // The API is profiled on demand (BENCH_QUEUE_PROFILE_API=1), into its own directory: its
  // profiler costs it more than half again its CPU, which the figures would carry.
  if (role === "worker") opts.push("--cpu-prof", `--cpu-prof-dir=${profileDir}`);
  else if (process.env.BENCH_QUEUE_PROFILE_API)
    opts.push("--cpu-prof", `--cpu-prof-dir=${path.join(profileDir, "api")}`);
  return {
    BENCH_QUEUE_PROFILE: profileDir,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} ${opts.join(" ")}`.trim(),
  };
}

type Counts = Record<string, { calls: number; ms: number; bytes?: number }>;

/** Asks each process for its statement counts so far; resolves with them per pid. */
export async function snapshotQueries(procs: ChildProcess[]): Promise<Map<number, Counts>> {
  const out = new Map<number, Counts>();
  if (!profileDir) return out;
  const before = new Set(readdirSync(profileDir));
  for (const p of procs) p.kill("SIGUSR2");
  const end = Date.now() + 10_000;
  for (const p of procs) {
    for (;;) {
      const f = readdirSync(profileDir).find(
        (x) => x.startsWith(`queries-${p.pid}-`) && x.endsWith(".json") && !before.has(x),
      );
      if (f) {
        out.set(p.pid!, JSON.parse(readFileSync(path.join(profileDir, f), "utf8")) as Counts);
        break;
      }
      if (Date.now() > end) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return out;
}

/** Prints statements per import between two snapshots, by process role, busiest first. */
export function printQueries(
  a: Map<number, Counts>,
  b: Map<number, Counts>,
  roles: Map<number, string>,
  imports: number,
): void {
  if (!profileDir) return;
  const byRole = new Map<string, Map<string, { calls: number; ms: number; bytes: number }>>();
  for (const [pid, after] of b) {
    const role = roles.get(pid) ?? "?";
    const m = byRole.get(role) ?? new Map();
    byRole.set(role, m);
    const base = a.get(pid) ?? {};
    for (const [k, v] of Object.entries(after)) {
      const d = {
        calls: v.calls - (base[k]?.calls ?? 0),
        ms: v.ms - (base[k]?.ms ?? 0),
        bytes: (v.bytes ?? 0) - (base[k]?.bytes ?? 0),
      };
      if (d.calls <= 0) continue;
      const c = m.get(k) ?? { calls: 0, ms: 0, bytes: 0 };
      c.calls += d.calls;
      c.ms += d.ms;
      c.bytes += d.bytes;
      m.set(k, c);
    }
  }
  for (const [role, m] of byRole) {
    const rows = [...m.entries()].sort((x, y) => y[1].calls - x[1].calls);
    const total = rows.reduce((n, [, v]) => n + v.calls, 0);
    const kb = (b: number) => `${(b / imports / 1024).toFixed(1)} KB`;
    console.log(
      `  ${role}: ${(total / imports).toFixed(2)} statements (round trips) per import, ${kb(rows.reduce((n, [, v]) => n + v.bytes, 0))} sent per import (parameters, and the text of statements not prepared)`,
    );
    for (const [k, v] of rows.slice(0, 25))
      console.log(
        `    ${(v.calls / imports).toFixed(3).padStart(7)}  ${(v.ms / v.calls).toFixed(1).padStart(6)} ms  ${kb(v.bytes).padStart(9)}  ${k.slice(0, 120)}`,
      );
  }
}

/** CPU seconds so far of each server backend connected to `dbUrl`'s database (pids from pg_stat_activity). */
export async function backendCpu(dbUrl: string): Promise<Map<number, number>> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
  } finally {
    await c.end();
  }
}

/** CPU seconds the backends alive at `after` spent since `before` (a backend that exited between is missed). */
export function backendCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let n = 0;
  for (const [pid, s] of after) n += s - (before.get(pid) ?? 0);
  return n;
}

/**
 * With pg_stat_statements loaded on the server (shared_preload_libraries) and created in the
 * server URL's database: `reset` starts a count; `print` shows this database's statements since,
 * per import, by the server's time running them. Silent where the extension is missing.
 */
export async function serverStatements(adminUrl: string): Promise<{
  reset(): Promise<void>;
  print(dbUrl: string, imports: number): Promise<void>;
} | null> {
  if (!profileDir) return null;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query("SELECT 1 FROM pg_stat_statements LIMIT 1");
  } catch {
    await c.end();
    return null;
  }
  await c.end();
  const run = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const k = new pg.Client({ connectionString: adminUrl });
    await k.connect();
    try {
      return (await k.query<T>(text, values)).rows;
    } finally {
      await k.end();
    }
  };
  return {
    async reset() {
      await run("SELECT pg_stat_statements_reset()");
    },
    async print(dbUrl, imports) {
      const db = decodeURIComponent(new URL(dbUrl).pathname.slice(1));
      const rows = await run<{ calls: string; ms: number; rows: string; wal: string; query: string }>(
        `SELECT s.calls, s.total_exec_time + s.total_plan_time AS ms, s.rows, s.wal_bytes AS wal,
                regexp_replace(s.query, '\\s+', ' ', 'g') AS query
         FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
         WHERE d.datname = $1 ORDER BY ms DESC LIMIT 20`,
        [db],
      );
      const total = rows.reduce((n, r) => n + r.ms, 0);
      console.log(
        `  PostgreSQL (pg_stat_statements): ${(total / imports).toFixed(2)} ms of statement time per import (top 20 statements)`,
      );
      for (const r of rows)
        console.log(
          `    ${(r.ms / imports).toFixed(3).padStart(7)} ms  ${(Number(r.calls) / imports).toFixed(3).padStart(6)} calls  ${(Number(r.wal) / imports / 1024).toFixed(1).padStart(6)} KB WAL  ${r.query.slice(0, 110)}`,
        );
    },
  };
}

/**
 * What the measured imports stored, per import (profile mode): the task's result, its events (how
 * many, their JSON) and its artifacts by type (bytes as stored, and before compression), to see
 * what an outcome carries.
 */
export async function printStored(dbUrl: string, urlSuffix: string): Promise<void> {
  if (!profileDir) return;
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const mine = `SELECT id FROM tasks WHERE payload->>'url' LIKE '%' || $1`;
    const t = await c.query<{ n: number; result: number }>(
      `SELECT count(*)::int AS n, avg(octet_length(result::text))::float8 AS result FROM tasks WHERE id IN (${mine})`,
      [urlSuffix],
    );
    const n = t.rows[0]!.n || 1;
    const e = await c.query<{ type: string; k: number; bytes: number }>(
      `SELECT type, count(*)::int AS k, sum(octet_length(data::text))::float8 AS bytes FROM task_events
        WHERE task_id IN (${mine}) GROUP BY type ORDER BY 3 DESC`,
      [urlSuffix],
    );
    const a = await c.query<{ type: string; stored: number; original: number }>(
      `SELECT type, sum(size)::float8 AS stored, sum(original_size)::float8 AS original FROM artifacts
        WHERE task_id IN (${mine}) GROUP BY type ORDER BY 2 DESC`,
      [urlSuffix],
    );
    const kb = (b: number) => `${(b / n / 1024).toFixed(1)} KB`;
    console.log(
      `  stored per import: result ${kb(t.rows[0]!.result * n)}; ${(e.rows.reduce((s, r) => s + r.k, 0) / n).toFixed(1)} events, ${kb(e.rows.reduce((s, r) => s + r.bytes, 0))} (${e.rows.map((r) => `${r.type} ${(r.k / n).toFixed(1)}× ${kb(r.bytes)}`).join(", ")}); artifacts ${a.rows.map((r) => `${r.type} ${kb(r.stored)} (${kb(r.original)} before compression)`).join(", ")}`,
    );
  } finally {
    await c.end();
  }
}

/**
 * Row writes per task of the whole run (warm-up included), read once Ladle's processes are gone
 * (a backend sends its counts on exit): each table's updates and how many were heap-only (HOT: the
 * row's new version on its page, no index entry written), a count the machine's load does not move.
 */
export async function printRowWrites(dbUrl: string): Promise<void> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    // The stopped processes' backends may still be exiting: their counts arrive as they go.
    for (let i = 0; i < 50; i++) {
      const { rows } = await c.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      if (!rows[0]!.n) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const tasks = (await c.query<{ n: number }>("SELECT count(*)::int AS n FROM tasks")).rows[0]!.n || 1;
    const { rows } = await c.query<{ t: string; ins: string; upd: string; hot: string }>(
      `SELECT schemaname || '.' || relname AS t, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_hot_upd AS hot
         FROM pg_stat_user_tables WHERE n_tup_upd > 0 ORDER BY n_tup_upd DESC`,
    );
    console.log(
      `  row updates per task (${tasks} tasks, warm-up included): ${rows
        .map(
          (r) =>
            `${r.t} ${(Number(r.upd) / tasks).toFixed(2)} (${((100 * Number(r.hot)) / Number(r.upd)).toFixed(0)}% heap-only)`,
        )
        .join(", ")}`,
    );
  } finally {
    await c.end();
  }
}

/**
 * The server's WAL position now, and a temporary replication slot that keeps the WAL from here
 * (`hold`) until `printWal` reads it (checkpoints recycle it within minutes on a busy server); the slot goes
 * with its connection, whatever happens to the bench.
 */
export async function walPosition(
  dbUrl: string,
  hold = true,
): Promise<{ lsn: string; hold: pg.Client | null }> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    if (!hold) throw new Error("no slot asked");
    // The slot keeps WAL from the last checkpoint on; the run's own starts at the position after it.
    await c.query(
      "SELECT pg_create_physical_replication_slot('ladle_bench_' || pg_backend_pid(), true, true)",
    );
    const { rows } = await c.query<{ l: string }>("SELECT pg_current_wal_lsn()::text AS l");
    return { lsn: rows[0]!.l, hold: c };
  } catch {
    const lsn = (await c.query<{ l: string }>("SELECT pg_current_wal_lsn()::text AS l")).rows[0]!.l;
    await c.end();
    return { lsn, hold: null };
  }
}

/**
 * The WAL written for this database's tables and indexes between two positions, per import and by
 * relation (pg_walinspect, PostgreSQL 15+, superuser): the server's WAL counts every database on a
 * shared server, each record here names the blocks it changes. Silent where it cannot be read.
 */
export async function printWal(
  dbUrl: string,
  from: { lsn: string; hold: pg.Client | null },
  to: { lsn: string; hold: pg.Client | null },
  imports: number,
): Promise<void> {
  await to.hold?.end();
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query("CREATE EXTENSION IF NOT EXISTS pg_walinspect");
    const { rows } = await c.query<{ rel: string; bytes: number; fpi: number }>(
      // A TOAST table or its index is named by the table whose values it holds ("tasks (TOAST)").
      `SELECT coalesce(o.relname || CASE WHEN c.relkind = 'i' THEN ' (TOAST index)' ELSE ' (TOAST)' END,
                       c.relname, m.x[2]) AS rel,
              sum(w.record_length)::float8 AS bytes, sum(w.fpi_length)::float8 AS fpi
         FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn) w
         CROSS JOIN LATERAL (SELECT regexp_match(w.block_ref, 'rel \\d+/(\\d+)/(\\d+)') AS x) m
         LEFT JOIN pg_class c ON c.relfilenode = m.x[2]::oid
         LEFT JOIN pg_index ti ON c.relkind = 'i' AND ti.indexrelid = c.oid
         LEFT JOIN pg_class o ON o.reltoastrelid IN (c.oid, ti.indrelid) AND c.relnamespace = 'pg_toast'::regnamespace
        WHERE m.x[1]::oid = (SELECT oid FROM pg_database WHERE datname = current_database())
        GROUP BY 1 ORDER BY 2 DESC`,
      [from.lsn, to.lsn],
    );
    const kb = (b: number) => `${(b / imports / 1024).toFixed(1)} KB`;
    const total = rows.reduce((s, r) => s + r.bytes, 0);
    console.log(
      `  WAL per import of this database (pg_walinspect): ${kb(total)} (full-page images ${kb(rows.reduce((s, r) => s + r.fpi, 0))}); ${rows
        .filter((r) => r.bytes / imports >= 100)
        .map((r) => `${r.rel} ${kb(r.bytes)}`)
        .join(", ")}`,
    );
  } catch (e) {
    console.log(`  WAL per import: not read (${(e as Error).message})`);
  } finally {
    await c.end();
    await from.hold?.end();
  }
}
