// Safe to share, measured against separate `ladle serve` API and worker processes on the
// PostgreSQL server with three users: cross-user answers, oversized bodies and the API's RSS, NUL
// bytes, private addresses at create, a PDF bomb and the worker's RSS, every connection terminated,
// and one user's failing pages against the site's breaker. (One user's backlog against another's
// single import is `npm run bench -- fairness`.)
import { execFileSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import pg from "pg";
import { bombPdf } from "../test/helpers/importFixtures.ts";
import { ladleEnv, recipePages, startLadle, startSite, stopLadle, throwawayDatabase } from "./cluster.ts";
import { waitFor } from "../test/helpers/waitFor.ts";

// Polled every 100 ms, as this bench's figures were taken: a faster poll would load the server measured.
const until = <T>(what: string, fn: () => Promise<T | null | undefined | false>, ms: number) =>
  waitFor(what, fn, ms, 100);

const USERS = {
  ann: "ann-share-token-0123456789",
  bob: "bob-share-token-0123456789",
  cy: "cy-share-token-01234567890",
};
type Who = keyof typeof USERS;
const H = (who: Who) => ({ authorization: `Bearer ${USERS[who]}`, "content-type": "application/json" });

async function call(api: string, who: Who | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: who ? H(who) : { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // SSE or empty
  }
  return { status: res.status, body: (json ?? {}) as Record<string, unknown>, text };
}

/** Resident set of a process and its children (the worker's PDF reader runs as a child), in MiB. */
function treeRssMb(pid: number): number {
  const kb = (p: number) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  let children: number[] = [];
  try {
    children = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
      .split("\n")
      .map((s) => Number(s.trim()))
      .filter(Boolean);
  } catch {
    // no children
  }
  return (kb(pid) + children.reduce((n, c) => n + kb(c), 0)) / 1024;
}

/** Samples a process tree's RSS every 20 ms while `fn` runs; returns its result and the peak. */
async function peakRss<T>(
  pid: number,
  fn: () => Promise<T>,
): Promise<{ value: T; peakMb: number; beforeMb: number }> {
  const beforeMb = treeRssMb(pid);
  let peakMb = beforeMb;
  const timer = setInterval(() => (peakMb = Math.max(peakMb, treeRssMb(pid))), 20);
  try {
    const value = await fn();
    return { value, peakMb: Math.max(peakMb, treeRssMb(pid)), beforeMb };
  } finally {
    clearInterval(timer);
  }
}

/** POSTs `mb` MiB to a path, streamed in 64 KiB chunks, declared (content-length) or chunked. */
function bigPost(api: string, path: string, mb: number, declared: boolean): Promise<number> {
  return new Promise((resolve) => {
    const u = new URL(path, api);
    const total = mb << 20;
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(declared ? { "content-length": String(total) } : {}),
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", () => resolve(-1));
    const chunk = Buffer.alloc(64 << 10, 0x61);
    chunk[0] = 0x22; // a long JSON string
    let sent = 0;
    const pump = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

export async function run(): Promise<void> {
  const site = await startSite(recipePages(20));
  const db = await throwawayDatabase("ladle_share");
  const port = 38_201;
  const api = `http://127.0.0.1:${port}`;
  const env = ladleEnv(db.url, port, {
    LADLE_USERS: Object.entries(USERS)
      .map(([n, t]) => `${n}:user:${t}`)
      .join(","),
  });
  const procs: { api?: ChildProcess; worker?: ChildProcess } = {};
  const lines: string[] = [];
  const say = (s: string) => (console.log(s), lines.push(s));
  try {
    procs.api = await startLadle("api", env);
    procs.worker = await startLadle("worker", env);

    // 1. Ann's resources of every family.
    const t = await call(api, "ann", "POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}/r/1?ann` },
    });
    const taskId = t.body.taskId as string;
    await until(
      "ann's task",
      async () => (await call(api, "ann", "GET", `/api/tasks/${taskId}`)).body.status === "ReviewReady",
      120_000,
    );
    const t2 = await call(api, "ann", "POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}/r/2?ann` },
    });
    const draftId = t2.body.taskId as string;
    await until(
      "ann's draft",
      async () => (await call(api, "ann", "GET", `/api/tasks/${draftId}`)).body.status === "ReviewReady",
      120_000,
    );
    const committed = await call(api, "ann", "POST", "/api/recipes/import", {
      taskId,
      acknowledgeGuardrail: true,
    });
    const recipeId = (committed.body.recipe as { id: string } | undefined)?.id;
    if (!recipeId) throw new Error(`commit answered ${committed.status}: ${committed.text.slice(0, 300)}`);
    const imp = await call(api, "ann", "POST", "/v1/import", {
      source_type: "text",
      source_ref: "Ann's toast\n\nIngredients\n2 slices bread\n\nMethod\n1. Toast the bread.",
    });
    const importId = imp.body.id as string;
    const upload = await fetch(`${api}/v1/uploads`, {
      method: "POST",
      headers: { authorization: H("ann").authorization, "content-type": "text/plain" },
      body: "Ann's notes\n\nIngredients\n1 egg\n\nMethod\n1. Boil.",
    });
    const uploadToken = ((await upload.json()) as { token: string }).token;
    const art = await call(api, "ann", "POST", "/media/web-articles", { url: `${site.origin}/r/3?article` });
    const articleId = ((art.body.data as { id: string } | undefined) ?? { id: "" }).id;
    const item = await call(api, "ann", "POST", "/api/v1/items", { url: `${site.origin}/r/4?bookmark` });
    const itemId = item.body.id as string;
    const lib = await call(api, "ann", "POST", "/api/libraries", { name: "Ann's kitchen" });
    const libraryId = lib.body.id as string;

    // 2. Bob and Cy try each of them: anything but 404 (or a list naming it) is a leak.
    const probes: [string, string, unknown?][] = [
      ["GET", `/api/tasks/${taskId}`],
      ["GET", `/api/tasks/${draftId}`],
      ["GET", `/api/tasks/${draftId}/events`],
      ["GET", `/api/tasks/${draftId}/artifacts`],
      ["GET", `/api/tasks/${draftId}/draft-versions`],
      ["POST", "/api/recipes/import", { taskId: draftId, acknowledgeGuardrail: true }],
      ["POST", `/api/tasks/${draftId}/reject`, {}],
      ["POST", `/api/tasks/${draftId}/cancel`, {}],
      ["GET", `/api/recipes/${recipeId}`],
      ["GET", `/api/recipes/${recipeId}/versions`],
      ["GET", `/api/recipes/${recipeId}/versions/1`],
      [
        "POST",
        "/api/recipes/import",
        { taskId, acknowledgeGuardrail: true, draftRecipe: { title: "Mine now" } },
      ],
      ["POST", `/api/recipes/${recipeId}/restore`, {}],
      ["POST", `/api/recipes/${recipeId}/normalize`, {}],
      ["POST", `/api/recipes/${recipeId}/versions/1/restore`, {}],
      ["POST", `/api/tasks/${draftId}/normalize`, {}],
      ["DELETE", `/api/recipes/${recipeId}`],
      ["GET", `/api/recipes/${recipeId}/libraries`],
      ["GET", `/v1/import/${importId}`],
      ["GET", `/v1/import/${importId}/result`],
      ["POST", "/v1/import", { source_type: "text", source_ref: uploadToken }],
      ["GET", `/media/web-articles/${articleId}`],
      ["GET", `/api/v1/items/${itemId}`],
      ["PATCH", `/api/v1/items/${itemId}`, { title: "Mine now" }],
      ["DELETE", `/api/v1/items/${itemId}`],
      ["GET", `/media/web-articles/${articleId}/fragments`],
      ["POST", `/media/web-articles/${articleId}/retry`, {}],
      ["GET", `/api/libraries/${libraryId}/members`],
      ["POST", `/api/libraries/${libraryId}/members`, { user: "cy", role: "member" }],
    ];
    const lists = [
      "/api/tasks",
      "/api/recipes",
      "/v1/import",
      "/api/v1/items",
      "/api/libraries",
      "/media/web-articles",
    ];
    const annIds = [taskId, draftId, recipeId, importId, articleId, itemId, libraryId].filter(Boolean);
    let tried = 0;
    const leaks: string[] = [];
    for (const who of ["bob", "cy"] as const) {
      for (const [m, p, b] of probes) {
        const r = await call(api, who, m, p, b);
        tried++;
        // An upload token of someone else is unknown: the import answers 400 (no such upload), never reads it.
        const ok = p === "/v1/import" ? r.status >= 400 && r.status < 500 : r.status === 404;
        if (!ok) leaks.push(`${who} ${m} ${p} → ${r.status}`);
      }
      for (const p of lists) {
        const r = await call(api, who, "GET", p);
        tried++;
        if (annIds.some((id) => r.text.includes(id))) leaks.push(`${who} GET ${p} lists ann's`);
      }
    }
    const still = await call(api, "ann", "GET", `/api/recipes/${recipeId}`);
    say(
      `cross-user: ${tried} requests by bob and cy against ann's task, draft, recipe, import, upload, article, ` +
        `bookmark and library: ${leaks.length} leaks${leaks.length ? ` (${leaks.join("; ")})` : ""}; ` +
        `ann's recipe afterwards ${still.status} "${(still.body.name as string | undefined) ?? ""}" (version ${String(still.body.version)})`,
    );

    // 3. Ten 50 MB bodies, unauthenticated (parse requests take guests), half declared and half
    // chunked; then four to an authenticated route without a token (refused before the body).
    const apiPid = procs.api.pid!;
    const big = await peakRss(apiPid, () =>
      Promise.all([
        ...Array.from({ length: 10 }, (_, i) => bigPost(api, "/api/parse-requests", 50, i < 5)),
        ...Array.from({ length: 4 }, (_, i) => bigPost(api, "/api/tasks", 50, i < 2)),
      ]),
    );
    say(
      `ten 50 MB bodies to /api/parse-requests (5 with content-length, 5 chunked): ${big.value.slice(0, 10).join(",")}; ` +
        `four to /api/tasks without a token: ${big.value.slice(10).join(",")}; ` +
        `API RSS ${big.beforeMb.toFixed(0)} → peak ${big.peakMb.toFixed(0)} MiB (growth ${(big.peakMb - big.beforeMb).toFixed(0)} MiB)`,
    );

    // 4. NUL bytes and private addresses at create.
    const nul = [
      ["/api/tasks", { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}/r/1\u0000` } }],
      ["/v1/import", { source_type: "text", source_ref: "Toast\u0000\nIngredients\n1 egg" }],
      ["/api/v1/items", { url: `${site.origin}/x`, title: "a\u0000b" }],
      ["/api/libraries", { name: "x\u0000" }],
      ["/media/web-articles", { url: `${site.origin}/x\u0000` }],
    ] as const;
    const nulAnswers = await Promise.all(nul.map(([p, b]) => call(api, "bob", "POST", p, b)));
    say(`NUL bytes: ${nulAnswers.map((r, i) => `${nul[i]![0]} ${r.status}`).join(", ")}`);
    const priv = [
      ["/api/tasks", { agentType: "Ingest", payload: { mode: "Url", url: "http://10.0.0.1/recipe" } }],
      ["/v1/import", { source_type: "url", source_ref: "http://192.168.1.1/recipe" }],
      ["/api/v1/items", { url: "http://169.254.169.254/latest/meta-data/" }],
      ["/media/web-articles", { url: "http://[fd00::1]/article" }],
      ["/api/parse-requests", { url: "http://172.16.0.1/recipe" }],
    ] as const;
    const privAnswers = await Promise.all(priv.map(([p, b]) => call(api, "bob", "POST", p, b)));
    say(
      `private IP literals at create: ${privAnswers.map((r, i) => `${priv[i]![0]} ${r.status}`).join(", ")}`,
    );

    // 5. A PDF bomb: 600 MiB of flate content in a small PDF.
    const workerPid = procs.worker.pid!;
    const bomb = bombPdf(600);
    const up = await fetch(`${api}/v1/uploads`, {
      method: "POST",
      headers: { authorization: H("bob").authorization, "content-type": "application/pdf" },
      body: new Uint8Array(bomb),
    });
    const bombToken = ((await up.json()) as { token: string }).token;
    const b0 = Date.now();
    const bombRun = await peakRss(workerPid, async () => {
      const j = await call(api, "bob", "POST", "/v1/import", { source_type: "pdf", source_ref: bombToken });
      return until(
        "the bomb's job",
        async () => {
          const r = await call(api, "bob", "GET", `/v1/import/${j.body.id as string}`);
          return ["completed", "failed"].includes(r.body.status as string) ? r.body : null;
        },
        300_000,
      );
    });
    const after = await call(api, "cy", "POST", "/v1/import", {
      source_type: "text",
      source_ref: "Cy's toast\n\nIngredients\n2 slices bread\n\nMethod\n1. Toast the bread.",
    });
    const afterDone = await until(
      "cy's import after the bomb",
      async () => {
        const r = await call(api, "cy", "GET", `/v1/import/${after.body.id as string}`);
        return ["completed", "failed"].includes(r.body.status as string)
          ? `${r.body.status as string}${r.body.error_code ? ` (${r.body.error_code as string}: ${r.body.error_msg as string})` : ""}`
          : null;
      },
      120_000,
    );
    say(
      `PDF bomb (${(bomb.length / 1024).toFixed(0)} KiB, 600 MiB inflated): job ${bombRun.value.status as string} ` +
        `(${bombRun.value.error_code as string}) in ${((Date.now() - b0) / 1000).toFixed(1)} s; worker RSS (with its reader) ` +
        `${bombRun.beforeMb.toFixed(0)} → peak ${bombRun.peakMb.toFixed(0)} MiB; the next user's import: ${afterDone as string}`,
    );

    // 6. Every connection of both processes terminated, then one more import.
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    const dbName = new URL(db.url).pathname.slice(1);
    const killed = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [dbName],
    );
    await admin.end();
    const k0 = Date.now();
    const next = await until(
      "an import after the terminations",
      async () => {
        const r = await call(api, "cy", "POST", "/api/tasks", {
          agentType: "Ingest",
          payload: { mode: "Url", url: `${site.origin}/r/5?after-terminate` },
        }).catch(() => null);
        return r && r.status === 202 ? (r.body.taskId as string) : null;
      },
      120_000,
    );
    const nextStatus = await until(
      "its completion",
      async () => {
        const r = await call(api, "cy", "GET", `/api/tasks/${next}`).catch(() => null);
        return r && ["ReviewReady", "Failed"].includes(r.body.status as string)
          ? (r.body.status as string)
          : null;
      },
      120_000,
    );
    say(
      `pg_terminate_backend on ${killed.rowCount} connections: API ${procs.api.exitCode === null ? "alive" : "exited"}, ` +
        `worker ${procs.worker.exitCode === null ? "alive" : "exited"}; the next import ${nextStatus} ` +
        `${((Date.now() - k0) / 1000).toFixed(1)} s after`,
    );

    // 7. Twelve 404s by one user, then another user's import from the same site.
    const missing = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(api, "bob", "POST", "/api/tasks", {
          agentType: "Ingest",
          payload: { mode: "Url", url: `${site.origin}/missing/${i}` },
        }),
      ),
    );
    const missingFinal = await Promise.all(
      missing.map((m) =>
        until(
          "a 404 import",
          async () => {
            const r = await call(api, "bob", "GET", `/api/tasks/${m.body.taskId as string}`);
            return ["ReviewReady", "Failed"].includes(r.body.status as string) ? r.body : null;
          },
          120_000,
        ),
      ),
    );
    const codes = [
      ...new Set(missingFinal.map((r) => (r.error as { code?: string } | null)?.code ?? r.status)),
    ];
    const cy = await call(api, "cy", "POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}/r/6?after-404s` },
    });
    const cyStatus = await until(
      "cy's import after the 404s",
      async () => {
        const r = await call(api, "cy", "GET", `/api/tasks/${cy.body.taskId as string}`);
        return ["ReviewReady", "Failed"].includes(r.body.status as string) ? r.body : null;
      },
      120_000,
    );
    say(
      `twelve 404 imports by bob (${codes.join(",")}), then cy's import from the same site: ${cyStatus.status as string}` +
        `${cyStatus.error ? ` (${(cyStatus.error as { code: string }).code})` : ""}`,
    );
  } finally {
    if (procs.api) await stopLadle(procs.api);
    if (procs.worker) await stopLadle(procs.worker);
    await db.drop();
    await site.close();
  }
}
