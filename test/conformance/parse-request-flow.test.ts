/**
 * Conformance: parse-request-flow.md (`../shared/spec/parse-request-flow.md`), through
 * `POST /api/parse-requests` and `GET /api/parse-requests/{id}` (the document names no paths).
 * Each test names the section whose clause it checks.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { urlKey } from "../../src/domain/normalizeUrl.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { readSse } from "../helpers/readSse.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser } from "../helpers/users.ts";

let t: TestLadle;
let site: FixtureServer;
/** The service's clock runs this far ahead of the machine's: TTL and reaper rules without waiting. */
let skewMs = 0;
const DAY_MS = 24 * 3600 * 1000;

/** A page that answers only once `release()` is called: a request stays in flight meanwhile. */
function heldPage(path: string, body = PANCAKES_HTML): { release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  site.route(path, (_req, res) => {
    void gate.then(() => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body));
  });
  return { release };
}

const submit = (url: string, headers?: Record<string, string>) =>
  t.json("POST", "/api/parse-requests", { url }, headers);

/** Waits (by polling the API) until the request's status is one of `statuses`. */
async function until(id: string, statuses: string[]): Promise<any> {
  let last: any;
  await expect
    .poll(
      async () => {
        last = (await t.json("GET", `/api/parse-requests/${id}`)).body;
        return statuses.includes(last.status);
      },
      { timeout: 100_000, interval: 25 },
    )
    .toBe(true);
  return last;
}

beforeAll(async () => {
  site = await startFixtureServer({ "/pancakes": { body: PANCAKES_HTML } });
  t = await startTestLadle({ now: () => new Date(Date.now() + skewMs) });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

async function poll(id: string): Promise<any> {
  const end = Date.now() + 100_000;
  for (;;) {
    const r = await t.json("GET", `/api/parse-requests/${id}`);
    if (r.body.status === "COMPLETED" || r.body.status === "FAILED") return r.body;
    if (Date.now() > end) throw new Error(`request ${id} stuck in ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 25));
  }
}

describe("Data Model / Database Schema (DDL)", () => {
  it("Database Schema: `resource`, `recipe` and `parse_request` are tables under the spec's names and columns", async () => {
    const tables = await sql<{ table_name: string; table_type: string }>`
      SELECT table_name, table_type FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_name IN ('resource', 'recipe', 'parse_request', 'parsed_recipe')
      ORDER BY table_name`.execute(t.ladle.database.db);
    expect(tables.rows).toEqual([
      { table_name: "parse_request", table_type: "BASE TABLE" },
      { table_name: "recipe", table_type: "BASE TABLE" },
      { table_name: "resource", table_type: "BASE TABLE" },
    ]);
    const cols = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name IN ('resource', 'recipe', 'parse_request')
      ORDER BY table_name, ordinal_position`.execute(t.ladle.database.db);
    const by = (n: string) => cols.rows.filter((c) => c.table_name === n).map((c) => c.column_name);
    expect(by("resource")).toEqual(["url_hash", "url", "created_at"]);
    expect(by("recipe")).toEqual(["url_hash", "title", "ingredients", "parsed_at"]);
    expect(by("parse_request")).toEqual([
      "id",
      "user_id",
      "url_hash",
      "status",
      "error_message",
      "created_at",
      "updated_at",
    ]);
    // parse_request.url_hash and recipe.url_hash reference resource(url_hash).
    const fks = await sql<{ table_name: string; references: string }>`
      SELECT c.conrelid::regclass::text AS table_name, c.confrelid::regclass::text AS references
      FROM pg_constraint c WHERE c.contype = 'f' AND c.conrelid::regclass::text IN ('recipe', 'parse_request')
      ORDER BY 1`.execute(t.ladle.database.db);
    expect(fks.rows).toEqual([
      { table_name: "parse_request", references: "resource" },
      { table_name: "recipe", references: "resource" },
    ]);
  });

  it("Request Submission Flow: a submission upserts its `resource`, the request references it, completion upserts its `recipe`", async () => {
    const url = `${site.origin}/pancakes?utm_source=x`;
    const sub = await t.json("POST", "/api/parse-requests", { url });
    expect(sub).toMatchObject({ status: 202, body: { status: "PENDING" } });
    const done = await poll(sub.body.requestId);
    expect(done.status).toBe("COMPLETED");
    const key = urlKey(url);
    const db = t.ladle.database.db;
    const resource = await db.selectFrom("resource").selectAll().where("url_hash", "=", key).execute();
    expect(resource).toEqual([{ url_hash: key, url, created_at: expect.any(Date) }]);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const recipe = await db.selectFrom("recipe").selectAll().where("url_hash", "=", key).executeTakeFirst();
    expect(recipe).toMatchObject({ url_hash: key, title: "Buttermilk Pancakes" });
    // API Response Matrix: fresh recipe exists → 200 {recipe}, and no new request row.
    const cached = await t.json("POST", "/api/parse-requests", { url: `${site.origin}/pancakes` });
    expect(cached).toMatchObject({ status: 200, body: { recipe: { title: "Buttermilk Pancakes" } } });
    const requests = await db.selectFrom("parse_request").select("id").where("url_hash", "=", key).execute();
    expect(requests).toHaveLength(1);
  });

  it('API Response Matrix: poll of an unknown request → 404 {error: "Request not found"}', async () => {
    const r = await t.json("GET", "/api/parse-requests/00000000-0000-4000-8000-000000000000");
    expect(r).toMatchObject({ status: 404, body: { error: "Request not found" } });
  });
});

describe("Request Submission Flow, Polling Flow, State Machine", () => {
  it("Flow summary 2 (Dedup): a submission while a request is in flight returns that request (202), creates no row and queues nothing", async () => {
    const page = heldPage("/dedup");
    const url = `${site.origin}/dedup`;
    const first = await submit(url);
    expect(first).toMatchObject({ status: 202, body: { status: "PENDING" } });
    const second = await submit(url);
    expect(second.status).toBe(202);
    expect(second.body).toEqual({
      requestId: first.body.requestId,
      status: expect.stringMatching(/^(PENDING|PROCESSING)$/),
    });
    const rows = await t.ladle.database.db
      .selectFrom("parse_request")
      .select("id")
      .where("url_hash", "=", urlKey(url))
      .execute();
    expect(rows).toHaveLength(1);
    page.release();
    expect((await until(first.body.requestId, ["COMPLETED", "FAILED"])).status).toBe("COMPLETED");
    // One parse, one fetch of the page.
    expect(site.hits.get("/dedup")).toBe(1);
  });

  it('API Response Matrix, Poll - processing: 200 {requestId, status: "PROCESSING"} while the page is being parsed', async () => {
    const page = heldPage("/processing");
    const sub = await submit(`${site.origin}/processing`);
    const state = await until(sub.body.requestId, ["PROCESSING"]);
    expect(state).toEqual({ requestId: sub.body.requestId, status: "PROCESSING" });
    page.release();
    await until(sub.body.requestId, ["COMPLETED"]);
  });

  it('API Response Matrix, Poll - failed: 200 {requestId, status: "FAILED", error}; submitting again creates a new request (State Machine: user can retry)', async () => {
    const url = `${site.origin}/gone`;
    const sub = await submit(url);
    const state = await until(sub.body.requestId, ["COMPLETED", "FAILED"]);
    expect(state).toEqual({ requestId: sub.body.requestId, status: "FAILED", error: expect.any(String) });
    expect(state.error.length).toBeGreaterThan(0);
    const again = await submit(url);
    expect(again).toMatchObject({ status: 202, body: { status: "PENDING" } });
    expect(again.body.requestId).not.toBe(sub.body.requestId);
    await until(again.body.requestId, ["FAILED"]);
  });

  it("Request Submission Flow: a recipe parsed more than recipe.ttl.days (30) ago is stale: a new request re-parses it and the recipe is updated in place", async () => {
    const url = `${site.origin}/pancakes?stale`;
    const first = await submit(url);
    await until(first.body.requestId, ["COMPLETED"]);
    expect((await submit(url)).status).toBe(200);
    const key = urlKey(url);
    const before = await t.ladle.database.db
      .selectFrom("recipe")
      .select("parsed_at")
      .where("url_hash", "=", key)
      .executeTakeFirstOrThrow();
    // 29 days on: still fresh.
    skewMs = 29 * DAY_MS;
    expect((await submit(url)).status).toBe(200);
    // 31 days on: stale → a new PENDING request, then the same recipe row re-parsed.
    skewMs = 31 * DAY_MS;
    const stale = await submit(url);
    expect(stale).toMatchObject({ status: 202, body: { status: "PENDING" } });
    expect(stale.body.requestId).not.toBe(first.body.requestId);
    await until(stale.body.requestId, ["COMPLETED"]);
    const after = await t.ladle.database.db
      .selectFrom("recipe")
      .select(["parsed_at"])
      .where("url_hash", "=", key)
      .execute();
    expect(after).toHaveLength(1);
    expect(after[0]!.parsed_at.getTime()).toBeGreaterThan(before.parsed_at.getTime() + 30 * DAY_MS);
    expect((await submit(url)).status).toBe(200);
    skewMs = 0;
  });

  it("Risks & Mitigations: the reaper fails a request PROCESSING longer than 15 minutes with a timeout error; the client may submit again", async () => {
    const page = heldPage("/stuck");
    const sub = await submit(`${site.origin}/stuck`);
    await until(sub.body.requestId, ["PROCESSING"]);
    // 14 minutes on: left alone.
    skewMs = 14 * 60_000;
    expect((await t.ladle.parseRequests.reap()).failed).not.toContain(sub.body.requestId);
    skewMs = 16 * 60_000;
    expect((await t.ladle.parseRequests.reap()).failed).toContain(sub.body.requestId);
    skewMs = 0;
    const state = (await t.json("GET", `/api/parse-requests/${sub.body.requestId}`)).body;
    expect(state).toEqual({
      requestId: sub.body.requestId,
      status: "FAILED",
      error: expect.stringMatching(/15 minutes/),
    });
    // The worker finishing late does not revive it.
    page.release();
    const again = await submit(`${site.origin}/stuck`);
    expect(again.status).toBe(202);
    expect(again.body.requestId).not.toBe(sub.body.requestId);
    await until(again.body.requestId, ["COMPLETED"]);
    expect((await t.json("GET", `/api/parse-requests/${sub.body.requestId}`)).body.status).toBe("FAILED");
  });
});

describe("Negative consequence 1 (polling) and the spec README's event streams", () => {
  it("README (One engine): GET /api/parse-requests/{id}/events streams ingest.progress from the current state to COMPLETED", async () => {
    const page = heldPage("/streamed");
    const sub = await submit(`${site.origin}/streamed`);
    const res = await t.app.request(`/api/parse-requests/${sub.body.requestId}/events`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const events = await readSse(res, undefined, () => page.release());
    expect(events.every((e) => e.event === "ingest.progress")).toBe(true);
    const statuses = events.map((e) => e.data.status as string);
    expect(["PENDING", "PROCESSING"]).toContain(statuses[0]);
    expect(statuses.at(-1)).toBe("COMPLETED");
    const order = ["PENDING", "PROCESSING", "COMPLETED"];
    const ranks = statuses.map((s) => order.indexOf(s));
    expect([...ranks].sort()).toEqual(ranks);
    expect(events.at(-1)!.data).toMatchObject({ requestId: sub.body.requestId, progress: 100 });
    // A finished request answers its final state and ends.
    const done = await readSse(await t.app.request(`/api/parse-requests/${sub.body.requestId}/events`));
    expect(done.map((e) => [e.event, e.data.status])).toEqual([["ingest.progress", "COMPLETED"]]);
    // Last-Event-ID resumes after the event named, without the snapshot: the stored changes follow.
    const stored = await t.ladle.events.history(`parse-request:${sub.body.requestId}`, null);
    expect(stored.map((e) => e.data.status)).toEqual(["PENDING", "PROCESSING", "COMPLETED"]);
    const resumed = await readSse(
      await t.app.request(`/api/parse-requests/${sub.body.requestId}/events`, {
        headers: { "last-event-id": stored[0]!.id },
      }),
    );
    expect(resumed.map((e) => [e.id, e.data.status])).toEqual([
      [stored[1]!.id, "PROCESSING"],
      [stored[2]!.id, "COMPLETED"],
    ]);
  });

  it('README: the events of an unknown request → 404 {error: "Request not found"}', async () => {
    const r = await t.json("GET", "/api/parse-requests/00000000-0000-4000-8000-000000000000/events");
    expect(r).toMatchObject({ status: 404, body: { error: "Request not found" } });
  });
});

describe("Context: guest users (no auth) — spec README: parse requests accept guests", () => {
  it("on a server with users, a guest submits and polls without a token (user_id NULL); a token records its user; a wrong token is refused", async () => {
    const ann = await createTestUser(t, { name: "ann" });
    const guest = await submit(`${site.origin}/pancakes?guest`);
    expect(guest).toMatchObject({ status: 202, body: { status: "PENDING" } });
    expect((await t.json("GET", `/api/parse-requests/${guest.body.requestId}`)).status).toBe(200);
    const mine = await submit(`${site.origin}/pancakes?mine`, ann.headers);
    expect(mine.status).toBe(202);
    const rows = await t.ladle.database.db
      .selectFrom("parse_request")
      .select(["id", "user_id"])
      .where("id", "in", [guest.body.requestId, mine.body.requestId])
      .execute();
    const byId = Object.fromEntries(rows.map((r) => [r.id, r.user_id]));
    expect(byId).toEqual({ [guest.body.requestId]: null, [mine.body.requestId]: ann.id });
    const wrong = await submit(`${site.origin}/pancakes?wrong`, { authorization: "Bearer nope" });
    expect(wrong).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
    await until(guest.body.requestId, ["COMPLETED"]);
    await until(mine.body.requestId, ["COMPLETED"]);
  });
});

describe("Risks & Mitigations: Kafka unavailable (the request stays PENDING and is sent again)", () => {
  it("the reaper re-sends a request left PENDING longer than 15 minutes (no worker took it) and leaves it PENDING", async () => {
    let skew = 0;
    const idle = await startTestLadle({ worker: false, now: () => new Date(Date.now() + skew) });
    try {
      const sub = await idle.json("POST", "/api/parse-requests", { url: `${site.origin}/pancakes?idle` });
      expect(sub).toMatchObject({ status: 202, body: { status: "PENDING" } });
      const jobs = async () =>
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'ladle-parse-request' AND data->>'requestId' = ${sub.body.requestId}`.execute(
            idle.ladle.database.db,
          )
        ).rows[0]!.n;
      const queued = await jobs();
      expect(queued).toBeGreaterThanOrEqual(1);
      expect((await idle.ladle.parseRequests.reap()).resent).toEqual([]);
      skew = 16 * 60_000;
      expect((await idle.ladle.parseRequests.reap()).resent).toEqual([sub.body.requestId]);
      expect(await jobs()).toBeGreaterThan(queued);
      const state = await idle.json("GET", `/api/parse-requests/${sub.body.requestId}`);
      expect(state.body).toEqual({ requestId: sub.body.requestId, status: "PENDING" });
    } finally {
      await idle.close();
    }
  });
});
