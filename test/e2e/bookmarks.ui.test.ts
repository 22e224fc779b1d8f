import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasBrowser,
  launchBrowser,
  openPage,
  screenshot,
  serveApp,
  type ServedApp,
} from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { waitFor } from "../helpers/waitFor.ts";

const ARTICLE = `<!doctype html><html><head><title>Why bread rises</title>
<meta name="description" content="Yeast, gluten and patience: a short tour of what happens inside a proving dough.">
<meta property="og:image" content="/img/bread.jpg"></head><body><article><p>Text.</p></article></body></html>`;
const PLAIN = `<!doctype html><html><head><title>Kitchen scale reviews</title>
<meta name="description" content="Eight scales weighed against each other."></head>
<body style="font-family:sans-serif;background:#f5efe6"><h1 style="color:#7a3b10;padding:2rem">Kitchen scale reviews</h1>
<p style="padding:0 2rem">Eight scales, one bag of flour, and a lot of weighing.</p></body></html>`;
const STORY = `<!doctype html><html><head><title>A winter of soups</title>
<meta property="og:type" content="article"><meta name="description" content="Twelve weeks, twelve pots."></head>
<body><article><h1>A winter of soups</h1>${"<p>Every Sunday a new pot went on the stove, and every week we learned something about stock, patience and salt.</p>".repeat(12)}</article></body></html>`;
const CHALLENGE = `<!doctype html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>`;

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let base: string;
let browser: Browser | null = null;

beforeAll(async () => {
  site = await startFixtureServer({
    "/bread": { body: ARTICLE },
    "/scales": { body: PLAIN },
    "/pancakes": { body: PANCAKES_HTML },
    "/soups": { body: STORY },
    "/wall": { status: 403, headers: { "cf-mitigated": "challenge" }, body: CHALLENGE },
    "/img/bread.jpg": {
      headers: { "content-type": "image/jpeg" },
      body: await sharp({
        create: { width: 600, height: 375, channels: 3, background: "#d9a066" },
      })
        .composite([
          {
            input: Buffer.from(
              `<svg width="600" height="375"><ellipse cx="300" cy="200" rx="220" ry="120" fill="#8a4b1c"/></svg>`,
            ),
          },
        ])
        .jpeg()
        .toBuffer(),
    },
  });
  t = await startTestLadle({
    config: {
      Fetch: { MaxRetries: 0, AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0 },
      Ingest: { CircuitBreaker: { FailureThreshold: 1000 } },
      // A screenshot attempt that ran past its 20 s budget on a loaded 2-core CI host was retried
      // after a back-off, and the card waited past its bound: here a slow browser is no failure.
      Enrichment: { ScreenshotTimeoutMs: 150_000 },
      // The article is read from the plain page here (rendering is the articles tests' subject):
      // a second Chromium render beside this test's browser made the step slow under load.
      Articles: { Render: "never" },
    },
  });
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

async function save(page: Page, url: string, title?: string): Promise<void> {
  await page.getByLabel("Link").fill(url);
  if (title) await page.getByLabel("Title (optional)").fill(title);
  await page.getByRole("button", { name: "Save bookmark" }).click();
  await page.getByText(/^Saved\.|already saved/).waitFor();
}

const cardOf = (page: Page, title: string) => page.locator(".bm-card", { hasText: title });

describe.skipIf(!hasBrowser)("bookmarks screen in a browser", () => {
  it("saves links, shows cards with screenshot and status, edits, refreshes, deletes, imports a recipe", async () => {
    const { page, errors } = await openPage(browser!, { width: 1280, height: 800 });
    const thirdParty: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith("data:")) thirdParty.push(r.url());
    });
    await page.goto(`${base}/#/bookmarks`);
    await page.getByRole("heading", { name: "Bookmarks" }).waitFor();
    await page.getByText("No bookmarks yet").waitFor();

    await save(page, `${site.origin}/bread`);
    // The page's preview image, shown through Ladle's image proxy (the browser never asks the site).
    await cardOf(page, "Why bread rises").locator(".bm-pic img").waitFor();
    await save(page, `${site.origin}/scales`);
    await save(page, `${site.origin}/pancakes`);
    await save(page, `${site.origin}/wall`, "Members-only forum");

    // The screenshot fallback arrives on its own: the card picks it up while polling.
    // Bounded for a hang only: the browser's start and the shot take what the host's load makes them.
    await cardOf(page, "Kitchen scale reviews").locator(".bm-pic img").waitFor({ timeout: 180_000 });
    // The wall never names the bookmark; the user's title stays and the card says why.
    const wall = cardOf(page, "Members-only forum");
    await wall.getByText(/Couldn't fetch details: The site showed a bot check/).waitFor();
    expect(await page.getByText("Just a moment").count()).toBe(0);
    await cardOf(page, "Buttermilk Pancakes").getByRole("button", { name: "Import as recipe" }).waitFor();
    await page.locator('.bm-card[data-status="pending"]').first().waitFor({ state: "detached" });
    await screenshot(page, "bookmarks-list-1280");

    // Edit: what the user types is kept.
    const bread = cardOf(page, "Why bread rises");
    await bread.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Title", { exact: true }).fill("Bread science");
    await screenshot(page, "bookmarks-edit-1280");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const edited = cardOf(page, "Bread science");
    await edited.waitFor();
    // Refreshing details keeps the edited title: once the refresh has ended (when its fetch runs
    // past the request's budget, the bookmark's job ends it later), not after a set time.
    const refreshed = page.waitForResponse(
      (r) => r.request().method() === "POST" && /\/api\/v1\/items\/[^/]+\/enrich$/.test(r.url()),
    );
    await edited.getByRole("button", { name: "Refresh details" }).click();
    expect((await refreshed).ok()).toBe(true);
    type Listed = { title: string; titleLocked: boolean; enrichmentStatus?: string };
    // Polled every 250 ms: faster polls would load the server the browser waits on.
    const items = await waitFor(
      "the refresh to end",
      async () => {
        const listed = (await t.json("GET", "/api/v1/items")).body.items as Listed[];
        return listed.every((i) => i.enrichmentStatus !== "pending") && listed;
      },
      60_000,
      250,
    );
    await edited.waitFor();
    expect(items.find((i) => i.title === "Bread science")?.titleLocked).toBe(true);

    // Delete asks once more.
    const scales = cardOf(page, "Kitchen scale reviews");
    await scales.getByRole("button", { name: "Delete" }).click();
    await scales.getByRole("button", { name: "Really delete?" }).click();
    await page.getByText("Kitchen scale reviews").waitFor({ state: "detached" });

    // Phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "bookmarks-list-390");

    // Opening the list never contacted a third party: images came through Ladle.
    expect(thirdParty).toEqual([]);

    // One engine: an article bookmark becomes a readable article.
    await save(page, `${site.origin}/soups`);
    await cardOf(page, "A winter of soups").getByRole("button", { name: "Save as article" }).click();
    await page.waitForURL(/#\/articles\/[0-9a-f-]{36}/);
    await page.getByRole("heading", { name: "A winter of soups" }).first().waitFor();
    // A fresh load: the reader screen keeps polling its article.
    await page.goto(`${base}/#/bookmarks`);
    await page.reload();
    await cardOf(page, "Buttermilk Pancakes").waitFor();

    // One engine: the recipe bookmark becomes an import task.
    await page.setViewportSize({ width: 1280, height: 800 });
    await cardOf(page, "Buttermilk Pancakes").getByRole("button", { name: "Import as recipe" }).click();
    await page.waitForURL(/#\/tasks\//);
    await page.getByRole("heading", { name: "Review the draft" }).waitFor();

    expect(errors).toEqual([]);
    await page.close();
  });
});
