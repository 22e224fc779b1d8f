import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM } from "../../src/domain/user.ts";
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
import { PANCAKES_CHANGED_HTML, withThreeEggs } from "../helpers/refreshPages.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let browser: Browser | null = null;
// The recipe site's page: what it shows changes between the import and the refresh.
let page = PANCAKES_HTML;

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": (_req, res) => void res.writeHead(200, { "content-type": "text/html" }).end(page),
  });
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

describe.skipIf(!hasBrowser)("refresh from source in a browser", () => {
  it("re-reads a changed page while the cook edited one line, reviews the patch, keeps the edit, applies a new version", async () => {
    // Imported, committed, then the cook's own edit: three eggs (version 2).
    const c = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}/pancakes` },
    });
    const task = await t.waitTask(c.body.taskId);
    const commit = await t.json("POST", "/api/recipes/import", {
      taskId: task.taskId,
      acknowledgeGuardrail: true,
    });
    const id = commit.body.recipe.id as string;
    const edited = await t.ladle.editRecipe({ ...SYSTEM, name: "cook" }, id, {
      changes: { name: "Weekend Pancakes", ingredients: withThreeEggs(commit.body.recipe).ingredients },
    });
    expect(edited.ok).toBe(true);
    // Meanwhile the site changed its page.
    page = PANCAKES_CHANGED_HTML;

    const { page: p, errors } = await openPage(browser!, { width: 1280, height: 800 });
    await p.goto(`${http.base}/#/recipes/${id}`);
    await openFold(p, "Refresh from source");
    await p.getByRole("button", { name: "Refresh from source" }).click();
    await p.getByRole("heading", { name: "Changed on the page" }).waitFor();
    // Changes only the page made: taken unless unticked.
    expect(await p.getByLabel("Description").isChecked()).toBe(true);
    expect(await p.getByLabel("Ingredient 4", { exact: true }).isChecked()).toBe(true);
    expect(await p.getByLabel("Ingredient 7", { exact: true }).isChecked()).toBe(true);
    // The line the cook edited and the page changed too: side by side, theirs kept by default.
    const conflict = p.getByRole("group", { name: "Ingredient 5" });
    expect(await conflict.getByText("3 large eggs").count()).toBe(1);
    expect(await conflict.getByText("2 eggs", { exact: true }).count()).toBe(1);
    expect(await conflict.getByLabel("Keep yours").isChecked()).toBe(true);
    expect(await p.getByText(/\{|\}/).count()).toBe(0); // no raw JSON on screen
    await screenshotBoth(p, "refresh", "review");
    // Skip the new description, keep the cook's eggs, take the rest.
    await p.getByLabel("Description").uncheck();
    await p.getByRole("button", { name: "Apply as a new version" }).click();
    await p.getByRole("heading", { name: "Weekend Pancakes" }).waitFor();
    await openFold(p, "Tidy up and restore");
    await p.getByText("Version 3", { exact: true }).waitFor();
    // The tidy-up panel's list of versions (the page's folded History says the same words).
    await p.locator("ol.versions").getByText("refreshed from source").first().waitFor();
    const now = (await t.json("GET", `/api/recipes/${id}`)).body;
    expect(now.version).toBe(3);
    expect(now.description).toBe("Fluffy weekend pancakes.");
    expect(now.ingredients.map((l: { text: string }) => l.text)).toEqual([
      "2 cups (250 g) all-purpose flour",
      "2 tablespoons sugar",
      "1 ½ teaspoons baking powder",
      "2 ½ cups buttermilk",
      "3 large eggs",
      "3 tablespoons melted butter",
      "1 pinch salt",
    ]);

    // Nothing new on the page since: up to date (the skipped description is the cook's choice now).
    await openFold(p, "Refresh from source");
    await p.getByRole("button", { name: "Refresh from source" }).click();
    await p.getByText(/^Up to date/).waitFor();
    await screenshotBoth(p, "refresh", "up-to-date");
    expect(errors).toEqual([]);
    await p.close();
  });
});
