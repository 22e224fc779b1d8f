import { readFileSync } from "node:fs";
import { loadConfig, type ConfigInput } from "../../src/config.ts";
import { createApp } from "../../src/api/app.ts";
import { Ladle } from "../../src/app/ladle.ts";
import type { Resolver } from "../../src/fetcher/policy.ts";
import { openTestDatabase, type TestDatabase } from "./testDb.ts";

export const PANCAKES_HTML = readFileSync(new URL("../fixtures/site/pancakes.html", import.meta.url), "utf8");
/** The same page showing the steps verbatim, as most recipe sites do (the guardrail flags it). */
export const PANCAKES_VERBATIM_HTML = PANCAKES_HTML.replace(
  "<p>Scroll to the recipe card for the method.</p>",
  `<h2>Instructions</h2>
<ol><li>Whisk the flour, sugar and baking powder in a large bowl.</li><li>Beat the buttermilk, eggs and melted butter, then fold into the dry mix.</li><li>Cook ladlefuls on a hot griddle until bubbles form, flip, and cook until golden.</li></ol>`,
);

export interface TestLadle {
  ladle: Ladle;
  app: ReturnType<typeof createApp>;
  db: TestDatabase;
  /** JSON request helper over app.request(). */
  json(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any }>;
  /** Polls a task until `pred` holds (default: no longer Pending/Running). */
  waitTask(
    taskId: string,
    pred?: (status: string) => boolean,
    timeoutMs?: number,
    headers?: Record<string, string>,
  ): Promise<any>;
  close(): Promise<void>;
}

/** A Ladle (API + worker in this process) on a fresh database, fetching only from loopback. */
export async function startTestLadle(
  opts: {
    config?: ConfigInput;
    queue?: boolean;
    now?: () => Date;
    worker?: boolean;
    /** A stub resolver (names that resolve to private addresses, tested without DNS). */
    resolver?: Resolver;
  } = {},
): Promise<TestLadle> {
  const db = await openTestDatabase();
  const config = loadConfig({
    env: {},
    file: null,
    overrides: {
      Server: { LogLevel: (process.env.TEST_LOG_LEVEL ?? "silent") as "silent" },
      // Tests import the same loopback pages many times in a row: no politeness delay.
      Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0 },
      ...opts.config,
      // The tests written before the first run act as the one person of the install without signing
      // in (as its single-person mode allows); the household's tests choose otherwise.
      Auth: { SinglePerson: true, ...opts.config?.Auth },
    },
  });
  // Tests change a fixture's answer between fetches of one URL: no reuse of a finished shared
  // fetch, even when a test gives its own Fetch section (concurrent fetches are still coalesced;
  // tests about reuse set it).
  if (opts.config?.Fetch?.SharedFetchReuseSeconds === undefined) config.Fetch.SharedFetchReuseSeconds = 0;
  // The built-in search provider reads real recipe sites: tests talk to loopback only, so it is off
  // unless a test points it at its own fixture sites (Discovery:Builtin).
  if (opts.config?.Discovery?.Builtin === undefined) config.Discovery.Builtin.Enabled = false;
  // Scheduled backups would write into the working directory's data folder: off unless a test asks.
  if (opts.config?.Backups?.Schedule === undefined) config.Backups.Schedule = "";
  const ladle = await Ladle.start({
    config,
    database: db,
    role: opts.worker === false ? "api" : "all",
    ...(opts.queue === false ? { queue: false } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.resolver ? { resolver: opts.resolver } : {}),
    superviseIntervalSeconds: 1,
  });
  const app = createApp(ladle);
  const json: TestLadle["json"] = async (method, path, body, headers = {}) => {
    const res = await app.request(path, {
      method,
      headers: { "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed };
  };
  const waitTask: TestLadle["waitTask"] = async (
    taskId,
    pred = (s) => s !== "Pending" && s !== "Running",
    // A bound for a hang (see vitest.config.ts), under the test's own.
    timeoutMs = 240_000,
    headers = {},
  ) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const r = await json("GET", `/api/tasks/${taskId}`, undefined, headers);
      if (r.status === 200 && pred(r.body.status)) return r.body;
      if (Date.now() > end) throw new Error(`task ${taskId} stuck in ${r.body?.status}`);
      await new Promise((res) => setTimeout(res, 25));
    }
  };
  return {
    ladle,
    app,
    db,
    json,
    waitTask,
    async close() {
      await ladle.stop();
      await db.close();
    },
  };
}

/**
 * Loads the page reader that the first bookmark read imports (src/services/items/items.service.ts).
 * A test that checks sync enrichment against its budget calls it first, so that the budget measures
 * the read and not a cold module load in the test's process (over 4 s on a loaded CI host).
 */
export async function loadPageReader(): Promise<void> {
  await import("../../src/pipeline/enrichPage.ts");
}
