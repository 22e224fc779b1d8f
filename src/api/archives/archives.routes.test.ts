import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { pictureArticle } from "../../../test/helpers/archivePages.ts";
import { articlePage } from "../../../test/helpers/articlePages.ts";
import { ARCHIVE_CSP } from "./archives.routes.ts";

const MB = 1024 * 1024;

async function readyArticle(t: TestLadle, u: TestUser, url: string): Promise<string> {
  const art = await t.json("POST", "/media/web-articles", { url }, u.headers);
  expect([200, 202]).toContain(art.status);
  const id = art.body.data.id as string;
  for (let i = 0; ; i++) {
    const m = await t.json("GET", `/media/${id}`, undefined, u.headers);
    if (m.body.data?.processing_status === "ready_for_reading") return id;
    if (m.body.data?.processing_status === "failed" || i > 1200)
      throw new Error("article did not become ready");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("kept copies of pages", () => {
  let t: TestLadle;
  let site: FixtureServer;
  let alice: TestUser;
  let bob: TestUser;
  let articleId: string;
  let archive: {
    id: string;
    sizeBytes: number;
    imagesKept: number;
    imagesShrunk: number;
    imagesLeftOut: number;
  };

  beforeAll(async () => {
    site = await startFixtureServer({
      ...(await pictureArticle(20)),
      "/small": { body: articlePage({ title: "A small page" }) },
      "/other": { body: articlePage({ title: "Another page", body: '<img src="/img/photo-1.png" alt="">' }) },
    });
    t = await startTestLadle({
      config: {
        Articles: { Render: "never" },
        Archives: { MaxMegabytesPerArchive: 1, MaxMegabytesPerPerson: 1.5 },
      },
    });
    alice = await createTestUser(t, { name: "alice" });
    bob = await createTestUser(t, { name: "bob" });
    articleId = await readyArticle(t, alice, `${site.origin}/pictures`);
  });

  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it("keeps a page of 20 large pictures under its cap, saying what was made smaller", async () => {
    const r = await t.json("POST", "/api/archives", { articleId }, alice.headers);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    archive = r.body;
    expect(archive.sizeBytes).toBeLessThanOrEqual(1 * MB);
    // 20 pictures of about 230 KB each: nothing fits as it is, every one is kept smaller.
    // The 20 photographs and the stylesheet's paper texture.
    expect(archive.imagesKept + archive.imagesLeftOut).toBe(21);
    expect(archive.imagesKept).toBeGreaterThanOrEqual(15);
    expect(archive.imagesShrunk).toBeGreaterThan(0);
    const page = await t.app.request(`/archives/${archive.id}`, { headers: alice.headers });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toBe(ARCHIVE_CSP);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const html = await page.text();
    expect(Buffer.byteLength(html)).toBe(archive.sizeBytes);
    expect(html).toContain("Twenty Pictures of Bread");
    expect(html).toContain("made smaller");
    // The stylesheet is inlined with its background picture; nothing points back at the site but links.
    expect(html).toMatch(/background:url\("?data:image\/png;base64,/);
    expect((html.match(/<img [^>]*src="data:image\//g) ?? []).length).toBe(archive.imagesKept - 1);
    expect(html).not.toMatch(/<script|onclick|track\.js|document\.title/i);
    expect(html.replace(/<a [^>]*>[^<]*<\/a>/g, "")).not.toContain(site.origin);
    expect(html).toContain(`href="${site.origin}/starter"`);
  });

  it("lists the copy and counts it in the person's storage", async () => {
    const list = await t.json("GET", `/api/archives?articleId=${articleId}`, undefined, alice.headers);
    expect(list.body.archives.map((a: { id: string }) => a.id)).toEqual([archive.id]);
    expect(list.body.usedBytes).toBe(archive.sizeBytes);
    const storage = await t.json("GET", "/api/storage", undefined, alice.headers);
    expect(storage.body.usage.archives).toBe(archive.sizeBytes);
  });

  it("answers 404 to anyone else, and lists nothing of it", async () => {
    for (const path of [`/archives/${archive.id}`, `/api/archives/${archive.id}`]) {
      const r = await t.app.request(path, { headers: bob.headers });
      expect(r.status, path).toBe(404);
    }
    expect((await t.json("DELETE", `/api/archives/${archive.id}`, undefined, bob.headers)).status).toBe(404);
    expect((await t.json("POST", "/api/archives", { articleId }, bob.headers)).status).toBe(404);
    expect((await t.json("GET", "/api/archives", undefined, bob.headers)).body.archives).toEqual([]);
  });

  it("refuses a copy beyond the person's room, saying how to make room", async () => {
    const other = await readyArticle(t, alice, `${site.origin}/other`);
    // The same big page again replaces the first copy: it fits.
    const again = await t.json("POST", "/api/archives", { articleId }, alice.headers);
    expect(again.status).toBe(201);
    archive = again.body;
    const small = await t.json("POST", "/api/archives", { articleId: other }, alice.headers);
    expect(small.status).toBe(201);
    const list = await t.json("GET", "/api/archives", undefined, alice.headers);
    expect(list.body.archives).toHaveLength(2);
    // Fill the room: a 1 MB limit for a copy, 1.5 MB for all of them.
    const bm = await t.json("POST", "/api/v1/items", { url: `${site.origin}/pictures` }, alice.headers);
    const full = await t.json("POST", "/api/archives", { bookmarkId: bm.body.id }, alice.headers);
    expect(full.status).toBe(507);
    expect(full.body.code).toBe("ARCHIVE_ROOM_FULL");
    expect(full.body.message).toMatch(/Delete copies you no longer need/);
  });

  it("deleting the bookmark deletes its copy and its bytes", async () => {
    const bm = await t.json("POST", "/api/v1/items", { url: `${site.origin}/small` }, alice.headers);
    const kept = await t.json("POST", "/api/archives", { bookmarkId: bm.body.id }, alice.headers);
    expect(kept.status).toBe(201);
    expect((await t.app.request(`/archives/${kept.body.id}`, { headers: alice.headers })).status).toBe(200);
    expect((await t.json("DELETE", `/api/v1/items/${bm.body.id}`, undefined, alice.headers)).status).toBe(
      204,
    );
    expect((await t.app.request(`/archives/${kept.body.id}`, { headers: alice.headers })).status).toBe(404);
    const blob = await t.ladle.blobs.get(`archive/${alice.id}/${kept.body.id}`);
    expect(blob).toBeUndefined();
  });

  it("says what to send when the request is wrong", async () => {
    const r = await t.json("POST", "/api/archives", {}, alice.headers);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/articleId or bookmarkId/);
  });
});

describe("kept copies made automatically (Archives:KeepAutomatically)", () => {
  it("keeps a copy of each article once it is read, for whoever saved it", async () => {
    const site = await startFixtureServer({ "/small": { body: articlePage({ title: "A small page" }) } });
    const t = await startTestLadle({
      config: { Articles: { Render: "never" }, Archives: { KeepAutomatically: true } },
    });
    try {
      const u = await createTestUser(t, { name: "carol" });
      const id = await readyArticle(t, u, `${site.origin}/small`);
      await expect
        .poll(
          async () =>
            (await t.json("GET", `/api/archives?articleId=${id}`, undefined, u.headers)).body.archives.length,
          {
            timeout: 30_000,
          },
        )
        .toBe(1);
    } finally {
      await t.close();
      await site.close();
    }
  });
});
