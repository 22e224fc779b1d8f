// Faults heal, against `ladle serve` API and worker processes on the PostgreSQL
// server: every connection terminated, then the database refusing connections for a while.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAKE_TEXT } from "../helpers/importFixtures.ts";
import { openTestDatabase, type TestDatabase } from "../helpers/testDb.ts";

const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

interface Proc {
  child: ChildProcess;
  url: string | null;
  log: string[];
  exit: { code: number | null; signal: string | null } | null;
}

/** Starts `ladle serve --role <role>` on the database; resolves once it logged that it started. */
async function serve(role: "api" | "worker", dbUrl: string): Promise<Proc> {
  const child = spawn(process.execPath, [BIN, "serve", "--role", role], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const p: Proc = { child, url: null, log: [], exit: null };
  let buf = "";
  const onData = (d: Buffer) => {
    buf += d.toString();
    let i;
    while ((i = buf.indexOf("\n")) >= 0) {
      p.log.push(buf.slice(0, i));
      buf = buf.slice(i + 1);
    }
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  child.on("exit", (code, signal) => (p.exit = { code, signal }));
  await until(() => p.exit !== null || p.log.some((l) => l.includes(`Ladle ${role} started`)), 120_000);
  if (p.exit) throw new Error(`ladle ${role} exited: ${p.log.slice(-20).join("\n")}`);
  const line = p.log.find((l) => l.includes(`Ladle ${role} started`))!;
  p.url = /on (http:\/\/[^"\s]+)/.exec(line)?.[1] ?? null;
  return p;
}

async function until(pred: () => boolean | Promise<boolean>, ms: number, what = "condition"): Promise<void> {
  const end = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!process.env.DATABASE_URL)("faults heal", () => {
  let db: TestDatabase;
  let admin: pg.Client;
  let name: string;
  let api: Proc;
  let worker: Proc;

  beforeAll(async () => {
    db = await openTestDatabase();
    name = decodeURIComponent(new URL(db.url).pathname.slice(1));
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    [api, worker] = await Promise.all([serve("api", db.url), serve("worker", db.url)]);
  });
  afterAll(async () => {
    await admin?.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`).catch(() => {});
    for (const p of [api, worker]) if (p && !p.exit) p.child.kill("SIGKILL");
    await admin?.end();
    await db?.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  /** Imports a pasted recipe and waits until its job completed. */
  async function importCompletes(title: string): Promise<void> {
    const r = await post("/v1/import", {
      source_type: "text",
      source_ref: CAKE_TEXT.replace("Lemon Drizzle Cake", title),
    });
    expect(r.status).toBe(202);
    await jobEnds(((await r.json()) as { id: string }).id, "completed");
  }

  /** Waits for an import job's final state and checks it. */
  async function jobEnds(id: string, status: string): Promise<void> {
    let last: { status?: string; error_msg?: string } = {};
    await until(
      async () => {
        const r = await fetch(`${api.url}/v1/import/${id}`);
        if (r.status !== 200) return false;
        last = (await r.json()) as typeof last;
        return last.status === "completed" || last.status === "failed";
      },
      120_000,
      `import ${id}`,
    );
    expect(last).toMatchObject({ status });
  }

  /** Ends every connection the Ladle processes hold to the database (57P01 admin shutdown). */
  async function terminateAll(): Promise<number> {
    const r = await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [name],
    );
    return r.rowCount ?? 0;
  }

  it("every process survives pg_terminate_backend on all its connections, and the next import completes", async () => {
    await importCompletes("Before The Cut");
    // Terminated while idle, then again and again while imports are submitted and run (clients
    // checked out inside transactions, where pg-pool has no 'error' listener of its own).
    expect(await terminateAll()).toBeGreaterThan(0);
    const submits = Array.from({ length: 12 }, (_, i) =>
      post("/v1/import", {
        source_type: "text",
        source_ref: CAKE_TEXT.replace("Lemon Drizzle Cake", `Cut Cake ${i}`),
      }).catch(() => undefined),
    );
    for (let i = 0; i < 40; i++) {
      await terminateAll();
      await new Promise((r) => setTimeout(r, 50));
    }
    const accepted: string[] = [];
    for (const r of await Promise.all(submits))
      if (r?.status === 202) accepted.push(((await r.json()) as { id: string }).id);
    // A request meeting a connection in the instant it is cut answers 503 + Retry-After; once the
    // processes have seen their connections end, they connect afresh.
    await until(async () => (await fetch(`${api.url}/readyz`)).status === 200, 60_000, "readiness");
    await importCompletes("After The Cut");
    // Jobs cut off mid-run are retried, not failed for the database's fault.
    for (const id of accepted) await jobEnds(id, "completed");
    expect(api.exit).toBeNull();
    expect(worker.exit).toBeNull();
    expect(worker.log.join("\n")).not.toMatch(/Unhandled 'error' event|uncaught/i);
  });

  it("answers 503 with Retry-After while the database refuses connections, /readyz says why, then jobs resume", async () => {
    const logFrom = api.log.length;
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    await terminateAll();
    try {
      const imp = await post("/v1/import", {
        source_type: "text",
        source_ref: CAKE_TEXT.replace("Lemon", "Orange"),
      });
      expect(imp.status).toBe(503);
      expect(imp.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await imp.json()).toMatchObject({
        error_code: "database_unavailable",
        error_msg: expect.stringMatching(/cannot reach its database/),
      });
      const task = await post(
        "/api/tasks",
        { agentType: "Ingest", payload: { mode: "Url", url: "http://127.0.0.1:9/x" } },
        { "idempotency-key": "during-outage" },
      );
      expect(task.status).toBe(503);
      expect(task.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await task.json()).toMatchObject({ code: "DATABASE_UNAVAILABLE" });
      const ready = await fetch(`${api.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get("retry-after")).toMatch(/^\d+$/);
      const body = (await ready.json()) as { checks: Record<string, { ok: boolean; detail?: string }> };
      expect(body.checks.database).toMatchObject({
        ok: false,
        detail: expect.stringMatching(
          /cannot reach the database since .*: the database does not accept connections now/,
        ),
      });
      expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
      // Logged once as an outage, not once per request.
      expect(api.log.slice(logFrom).filter((l) => l.includes("database unreachable")).length).toBe(1);
    } finally {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    }
    await until(async () => (await fetch(`${api.url}/readyz`)).status === 200, 60_000, "readiness");
    await importCompletes("After The Outage");
    expect(api.exit).toBeNull();
    expect(worker.exit).toBeNull();
    expect(api.log.some((l) => l.includes("database reachable again"))).toBe(true);
  });
});
