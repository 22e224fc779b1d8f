import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

/** A library of many articles is listed a page at a time, newest first, each article once. */
describe("GET /media pages a big library", () => {
  let t: TestLadle;
  let ann: TestUser;
  let bob: TestUser;
  const N = 1_234;

  beforeAll(async () => {
    t = await startTestLadle();
    ann = await createTestUser(t, { name: "ann" });
    bob = await createTestUser(t, { name: "bob" });
    const db = t.db.db;
    const base = Date.now();
    for (let start = 0; start < N; start += 250) {
      const media = [];
      const links = [];
      for (let i = start; i < Math.min(N, start + 250); i++) {
        const id = randomUUID();
        // Pairs saved in the same microsecond: the page's edge must fall between them too.
        const at = new Date(base - Math.floor(i / 2) * 1000);
        media.push({
          id,
          kind: "web_article",
          source_url: `https://a${i}.example/`,
          canonical_url: `https://a${i}.example/`,
          title: `Article ${i}`,
          processing_status: "ready_for_reading",
          created_by: ann.id,
          created_at: at,
          updated_at: at,
        });
        links.push({ library_id: ann.defaultLibraryId, media_id: id, added_by: ann.id, created_at: at });
      }
      await db.insertInto("media").values(media).execute();
      await db.insertInto("library_media").values(links).execute();
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it("walks every article once, newest first, and says when the list ends", async () => {
    const seen: string[] = [];
    const titles: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const r = await t.json("GET", `/media?limit=200${q}`, undefined, ann.headers);
      expect(r.status).toBe(200);
      expect(r.body.data.media.length).toBeLessThanOrEqual(200);
      for (const m of r.body.data.media as { id: string; title: string }[]) {
        seen.push(m.id);
        titles.push(Number(m.title.split(" ")[1]));
      }
      cursor = r.body.data.next_cursor;
      pages++;
    } while (cursor && pages < 20);
    expect(pages).toBe(Math.ceil(N / 200));
    expect(new Set(seen).size).toBe(N);
    // Newest first: article i was saved i/2 seconds before the newest.
    for (let k = 1; k < titles.length; k++)
      expect(Math.floor(titles[k]! / 2)).toBeGreaterThanOrEqual(Math.floor(titles[k - 1]! / 2));
  });

  it("answers a first page of the asked size, refuses a made-up cursor or size, and shows no one else's", async () => {
    const first = await t.json("GET", "/media?limit=50", undefined, ann.headers);
    expect(first.body.data.media).toHaveLength(50);
    expect(first.body.data.next_cursor).toEqual(expect.any(String));
    // Without a limit: a page of 100, not the whole library.
    expect((await t.json("GET", "/media", undefined, ann.headers)).body.data.media).toHaveLength(100);
    expect((await t.json("GET", "/media?cursor=nonsense", undefined, ann.headers)).status).toBe(400);
    expect((await t.json("GET", "/media?limit=5000", undefined, ann.headers)).status).toBe(400);
    const theirs = await t.json("GET", `/media?library_id=${ann.defaultLibraryId}`, undefined, bob.headers);
    expect(theirs.status).toBe(404);
    const own = await t.json("GET", "/media", undefined, bob.headers);
    expect(own.body.data).toEqual({ media: [], next_cursor: null });
  });
});
