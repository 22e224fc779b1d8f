import type { Browser, Page } from "playwright-core";
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

/** Screenshots of the current screen at desktop and phone width, as normalize-<screen>-<width>.png. */
const shoot = (page: Page, screen: string) => screenshotBoth(page, "normalize", screen);

async function importTask(): Promise<any> {
  const c = await t.json("POST", "/api/tasks", {
    agentType: "Ingest",
    payload: { mode: "Url", url: `${site.origin}/pancakes` },
  });
  return t.waitTask(c.body.taskId);
}

describe.skipIf(!hasBrowser)("normalization in a browser", () => {
  it("suggests tidy-ups for a recipe, applies the format-only ones, shows and restores versions", async () => {
    const task = await importTask();
    const r = structuredClone(task.result.draft.recipe);
    r.name = "SUNDAY PANCAKES";
    r.ingredients[1].unit = "tablespoons";
    // One metric amount among US cups: converting it is offered, as a change to the recipe.
    r.ingredients[0] = { ...r.ingredients[0], quantity: 250, unit: "g", text: "250 g all-purpose flour" };
    r.instructions[2].text = "Cook ladlefuls on a griddle at 375 F until  golden.";
    const commit = await t.json("POST", "/api/recipes/import", { taskId: task.taskId, draftRecipe: r });
    const id = commit.body.recipe.id;

    const { page, errors } = await openPage(browser!, { width: 1280, height: 800 });
    await page.goto(`${base}/#/recipes/${id}`);
    // Folded under the recipe, with the page's other panels.
    await openFold(page, "Tidy up and restore");
    await page.getByRole("button", { name: "Suggest tidy-ups" }).click();
    await page.getByRole("heading", { name: "Suggestions" }).waitFor();
    // Without an LLM: format-only suggestions plus unit conversion, and the note that more was skipped.
    expect(await page.getByText(/no language model set up/).count()).toBe(1);
    await page.getByRole("button", { name: "Select format-only" }).click();
    expect(await page.getByLabel("Ingredient 2 · unit").isChecked()).toBe(true);
    expect(await page.getByLabel("Ingredient 1", { exact: true }).isChecked()).toBe(false);
    expect(await page.getByText("8.75 oz all-purpose flour").count()).toBe(1);
    await shoot(page, "diff");
    await page.getByRole("button", { name: "Apply selected" }).click();
    await page.getByRole("heading", { name: "Sunday Pancakes" }).waitFor();
    await openFold(page, "Tidy up and restore");
    await page.getByText("Version 2").waitFor();
    await shoot(page, "history");
    await page.getByRole("button", { name: "Restore version 1" }).click();
    await page.getByRole("heading", { name: "SUNDAY PANCAKES" }).waitFor();
    await openFold(page, "Tidy up and restore");
    await page.getByText("Version 3").waitFor();
    expect((await t.json("GET", `/api/recipes/${id}/versions`)).body.versions[0].version).toBe(3);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("tidies up a draft before commit from the review screen", async () => {
    const task = await importTask();
    const { page, errors } = await openPage(browser!, { width: 1280, height: 800 });
    await page.goto(`${base}/#/tasks/${task.taskId}`);
    await page.getByRole("heading", { name: "Review the draft" }).waitFor();
    await openFold(page, "Tidy up");
    await page.getByRole("button", { name: "Suggest tidy-ups" }).click();
    await page.getByRole("heading", { name: "Suggestions" }).waitFor();
    await page.getByRole("button", { name: "Select all" }).click();
    await page.getByRole("button", { name: "Apply selected" }).click();
    await page.getByRole("heading", { name: "Review the draft" }).waitFor();
    const draft = (await t.json("GET", `/api/tasks/${task.taskId}`)).body.result.draft.recipe;
    expect(draft.category).toEqual(["breakfast"]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
