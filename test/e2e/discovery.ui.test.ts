import { existsSync, mkdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_BASE_ARGS } from "../../src/fetcher/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { startSearchStub } from "../helpers/searchStubs.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

const CHROMIUM = "/usr/bin/chromium";
const hasBrowser = existsSync(CHROMIUM);
const SHOTS = "test-results/screenshots";
const ARTICLE = readFileSync(new URL("../fixtures/pages/article.html", import.meta.url), "utf8");

let t: TestLadle;
let site: FixtureServer;
let searx: Awaited<ReturnType<typeof startSearchStub>>;
let http: ServerType;
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
  http = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => http.once("listening", r));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  if (hasBrowser) browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_BASE_ARGS });
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
  await searx?.close();
});

async function shoot(page: Page, screen: string) {
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/discovery-${screen}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.skipIf(!hasBrowser)("import by query in a browser", () => {
  it("searches with constraints, shows the candidates, and imports another one instead", async () => {
    const page = await browser!.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(base + "/");
    await page.getByRole("link", { name: "Find" }).click();
    await page.getByLabel("What would you like to cook?").fill("tonkotsu ramen");
    await page.getByLabel("Cuisine (optional)").fill("Japanese");
    await shoot(page, "find");
    await page.getByRole("button", { name: "Search and import" }).click();
    await page.getByRole("heading", { name: "Review the draft" }).waitFor({ timeout: 20_000 });
    await page.getByRole("heading", { name: "Pages found" }).waitFor();
    // The article was tried first and skipped; the tonkotsu page is the draft.
    expect(await page.getByText(/Tried, skipped/).count()).toBe(1);
    const chosen = page.locator(".candidate.chosen");
    expect(await chosen.getByText("Tonkotsu Ramen").count()).toBe(1);
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Buttermilk Pancakes");
    expect(searx.requests.at(-1)!.query.get("q")).toBe("tonkotsu ramen Japanese");
    await shoot(page, "review");

    await page.getByRole("button", { name: "Import this one instead: Shoyu Ramen" }).click();
    await page.waitForFunction(
      () => document.querySelector(".candidate.chosen")?.textContent?.includes("Shoyu"),
      null,
      {
        timeout: 20_000,
      },
    );
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Shoyu Pancakes");
    await shoot(page, "restarted");
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);
});
