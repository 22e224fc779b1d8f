// Shared by the queue bench and the soak: a throwaway PostgreSQL database, a loopback site serving
// real saved recipe pages, Ladle API and worker processes (`ladle serve --role ...`), submissions
// over HTTP and the outcome read from the tasks table.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The shared corpus of saved recipe pages beside the checkout. */
export const CORPUS = path.join(ROOT, "../shared/corpus/recipes");
const FINAL = ["ReviewReady", "Failed", "Committed", "Rejected", "Expired"];

/** PostgreSQL server to use: DATABASE_URL's, else the local one at 127.0.0.1:5432. */
export function serverUrl(): string {
  return process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

/** A new empty database on the server (dropped by `drop`). */
export async function throwawayDatabase(
  prefix = "ladle_bench",
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = serverUrl();
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const c = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
  await c.connect();
  await c.query(`CREATE DATABASE "${name}"`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await d.end();
    },
  };
}

/** A loopback port free now (another bench on the shared machine may hold a fixed one). */
export async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** Up to `max` saved recipe pages from ../shared (the corpus), else the repo's own fixture pages. */
export function recipePages(max = 80): string[] {
  const pages: string[] = [];
  if (existsSync(CORPUS)) {
    for (const site of readdirSync(CORPUS).sort()) {
      const dir = path.join(CORPUS, site);
      if (!statSync(dir).isDirectory()) continue;
      for (const f of readdirSync(dir).filter((x) => x.endsWith(".html"))) {
        const p = path.join(dir, f);
        if (statSync(p).size > 600_000) continue;
        pages.push(readFileSync(p, "utf8"));
        break;
      }
      if (pages.length >= max) break;
    }
  }
  if (!pages.length)
    pages.push(readFileSync(path.join(ROOT, "test/fixtures/pages/large-blog-recipe.html"), "utf8"));
  return pages;
}

/**
 * Every saved page of the recipe corpus (../shared/corpus/recipes), sorted by path: its file and
 * its bytes as saved (served with no charset, the page's own BOM or <meta> says it). Empty without
 * the corpus.
 */
export function corpusPages(): { files: string[]; bodies: Buffer[] } {
  const files: string[] = [];
  if (existsSync(CORPUS))
    for (const site of readdirSync(CORPUS).sort()) {
      const dir = path.join(CORPUS, site);
      if (!statSync(dir).isDirectory()) continue;
      for (const f of readdirSync(dir)
        .filter((x) => x.endsWith(".html"))
        .sort())
        files.push(path.join(dir, f));
    }
  return { files, bodies: files.map((f) => readFileSync(f)) };
}

/** The repo's own fixture pages (test/fixtures/pages): a warm-up that never serves a measured page. */
export function fixturePages(): string[] {
  const dir = path.join(ROOT, "test/fixtures/pages");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".html"))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), "utf8"));
}

/**
 * A loopback site: `/r/<n>` serves page n mod pages (a string as UTF-8 with that charset, a
 * Buffer as saved with none); `/stall/<n>` never answers (on its own host,
 * 127.0.0.2, so its breaker and slots are its own).
 */
export async function startSite(pages: (string | Buffer)[]): Promise<{
  origin: string;
  stallOrigin: string;
  close(): Promise<void>;
}> {
  const held = new Set<http.ServerResponse>();
  // Encoded once: the bench's own CPU per import stays out of the figures as far as it can.
  const bodies = pages.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : p));
  const types = pages.map((p) => (typeof p === "string" ? "text/html; charset=utf-8" : "text/html"));
  const serve = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const m = /^\/r\/(\d+)/.exec(req.url ?? "");
    if (m) {
      const n = Number(m[1]) % bodies.length;
      res.writeHead(200, { "content-type": types[n]! }).end(bodies[n]);
      return;
    }
    if ((req.url ?? "").startsWith("/stall/")) {
      held.add(res);
      res.on("close", () => held.delete(res));
      return;
    }
    res.writeHead(404).end();
  };
  const a = http.createServer(serve);
  const b = http.createServer(serve);
  await new Promise<void>((r) => a.listen(0, "127.0.0.1", r));
  await new Promise<void>((r) => b.listen(0, "127.0.0.2", r));
  return {
    origin: `http://127.0.0.1:${(a.address() as AddressInfo).port}`,
    stallOrigin: `http://127.0.0.2:${(b.address() as AddressInfo).port}`,
    async close() {
      for (const r of held) r.destroy();
      a.closeAllConnections();
      b.closeAllConnections();
      await Promise.all([new Promise((r) => a.close(r)), new Promise((r) => b.close(r))]);
    },
  };
}

/** Environment of the Ladle processes: defaults except loopback allowed and per-domain politeness off. */
export function ladleEnv(dbUrl: string, port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: dbUrl,
    HOST: "127.0.0.1",
    PORT: String(port),
    LADLE_ALLOW_PRIVATE_HOSTS: "127.0.0.0/8",
    // The bench is its one person: no sign-in in front of its requests.
    LADLE_SINGLE_PERSON: "true",
    // One loopback "site" carries the whole load: per-domain politeness would measure itself.
    Fetch__PerDomainIntervalMs: "0",
    Fetch__PerDomainConcurrency: "1000",
    Fetch__MaxConcurrentFetches: "1000",
    Fetch__Render: "never",
    LOG_LEVEL: "warn",
    LOG_FORMAT: "json",
    ...extra,
  };
}

/**
 * Starts `ladle serve --role <role>`; resolves once it logged that it started. `wrap` runs it under
 * another program (e.g. valgrind and its options), whose process then has the child's id.
 */
export async function startLadle(
  role: "api" | "worker",
  env: NodeJS.ProcessEnv,
  wrap: string[] = [],
): Promise<ChildProcess> {
  const cmd = [...wrap, process.execPath, path.join(ROOT, "bin/ladle.js"), "serve", "--role", role];
  const child = spawn(cmd[0]!, cmd.slice(1), {
    env: { ...env, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
    cwd: ROOT,
  });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    // 60 s by default; a machine at load 30 took longer to start a process (BENCH_START_TIMEOUT_MS).
    const t = setTimeout(
      () => {
        // Not left running behind the caller, which never got its handle.
        child.kill("SIGKILL");
        reject(new Error(`ladle ${role} did not start: ${out.slice(-2000)}`));
      },
      Number(process.env.BENCH_START_TIMEOUT_MS) || 60_000,
    );
    const on = (d: Buffer) => {
      out += d.toString();
      if (out.includes("started")) {
        clearTimeout(t);
        resolve();
      }
    };
    child.stdout!.on("data", on);
    child.stderr!.on("data", on);
    child.once("exit", (code) => {
      clearTimeout(t);
      reject(new Error(`ladle ${role} exited (${code}): ${out.slice(-2000)}`));
    });
  });
  child.stdout!.removeAllListeners("data");
  child.stderr!.removeAllListeners("data");
  child.stdout!.resume();
  child.stderr!.resume();
  child.removeAllListeners("exit");
  return child;
}

/** Stops a process (SIGTERM) and waits for it. */
export async function stopLadle(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  await done;
}

/** POSTs one import; retries (same Idempotency-Key) while the API is unreachable or failing. */
export async function submit(
  api: string,
  url: string,
  key: string,
  giveUpAt = Infinity,
): Promise<string | null> {
  for (;;) {
    try {
      const res = await fetch(`${api}/api/tasks`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify({ agentType: "Ingest", payload: { mode: "Url", url } }),
      });
      if (res.status === 202) return ((await res.json()) as { taskId: string }).taskId;
      await res.body?.cancel();
    } catch {
      // API down (killed): retry with the same key.
    }
    if (Date.now() > giveUpAt) return null;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs `fn` over `items` with at most `n` at once. */
export async function pool<T>(
  items: T[],
  n: number,
  fn: (item: T, i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

export interface TaskOutcome {
  id: string;
  url: string;
  status: string;
  createdAt: number;
  lastUpdated: number;
}

/** Every task with its URL, status and times. */
export async function outcomes(dbUrl: string): Promise<TaskOutcome[]> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const r = await c.query<{
      id: string;
      url: string;
      status: string;
      created_at: Date;
      last_updated: Date;
    }>(`SELECT id, payload->>'url' AS url, status, created_at, last_updated FROM tasks`);
    return r.rows.map((x) => ({
      id: x.id,
      url: x.url,
      status: x.status,
      createdAt: new Date(x.created_at).getTime(),
      lastUpdated: new Date(x.last_updated).getTime(),
    }));
  } finally {
    await c.end();
  }
}

/**
 * Waits until every task is final (or `ms` passed); returns the outcomes. Watches with two counts
 * on one connection (a new connection and every row four times a second cost the database and
 * this process CPU that the figures then missed), and reads the rows once at the end.
 */
export async function waitAllFinal(dbUrl: string, expected: number, ms: number): Promise<TaskOutcome[]> {
  const end = Date.now() + ms;
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    for (;;) {
      const { rows } = await c.query<{ n: number; done: number }>(
        `SELECT count(*)::int AS n, (count(*) FILTER (WHERE status = ANY($1::text[])))::int AS done FROM tasks`,
        [FINAL],
      );
      const { n, done } = rows[0]!;
      if ((n >= expected && done === n) || Date.now() > end) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await c.end();
  }
  return outcomes(dbUrl);
}

export const isFinal = (s: string) => FINAL.includes(s);

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 elsewhere. */
export function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Minor page faults a process has taken so far (fresh memory it touched), from /proc; 0 elsewhere.
 * On a VM each costs microseconds of CPU: a count per import says what fresh memory an import
 * touches, which the load does not move as it moves CPU times.
 */
export function minorFaults(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[7]);
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by the live threads of these processes, summed by thread name
 * (MainThread, WorkerThread = worker_threads, V8Worker = V8's compile and GC helpers, ...).
 */
export function threadCpuSeconds(
  pids: (number | undefined)[],
): Map<string, { seconds: number; threads: number }> {
  const byName = new Map<string, { seconds: number; threads: number }>();
  for (const pid of pids) {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const seen = byName.get(name) ?? { seconds: 0, threads: 0 };
        seen.seconds += (Number(fields[11]) + Number(fields[12])) / 100;
        seen.threads++;
        byName.set(name, seen);
      } catch {
        // The thread ended between the listing and the read.
      }
    }
  }
  return byName;
}

/**
 * CPU seconds used so far by every process named `comm` (e.g. "postgres"), with the children they
 * reaped (PostgreSQL's exited backends count in the postmaster's), from /proc; 0 elsewhere.
 */
export function cpuSecondsOf(comm: string): number {
  let total = 0;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== comm) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

/** Busy CPU seconds of the whole machine so far (all cores), from /proc/stat; 0 elsewhere. */
export function machineBusySeconds(): number {
  try {
    const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
    const busy = cpu.slice(0, 8).reduce((a, b) => a + b, 0) - cpu[3]! - cpu[4]!;
    return busy / 100;
  } catch {
    return 0;
  }
}
