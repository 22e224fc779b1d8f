import type { Browser, BrowserContext, Page } from "playwright-core";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zRecipe, zStoredRecipe } from "../../src/domain/recipe.ts";
import { parseIngredientList } from "../../src/extract/ingredients.ts";
import { RecipesRepo } from "../../src/storage/recipes.repo.ts";
import { articlePage } from "../helpers/articlePages.ts";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  SCREEN_SIZES,
  screenshot,
  serveApp,
  type ServedApp,
} from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

// Small things a cook and reader met on screen, clicked through at 1280 and 390 px:
// an article is not a white page in dark mode, the shopping list is titled with the days as the
// plan says them, and the people list counts a token made on the same screen. Screenshots
// small-<screen>-<width>.png.

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let browser: Browser | null = null;
let ann: TestUser;

beforeAll(async () => {
  site = await startFixtureServer({ "/story": { body: articlePage() } });
  t = await startTestLadle({ config: { Articles: { Render: "never" } } });
  ann = await createTestUser(t, { name: "ann", role: "admin" });
  http = await serveApp(t.app);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
});

async function signedIn(
  size: { width: number; height: number },
  colorScheme: "light" | "dark" = "light",
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser!.newContext({ viewport: size, colorScheme });
  await context.addInitScript((token) => sessionStorage.setItem("ladle.token", token), ann.token);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}

/** A saved recipe of ann's, written as a commit writes one. */
async function saveRecipe(name: string): Promise<string> {
  const id = randomUUID();
  const at = new Date();
  const doc = zRecipe.parse({
    name,
    servings: 2,
    ingredients: parseIngredientList(["500 g frozen peas", "1 onion"]),
    instructions: [{ text: "Cook." }],
  });
  await new RecipesRepo(t.ladle.database.db).insert({
    id,
    name,
    document: zStoredRecipe.parse({
      ...doc,
      id,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
      taskId: null,
    }),
    sourceUrl: null,
    sourceUrlKey: null,
    taskId: null,
    at,
    ownerId: ann.id,
  });
  return id;
}

/** The computed colours of an element as [r, g, b] luminance-ish sums (0 black … 765 white). */
const brightness = (css: string) => (css.match(/\d+/g) ?? []).slice(0, 3).reduce((a, b) => a + Number(b), 0);

describe.skipIf(!hasBrowser)("small things on screen", () => {
  let articleId = "";
  beforeAll(async () => {
    const r = await t.json("POST", "/media/web-articles", { url: `${site.origin}/story` }, ann.headers);
    articleId = (r.body as { data: { id: string } }).data.id;
    // Read at once (no headless render): wait for the row to be ready, as the reader screen would.
    for (let tries = 0; ; tries++) {
      const m = await t.json("GET", `/media/${articleId}`, undefined, ann.headers);
      if ((m.body as { data: { processing_status: string } }).data.processing_status === "ready_for_reading")
        break;
      if (tries > 600) throw new Error("the article was not read");
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  for (const size of SCREEN_SIZES) {
    it(`an article in dark mode is light text on a dark page (${size.width} px)`, async () => {
      const { context, page, errors } = await signedIn(size, "dark");
      await page.goto(`${http.base}/#/articles/${articleId}`);
      await page.getByRole("heading", { name: "The Slow Bread Movement", level: 1 }).waitFor();
      const frame = page.frameLocator("iframe.reader");
      await frame.locator("p").first().waitFor();
      const [bg, fg] = await frame
        .locator("body")
        .evaluate((b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).color]);
      expect(brightness(bg!)).toBeLessThan(200);
      expect(brightness(fg!)).toBeGreaterThan(500);
      await screenshot(page, `small-article-dark-${size.width}`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`the shopping list says its week as the plan does (${size.width} px)`, async () => {
      const recipeId = await saveRecipe(`Pea Soup ${size.width}`);
      const { context, page, errors } = await signedIn(size);
      await page.goto(`${http.base}/#/plan`);
      await page.getByRole("heading", { name: "Meal plan", level: 1 }).waitFor();
      const week = (await page.locator(".plan-weeks strong").textContent())!.trim();
      const today = new Date();
      const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
      const planned = await t.json("POST", "/api/plans", { recipeId, day }, ann.headers);
      expect(planned.status, JSON.stringify(planned.body)).toBeLessThan(300);
      await page.reload();
      await page.getByRole("button", { name: "Make the shopping list" }).click();
      const title = page.getByRole("heading", { level: 1 });
      await expect.poll(async () => (await title.textContent()) ?? "").toBe(`Shopping for ${week}`);
      expect(await title.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `small-shopping-title-${size.width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("the people list counts a token as soon as it is made", async () => {
    const { context, page, errors } = await signedIn(SCREEN_SIZES[0]);
    await page.goto(`${http.base}/#/people`);
    const me = page.locator(".people-list li", { hasText: "ann" });
    await me.waitFor();
    const count = async () => Number(/(\d+) tokens?/.exec((await me.textContent()) ?? "")?.[1]);
    const before = await count();
    await page.getByLabel("Name of a new token").first().fill("phone");
    await page.getByRole("button", { name: "Make a token" }).first().click();
    await expect.poll(count).toBe(before + 1);
    await screenshot(page, "small-people-tokens-1280");
    expect(errors).toEqual([]);
    await context.close();
  });
});
