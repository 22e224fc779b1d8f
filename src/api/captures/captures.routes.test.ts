import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import {
  loadPageReader,
  PANCAKES_HTML,
  startTestLadle,
  type TestLadle,
} from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

let t: TestLadle;
let alice: TestUser;
let bob: TestUser;
/** A site that refuses servers: every request it gets is one too many. */
let site: FixtureServer;

/** A script and event handlers in the page the browser sent: none may be kept or run. */
const HOSTILE = PANCAKES_HTML.replace(
  "<body>",
  `<body><script>window.pwned = "script ran"</script><img src="x.png" onerror="window.pwned='onerror ran'"><a href="javascript:alert('pwned')">x</a>`,
);
const ARTICLE = `<!doctype html><html><head><title>Why bread rises</title></head><body>
<script>document.title = "pwned"</script>
<article><h1>Why bread rises</h1>${"<p>Yeast eats the sugars in the flour and breathes out carbon dioxide, which the gluten holds in little bubbles as the dough proves in a warm kitchen.</p>".repeat(8)}
<p onclick="alert('pwned')">The oven's heat makes the bubbles grow once more before the crust sets.</p></article></body></html>`;

beforeAll(async () => {
  await loadPageReader();
  t = await startTestLadle({ config: { Imports: { MaxCaptureKb: 64 } } });
  alice = await createTestUser(t, { name: "alice" });
  bob = await createTestUser(t, { name: "bob" });
  site = await startFixtureServer({
    "/pancakes": { status: 403, body: "Forbidden" },
    "/bread": { status: 403, body: "Forbidden" },
    "/saved": { status: 403, body: "Forbidden" },
  });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const capture = (body: unknown, headers: Record<string, string>) =>
  t.json("POST", "/api/captures", body, headers);

/** What Ladle's browser extension sends: its own origin, the cook's token, no cookie. */
const fromExtension = (u: TestUser) => ({
  ...u.headers,
  origin: "chrome-extension://abcdefghijklmnopabcdefghijklmnop",
  "sec-fetch-site": "none",
});

describe("POST /api/captures", () => {
  it("reads a page the cook's browser sent into a recipe draft, never fetching it, marked as sent from the browser", async () => {
    const res = await capture(
      { url: `${site.origin}/pancakes`, title: "Buttermilk Pancakes", html: HOSTILE },
      fromExtension(alice),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ as: "recipe", sentFrom: "browser", screen: `#/tasks/${res.body.id}` });
    const task = await t.waitTask(res.body.id, undefined, 20_000, alice.headers);
    expect(task.status).toBe("ReviewReady");
    const draft = task.result.draft;
    expect(draft.recipe.name).toBe("Buttermilk Pancakes");
    expect(
      draft.recipe.ingredients.map((i: { raw?: string; text?: string }) => i.raw ?? i.text).join("\n"),
    ).toMatch(/buttermilk/);
    expect(draft.source).toMatchObject({ url: `${site.origin}/pancakes`, sentFrom: "browser" });
    expect(task.metadata.sentFrom).toBe("browser");
    // The site refuses servers: the server never asked it.
    expect(site.hits.get("/pancakes") ?? 0).toBe(0);
    // What is kept of the page has no script and no handler in it.
    const kept = await t.ladle.blobs.get(task.metadata.capture.key);
    const html = kept!.data.toString("utf8");
    expect(html).toContain("application/ld+json");
    expect(html).not.toMatch(/pwned|onerror|javascript:/);
  });

  it("refuses a page over Imports:MaxCaptureKb with 413 and a code, before reading it", async () => {
    const big = `<html><body>${"x".repeat(100 * 1024)}</body></html>`;
    const over = await capture({ url: `${site.origin}/pancakes`, html: big }, alice.headers);
    expect(over.status).toBe(413);
    expect(over.body.code).toBe("CAPTURE_TOO_LARGE");
    expect(over.body.message).toMatch(/64 KB/);
    // Far past it: the body limit refuses it while it streams.
    const huge = `<html><body>${"x".repeat(400 * 1024)}</body></html>`;
    const refused = await capture({ url: `${site.origin}/pancakes`, html: huge }, alice.headers);
    expect(refused.status).toBe(413);
    expect(refused.body.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("says what is wrong with a capture that is no page", async () => {
    const noUrl = await capture({ html: "<p>hi</p>" }, alice.headers);
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.code).toBe("CAPTURE_INVALID");
    const ftp = await capture({ url: "ftp://example.test/x", html: "<p>hi</p>" }, alice.headers);
    expect(ftp.status).toBe(400);
    expect(ftp.body.message).toMatch(/http/);
  });

  it("refuses a capture another site's page sends with the cook's cookie, and takes one sent with a token from the extension", async () => {
    const body = { url: `${site.origin}/pancakes`, html: PANCAKES_HTML };
    const cookie = { cookie: `ladle_session=${alice.token}` };
    for (const headers of [
      { ...cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { ...cookie, origin: "https://evil.example" },
      // A token does not excuse a cookie sent along from another site.
      { ...cookie, ...alice.headers, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    ]) {
      const res = await capture(body, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.code).toBe("CROSS_SITE_REQUEST");
    }
    // Ladle's own page (the bookmarklet's capture window) with the session cookie.
    const own = await capture(body, {
      ...cookie,
      origin: "http://localhost",
      "sec-fetch-site": "same-origin",
    });
    expect(own.status).toBe(201);
    // The extension, from its own origin, with the token: Firefox's and Chromium's.
    for (const origin of [
      "chrome-extension://abcdefghijklmnopabcdefghijklmnop",
      "moz-extension://4b1c1d9e-0000-4000-8000-000000000000",
    ]) {
      const ext = await capture(body, { ...alice.headers, origin, "sec-fetch-site": "cross-site" });
      expect(ext.status, origin).toBe(201);
    }
    // A token that is no token is refused by sign-in.
    const forged = await capture(body, {
      authorization: "Bearer not-a-token",
      origin: "https://evil.example",
    });
    expect(forged.status).toBe(401);
  });

  it("makes an article and a bookmark from a page the browser sent, each marked, and hides them from another person", async () => {
    const article = await capture(
      { url: `${site.origin}/bread`, title: "Why bread rises", html: ARTICLE, as: "article" },
      fromExtension(alice),
    );
    expect(article.status).toBe(201);
    expect(article.body.as).toBe("article");
    const media = await t.json("GET", `/media/${article.body.id}`, undefined, alice.headers);
    expect(media.body.data).toMatchObject({ processing_status: "ready_for_reading", sent_from: "browser" });
    const fragments = await t.json("GET", `/media/${article.body.id}/fragments`, undefined, alice.headers);
    const text = JSON.stringify(fragments.body);
    expect(text).toContain("Yeast eats the sugars");
    expect(text).not.toMatch(/pwned|onclick|<script/);

    const bookmark = await capture(
      {
        url: `${site.origin}/saved`,
        title: "A page to keep",
        html: "<html><head><title>Kept</title></head><body><p>Hello</p></body></html>",
        as: "bookmark",
      },
      fromExtension(alice),
    );
    expect(bookmark.status).toBe(201);
    const item = await t.json("GET", `/api/v1/items/${bookmark.body.id}`, undefined, alice.headers);
    expect(item.body).toMatchObject({
      title: "A page to keep",
      sentFrom: "browser",
      enrichmentStatus: "succeeded",
    });

    expect(site.hits.get("/bread") ?? 0).toBe(0);
    expect(site.hits.get("/saved") ?? 0).toBe(0);

    // Another person: every one of them is "not found".
    const recipe = await capture({ url: `${site.origin}/pancakes`, html: PANCAKES_HTML }, alice.headers);
    expect((await t.json("GET", `/api/tasks/${recipe.body.id}`, undefined, bob.headers)).status).toBe(404);
    expect((await t.json("GET", `/media/${article.body.id}`, undefined, bob.headers)).status).toBe(404);
    expect((await t.json("GET", `/api/v1/items/${bookmark.body.id}`, undefined, bob.headers)).status).toBe(
      404,
    );
  });
});
