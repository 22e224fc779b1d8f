import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePage, PNG_1x1 } from "../helpers/articlePages.ts";
import { hasBrowser, launchBrowser, screenshotBoth, serveApp, type ServedApp } from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let base: string;
let browser: Browser | null = null;
let ann: TestUser;
let openSlowGate!: () => void;
const slowGate = new Promise<void>((r) => (openSlowGate = r));

beforeAll(async () => {
  site = await startFixtureServer({
    "/story": {
      body: articlePage({
        body: `<figure><img src="/img/loaf.png" alt="A loaf" width="320" height="200"><figcaption>The morning loaf</figcaption></figure>`,
      }),
    },
    "/img/loaf.png": { headers: { "content-type": "image/png" }, body: PNG_1x1 },
    "/later": { body: "<html><body></body></html>" },
    // Answers only when the test lets it: the reader is open before the article is read.
    "/slow": (_req, res) =>
      void slowGate.then(() =>
        res
          .writeHead(200, { "content-type": "text/html; charset=utf-8" })
          .end(articlePage({ title: "Bread Takes Time" })),
      ),
  });
  // Articles:Render stays at its default (always): this test also drives the headless render.
  t = await startTestLadle();
  ann = await createTestUser(t, { name: "ann" });
  await t.ladle.users.createLibrary(ann.id, "Family");
  http = await serveApp(t.app);
  base = http.base;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
});

/** Screenshots of the current screen at desktop and phone width, as articles-<screen>-<width>.png. */
const shoot = (page: Page, screen: string) => screenshotBoth(page, "articles", screen, 100);

describe.skipIf(!hasBrowser)("articles in the web UI", () => {
  it("saves an article to a library, reads it with proxied images only, retries a failed one, switches libraries", async () => {
    const context = await browser!.newContext();
    await context.addInitScript((token) => sessionStorage.setItem("ladle.token", token), ann.token);
    const requests: string[] = [];
    context.on("request", (r) => requests.push(r.url()));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${base}/#/articles`);
    await page.getByRole("heading", { name: "Articles", level: 1 }).waitFor();

    await page.getByLabel("Article address").fill(`${site.origin}/story`);
    await page.getByRole("button", { name: "Save article" }).click();
    const link = page.getByRole("link", { name: "The Slow Bread Movement" });
    await link.waitFor();

    // A page without an article fails in words, and "Try again" reads it once it has one.
    await page.getByLabel("Article address").fill(`${site.origin}/later`);
    await page.getByRole("button", { name: "Save article" }).click();
    await page.getByText("Ladle could not read an article on that page.").waitFor();
    await shoot(page, "library");
    site.route("/later", { body: articlePage({ title: "Bread Later" }) });
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("link", { name: "Bread Later" }).waitFor();

    await link.click();
    await page.getByRole("heading", { name: "The Slow Bread Movement", level: 1 }).waitFor();
    const frame = page.frameLocator("iframe.reader");
    await frame.getByText("Sourdough asks for patience").waitFor();
    const img = frame.locator("img");
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
      .toBe(true);
    expect(await img.getAttribute("src")).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    expect(await frame.locator("a", { hasText: "Read about starters" }).getAttribute("target")).toBe(
      "_blank",
    );
    await shoot(page, "reader");
    // The browser only ever talked to Ladle: the site's image came through the proxy.
    expect(requests.filter((u) => !u.startsWith(base) && !u.startsWith("about:"))).toEqual([]);

    // A reader opened before the article is read says so, and shows the article once it is.
    const slow = await t.json("POST", "/media/web-articles", { url: `${site.origin}/slow` }, ann.headers);
    expect(slow.status).toBe(202);
    await page.goto(`${base}/#/articles/${slow.body.data.id}`);
    await page
      .getByRole("status")
      .getByText(/Waiting|Reading the page/)
      .waitFor();
    await shoot(page, "reader-waiting");
    openSlowGate();
    await page.getByRole("heading", { name: "Bread Takes Time", level: 1 }).waitFor();
    await page.frameLocator("iframe.reader").getByText("Sourdough asks for patience").waitFor();
    // It waited on the article's event stream, not by asking again and again.
    expect(requests.filter((u) => u.includes(`/media/${slow.body.data.id}/events`)).length).toBeGreaterThan(
      0,
    );

    // Switching to another library shows its own articles.
    await page.getByRole("link", { name: "Articles" }).first().click();
    await page.getByLabel("Library").selectOption({ label: "Family" });
    await page.getByText("No articles yet.").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
