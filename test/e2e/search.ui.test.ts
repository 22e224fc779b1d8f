import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zRecipe } from "../../src/domain/recipe.ts";
import { parseIngredientList } from "../../src/extract/ingredients.ts";
import { ItemsRepo } from "../../src/storage/items.repo.ts";
import { RecipesRepo } from "../../src/storage/recipes.repo.ts";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  openPage,
  screenshot,
  serveApp,
  type ServedApp,
  waitSignedIn,
} from "../helpers/browser.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

// Finding things again, as a cook does it: the search box on the recipe list, "with
// chickpeas and no dairy", a typo forgiven, the kinds and the time facet, more results; the same
// box on the bookmarks list. At 1280 and 390 px, with axe on the results screen.

let t: TestLadle;
let http: ServedApp;
let browser: Browser | null = null;
let di: TestUser;

async function saveRecipe(name: string, lines: string[], minutes: number, cuisine: string | null = null) {
  const id = randomUUID();
  const doc = zRecipe.parse({
    name,
    ingredients: parseIngredientList(lines),
    instructions: [{ text: "Cook it all together." }],
    totalTimeMinutes: minutes,
    cuisine,
  });
  await new RecipesRepo(t.ladle.database.db).insert({
    id,
    name,
    document: { ...doc, id },
    sourceUrl: `https://cook.example/${id}`,
    sourceUrlKey: null,
    taskId: null,
    at: new Date(),
    ownerId: di.id,
  });
}

beforeAll(async () => {
  t = await startTestLadle({ worker: false });
  di = await createTestUser(t, { name: "di" });
  await t.ladle.signIn.setPassword(di.id, "a long enough password");
  await saveRecipe("Chickpea Curry", ["2 cans chickpeas", "1 can coconut milk", "1 onion"], 35, "Indian");
  await saveRecipe(
    "Creamy Chickpea Korma",
    ["1 can chickpeas", "1 cup heavy cream", "2 tbsp butter"],
    50,
    "Indian",
  );
  await saveRecipe("Hummus", ["1 can chickpeas", "3 tbsp tahini", "1 lemon"], 10, "Middle Eastern");
  for (let i = 1; i <= 24; i++) await saveRecipe(`Tomato Soup No. ${i}`, ["4 tomatoes", "1 onion"], 20 + i);
  await new ItemsRepo(t.ladle.database.db).insert({
    id: randomUUID(),
    userId: di.id,
    libraryId: null,
    url: "https://knives.example/chef-knife-guide",
    normalizedUrl: "https://knives.example/chef-knife-guide",
    title: "A chef's knife guide",
    excerpt: "How to choose and sharpen a chef's knife.",
    titleLocked: false,
    excerptLocked: false,
    previewImageUrl: null,
    pageKind: "article",
    status: "succeeded",
    error: null,
    enrichedAt: new Date(),
    at: new Date(),
  });
  http = await serveApp(t.app);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
});

describe.skipIf(!hasBrowser)("search in the web app", () => {
  for (const width of [1280, 390])
    it(`finds recipes by ingredient, forgives a typo, narrows by time and kind (${width} px)`, async () => {
      const { page, errors } = await openPage(browser!, { width, height: 844 });
      await page.goto(`${http.base}/#/recipes`);
      await page.getByLabel("Name").fill("di");
      await page.getByLabel("Password").fill("a long enough password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await waitSignedIn(page, "di");
      await page.goto(`${http.base}/#/recipes`);

      // The box on the recipe list understands ingredients with and without.
      await page.getByLabel("Search recipes").fill("recipes with chickpeas and no dairy");
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByText("Looking for recipes with chickpeas, without dairy.").waitFor();
      const results = page.getByRole("list", { name: "Results" });
      await results.getByRole("link", { name: "Chickpea Curry" }).waitFor();
      await results.getByRole("link", { name: "Hummus" }).waitFor();
      expect(await results.getByRole("link", { name: /Korma/ }).count()).toBe(0);
      // Found words are marked.
      expect(await results.locator("mark").count()).toBeGreaterThan(0);
      await screenshot(page, `search-ingredients-${width}`);
      expect(await axeViolations(page)).toEqual([]);

      // A typo still finds the curry, and the screen says it forgave one.
      await page.getByLabel("Search recipes").fill("chikpea curyy");
      await page.getByRole("button", { name: "Search" }).click();
      await page
        .locator("#app")
        .getByText(/closest spellings/)
        .waitFor();
      await results.getByRole("link", { name: "Chickpea Curry" }).waitFor();
      await screenshot(page, `search-typo-${width}`);

      // Narrow by time with a facet, then open the recipe from the results.
      await page.getByLabel("Search recipes").fill("chickpeas");
      await page.getByRole("button", { name: "Search" }).click();
      await page
        .getByRole("navigation", { name: "Time" })
        .getByRole("link", { name: /15 min/ })
        .click();
      await page.locator("#app").getByText("1 found.").waitFor();
      await results.getByRole("link", { name: "Hummus" }).click();
      await page.getByRole("heading", { name: "Hummus", level: 1 }).waitFor();

      // Many results come a page at a time.
      await page.goto(`${http.base}/#/search/all/soup`);
      await page.getByRole("link", { name: /^Recipes \(24\)/ }).waitFor();
      expect(await results.getByRole("listitem").count()).toBe(20);
      await page.getByRole("button", { name: "Show more" }).click();
      await expect.poll(() => results.getByRole("listitem").count()).toBe(24);
      await screenshot(page, `search-more-${width}`);

      // The bookmarks list has the same box.
      await page.goto(`${http.base}/#/bookmarks`);
      await page.getByLabel("Search bookmarks").fill("knife");
      await page.getByRole("button", { name: "Search" }).click();
      await results.getByRole("link", { name: /chef's knife guide/ }).waitFor();
      await page.getByRole("link", { name: /^Bookmarks \(1\)/ }).waitFor();
      await screenshot(page, `search-bookmarks-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    });
});
