import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import sharp from "sharp";
import { PNG_1x1 } from "../../../test/helpers/articlePages.ts";
import { noisyPng } from "../../../test/helpers/archivePages.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

/** Recipe and draft pictures through Ladle's image proxy: never from the site itself. */
describe("recipe pictures through the proxy", () => {
  let t: TestLadle;
  let site: FixtureServer;
  let ann: TestUser;
  let bob: TestUser;
  let imageUrl: string;
  let big: Buffer;

  beforeAll(async () => {
    // A photograph as a site serves it: 1000 px wide, far more than a list's card shows.
    big = await noisyPng(1000, 600);
    site = await startFixtureServer({
      "/big": (_req, res) =>
        res
          .writeHead(200, { "content-type": "text/html; charset=utf-8" })
          .end(PANCAKES_HTML.replace("https://kitchen.test/img/pancakes.jpg", `${site.origin}/img/big.png`)),
      "/img/big.png": { headers: { "content-type": "image/png" }, body: big },
      "/pancakes": (_req, res) =>
        res
          .writeHead(200, { "content-type": "text/html; charset=utf-8" })
          .end(PANCAKES_HTML.replace("https://kitchen.test/img/pancakes.jpg", `${site.origin}/img/p.png`)),
      "/img/p.png": { headers: { "content-type": "image/png" }, body: PNG_1x1 },
    });
    imageUrl = `${site.origin}/img/p.png`;
    t = await startTestLadle();
    ann = await createTestUser(t, { name: "ann" });
    bob = await createTestUser(t, { name: "bob" });
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it("serves a draft's and a recipe's picture to who may read them, and nothing else", async () => {
    const task = await t.json(
      "POST",
      "/api/tasks",
      { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}/pancakes` } },
      ann.headers,
    );
    await t.waitTask(task.body.taskId, (s) => s === "ReviewReady", 60_000, ann.headers);
    const get = (path: string, who: TestUser) => t.app.request(path, { headers: who.headers });

    const draft = await get(`/api/images/tasks/${task.body.taskId}?url=${encodeURIComponent(imageUrl)}`, ann);
    expect(draft.status).toBe(200);
    expect(draft.headers.get("content-type")).toBe("image/png");
    expect(draft.headers.get("cache-control")).toMatch(/private/);
    // Not an open proxy: an address the draft does not hold is unknown.
    const other = await get(
      `/api/images/tasks/${task.body.taskId}?url=${encodeURIComponent(`${site.origin}/pancakes`)}`,
      ann,
    );
    expect(other.status).toBe(404);
    expect(
      (await get(`/api/images/tasks/${task.body.taskId}?url=${encodeURIComponent(imageUrl)}`, bob)).status,
    ).toBe(404);

    const commit = await t.json(
      "POST",
      "/api/recipes/import",
      { taskId: task.body.taskId, acknowledgeGuardrail: true },
      ann.headers,
    );
    const recipeId = commit.body.recipe.id as string;
    const pic = await get(`/api/images/recipes/${recipeId}`, ann);
    expect(pic.status).toBe(200);
    expect(Buffer.from(await pic.arrayBuffer()).equals(PNG_1x1)).toBe(true);
    expect((await get(`/api/images/recipes/${recipeId}`, bob)).status).toBe(404);
  });

  it("makes a card-sized picture when a list asks for one (?w=), and keeps it", async () => {
    const task = await t.json(
      "POST",
      "/api/tasks",
      { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}/big` } },
      ann.headers,
    );
    await t.waitTask(task.body.taskId, (s) => s === "ReviewReady", 60_000, ann.headers);
    const commit = await t.json(
      "POST",
      "/api/recipes/import",
      { taskId: task.body.taskId, acknowledgeGuardrail: true },
      ann.headers,
    );
    const id = commit.body.recipe.id as string;
    const get = (q: string, who = ann) =>
      t.app.request(`/api/images/recipes/${id}${q}`, { headers: who.headers });

    const whole = await get("");
    expect(Buffer.from(await whole.arrayBuffer()).equals(big)).toBe(true);
    const card = await get("?w=320");
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await card.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(192);
    expect(bytes.length).toBeLessThan(big.length / 10);
    // Asked again, the kept one answers (same bytes, same ETag); an odd width takes the next kept one.
    const again = await get("?w=320");
    expect(again.headers.get("etag")).toBe(card.headers.get("etag"));
    expect((await sharp(Buffer.from(await (await get("?w=200")).arrayBuffer())).metadata()).width).toBe(320);
    // Still only for who may read the recipe; a width that is no number is refused.
    expect((await get("?w=320", bob)).status).toBe(404);
    expect((await get("?w=wide")).status).toBe(400);
  });
});
