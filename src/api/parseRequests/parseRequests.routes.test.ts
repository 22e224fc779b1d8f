import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { urlKey } from "../../domain/normalizeUrl.ts";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

const DAY = 24 * 3600 * 1000;
let site: FixtureServer;
/** Pages whose answer waits until released (a request caught PROCESSING). */
const held = new Map<string, () => void>();
const gates = new Map<string, Promise<void>>();

function hold(path: string): void {
  gates.set(path, new Promise<void>((r) => held.set(path, r)));
  site.route(path, (_req, res) => {
    void gates.get(path)!.then(() => res.writeHead(200, { "content-type": "text/html" }).end(PANCAKES_HTML));
  });
}

async function waitRequest(t: TestLadle, id: string, pred: (s: string) => boolean, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await t.json("GET", `/api/parse-requests/${id}`);
    if (r.status === 200 && pred(r.body.status)) return r.body;
    if (Date.now() > end) throw new Error(`request ${id} stuck in ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 25));
  }
}

const rowsFor = async (t: TestLadle, url: string) =>
  (
    await sql<{
      id: string;
      status: string;
      user_id: string | null;
    }>`SELECT id::text AS id, status, user_id FROM parse_request WHERE url_hash = ${urlKey(url)} ORDER BY created_at`.execute(
      t.ladle.database.db,
    )
  ).rows;

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_HTML },
    "/gone": { status: 404, body: "gone" },
    "/not-a-recipe": { body: "<html><head><title>Hi</title></head><body><p>Just words.</p></body></html>" },
  });
});
afterAll(async () => {
  for (const release of held.values()) release();
  await site?.close();
});

describe("parse requests: the response matrix", () => {
  let t: TestLadle;
  beforeAll(async () => {
    t = await startTestLadle();
  });
  afterAll(async () => t?.close());

  it("new URL → 202 PENDING; the poll reaches COMPLETED with the recipe; the next submission → 200 with no request row", async () => {
    const url = `${site.origin}/pancakes?utm_source=news`;
    const sub = await t.json("POST", "/api/parse-requests", { url });
    expect(sub.status).toBe(202);
    expect(sub.body).toEqual({ requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), status: "PENDING" });
    const done = await waitRequest(t, sub.body.requestId, (s) => s === "COMPLETED" || s === "FAILED");
    expect(done.status).toBe("COMPLETED");
    expect(done.requestId).toBe(sub.body.requestId);
    expect(done.recipe.title).toBe("Buttermilk Pancakes");
    expect(done.recipe.ingredients[0]).toEqual({
      qty: 2,
      unit: "cup",
      name: expect.stringContaining("flour"),
      text: "2 cups (250 g) all-purpose flour",
    });
    expect(done.recipe.ingredients).toHaveLength(6);
    expect(Date.parse(done.recipe.parsedAt)).not.toBeNaN();

    // Same URL under the recipe normalization (tracking parameter, host case, trailing slash).
    const again = await t.json("POST", "/api/parse-requests", {
      url: `${site.origin.replace("127.0.0.1", "127.0.0.1")}/pancakes/`,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ recipe: done.recipe });
    expect(await rowsFor(t, url)).toHaveLength(1);
    // The spec's `resource` table names the registry row.
    const res = await sql<{
      url: string;
    }>`SELECT url FROM resource WHERE url_hash = ${urlKey(url)}`.execute(t.ladle.database.db);
    expect(res.rows[0]?.url).toBe(url);
    // The operations status counts requests by state.
    const ops = await t.json("GET", "/api/ops/status");
    expect(ops.body.parseRequests).toEqual({ PENDING: 0, PROCESSING: 0, COMPLETED: 1, FAILED: 0 });
    const metrics = await (await t.app.request("/metrics")).text();
    expect(metrics).toMatch(/ladle_parse_requests_total\{answer="cached"\} 1/);
    expect(metrics).toMatch(/ladle_parse_requests_total\{answer="created"\} 1/);
    expect(metrics).toMatch(/ladle_shared_fetch_total\{source="fetched"\} 1/);
  });

  it("in flight → 202 with the existing requestId and its status; polling shows PROCESSING", async () => {
    hold("/held");
    const url = `${site.origin}/held`;
    const first = await t.json("POST", "/api/parse-requests", { url });
    expect(first.status).toBe(202);
    await waitRequest(t, first.body.requestId, (s) => s === "PROCESSING");
    const second = await t.json("POST", "/api/parse-requests", { url });
    expect(second.status).toBe(202);
    expect(second.body).toEqual({ requestId: first.body.requestId, status: "PROCESSING" });
    expect(await rowsFor(t, url)).toHaveLength(1);
    held.get("/held")!();
    const done = await waitRequest(t, first.body.requestId, (s) => s === "COMPLETED" || s === "FAILED");
    expect(done.status).toBe("COMPLETED");
  });

  it("a failed request is FAILED with the reason; submitting again creates a new request", async () => {
    const url = `${site.origin}/gone`;
    const first = await t.json("POST", "/api/parse-requests", { url });
    const failed = await waitRequest(t, first.body.requestId, (s) => s === "COMPLETED" || s === "FAILED");
    expect(failed).toEqual({ requestId: first.body.requestId, status: "FAILED", error: expect.any(String) });
    expect(failed.error).toMatch(/404/);
    const again = await t.json("POST", "/api/parse-requests", { url });
    expect(again.status).toBe(202);
    expect(again.body.status).toBe("PENDING");
    expect(again.body.requestId).not.toBe(first.body.requestId);
    await waitRequest(t, again.body.requestId, (s) => s === "FAILED");
    expect((await rowsFor(t, url)).map((r) => r.status)).toEqual(["FAILED", "FAILED"]);
  });

  it("a page without a recipe fails with a message that says so", async () => {
    const sub = await t.json("POST", "/api/parse-requests", { url: `${site.origin}/not-a-recipe` });
    const failed = await waitRequest(t, sub.body.requestId, (s) => s === "FAILED" || s === "COMPLETED");
    expect(failed.status).toBe("FAILED");
    expect(failed.error).toMatch(/recipe/i);
  });

  it("unknown or malformed ids → 404 {error: 'Request not found'}", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "1; DROP TABLE x"]) {
      const r = await t.json("GET", `/api/parse-requests/${encodeURIComponent(id)}`);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: "Request not found" });
    }
  });

  it("bad submissions → 400 PARSE_URL_INVALID saying what to send, and nothing stored", async () => {
    const before = await sql<{ n: string }>`SELECT count(*) AS n FROM parse_request`.execute(
      t.ladle.database.db,
    );
    for (const body of [
      "",
      "not json",
      {},
      { url: 42 },
      { url: "pancakes" },
      { url: "ftp://example.com/x" },
    ]) {
      const r = await t.json("POST", "/api/parse-requests", body);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("PARSE_URL_INVALID");
      expect(r.body.error).toMatch(/absolute http\(s\) URL/);
    }
    const after = await sql<{ n: string }>`SELECT count(*) AS n FROM parse_request`.execute(
      t.ladle.database.db,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it("TTL: a recipe parsed 31 days ago is re-parsed in place; a fresh one is served", async () => {
    const url = `${site.origin}/pancakes`;
    const key = urlKey(url);
    await sql`UPDATE recipe SET parsed_at = ${new Date(Date.now() - 31 * DAY)}, title = 'Old title' WHERE url_hash = ${key}`.execute(
      t.ladle.database.db,
    );
    const stale = await t.json("POST", "/api/parse-requests", { url });
    expect(stale.status).toBe(202);
    expect(stale.body.status).toBe("PENDING");
    const done = await waitRequest(t, stale.body.requestId, (s) => s === "COMPLETED" || s === "FAILED");
    expect(done.status).toBe("COMPLETED");
    expect(done.recipe.title).toBe("Buttermilk Pancakes");
    expect(Date.now() - Date.parse(done.recipe.parsedAt)).toBeLessThan(60_000);
    const recipes = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM recipe WHERE url_hash = ${key}`.execute(t.ladle.database.db);
    expect(Number(recipes.rows[0]!.n)).toBe(1);
    // 29 days old is still fresh under the default 30.
    await sql`UPDATE recipe SET parsed_at = ${new Date(Date.now() - 29 * DAY)} WHERE url_hash = ${key}`.execute(
      t.ladle.database.db,
    );
    expect((await t.json("POST", "/api/parse-requests", { url })).status).toBe(200);
  });
});

describe("parse requests: configured TTL, dedup, reaper (API-only process, nothing consumes the queue)", () => {
  let t: TestLadle;
  beforeAll(async () => {
    t = await startTestLadle({
      worker: false,
      config: { Recipe: { Ttl: { Days: 7 } }, ParseRequests: { StuckAfterMinutes: 15 } },
    });
  });
  afterAll(async () => t?.close());

  it("polling a request nobody works on answers PENDING", async () => {
    const sub = await t.json("POST", "/api/parse-requests", { url: `${site.origin}/queued` });
    expect(sub.status).toBe(202);
    const poll = await t.json("GET", `/api/parse-requests/${sub.body.requestId}`);
    expect(poll.status).toBe(200);
    expect(poll.body).toEqual({ requestId: sub.body.requestId, status: "PENDING" });
  });

  it("50 concurrent identical submissions → one request row, one job, the same requestId for all", async () => {
    const url = `${site.origin}/popular`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        // Different spellings of one normalized URL.
        t.json("POST", "/api/parse-requests", { url: i % 2 ? url : `${url}/?fbclid=${i}#top` }),
      ),
    );
    expect(answers.every((a) => a.status === 202)).toBe(true);
    const ids = new Set(answers.map((a) => a.body.requestId));
    expect(ids.size).toBe(1);
    expect(await rowsFor(t, url)).toHaveLength(1);
    const jobs = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM pgboss.job WHERE name = 'ladle-parse-request' AND data->>'requestId' = ${[...ids][0]}`.execute(
      t.ladle.database.db,
    );
    expect(Number(jobs.rows[0]!.n)).toBe(1);
  });

  it("the configured TTL is honoured: 8 days old is stale, 6 days old is fresh", async () => {
    const url = `${site.origin}/ttl-check`;
    const key = urlKey(url);
    const first = await t.json("POST", "/api/parse-requests", { url });
    // Complete it as a worker would, with a recipe parsed 8 days ago.
    await t.ladle.parseRequests["repo"].complete(
      first.body.requestId,
      { urlHash: key, title: "Soup", ingredients: [{ qty: 1, unit: "l", name: "water", text: "1 l water" }] },
      new Date(Date.now() - 8 * DAY),
    );
    const stale = await t.json("POST", "/api/parse-requests", { url });
    expect(stale.status).toBe(202);
    expect(stale.body.requestId).not.toBe(first.body.requestId);
    await sql`UPDATE recipe SET parsed_at = ${new Date(Date.now() - 6 * DAY)} WHERE url_hash = ${key}`.execute(
      t.ladle.database.db,
    );
    const fresh = await t.json("POST", "/api/parse-requests", { url });
    expect(fresh.status).toBe(200);
    // A submission that checked freshness just before a request completed creates nothing.
    const raced = await t.ladle.parseRequests["repo"].insertOrReturnInFlight(
      key,
      null,
      new Date(),
      new Date(Date.now() - 7 * DAY),
    );
    expect(raced).toBeNull();
    expect(fresh.body.recipe).toMatchObject({
      title: "Soup",
      ingredients: [{ qty: 1, unit: "l", name: "water" }],
    });
  });

  it("the reaper fails requests PROCESSING longer than 15 minutes, leaves younger ones, re-sends lost PENDING jobs", async () => {
    const stuck = await t.json("POST", "/api/parse-requests", { url: `${site.origin}/stuck` });
    const young = await t.json("POST", "/api/parse-requests", { url: `${site.origin}/young` });
    const lost = await t.json("POST", "/api/parse-requests", { url: `${site.origin}/lost` });
    const db = t.ladle.database.db;
    await sql`UPDATE parse_request SET status = 'PROCESSING', updated_at = ${new Date(Date.now() - 16 * 60_000)} WHERE id = ${stuck.body.requestId}`.execute(
      db,
    );
    await sql`UPDATE parse_request SET status = 'PROCESSING', updated_at = ${new Date(Date.now() - 10 * 60_000)} WHERE id = ${young.body.requestId}`.execute(
      db,
    );
    await sql`UPDATE parse_request SET updated_at = ${new Date(Date.now() - 16 * 60_000)} WHERE id = ${lost.body.requestId}`.execute(
      db,
    );
    await sql`DELETE FROM pgboss.job WHERE data->>'requestId' = ${lost.body.requestId}`.execute(db);

    const r = await t.ladle.parseRequests.reap();
    expect(r.failed).toEqual([stuck.body.requestId]);
    expect(r.resent).toContain(lost.body.requestId);
    const s = await t.json("GET", `/api/parse-requests/${stuck.body.requestId}`);
    expect(s.body).toEqual({
      requestId: stuck.body.requestId,
      status: "FAILED",
      error: expect.stringMatching(/15 minutes/),
    });
    expect((await t.json("GET", `/api/parse-requests/${young.body.requestId}`)).body.status).toBe(
      "PROCESSING",
    );
    const jobs = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM pgboss.job WHERE data->>'requestId' = ${lost.body.requestId}`.execute(db);
    expect(Number(jobs.rows[0]!.n)).toBe(1);
    // The URL of the reaped request can be submitted again.
    const again = await t.json("POST", "/api/parse-requests", { url: `${site.origin}/stuck` });
    expect(again.status).toBe(202);
    expect(again.body.requestId).not.toBe(stuck.body.requestId);
  });

  it("a retried job takes up a request left PROCESSING by a dead worker and finishes it", async () => {
    const url = `${site.origin}/pancakes?retried=1`;
    const sub = await t.json("POST", "/api/parse-requests", { url });
    await sql`UPDATE parse_request SET status = 'PROCESSING' WHERE id = ${sub.body.requestId}`.execute(
      t.ladle.database.db,
    );
    await t.ladle.parseRequests.process(sub.body.requestId, t.ladle.pipelineContext());
    const done = await t.json("GET", `/api/parse-requests/${sub.body.requestId}`);
    expect(done.body.status).toBe("COMPLETED");
    // A final request is left alone by a late duplicate job.
    await t.ladle.parseRequests.process(sub.body.requestId, t.ladle.pipelineContext());
    expect((await t.json("GET", `/api/parse-requests/${sub.body.requestId}`)).body).toEqual(done.body);
  });

  it("the reaper runs on the shared scheduler", async () => {
    const schedules = await sql<{
      name: string;
      cron: string;
    }>`SELECT name, cron FROM pgboss.schedule WHERE name = 'ladle-parse-reaper'`.execute(t.ladle.database.db);
    // API-only processes do not schedule; the worker test below checks the schedule exists.
    expect(schedules.rows).toEqual([]);
  });
});

describe("parse requests: guests and users", () => {
  let t: TestLadle;
  let alice: TestUser;
  beforeAll(async () => {
    t = await startTestLadle();
    alice = await createTestUser(t, { name: "alice" });
  });
  afterAll(async () => t?.close());

  it("a guest submits and polls without a token (user_id NULL); a user's id is recorded", async () => {
    hold("/guests");
    const url = `${site.origin}/guests`;
    const guest = await t.json("POST", "/api/parse-requests", { url });
    expect(guest.status).toBe(202);
    expect((await t.json("GET", `/api/parse-requests/${guest.body.requestId}`)).status).toBe(200);
    held.get("/guests")!();
    await waitRequest(t, guest.body.requestId, (s) => s === "COMPLETED");

    const userUrl = `${site.origin}/pancakes?for=alice`;
    const user = await t.json("POST", "/api/parse-requests", { url: userUrl }, alice.headers);
    expect(user.status).toBe(202);
    const rows = [...(await rowsFor(t, url)), ...(await rowsFor(t, userUrl))];
    expect(rows.map((r) => r.user_id)).toEqual([null, alice.id]);
    // The rest of the API still needs the token; a wrong token is refused here too.
    expect((await t.json("GET", "/api/tasks?threadId=x")).status).toBe(401);
    const wrong = await t.json(
      "POST",
      "/api/parse-requests",
      { url },
      { authorization: "Bearer wrong-token-0000000" },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: expect.stringMatching(/token/), code: "UNAUTHORIZED" });
  });

  it("the worker process scheduled the reaper", async () => {
    const schedules = await sql<{
      cron: string;
    }>`SELECT cron FROM pgboss.schedule WHERE name = 'ladle-parse-reaper'`.execute(t.ladle.database.db);
    expect(schedules.rows).toEqual([{ cron: "*/1 * * * *" }]);
  });
});
