import type http from "node:http";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../test/helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../test/helpers/users.ts";
import { ownerShareOf } from "./queue.ts";
import { waitFor } from "../../test/helpers/waitFor.ts";

let site: FixtureServer;
/** A's pages answer only once the gate opens: the test decides when A's first imports may end. */
let gateOpen = false;
const held: http.ServerResponse[] = [];
const page = (res: http.ServerResponse) =>
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PANCAKES_HTML);

beforeAll(async () => {
  site = await startFixtureServer({
    "/a": (_req, res) => (gateOpen ? page(res) : void held.push(res)),
    "/b": (_req, res) => page(res),
    "/plain": { body: "<html><head><title>A plain page</title></head><body><p>Hello.</p></body></html>" },
  });
});
afterAll(async () => {
  for (const r of held.splice(0)) r.destroy();
  await site?.close();
});

const fetchConfig = () => ({
  AllowPrivateHosts: ["127.0.0.1"],
  PerDomainIntervalMs: 0,
  // Both users' pages are on one loopback site: its politeness cap must not be what orders them.
  PerDomainConcurrency: 1000,
  Render: "never" as const,
});

describe("an owner's share of a family's slots", () => {
  it("is a quarter of the slots by default, at least one, and always leaves a slot to others", () => {
    expect(ownerShareOf(0, 64)).toBe(16);
    expect(ownerShareOf(0, 4)).toBe(1);
    expect(ownerShareOf(0, 2)).toBe(1);
    expect(ownerShareOf(0, 1)).toBe(1);
    expect(ownerShareOf(8, 64)).toBe(8);
    expect(ownerShareOf(8, 4)).toBe(3);
  });
});

describe("fair queues", () => {
  let t: TestLadle;
  let ann: TestUser;
  let bob: TestUser;
  afterAll(async () => {
    for (const r of held.splice(0)) r.destroy();
    await t?.close();
  });

  it("one user's 300 queued imports do not hold back another user's single import", async () => {
    // Four task slots: ann's backlog fills them; bob's import must get the next one that frees.
    // Ann's first pages are held until every import is queued: however slow this machine is, they
    // must not time out (a timeout is the site's failure and would pause it for bob too).
    t = await startTestLadle({
      config: {
        // 300 creates in a minute by one user: the per-user create limit is not what this measures.
        Server: { IoConcurrency: 4, RateLimit: { CreatesPerMinute: 0 } },
        Fetch: {
          ...fetchConfig(),
          HeadersTimeoutMs: 600_000,
          BodyTimeoutMs: 600_000,
          TotalTimeoutMs: 600_000,
        },
      },
    });
    ann = await createTestUser(t, { name: "ann" });
    bob = await createTestUser(t, { name: "bob" });
    const submit = async (who: TestUser, url: string) => {
      const r = await t.json(
        "POST",
        "/api/tasks",
        { agentType: "Ingest", payload: { mode: "Url", url } },
        who.headers,
      );
      expect(r.status).toBe(202);
      return r.body.taskId as string;
    };
    const annIds: string[] = [];
    for (let i = 0; i < 300; i += 10)
      annIds.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, j) => submit(ann, `${site.origin}/a?${i + j}`)),
        )),
      );
    // Every slot is taken by one of ann's imports, waiting on its page; the rest of hers are queued.
    await waitFor("ann's imports to fill the slots", async () => held.length >= 4);
    gateOpen = true;
    for (const r of held.splice(0)) page(r);
    /** Ann's task jobs that have started (taken a slot) so far. */
    const annStarted = async () =>
      (
        await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pgboss.job
          WHERE name = 'ladle-task' AND group_id = ${ann.id} AND started_on IS NOT NULL`.execute(t.db.db)
      ).rows[0]!.n;
    // Ann's backlog flows through every slot: each slot that frees goes to her next import.
    await waitFor("ann's backlog to flow", async () => (await annStarted()) >= 12);
    const bobId = await submit(bob, `${site.origin}/b?1`);

    const bobFinal = await waitFor("bob's import to end", async () => {
      const r = await t.json("GET", `/api/tasks/${bobId}`, undefined, bob.headers);
      return !["Pending", "Running"].includes(r.body.status) && r.body;
    });
    expect(bobFinal.status).toBe("ReviewReady");
    // Claim order, read from the queue's own timestamps (not from how long anything took, which a
    // busy machine stretches): between bob's job being queued and taking a slot, at most the one
    // fetch already under way took ann's jobs (a slot each); the fetch after it took bob's. Before,
    // a fetch right after one that found no owner under their share skipped the fair pass for
    // 200 ms, and ann's imports, milliseconds each, took the slots freed meanwhile.
    const { rows } = await sql<{ ahead: number; after: number }>`
      SELECT count(*) FILTER (WHERE a.started_on > b.created_on AND a.started_on < b.started_on)::int AS ahead,
             count(*) FILTER (WHERE a.started_on IS NULL OR a.started_on > b.started_on)::int AS after
      FROM pgboss.job a, pgboss.job b
      WHERE a.name = 'ladle-task' AND a.group_id = ${ann.id}
        AND b.name = 'ladle-task' AND b.group_id = ${bob.id}`.execute(t.db.db);
    expect(rows[0]!.ahead).toBeLessThanOrEqual(4);
    // Bob's import went ahead of ann's backlog (without fair queues: after all 300).
    expect(rows[0]!.after).toBeGreaterThan(0);
    // ...and ann's imports still run meanwhile: the slots nobody else wants are hers.
    await waitFor("more of ann's imports to finish", async () => {
      const r = await t.json("GET", `/api/tasks/${annIds[20]}`, undefined, ann.headers);
      return r.body.status === "ReviewReady";
    });
  });
});

describe("every job family", () => {
  it("queues each job with its owner, so the fair fetch can take owners in turn", async () => {
    // API only: the jobs stay queued for inspection.
    const t = await startTestLadle({ worker: false, config: { Fetch: fetchConfig() } });
    try {
      const ann = await createTestUser(t, { name: "ann" });
      const h = ann.headers;
      const task = await t.json(
        "POST",
        "/api/tasks",
        { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}/b?task` } },
        h,
      );
      expect(task.status).toBe(202);
      const imp = await t.json(
        "POST",
        "/v1/import",
        // Pasted text: /v1/import downloads a URL before answering, and this file's site holds pages.
        {
          source_type: "text",
          source_ref: "Toast\n\nIngredients\n2 slices bread\n\nMethod\n1. Toast the bread.",
        },
        h,
      );
      expect(imp.status).toBeLessThan(300);
      const parse = await t.json("POST", "/api/parse-requests", { url: `${site.origin}/b?parse` }, h);
      expect(parse.status).toBe(202);
      const article = await t.json("POST", "/media/web-articles", { url: `${site.origin}/b?article` }, h);
      expect(article.status).toBe(202);
      // A page without a preview image: the bookmark waits for its async enrichment job.
      const item = await t.json("POST", "/api/v1/items", { url: `${site.origin}/plain` }, h);
      expect(item.status).toBe(201);

      const { rows } = await sql<{ name: string; group_id: string | null }>`
        SELECT name, group_id FROM pgboss.job WHERE name LIKE 'ladle-%' ORDER BY name`.execute(t.db.db);
      const families = [
        "ladle-article",
        "ladle-import",
        "ladle-item-enrich",
        "ladle-parse-request",
        "ladle-task",
      ];
      for (const f of families)
        expect(
          rows.filter((r) => r.name === f),
          f,
        ).toEqual([{ name: f, group_id: ann.id }]);
    } finally {
      await t.close();
    }
    // A fresh embedded database opens inside this test: minutes on a busy machine.
  });
});
