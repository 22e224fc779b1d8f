import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasBrowser,
  launchBrowser,
  openPage,
  screenshotBoth,
  serveApp,
  type ServedApp,
  openFold,
} from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let browser: Browser | null = null;

beforeAll(async () => {
  site = await startFixtureServer({ "/pancakes": { body: PANCAKES_HTML } });
  t = await startTestLadle();
  http = await serveApp(t.app);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
});

describe.skipIf(!hasBrowser)("allergens and diets in a browser", () => {
  it("checks a recipe's allergens and diets for the servings chosen, in plain words", async () => {
    const c = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}/pancakes` },
    });
    const task = await t.waitTask(c.body.taskId, undefined, 100_000);
    const commit = await t.json("POST", "/api/recipes/import", {
      taskId: task.taskId,
      acknowledgeGuardrail: true,
    });
    const id = commit.body.recipe.id;

    const { page, errors } = await openPage(browser!, { width: 1280, height: 800 });
    await page.goto(`${http.base}/#/recipes/${id}`);
    // Folded under the recipe, with the page's other panels.
    await openFold(page, "Allergens and diets");
    await page.getByRole("heading", { name: "Allergens and diets" }).waitFor();
    await page.locator("#scale").fill("8");
    await page.getByRole("button", { name: "Check allergens and diets" }).click();
    const analysis = page.locator(".analysis");
    await analysis.waitFor();
    const text = (await analysis.innerText()).replace(/\s+/g, " ");
    expect(text).toContain("Gluten (wheat, rye, barley, oats) · in all-purpose flour");
    expect(text).toMatch(/Eggs · in eggs/i);
    expect(text).toContain("Vegetarian: Yes");
    expect(text).toMatch(/Vegan: No because of .*buttermilk/);
    // Words for cooks: no internal codes or verdict keys on screen.
    expect(text).not.toMatch(/not checked|RECIPE_NOT_FOUND|gluten-free:/);
    await screenshotBoth(page, "analysis", "recipe");
    // The task ran for the servings on screen.
    const tasks = await t.json("GET", "/api/tasks?status=ReviewReady");
    const analysisTask = tasks.body.tasks.find((x: { agentType: string }) => x.agentType === "Analysis");
    expect(analysisTask.payload).toEqual({ recipeId: id, servings: 8 });
    expect(errors).toEqual([]);
    await page.close();
  });
});
