import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBrowser, launchBrowser, screenshotBoth, serveApp, type ServedApp } from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

// "You already have this" driven by clicking in Debian's chromium: a draft of a recipe
// the cook has shows theirs beside the draft with the changed lines marked; each of the three
// choices (update the one I have, keep both, drop this draft) does what it says. Screenshots at
// desktop and phone width.

/** The same pancakes as another site writes them: other title, a line reworded, one more. */
const ELSEWHERE = PANCAKES_HTML.replace(
  '"name": "Buttermilk Pancakes"',
  '"name": "Fluffy Buttermilk Pancakes Recipe"',
).replace('"3 tablespoons melted butter"', '"3 tbsp butter, melted", "a pinch of salt"');

let t: TestLadle;
let site: FixtureServer;
let served: ServedApp;
let browser: Browser | null = null;

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_HTML },
    "/elsewhere/fluffy": { body: ELSEWHERE },
  });
  t = await startTestLadle();
  served = await serveApp(t.app);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  served?.close();
  await t?.close();
  await site?.close();
});

const shot = (page: Page, screen: string) => screenshotBoth(page, "duplicates", screen, 100);

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const ctx = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { page, errors };
}

/** Imports a page by clicking, and waits for the review screen with its "You already have this". */
async function reviewDraft(page: Page, path: string): Promise<void> {
  await page.goto(served.base + "/");
  await page.getByLabel("Recipe page address").fill(`${site.origin}${path}`);
  await page.getByRole("button", { name: "Import" }).click();
  await page.getByRole("heading", { name: "Review the draft" }).waitFor();
  await page.getByRole("heading", { name: "You already have this" }).waitFor();
  // The comparison is drawn once the recipe the cook has is loaded.
  await page.locator(".dup-diff").waitFor();
}

const recipes = async () =>
  (await t.json("GET", "/api/recipes?pageSize=100")).body.items as { id: string; name: string }[];

describe.skipIf(!hasBrowser)("duplicates in a browser", () => {
  let mine: string;

  beforeAll(async () => {
    const c = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}/pancakes` },
    });
    await t.waitTask(c.body.taskId);
    const saved = await t.json("POST", "/api/recipes/import", {
      taskId: c.body.taskId,
      acknowledgeGuardrail: true,
    });
    expect(saved.status).toBe(200);
    mine = saved.body.recipe.id;
  });

  it("shows yours beside the draft, asks before saving, and updates the one you have", async () => {
    const { page, errors } = await newPage();
    await reviewDraft(page, "/elsewhere/fluffy");
    await page.getByText("“Buttermilk Pancakes” in your recipes looks like the same recipe.").waitFor();
    // Changed lines are marked on both sides: the name, the reworded line, the added one.
    await page.locator(".dup-new", { hasText: "Fluffy Buttermilk Pancakes Recipe" }).waitFor();
    await page.locator(".dup-gone", { hasText: "3 tablespoons melted butter" }).waitFor();
    await page.locator(".dup-new", { hasText: "a pinch of salt" }).waitFor();
    expect(await page.locator(".dup-diff li:not([class])", { hasText: "2 large eggs" }).count()).toBe(2);
    await shot(page, "panel");

    // Saving without a choice says what to do, in words.
    await page.getByRole("button", { name: "Save recipe" }).click();
    await page.getByText(/You already have this recipe: choose above/).waitFor();
    await shot(page, "asks");

    await page.getByRole("button", { name: "Update the one I have" }).click();
    await page.getByRole("heading", { name: "Fluffy Buttermilk Pancakes Recipe", level: 1 }).waitFor();
    expect(page.url()).toContain(`#/recipes/${mine}`);
    await page.getByText("History (2 versions)").waitFor();
    await shot(page, "updated");
    expect((await recipes()).map((r) => r.id)).toEqual([mine]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("keeps both", async () => {
    const { page, errors } = await newPage();
    await reviewDraft(page, "/pancakes");
    await page
      .getByText("“Fluffy Buttermilk Pancakes Recipe” in your recipes comes from the same page.")
      .waitFor();
    await page.getByRole("button", { name: "Keep both" }).click();
    await page.getByRole("heading", { name: "Buttermilk Pancakes", level: 1 }).waitFor();
    expect(page.url()).not.toContain(mine);
    expect(await recipes()).toHaveLength(2);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("drops the draft: nothing is saved", async () => {
    const { page, errors } = await newPage();
    await reviewDraft(page, "/elsewhere/fluffy");
    // Two of the cook's recipes now look like it: they pick which one to compare with.
    await page.getByRole("group", { name: "Compare with" }).waitFor();
    await shot(page, "two-matches");
    await page.getByRole("button", { name: "Drop this draft" }).click();
    await page.getByRole("heading", { name: /Drafts waiting for review/ }).waitFor();
    expect(await recipes()).toHaveLength(2);
    const tasks = (await t.json("GET", "/api/tasks?status=Rejected")).body.tasks;
    expect(tasks).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
