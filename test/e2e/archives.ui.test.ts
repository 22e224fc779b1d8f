import { existsSync, readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pictureArticle } from "../helpers/archivePages.ts";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  openPage,
  screenshot,
  screenshotBoth,
  serveApp,
  type ServedApp,
} from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

// Kept copies: keep a copy of a page and read it with the site gone; highlight words with a note; the
// XSS corpus through the archive route runs no script and asks the network for nothing.
// Screenshots as archives-<screen>-<width>.png.

const VECTORS = new URL("../../../shared/corpus/security/xss_vectors.json", import.meta.url);
const PER_ARCHIVE = 20;

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let browser: Browser | null = null;

beforeAll(async () => {
  site = await startFixtureServer(await pictureArticle(20));
  // The one person of a loopback install (no sign-in), so a kept copy opens in its own tab.
  t = await startTestLadle({
    config: {
      Articles: { Render: "never" },
      Archives: { MaxMegabytesPerArchive: 1 },
      // Nothing but the loopback sites is ever fetched, whatever a hostile page names.
      Fetch: { AllowDomains: ["127.0.0.1"], AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0 },
    },
  });
  http = await serveApp(t.app);
  browser = await launchBrowser(["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]);
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
});

const shoot = (page: Page, screen: string) => screenshotBoth(page, "archives", screen, 100);

describe.skipIf(!hasBrowser)("kept copies and highlights in the web UI", () => {
  let archiveUrl = "";

  it("keeps a copy of an article with 20 pictures and highlights words with a note", async () => {
    const { page, errors } = await openPage(browser!);
    await page.goto(`${http.base}/#/articles`);
    await page.getByLabel("Article address").fill(`${site.origin}/pictures`);
    await page.getByRole("button", { name: "Save article" }).click();
    await page.getByRole("link", { name: "Twenty Pictures of Bread" }).click();
    const reader = page.frameLocator("iframe.reader");
    await reader.getByText("Sourdough asks for patience").waitFor();

    await page.getByRole("button", { name: "Keep a copy of the page" }).click();
    const open = page.getByRole("link", { name: "Open the kept copy" });
    await open.waitFor();
    archiveUrl = (await open.getAttribute("href"))!;
    expect(archiveUrl).toMatch(/^\/archives\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.locator(".keep-copy").textContent()).toMatch(/MB|kB/);

    // Select a paragraph in the reader (three clicks), write a note, press Highlight.
    await reader.locator("p", { hasText: "Sourdough asks for patience" }).click({ clickCount: 3 });
    await page.getByLabel("Your note", { exact: true }).fill("Feed the starter twice a day");
    await page.getByRole("button", { name: "Highlight", exact: true }).click();
    await page.locator(".highlights-list blockquote", { hasText: "Sourdough asks for patience" }).waitFor();
    await page.getByText("Feed the starter twice a day").waitFor();
    await reader.locator("mark.ladle-highlight", { hasText: "Sourdough" }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "reader");

    // The Highlights screen lists it, and finds it by a word of its note.
    await page.goto(`${http.base}/#/articles`);
    await page.getByRole("link", { name: "Your highlights and notes" }).click();
    await page.locator(".highlights-list blockquote", { hasText: "Sourdough" }).waitFor();
    await page.getByLabel("Find highlights").fill("twice");
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("link", { name: "Twenty Pictures of Bread" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "highlights");
    expect(errors).toEqual([]);
  });

  it("reads the kept copy with the site gone: its pictures are there, nothing is fetched", async () => {
    expect(archiveUrl).not.toBe("");
    await site.close();
    const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
    const requests: string[] = [];
    context.on("request", (r) => requests.push(r.url()));
    const page = await context.newPage();
    await page.goto(`${http.base}${archiveUrl}`, { waitUntil: "load" });
    await page.getByRole("heading", { name: "Twenty Pictures of Bread" }).waitFor();
    const sizes = await page
      .locator("img")
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
    expect(sizes.length).toBeGreaterThanOrEqual(15);
    expect(sizes.every((w) => w > 0)).toBe(true);
    expect(requests).toEqual([`${http.base}${archiveUrl}`]);
    await screenshot(page, "archives-copy-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "archives-copy-390");
    await context.close();
  });

  it.skipIf(!existsSync(VECTORS))(
    "serves the 459 XSS vectors' kept copies with no script run and no request out",
    async () => {
      const vectors = JSON.parse(readFileSync(VECTORS, "utf8")) as string[];
      const bookmark = await t.json("POST", "/api/v1/items", { url: "http://127.0.0.1:9/hostile" });
      expect([200, 201, 202]).toContain(bookmark.status);
      const me = await t.ladle.users.localAdmin();
      const context = await browser!.newContext();
      let dialogs = 0;
      const stray: string[] = [];
      const own = new Set<string>();
      context.on("page", (p) => p.on("dialog", (d) => (dialogs++, void d.dismiss())));
      await context.route("**/*", async (route) => {
        const url = route.request().url();
        if (url === "http://control.test/")
          return route.fulfill({
            status: 200,
            headers: { "content-type": "text/html" },
            body: '<img src="/x" onerror="alert(1)">',
          });
        if (own.has(url)) return route.continue();
        stray.push(url);
        return route.abort("blockedbyclient");
      });
      const page = await context.newPage();
      // Control: the harness sees a handler run when nothing stops it.
      await page.goto("http://control.test/", { waitUntil: "load" });
      await expect.poll(() => dialogs).toBe(1);
      dialogs = 0;
      stray.length = 0;
      let pages = 0;
      for (let k = 0; k < vectors.length; k += PER_ARCHIVE) {
        const chunk = vectors.slice(k, k + PER_ARCHIVE);
        const html = `<!doctype html><html><head>${chunk.join("\n")}</head><body>${chunk
          .map((v, j) => `<div data-vector="${k + j}">${v}</div>`)
          .join("\n")}</body></html>`;
        const kept = await t.ladle.archives.keepHtml(
          me,
          { bookmarkId: bookmark.body.id },
          html,
          "http://127.0.0.1:9/hostile",
        );
        expect(kept.ok).toBe(true);
        if (!kept.ok) continue;
        const url = `${http.base}${kept.value.url}`;
        own.add(url);
        const res = await page.goto(url, { waitUntil: "load" });
        expect(res?.headers()["content-security-policy"]).toMatch(/^sandbox; default-src 'none'/);
        pages++;
      }
      await context.close();
      expect(pages).toBe(Math.ceil(vectors.length / PER_ARCHIVE));
      expect(dialogs).toBe(0);
      expect(stray).toEqual([]);
    },
  );
});
