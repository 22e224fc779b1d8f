/**
 * A client written against web-article-ingestion.md (`../shared/spec/web-article-ingestion.md`):
 * it sends the API contracts' own request example as the document prints it (curly quotes and the `//` note
 * made plain JSON, the only change) and checks each documented answer's shape. The document's
 * example host, example.com, resolves to loopback here and no worker runs, so nothing leaves the
 * machine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

/** POST /media/web-articles, request: as printed. */
const REQUEST_AS_PRINTED = `{
“url”: “https://example.com/article”,
“library_id”: “uuid” // optional; defaults to user’s default library
}`;

/** The printed example as JSON: straight quotes, the comment dropped. */
function asJson(printed: string): Record<string, string> {
  return JSON.parse(printed.replace(/[“”]/g, '"').replace(/\s\/\/\s[^\n]*/g, ""));
}

/** GET /media/:id, returns (enveloped): as printed. */
const MEDIA_EXAMPLE = {
  data: {
    id: "...",
    kind: "web_article",
    title: "...?",
    processing_status: "...",
    failure_code: "...?",
    failure_message: "...?",
  },
};

/** GET /media/:id/fragments, returns (enveloped): as printed. */
const FRAGMENTS_EXAMPLE = { data: { fragments: [{ id: "...", ordinal: 0, html_sanitized: "" }] } };

let t: TestLadle;
let ann: TestUser;
let ben: TestUser;

beforeAll(async () => {
  t = await startTestLadle({
    worker: false,
    resolver: async () => ["127.0.0.1"],
  });
  ann = await createTestUser(t, { name: "ann" });
  ben = await createTestUser(t, { name: "ben" });
});
afterAll(async () => {
  await t?.close();
});

describe("api contracts, the document's own examples", () => {
  it('POST: the printed request, library_id "uuid" naming no library of the viewer\'s → 403 E_FORBIDDEN, enveloped', async () => {
    const body = asJson(REQUEST_AS_PRINTED);
    expect(body).toEqual({ url: "https://example.com/article", library_id: "uuid" });
    const r = await t.json("POST", "/media/web-articles", body, ann.headers);
    expect(r).toMatchObject({
      status: 403,
      body: { error: { code: "E_FORBIDDEN", message: expect.any(String) } },
    });
  });

  it("POST: the printed request without the optional library_id → 202 {data: media} (new ingestion); again → 200 (attached)", async () => {
    const { url } = asJson(REQUEST_AS_PRINTED);
    const r = await t.json("POST", "/media/web-articles", { url }, ann.headers);
    expect(r.status).toBe(202);
    expect(Object.keys(r.body)).toEqual(["data"]);
    expect(r.body.data).toMatchObject({ kind: "web_article", processing_status: "pending", source_url: url });
    const again = await t.json("POST", "/media/web-articles", { url }, ben.headers);
    expect(again).toMatchObject({ status: 200, body: { data: { id: r.body.data.id } } });
  });

  it("GET /media/:id answers the printed fields, enveloped; GET /media/:id/fragments is the printed shape once ready (409 before)", async () => {
    const { url } = asJson(REQUEST_AS_PRINTED);
    const id = (await t.json("POST", "/media/web-articles", { url }, ann.headers)).body.data.id;
    const m = await t.json("GET", `/media/${id}`, undefined, ann.headers);
    expect(m.status).toBe(200);
    expect(Object.keys(m.body)).toEqual(Object.keys(MEDIA_EXAMPLE));
    for (const k of Object.keys(MEDIA_EXAMPLE.data)) expect(m.body.data).toHaveProperty(k);
    expect(m.body.data).toMatchObject({ id, kind: "web_article" });
    const early = await t.json("GET", `/media/${id}/fragments`, undefined, ann.headers);
    expect(early).toMatchObject({ status: 409, body: { error: { code: "E_NOT_READY" } } });
    // Ready (written as the job would, in one transaction), the fragments answer the printed shape.
    await t.ladle.database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("fragments")
        .values({
          id: crypto.randomUUID(),
          media_id: id,
          ordinal: 0,
          html_sanitized: "<p>Hello</p>",
          canonical_text: "Hello",
          created_at: new Date(),
        })
        .execute();
      await trx
        .updateTable("media")
        .set({ processing_status: "ready_for_reading" })
        .where("id", "=", id)
        .execute();
    });
    const f = await t.json("GET", `/media/${id}/fragments`, undefined, ann.headers);
    expect(f.status).toBe(200);
    expect(Object.keys(f.body.data)).toEqual(Object.keys(FRAGMENTS_EXAMPLE.data));
    expect(f.body.data.fragments).toEqual([
      { id: expect.any(String), ordinal: 0, html_sanitized: "<p>Hello</p>" },
    ]);
    expect(Object.keys(f.body.data.fragments[0]).sort()).toEqual(
      Object.keys(FRAGMENTS_EXAMPLE.data.fragments[0]!).sort(),
    );
  });

  it("the printed error answers: 400 E_URL_INVALID, 401 E_UNAUTHORIZED, 404 on non-visible media", async () => {
    const bad = await t.json("POST", "/media/web-articles", { url: "example.com/article" }, ann.headers);
    expect(bad).toMatchObject({ status: 400, body: { error: { code: "E_URL_INVALID" } } });
    const anon = await t.json("POST", "/media/web-articles", asJson(REQUEST_AS_PRINTED));
    expect(anon).toMatchObject({ status: 401, body: { error: { code: "E_UNAUTHORIZED" } } });
    const { url } = asJson(REQUEST_AS_PRINTED);
    const id = (await t.json("POST", "/media/web-articles", { url: `${url}?mine` }, ann.headers)).body.data
      .id;
    const eve = await createTestUser(t, { name: "eve" });
    for (const path of [`/media/${id}`, `/media/${id}/fragments`])
      expect(await t.json("GET", path, undefined, eve.headers)).toMatchObject({
        status: 404,
        body: { error: { code: "E_NOT_FOUND" } },
      });
  });
});
