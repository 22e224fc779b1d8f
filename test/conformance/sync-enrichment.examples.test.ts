/**
 * A client written against sync-enrichment.md (`../shared/spec/sync-enrichment.md`): the document
 * prints no JSON bodies; its examples are the partial success mapping table and the FR-008
 * assignment (`item.Title = request.Title ?? result.Title`). Each row of the table, copied below as
 * printed, is sent as a create (`POST /api/v1/items {url}`) of a loopback page with exactly those
 * fields, and the documented status and async job are checked; then FR-008, and the thumbnail and re-enrichment sections'
 * endpoints. No worker runs, so a queued job stays visible.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

/** Partial success mapping, as printed. */
const TABLE = `
| Title | Excerpt | Image | EnrichmentStatus | Async job? |
|-------|---------|-------|------------------|------------|
| ✓ | ✓ | ✓ | \`succeeded\` | No |
| ✓ | ✓ | ✗ | \`pending\` | Yes (screenshot only) |
| ✓ | ✗ | ✓ | \`succeeded\` | No |
| ✓ | ✗ | ✗ | \`pending\` | Yes |
| ✗ | ✗ | ✗ | \`pending\` | Yes (full enrichment) |
`;

const rows = TABLE.trim()
  .split("\n")
  .slice(2)
  .map((line) =>
    line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim()),
  )
  .map(([title, excerpt, image, status, job]) => ({
    title: title === "✓",
    excerpt: excerpt === "✓",
    image: image === "✓",
    status: status!.replace(/`/g, ""),
    job: job!.startsWith("Yes"),
  }));

let t: TestLadle;
let site: FixtureServer;
let ann: TestUser;

const pageWith = (r: { title: boolean; excerpt: boolean; image: boolean }) =>
  `<!doctype html><html><head><meta charset="utf-8">${r.title ? "<title>A title</title>" : ""}${
    r.excerpt ? '<meta name="description" content="An excerpt.">' : ""
  }${r.image ? '<meta property="og:image" content="/i.jpg">' : ""}</head><body><p>.</p></body></html>`;

// On the PostgreSQL server an API loads pg-boss with its first job (src/queue/queue.ts): until
// then its schema may not exist in a fresh database, and no schema means no job.
const jobsFor = async (itemId: string) =>
  (await sql<{ t: string | null }>`SELECT to_regclass('pgboss.job')::text AS t`.execute(t.ladle.database.db))
    .rows[0]?.t == null
    ? []
    : (
        await sql<{
          id: string;
        }>`SELECT id FROM pgboss.job WHERE name = 'ladle-item-enrich' AND data->>'itemId' = ${itemId}`.execute(
          t.ladle.database.db,
        )
      ).rows;

beforeAll(async () => {
  site = await startFixtureServer();
  t = await startTestLadle({ worker: false });
  ann = await createTestUser(t, { name: "ann" });
  // The first create loads the page reader (imported on first use). Under vitest that load
  // transforms its whole module tree, which took over 4 s on a loaded CI host, and it counts inside
  // the 4 s sync budget: the first row then read "pending". One create first, so that the rows
  // measure enrichment alone.
  site.route("/warm", { body: pageWith({ title: true, excerpt: true, image: true }) });
  expect((await t.json("POST", "/api/v1/items", { url: `${site.origin}/warm` }, ann.headers)).status).toBe(
    201,
  );
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe("the printed examples", () => {
  it("Partial success mapping: every printed row, as a create", async () => {
    expect(rows).toHaveLength(5);
    for (const [i, row] of rows.entries()) {
      site.route(`/row${i}`, { body: pageWith(row) });
      const r = await t.json("POST", "/api/v1/items", { url: `${site.origin}/row${i}` }, ann.headers);
      expect(r.status).toBe(201);
      expect([i, r.body.enrichmentStatus, (await jobsFor(r.body.id)).length > 0]).toEqual([
        i,
        row.status,
        row.job,
      ]);
      expect([i, r.body.title !== null, r.body.excerpt !== null, r.body.previewImageUrl !== null]).toEqual([
        i,
        row.title,
        row.excerpt,
        row.image,
      ]);
    }
  });

  it("FR-008 (`item.Title = request.Title ?? result.Title`): a given title and excerpt win; absent ones come from the page", async () => {
    site.route("/fr008", { body: pageWith({ title: true, excerpt: true, image: true }) });
    const given = await t.json(
      "POST",
      "/api/v1/items",
      { url: `${site.origin}/fr008`, title: "Mine", excerpt: "My words" },
      ann.headers,
    );
    expect(given.body).toMatchObject({
      title: "Mine",
      excerpt: "My words",
      previewImageUrl: `${site.origin}/i.jpg`,
    });
    const partly = await t.json(
      "POST",
      "/api/v1/items",
      { url: `${site.origin}/fr008?b`, title: "Mine" },
      ann.headers,
    );
    expect(partly.body).toMatchObject({ title: "Mine", excerpt: "An excerpt." });
  });

  it("the thumbnail endpoint answers only once a screenshot exists; POST /api/v1/items/{id}/enrich keeps the endpoint's contract", async () => {
    site.route("/pictureless", { body: pageWith({ title: true, excerpt: true, image: false }) });
    const c = await t.json("POST", "/api/v1/items", { url: `${site.origin}/pictureless` }, ann.headers);
    expect(c.body.thumbnailUrl).toBeNull();
    const thumb = await t.json("GET", `/api/v1/items/${c.body.id}/thumbnail`, undefined, ann.headers);
    expect(thumb).toMatchObject({ status: 404, body: { code: "THUMBNAIL_NOT_FOUND" } });
    const pending = await t.json("POST", `/api/v1/items/${c.body.id}/enrich`, undefined, ann.headers);
    expect(pending).toMatchObject({ status: 202, body: { enrichmentStatus: "pending" } });
    site.route("/pictureless", { body: pageWith({ title: true, excerpt: true, image: true }) });
    const done = await t.json("POST", `/api/v1/items/${c.body.id}/enrich`, undefined, ann.headers);
    expect(done).toMatchObject({
      status: 200,
      body: { enrichmentStatus: "succeeded", previewImageUrl: `${site.origin}/i.jpg` },
    });
  });
});
