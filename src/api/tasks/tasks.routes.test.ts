import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";

let t: TestLadle;
let site: FixtureServer;

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_HTML },
    "/slow": (_req, res) => {
      setTimeout(() => res.writeHead(200, { "content-type": "text/html" }).end(PANCAKES_HTML), 300);
    },
    "/slowest": (_req, res) => {
      setTimeout(() => res.writeHead(200, { "content-type": "text/html" }).end(PANCAKES_HTML), 4000);
    },
    "/not-a-recipe": {
      body: "<html><head><title>About us</title></head><body><p>We are a company.</p></body></html>",
    },
    "/gone": { status: 404, body: "nope" },
    "/article": {
      body: readFileSync(new URL("../../../test/fixtures/pages/article.html", import.meta.url), "utf8"),
    },
    "/two": {
      body: readFileSync(new URL("../../../test/fixtures/pages/two-recipes.html", import.meta.url), "utf8"),
    },
    "/challenge": {
      status: 403,
      headers: { server: "cloudflare", "cf-ray": "8a1b2c3d" },
      body: "<html><head><title>Just a moment...</title></head><body>Checking your browser before accessing.</body></html>",
    },
    "/pdf": { headers: { "content-type": "application/pdf" }, body: "%PDF-1.7 fake" },
    "/image": { headers: { "content-type": "image/png" }, body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
  });
  t = await startTestLadle();
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const urlTask = (url: string, extra: Record<string, unknown> = {}) => ({
  agentType: "Ingest",
  payload: { mode: "Url", url },
  ...extra,
});

describe("POST /api/tasks validation", () => {
  it("rejects an unknown agentType with 400 INVALID_AGENT_TYPE naming it", async () => {
    const r = await t.json("POST", "/api/tasks", {
      agentType: "Cooking",
      payload: { mode: "Url", url: site.url },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "INVALID_AGENT_TYPE", details: { agentType: "Cooking" } });
    expect(r.body.message).toMatch(/Cooking/);
  });

  it("rejects a missing agentType with INVALID_AGENT_TYPE", async () => {
    const r = await t.json("POST", "/api/tasks", { payload: { mode: "Url", url: site.url } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_AGENT_TYPE");
  });

  it("accepts agentType case-insensitively", async () => {
    const r = await t.json("POST", "/api/tasks", {
      agentType: "ingest",
      payload: { mode: "url", url: `${site.origin}/pancakes` },
    });
    expect(r.status).toBe(202);
    expect(r.body.agentType).toBe("Ingest");
    await t.waitTask(r.body.taskId);
  });

  it.each([
    ["no payload", undefined, /payload/],
    ["payload not an object", "https://x.test", /object/],
    ["unknown mode", { mode: "Fax", url: "https://x.test/" }, /mode/],
    ["missing url", { mode: "Url" }, /url/],
    ["relative url", { mode: "Url", url: "/recipes/1" }, /url/],
    ["non-http url", { mode: "Url", url: "ftp://x.test/r" }, /http/],
  ])("rejects %s with 400 INVALID_PAYLOAD", async (_name, payload, msg) => {
    const r = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      ...(payload === undefined ? {} : { payload }),
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_PAYLOAD");
    expect(r.body.message).toMatch(msg);
  });

  it("rejects a malformed JSON body with INVALID_PAYLOAD", async () => {
    const r = await t.json("POST", "/api/tasks", "{not json");
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_PAYLOAD");
  });

  it("generates a threadId when missing and keeps a given one", async () => {
    const a = await t.json("POST", "/api/tasks", urlTask(`${site.origin}/pancakes`));
    expect(a.status).toBe(202);
    expect(a.body).toMatchObject({ agentType: "Ingest", status: "Pending" });
    expect(a.body.threadId).toMatch(/^[0-9a-f-]{36}$/);
    const b = await t.json(
      "POST",
      "/api/tasks",
      urlTask(`${site.origin}/pancakes`, { threadId: "thread-123" }),
    );
    expect(b.body.threadId).toBe("thread-123");
    await t.waitTask(a.body.taskId);
    await t.waitTask(b.body.taskId);
    const list = await t.json("GET", "/api/tasks?threadId=thread-123");
    expect(list.body.tasks.map((x: { taskId: string }) => x.taskId)).toEqual([b.body.taskId]);
  });
});

describe("GET /api/tasks/{id}", () => {
  it("answers 404 TASK_NOT_FOUND for an unknown task", async () => {
    const r = await t.json("GET", "/api/tasks/does-not-exist");
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: "TASK_NOT_FOUND", details: { taskId: "does-not-exist" } });
  });

  it("runs a URL import to ReviewReady with a full RecipeDraft", async () => {
    const url = `${site.origin}/pancakes?utm_source=newsletter`;
    const c = await t.json("POST", "/api/tasks", urlTask(url));
    const task = await t.waitTask(c.body.taskId);
    expect(task).toMatchObject({ status: "ReviewReady", currentPhase: "Ingest.ReviewReady", progress: 100 });
    const draft = task.result.draft;
    expect(draft.recipe.name).toBe("Buttermilk Pancakes");
    expect(draft.recipe.source).toBeNull();
    expect(draft.recipe.ingredients[0]).toMatchObject({
      text: "2 cups (250 g) all-purpose flour",
      quantity: 2,
      unit: "cup",
    });
    expect(draft.recipe.instructions).toHaveLength(3);
    expect(draft.recipe).toMatchObject({
      prepTimeMinutes: 10,
      cookTimeMinutes: 15,
      totalTimeMinutes: 25,
      servings: 4,
    });
    expect(draft.source).toMatchObject({
      url,
      extractionMethod: "JsonLd",
      author: "Ada Baker",
      siteName: "Test Kitchen",
    });
    expect(draft.source.urlHash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Date(draft.source.retrievedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(draft.validation.isValid).toBe(true);
    expect(draft.artifacts.map((a: { uri: string }) => a.uri)).toEqual(
      expect.arrayContaining([
        `artifacts/${task.taskId}/snapshot.txt`,
        `artifacts/${task.taskId}/page.meta.json`,
        `artifacts/${task.taskId}/recipe.jsonld`,
        `artifacts/${task.taskId}/draft.recipe.json`,
      ]),
    );
    expect(task.expiresAt).not.toBeNull();
  });

  it.each([
    ["/gone", "FETCH_HTTP_ERROR"],
    ["/not-a-recipe", "NO_RECIPE_FOUND"],
    ["/article", "NOT_A_RECIPE"],
    ["/image", "UNSUPPORTED_CONTENT_TYPE"],
    ["/pdf", "UNSUPPORTED_CONTENT_TYPE"],
    ["/challenge", "FETCH_BLOCKED"],
  ])("fails %s with %s and keeps what it fetched", async (path, code) => {
    const c = await t.json("POST", "/api/tasks", urlTask(`${site.origin}${path}`));
    const task = await t.waitTask(c.body.taskId);
    expect(task.status).toBe("Failed");
    expect(task.error.code).toBe(code);
    expect(task.error.message).toBeTruthy();
    // A wall never becomes a draft.
    expect(task.result).toBeNull();
    if (code === "FETCH_BLOCKED")
      expect(task.error.details.evidence).toMatchObject({ kind: "cloudflare-challenge", status: 403 });
  });
});

describe("several recipes on a page", () => {
  it("keeps the main one and the others as alternates on the draft", async () => {
    const c = await t.json("POST", "/api/tasks", urlTask(`${site.origin}/two`));
    const task = await t.waitTask(c.body.taskId);
    expect(task.result.draft.recipe.name).toBe("Classic Basil Pesto");
    expect(task.result.draft.alternates.map((a: { name: string }) => a.name)).toEqual(["Quick Pesto"]);
    expect(task.result.draft.classification).toMatchObject({ kind: "recipe" });
  });
});

describe("artifacts", () => {
  it("lists artifacts and serves each one's content", async () => {
    const c = await t.json("POST", "/api/tasks", urlTask(`${site.origin}/pancakes`));
    const task = await t.waitTask(c.body.taskId);
    const list = await t.json("GET", `/api/tasks/${task.taskId}/artifacts`);
    expect(list.status).toBe(200);
    const names = list.body.artifacts.map((a: { name: string }) => a.name).sort();
    expect(names).toEqual(["draft.recipe.json", "page.meta.json", "recipe.jsonld", "snapshot.txt"]);
    const meta = await t.json("GET", `/api/tasks/${task.taskId}/artifacts/page.meta.json`);
    expect(meta.body).toMatchObject({ statusCode: 200, contentType: "text/html; charset=utf-8" });
    expect(meta.body.sizeBytes).toBe(Buffer.byteLength(PANCAKES_HTML));
    const snap = await t.app.request(`/api/tasks/${task.taskId}/artifacts/snapshot.txt`);
    const text = await snap.text();
    expect(text).toContain("Buttermilk Pancakes");
    expect(text).not.toContain("<script");
    const draft = await t.json("GET", `/api/tasks/${task.taskId}/artifacts/draft.recipe.json`);
    expect(draft.body.recipe.name).toBe("Buttermilk Pancakes");
    const missing = await t.json("GET", `/api/tasks/${task.taskId}/artifacts/nope.txt`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("ARTIFACT_NOT_FOUND");
    const noTask = await t.json("GET", `/api/tasks/nope/artifacts`);
    expect(noTask.body.code).toBe("TASK_NOT_FOUND");
  });
});

async function readSse(res: Response, until: (events: { event: string; data: any }[]) => boolean) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  const events: { event: string; id: string; data: any }[] = [];
  while (!until(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += decoder.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const chunk = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const ev: Record<string, string> = {};
      for (const line of chunk.split("\n")) {
        const m = /^(\w+): ?(.*)$/.exec(line);
        if (m) ev[m[1]!] = m[2]!;
      }
      if (ev.event) events.push({ event: ev.event, id: ev.id ?? "", data: JSON.parse(ev.data ?? "null") });
    }
  }
  await reader.cancel();
  return events;
}

describe("a task's job", () => {
  it("is completed by the statement that writes the task's outcome: the queue sends no completion of its own", async () => {
    const boss = t.ladle.queue!.boss;
    const sent: string[] = [];
    const complete = boss.complete.bind(boss);
    boss.complete = ((name: string, ids: string | string[], ...rest: never[]) => {
      sent.push(...[ids].flat());
      return complete(name, ids, ...rest);
    }) as typeof boss.complete;
    try {
      for (const path of ["/pancakes", "/gone"]) {
        const c = await t.json("POST", "/api/tasks", urlTask(`${site.origin}${path}`));
        const task = await t.waitTask(c.body.taskId);
        expect(task.status).toBe(path === "/gone" ? "Failed" : "ReviewReady");
        const job = await sql<{ id: string; state: string; output: unknown }>`
          SELECT id, state, output FROM pgboss.job WHERE name = 'ladle-task' AND data->>'taskId' = ${c.body.taskId}`.execute(
          t.db.db,
        );
        expect(job.rows).toEqual([{ id: expect.any(String), state: "completed", output: null }]);
        expect(sent).not.toContain(job.rows[0]!.id);
      }
    } finally {
      boss.complete = complete;
    }
  });
});

describe("GET /api/tasks/{id}/events", () => {
  it("streams phase events with weighted progress up to ingest.review_ready", async () => {
    const c = await t.json("POST", "/api/tasks", urlTask(`${site.origin}/slow`));
    const res = await t.app.request(`/api/tasks/${c.body.taskId}/events`);
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const events = await readSse(res, (ev) => ev.some((e) => e.event === "ingest.review_ready"));
    const names = events.map((e) => e.event);
    expect(names[0]).toBe("ingest.progress");
    for (const n of [
      "ingest.fetch.progress",
      "ingest.extract.progress",
      "ingest.validate.progress",
      "ingest.review_ready",
    ]) {
      expect(names).toContain(n);
    }
    const progress = events
      .filter((e) => e.event === "ingest.progress")
      .map((e) => e.data.progress as number);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    // URL mode: Fetch 15, Extract 40, Validate 25, ReviewReady 10 of 90.
    const after = (phase: string) =>
      events.find((e) => e.event === `ingest.${phase}.progress` && e.data.state === "completed")!.data
        .progress;
    expect(after("fetch")).toBe(17);
    expect(after("extract")).toBe(61);
    expect(after("validate")).toBe(89);
    expect(events.at(-1)!.data.progress).toBe(100);
    // Only the last events say ReviewReady; the phases before it were Running.
    const firstReady = events.findIndex((e) => e.data.status === "ReviewReady");
    expect(events.slice(firstReady).every((e) => e.data.progress === 100)).toBe(true);
    // Each phase's start is followed by an ingest.progress saying the same (made as it is sent).
    events.forEach((e, i) => {
      if (e.event === "ingest.progress" || e.data.state !== "started") return;
      expect(events[i + 1]).toMatchObject({
        event: "ingest.progress",
        id: e.id,
        data: { status: "Running", phase: e.data.phase, progress: e.data.progress },
      });
    });
    // Every event names its task and thread, first, though the stored ones no longer hold them.
    for (const e of events) {
      expect(Object.keys(e.data).slice(0, 2)).toEqual(["taskId", "threadId"]);
      expect(e.data).toMatchObject({ taskId: c.body.taskId, threadId: c.body.threadId });
    }
  });

  it("stores a task's events without their task and thread (the row has the task)", async () => {
    const c = await t.json("POST", "/api/tasks", urlTask(`${site.origin}/pancakes`));
    await t.waitTask(c.body.taskId);
    const stored = await t.ladle.events.history(c.body.taskId, null);
    expect(stored.length).toBeGreaterThan(5);
    for (const e of stored) {
      expect(e.data).not.toHaveProperty("taskId");
      expect(e.data).not.toHaveProperty("threadId");
      expect(e.data).toHaveProperty("status");
    }
    // A phase's start is stored alone (its ingest.progress is made as the stream sends it).
    expect(stored.filter((e) => e.type === "ingest.progress").map((e) => e.data.status)).toEqual([
      "Pending",
      "ReviewReady",
    ]);
  });

  it("stores every phase event before the task shows as finished", async () => {
    const c = await t.json("POST", "/api/tasks", urlTask(`${site.origin}/pancakes`));
    const task = await t.waitTask(c.body.taskId);
    expect(task.status).toBe("ReviewReady");
    const events = await t.ladle.events.history(c.body.taskId, null);
    const phases = events.filter((e) => e.data.status === "Running");
    expect(phases.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        "ingest.fetch.progress",
        "ingest.extract.progress",
        "ingest.validate.progress",
      ]),
    );
    // Written in a few milliseconds, the phases' events are stored with the outcome, but before it:
    // a client that sees the task finished finds them all.
    for (const e of phases) expect(Date.parse(e.at)).toBeLessThanOrEqual(Date.parse(task.lastUpdated));
  });

  it("writes a slow fetch's progress while it runs, and the quick phases after it with the outcome", async () => {
    // Progress waits 2 s here, not 250 ms, and the fetch takes 4 s: on a loaded machine the
    // extraction and validation after the fetch took longer than 250 ms and were written on their own.
    const own = await startTestLadle({ config: { Ingest: { ProgressWriteDelayMs: 2000 } } });
    onTestFinished(() => own.close());
    const writes = async (url: string) => {
      const c = await own.json("POST", "/api/tasks", urlTask(url));
      await own.waitTask(c.body.taskId);
      // Every write of the task's row (claim, phase progress, outcome) adds one to its version.
      const r = await sql<{ version: number }>`select version from tasks where id = ${c.body.taskId}`.execute(
        own.db.db,
      );
      return { id: c.body.taskId as string, version: r.rows[0]!.version };
    };
    // Warm: the extraction thread is started, the page's phases run in milliseconds.
    await writes(`${site.origin}/pancakes?warm`);
    const fast = await writes(`${site.origin}/pancakes`);
    const slow = await writes(`${site.origin}/slowest`);
    // The fetch (4 s) shows while it runs: one progress write. The extraction and validation
    // that follow within the 2 s are written with the outcome, not each at once on its own
    // (a statement and a row update per import that the outcome superseded).
    expect(slow.version - fast.version).toBe(1);
    const stored = await own.ladle.events.history(slow.id, null);
    expect(stored.filter((e) => e.data.state === "started").map((e) => e.type)).toEqual([
      "ingest.fetch.progress",
      "ingest.extract.progress",
      "ingest.validate.progress",
    ]);
  });

  it("gives a late subscriber the current state first", async () => {
    const c = await t.json("POST", "/api/tasks", urlTask(`${site.origin}/pancakes`));
    await t.waitTask(c.body.taskId);
    const res = await t.app.request(`/api/tasks/${c.body.taskId}/events`);
    const events = await readSse(res, (ev) => ev.length >= 2);
    expect(events[0]).toMatchObject({
      event: "ingest.progress",
      data: { status: "ReviewReady", progress: 100 },
    });
    expect(events[1]!.event).toBe("ingest.review_ready");
  });

  it("answers 404 for an unknown task", async () => {
    const r = await t.json("GET", "/api/tasks/nope/events");
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("TASK_NOT_FOUND");
  });
});

describe("OpenAPI", () => {
  it("serves a document generated from the schemas", async () => {
    const r = await t.json("GET", "/api/openapi.json");
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe("3.1.0");
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining(["/api/tasks", "/api/tasks/{id}", "/api/recipes/import"]),
    );
    expect(r.body.components.schemas).toHaveProperty("Recipe");
    expect(r.body.components.schemas).toHaveProperty("RecipeDraft");
  });
});

describe("operations", () => {
  it("exposes Prometheus metrics and the fetcher's circuit states", async () => {
    const m = await t.app.request("/metrics");
    expect(m.status).toBe(200);
    const text = await m.text();
    expect(text).toContain("ladle_tasks_created_total");
    expect(text).toMatch(/ladle_fetch_total\{outcome="ok"\} \d+/);
    expect(text).toMatch(/ladle_phase_duration_seconds_bucket\{le="[\d.]+",phase="Ingest.Fetch"\}/);
    const d = await t.json("GET", "/api/fetcher/domains");
    expect(d.status).toBe(200);
    expect(Array.isArray(d.body.domains)).toBe(true);
  });
});
