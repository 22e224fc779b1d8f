import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasBrowser,
  launchBrowser,
  openPage,
  screenshot,
  serveApp,
  type ServedApp,
  openFromNav,
} from "../helpers/browser.ts";
import { paprikaExport } from "../helpers/interopFixtures.ts";
import { startMealieStub } from "../helpers/mealieStub.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

let t: TestLadle;
let http: ServedApp;
let browser: Browser | null = null;

beforeAll(async () => {
  t = await startTestLadle();
  http = await serveApp(t.app);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
});

describe.skipIf(!hasBrowser)("Move in & out, in a browser", () => {
  it("uploads a Paprika file, watches progress, opens the report, fixes a draft and saves it", async () => {
    const { page, errors } = await openPage(browser!, { width: 1280, height: 900 });
    await page.goto(http.base + "/");
    // In the menu under the person's name.
    await openFromNav(page, "Move in & out");
    await page.getByRole("heading", { name: "Move your collection in or out" }).waitFor();
    await page.locator("#coll-file").setInputFiles({
      name: "My Recipes.paprikarecipes",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(paprikaExport()),
    });
    await page.getByLabel("Hold every recipe for a look first").check();
    await screenshot(page, "collections-upload-1280");
    await page.getByRole("button", { name: "Start import" }).click();

    // Progress, then the report.
    await page.getByRole("heading", { name: "Your import" }).waitFor();
    await page.getByText(/^Finished: 4 of 4 done/).waitFor();
    expect(await page.locator("progress").getAttribute("value")).toBe("4");
    const report = page.getByRole("region", { name: "Report" });
    const rows = report.locator("tbody tr");
    expect(await rows.count()).toBe(4);
    expect(await report.locator('tr[data-status="needs_review"]').count()).toBe(2);
    const broken = report.locator("tr", { hasText: "Broken" });
    expect(await broken.textContent()).toMatch(/Not imported.*damaged/);
    expect(await page.getByText("needs_review").count()).toBe(0);
    await screenshot(page, "collections-report-1280");

    // Fix one held draft and save it.
    await report.locator("tr", { hasText: "Tomato Soup" }).getByRole("link", { name: "Review" }).click();
    await page.getByRole("heading", { name: "Check “Tomato Soup”" }).waitFor();
    await page.getByLabel("Name").fill("Roast Tomato Soup");
    const ingredients = page.getByLabel("Ingredients, one a line");
    await ingredients.fill(`${await ingredients.inputValue()}\n1 tsp salt`);
    expect(await page.locator("main, #app").first().textContent()).not.toContain("null");
    await screenshot(page, "collections-fix-1280");
    await page.getByRole("button", { name: "Save recipe" }).click();

    await page.getByText(/^Finished: 4 of 4 done · 1 imported/).waitFor();
    const saved = report.locator("tr", { hasText: "Tomato Soup" });
    expect(await saved.getAttribute("data-status")).toBe("imported");
    await screenshot(page, "collections-after-fix-1280");
    await saved.getByRole("link", { name: "Open" }).click();
    await page.getByRole("heading", { name: "Roast Tomato Soup" }).waitFor();
    expect(await page.getByText("1 tsp salt").count()).toBeGreaterThanOrEqual(1);
    await screenshot(page, "collections-recipe-1280");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the report on a phone without sideways scrolling", async () => {
    const { page, errors } = await openPage(browser!, { width: 390, height: 844 });
    await page.goto(http.base + "/#/move");
    await page.locator("#coll-file").setInputFiles({
      name: "Phone.paprikarecipes",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(paprikaExport()),
    });
    await page.getByLabel("Hold every recipe for a look first").check();
    await page.getByRole("button", { name: "Start import" }).click();
    await page.getByText(/^Finished: 4 of 4 done/).waitFor();
    await page.getByRole("region", { name: "Report" }).waitFor();
    await screenshot(page, "collections-report-390");
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    expect(wide).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("brings every recipe from a Mealie server, with the token typed once", async () => {
    const mealie = await startMealieStub("mealie-secret");
    try {
      const { page, errors } = await openPage(browser!, { width: 390, height: 844 });
      await page.goto(http.base + "/#/move");
      await page.getByText("Or bring every recipe from your Mealie server").click();
      await page.getByLabel("Mealie's address").fill(mealie.origin);
      await page.getByLabel("Your Mealie API token").fill("mealie-secret");
      await screenshot(page, "collections-mealie-390");
      await page.getByRole("button", { name: "Start import" }).click();
      await page.getByText(/^Finished: 5 of 5 done/).waitFor();
      const report = page.getByRole("region", { name: "Report" });
      expect(await report.locator('tr[data-status="imported"]').count()).toBe(4);
      expect(await report.locator("tr", { hasText: "Broken Dish" }).getAttribute("data-status")).toBe(
        "failed",
      );
      // The token is never shown back.
      expect(await page.locator("body").textContent()).not.toContain("mealie-secret");
      await screenshot(page, "collections-mealie-report-390");
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await mealie.close();
    }
  });
});
