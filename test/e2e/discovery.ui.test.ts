import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasBrowser,
  launchBrowser,
  openPage,
  screenshotBoth,
  serveApp,
  type ServedApp,
} from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { startSearchStub } from "../helpers/searchStubs.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

const ARTICLE = readFileSync(new URL("../fixtures/pages/article.html", import.meta.url), "utf8");

let t: TestLadle;
let site: FixtureServer;
let searx: Awaited<ReturnType<typeof startSearchStub>>;
let http: ServedApp;
let base: string;
let browser: Browser | null = null;

beforeAll(async () => {
  site = await startFixtureServer({
    "/blog/ramen-stories": { body: ARTICLE },
    "/recipes/tonkotsu-ramen": { body: PANCAKES_HTML },
    "/recipes/shoyu-ramen": { body: PANCAKES_HTML.replaceAll("Buttermilk Pancakes", "Shoyu Pancakes") },
  });
  searx = await startSearchStub("searxng");
  searx.set({
    hits: [
      {
        url: `${site.origin}/blog/ramen-stories`,
        title: "Ramen stories from a Tokyo kitchen",
        snippet: "Why the broth matters more than the noodles.",
        score: 9,
      },
      {
        url: `${site.origin}/recipes/tonkotsu-ramen`,
        title: "Tonkotsu Ramen",
        snippet: "Rich, creamy pork bone broth with chashu and soft eggs.",
        score: 5,
      },
      {
        url: `${site.origin}/recipes/shoyu-ramen`,
        title: "Shoyu Ramen",
        snippet: "A clear soy-seasoned chicken broth, ready in an hour.",
        score: 3,
      },
    ],
  });
  t = await startTestLadle({
    config: { Discovery: { Providers: { searx: { Type: "searxng", BaseUrl: searx.url } } } },
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
  await searx?.close();
});

/** Screenshots of the current screen at desktop and phone width, as discovery-<screen>-<width>.png. */
const shoot = (page: Page, screen: string) => screenshotBoth(page, "discovery", screen);

describe.skipIf(!hasBrowser)("import by query in a browser", () => {
  it("searches with constraints, shows the candidates, and imports another one instead", async () => {
    const { page, errors } = await openPage(browser!, { width: 1280, height: 800 });
    await page.goto(base + "/");
    await page.getByRole("link", { name: "Find" }).click();
    await page.getByLabel("What would you like to cook?").fill("tonkotsu ramen");
    await page.getByLabel("Cuisine (optional)").fill("Japanese");
    await shoot(page, "find");
    await page.getByRole("button", { name: "Search and import" }).click();
    await page.getByRole("heading", { name: "Review the draft" }).waitFor();
    await page.getByRole("heading", { name: "Pages found" }).waitFor();
    // The article was tried first and skipped; the tonkotsu page is the draft.
    expect(await page.getByText(/Tried, skipped/).count()).toBe(1);
    const chosen = page.locator(".candidate.chosen");
    expect(await chosen.getByText("Tonkotsu Ramen").count()).toBe(1);
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Buttermilk Pancakes");
    expect(searx.requests.at(-1)!.query.get("q")).toBe("tonkotsu ramen Japanese");
    await shoot(page, "review");

    await page.getByRole("button", { name: "Import this one instead: Shoyu Ramen" }).click();
    // The other candidate's import runs first: the page's own wait (45 s), not a shorter one.
    await page.waitForFunction(() =>
      document.querySelector(".candidate.chosen")?.textContent?.includes("Shoyu"),
    );
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Shoyu Pancakes");
    await shoot(page, "restarted");
    expect(errors).toEqual([]);
    await page.close();
  });
});
