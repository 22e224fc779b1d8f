import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBrowser, launchBrowser, openPage, serveApp, type ServedApp } from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let base: string;
let browser: Browser | null = null;

beforeAll(async () => {
  site = await startFixtureServer({ "/pancakes": { body: PANCAKES_HTML } });
  t = await startTestLadle();
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

describe.skipIf(!hasBrowser)("web UI in a browser", () => {
  it("imports a URL, shows progress, lets the reviewer edit and commit", async () => {
    const { page, errors } = await openPage(browser!);
    await page.goto(base + "/");
    await page.getByLabel("Recipe page address").fill(`${site.origin}/pancakes`);
    await page.getByRole("button", { name: "Import" }).click();
    await page.getByRole("heading", { name: "Review the draft" }).waitFor();
    const name = page.getByLabel("Name", { exact: true });
    expect(await name.inputValue()).toBe("Buttermilk Pancakes");
    await name.fill("Sunday Pancakes");
    await page.getByRole("button", { name: "Save recipe" }).click();
    await page.getByRole("heading", { name: "Sunday Pancakes" }).waitFor();
    expect(await page.getByText("2 cups (250 g) all-purpose flour").count()).toBe(1);
    const list = await t.json("GET", "/api/recipes");
    expect(list.body.items.map((x: { name: string }) => x.name)).toContain("Sunday Pancakes");
    expect(errors).toEqual([]);
    await page.close();
  });
});
