import { strToU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCollection } from "../../interop/readCollection.ts";
import { NETSCAPE, paprikaExport } from "../../../test/helpers/interopFixtures.ts";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { graphPage } from "../../../test/helpers/severalRecipesPages.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

describe("bulk collection jobs over the API", () => {
  let t: TestLadle;
  let site: FixtureServer;
  let ann: TestUser;
  let bo: TestUser;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));

  beforeAll(async () => {
    site = await startFixtureServer({
      "/pancakes": { body: PANCAKES_HTML },
      "/waffles": { body: PANCAKES_HTML.replaceAll("Pancakes", "Waffles") },
      "/hang": (_req, res) => {
        void held.then(() => res.writeHead(200, { "content-type": "text/html" }).end(PANCAKES_HTML));
      },
      "/menu": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" }).end(graphPage(site.origin));
      },
      "/nothing": { body: "<html><head><title>Hi</title></head><body><p>No recipe here.</p></body></html>" },
    });
    t = await startTestLadle();
    ann = await createTestUser(t, { name: "ann" });
    bo = await createTestUser(t, { name: "bo" });
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const upload = async (bytes: Uint8Array, policy = "commit_clean", user = ann) => {
    const res = await t.app.request(`/api/collections?policy=${policy}&name=export.paprikarecipes`, {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/octet-stream" },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const waitDone = async (id: string, user = ann) => {
    for (;;) {
      const r = await t.json("GET", `/api/collections/${id}`, undefined, user.headers);
      if (["completed", "cancelled", "failed"].includes(r.body.status)) return r.body;
      await new Promise((res) => setTimeout(res, 25));
    }
  };
  const report = async (id: string, user = ann) =>
    (await t.json("GET", `/api/collections/${id}/report`, undefined, user.headers)).body;

  it("imports a Paprika file: clean recipes committed, broken entries failed with reasons, then duplicates", async () => {
    const started = await upload(paprikaExport());
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ format: "paprika", total: 4, policy: "commit_clean" });
    const done = await waitDone(started.body.id);
    expect(done.counts).toMatchObject({ imported: 2, failed: 2, duplicate: 0, needsReview: 0, pending: 0 });
    const rep = await report(started.body.id);
    const byLabel = Object.fromEntries(rep.entries.map((e: any) => [e.label, e]));
    expect(byLabel["Broken"]).toMatchObject({ status: "failed", reason: expect.stringMatching(/damaged/) });
    expect(byLabel["Nothing Here"]).toMatchObject({
      status: "failed",
      reason: expect.stringMatching(/neither/),
    });
    const pancakes = byLabel["Buttermilk Pancakes"];
    expect(pancakes.status).toBe("imported");
    const recipe = await t.json("GET", `/api/recipes/${pancakes.resultId}`, undefined, ann.headers);
    expect(recipe.body.name).toBe("Buttermilk Pancakes");
    // Served where every recipe picture is (the stored bytes, not a proxied address).
    expect(recipe.body.imageUrl).toBe(`/api/images/recipes/${pancakes.resultId}`);
    const img = await t.app.request(recipe.body.imageUrl, { headers: ann.headers });
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/jpeg");
    expect(img.headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await t.app.request(recipe.body.imageUrl, { headers: bo.headers })).status).toBe(404);
    // The address such pictures had before still leads there.
    const old = await t.app.request(`/api/collections/images/${pancakes.resultId}`, { headers: ann.headers });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(recipe.body.imageUrl);

    // The same file again: each recipe is a duplicate pointing at the existing one.
    const again = await upload(paprikaExport());
    await waitDone(again.body.id);
    const rep2 = await report(again.body.id);
    expect(rep2.entries.find((e: any) => e.label === "Buttermilk Pancakes")).toMatchObject({
      status: "duplicate",
      duplicateOf: pancakes.resultId,
    });
    // Bo sees none of it.
    expect((await t.json("GET", `/api/collections/${again.body.id}`, undefined, bo.headers)).status).toBe(
      404,
    );
    expect((await t.json("GET", "/api/collections", undefined, bo.headers)).body.items).toEqual([]);
  });

  it("holds drafts for review when asked, and commits one after a fix", async () => {
    const started = await upload(paprikaExport(), "review_all", bo);
    const done = await waitDone(started.body.id, bo);
    expect(done.counts).toMatchObject({ needsReview: 2, failed: 2 });
    const held = (await report(started.body.id, bo)).entries.find((e: any) => e.status === "needs_review");
    const draft = await t.json(
      "GET",
      `/api/collections/${started.body.id}/items/${held.seq}`,
      undefined,
      bo.headers,
    );
    expect(draft.status).toBe(200);
    const fixed = { ...draft.body.recipe, name: `${draft.body.recipe.name} (fixed)` };
    const commit = await t.json(
      "POST",
      `/api/collections/${started.body.id}/items/${held.seq}/commit`,
      { recipe: fixed },
      bo.headers,
    );
    expect(commit.status).toBe(200);
    expect(commit.body.recipe.name).toMatch(/\(fixed\)$/);
    const again = await t.json(
      "POST",
      `/api/collections/${started.body.id}/items/${held.seq}/commit`,
      {},
      bo.headers,
    );
    expect(again.status).toBe(409);
    const rest = await t.json("POST", `/api/collections/${started.body.id}/commit-clean`, {}, bo.headers);
    expect(rest.body).toEqual({ committed: 1, left: 0 });
    expect(
      (await t.json("GET", `/api/collections/${started.body.id}`, undefined, bo.headers)).body.counts,
    ).toMatchObject({
      imported: 2,
      needsReview: 0,
    });
  });

  it("imports a list of URLs, reporting the page without a recipe in plain words", async () => {
    const urls = [
      `${site.origin}/pancakes`,
      `${site.origin}/waffles`,
      `${site.origin}/nothing`,
      `${site.origin}/missing`,
      "not a link",
    ];
    const started = await t.json("POST", "/api/collections", { urls, policy: "review_all" }, ann.headers);
    expect(started.status).toBe(202);
    expect(started.body.format).toBe("urls");
    await waitDone(started.body.id);
    const rep = await report(started.body.id);
    expect(rep.entries.map((e: any) => e.status)).toEqual([
      "needs_review",
      "needs_review",
      "failed",
      "failed",
      "failed",
    ]);
    expect(rep.entries[4].reason).toMatch(/not a web address/);
    expect(rep.entries[2].reason).toMatch(/recipe/i);
    expect(rep.entries[3].reason).toMatch(/404|not found/i);
  });

  it("makes each recipe of a page holding several its own entry; again, each is a duplicate", async () => {
    const menu = `${site.origin}/menu`;
    const started = await t.json(
      "POST",
      "/api/collections",
      { urls: [menu], policy: "commit_clean" },
      bo.headers,
    );
    expect(started.body.total).toBe(1);
    const done = await waitDone(started.body.id, bo);
    expect(done).toMatchObject({ total: 3, done: 3, counts: { imported: 3 } });
    const rep = await report(started.body.id, bo);
    expect(rep.entries.map((e: any) => e.label)).toEqual([
      `Chilled Tomato Soup (1 of 3 on ${menu})`,
      `Grilled Courgettes (2 of 3 on ${menu})`,
      `Lemon Posset (3 of 3 on ${menu})`,
    ]);
    const saved = await Promise.all(
      rep.entries.map((e: any) => t.json("GET", `/api/recipes/${e.resultId}`, undefined, bo.headers)),
    );
    expect(saved.map((r) => r.body.source.url)).toEqual([menu, menu, menu]);
    // The cook's own warning for a single import is not carried into a bulk job's drafts.
    expect(JSON.stringify(saved.map((r) => r.body))).not.toMatch(/This page holds/);

    const again = await t.json(
      "POST",
      "/api/collections",
      { urls: [menu], policy: "commit_clean" },
      bo.headers,
    );
    const rep2 = await report((await waitDone(again.body.id, bo)).id, bo);
    expect(rep2.entries.map((e: any) => [e.status, e.duplicateOf])).toEqual(
      rep.entries.map((e: any) => ["duplicate", e.resultId]),
    );
  });

  it("a single import of such a page says how many recipes it holds and names them", async () => {
    const c = await t.json(
      "POST",
      "/api/tasks",
      { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}/menu` } },
      ann.headers,
    );
    expect(c.status).toBe(202);
    const task = await t.waitTask(c.body.taskId, undefined, undefined, ann.headers);
    const d = task.result.draft;
    expect(d.recipe.name).toBe("Chilled Tomato Soup");
    expect(d.alternates.map((a: any) => a.name)).toEqual(["Grilled Courgettes", "Lemon Posset"]);
    expect(d.validation.warnings).toContainEqual(
      expect.stringMatching(
        /^This page holds 3 recipes: “Chilled Tomato Soup”, “Grilled Courgettes” and “Lemon Posset”/,
      ),
    );
  });

  it("imports browser bookmarks as bookmarks", async () => {
    const started = await upload(strToU8(NETSCAPE));
    const done = await waitDone(started.body.id);
    expect(done.format).toBe("netscape");
    expect(done.counts).toMatchObject({ imported: 3, failed: 1 });
    const items = await t.json("GET", "/api/v1/items", undefined, ann.headers);
    expect(items.body.items.map((i: any) => i.url)).toContain("https://example.test/soup");
    // The browser's tags, folder path and date come along, and go back out in an export.
    const byUrl = new Map(items.body.items.map((i: any) => [i.url, i]));
    expect(byUrl.get("https://example.test/soup")).toMatchObject({
      tags: ["soup", "winter"],
      folder: "Recipes",
      savedAt: "2023-11-14T22:15:00.000Z",
      archived: false,
    });
    expect(byUrl.get("https://example.test/bread")).toMatchObject({ folder: "Recipes / Baking", tags: [] });
    expect(byUrl.get("https://example.test/news")).toMatchObject({ folder: null, savedAt: null });
    const out = await t.app.request("/api/collections/export?format=netscape&type=bookmark", {
      headers: ann.headers,
    });
    const back = readCollection(new Uint8Array(await out.arrayBuffer()));
    const soup = back.entries.find((e) => e.ok && e.kind === "bookmark" && e.bookmark.url.endsWith("/soup"));
    expect(soup).toMatchObject({
      bookmark: { tags: ["soup", "winter"], folder: "Recipes", addedAt: "2023-11-14T22:15:00.000Z" },
    });
    const bread = back.entries.find(
      (e) => e.ok && e.kind === "bookmark" && e.bookmark.url.endsWith("/bread"),
    );
    expect(bread).toMatchObject({ bookmark: { folder: "Recipes / Baking" } });
  });

  it("streams progress as SSE until the job ends", async () => {
    const started = await upload(paprikaExport(), "review_all");
    const res = await t.app.request(`/api/collections/${started.body.id}/events`, { headers: ann.headers });
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const text = await res.text();
    const events = [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!));
    expect(events.at(-1)).toMatchObject({ status: "completed", done: 4 });
    expect(text).toContain("event: collection_progress");
  });

  it("cancels a running job: entries not done are cancelled, nothing half-made is saved", async () => {
    const urls = Array.from({ length: 8 }, (_, i) => `${site.origin}/hang?n=${i}`);
    const started = await t.json("POST", "/api/collections", { urls, policy: "commit_clean" }, bo.headers);
    for (;;) {
      const j = await t.json("GET", `/api/collections/${started.body.id}`, undefined, bo.headers);
      if (j.body.status === "running") break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const before = (await t.json("GET", "/api/recipes?pageSize=1", undefined, bo.headers)).body.total;
    const c = await t.json("POST", `/api/collections/${started.body.id}/cancel`, {}, bo.headers);
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ status: "cancelled", done: 8 });
    release();
    const done = await waitDone(started.body.id, bo);
    expect(done.status).toBe("cancelled");
    const rep = await report(started.body.id, bo);
    expect(rep.entries.every((e: any) => e.status === "cancelled")).toBe(true);
    expect(rep.entries[0].reason).toMatch(/cancelled/);
    // The pages that were being read when it was cancelled made no recipes (an entry's recipe and
    // its result are written together, and a cancelled entry takes no result).
    expect((await t.json("GET", "/api/recipes?pageSize=1", undefined, bo.headers)).body.total).toBe(before);
    expect((await t.json("POST", `/api/collections/${started.body.id}/cancel`, {}, ann.headers)).status).toBe(
      404,
    );
  });

  it("refuses a file that is no collection, with the formats it reads", async () => {
    const r = await upload(strToU8("hello there"));
    expect(r.status).toBe(422);
    expect(r.body.code).toBe("COLLECTION_UNREADABLE");
    expect(r.body.message).toMatch(/Paprika/);
  });

  it("exports the collection in every format, and the Paprika export reads back", async () => {
    for (const [format, type] of [
      ["jsonld", "recipe"],
      ["paprika", "recipe"],
      ["cooklang", "recipe"],
      ["html", "recipe"],
      ["netscape", "bookmark"],
      ["json", "bookmark"],
      ["netscape", "article"],
    ]) {
      const res = await t.app.request(`/api/collections/export?format=${format}&type=${type}`, {
        headers: ann.headers,
      });
      expect(res.status, format).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (format === "html") expect(new TextDecoder().decode(bytes)).toContain("Buttermilk Pancakes");
      else if (type === "recipe" || type === "bookmark") {
        const read = readCollection(bytes);
        expect(read.entries.length, format).toBeGreaterThan(0);
        expect(
          read.entries.every((e) => e.ok),
          format,
        ).toBe(true);
      }
    }
    const bad = await t.app.request("/api/collections/export?format=paprika&type=bookmark", {
      headers: ann.headers,
    });
    expect(bad.status).toBe(400);
  });
});
