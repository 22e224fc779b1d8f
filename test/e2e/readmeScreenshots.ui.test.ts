import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { zRecipe } from "../../src/domain/recipe.ts";
import { parseIngredientList } from "../../src/extract/ingredients.ts";
import { RecipesRepo } from "../../src/storage/recipes.repo.ts";
import {
  hasBrowser,
  launchBrowser,
  openPage,
  serveApp,
  waitSignedIn,
  type ServedApp,
} from "../helpers/browser.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

// The two screenshots the README shows, taken the way a cook gets there: signed in, a saved
// recipe opened from the list, and a search typed as a cook types it. Written into docs/images/
// so the README shows the web app as it is today.

const IMAGES = "docs/images";
let t: TestLadle;
let http: ServedApp;
let browser: Browser | null = null;
let cook: TestUser;

async function saveRecipe(r: {
  name: string;
  description: string;
  lines: string[];
  steps: string[];
  minutes: number;
  servings: number;
  cuisine: string;
  tags: string[];
}) {
  const id = randomUUID();
  const doc = zRecipe.parse({
    name: r.name,
    description: r.description,
    ingredients: parseIngredientList(r.lines),
    instructions: r.steps.map((text) => ({ text })),
    totalTimeMinutes: r.minutes,
    servings: r.servings,
    cuisine: r.cuisine,
    tags: r.tags,
  });
  await new RecipesRepo(t.ladle.database.db).insert({
    id,
    name: r.name,
    document: { ...doc, id },
    sourceUrl: `https://cook.example/${r.name.toLowerCase().replace(/\W+/g, "-")}`,
    sourceUrlKey: null,
    taskId: null,
    at: new Date(),
    ownerId: cook.id,
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(IMAGES, { recursive: true });
  await page.screenshot({ path: `${IMAGES}/${name}.png` });
}

beforeAll(async () => {
  t = await startTestLadle({ worker: false });
  cook = await createTestUser(t, { name: "sam" });
  await t.ladle.signIn.setPassword(cook.id, "a long enough password");
  await saveRecipe({
    name: "Chickpea and Spinach Curry",
    description: "A weeknight curry from the pantry: chickpeas, coconut milk and a bag of spinach.",
    lines: [
      "2 tbsp vegetable oil",
      "1 large onion, finely chopped",
      "3 garlic cloves, crushed",
      "1 tbsp grated fresh ginger",
      "2 tbsp curry powder",
      "2 cans (400 g) chickpeas, drained",
      "1 can (400 ml) coconut milk",
      "200 g baby spinach",
      "1 lime, juiced",
      "salt to taste",
    ],
    steps: [
      "Warm the oil in a wide pan and soften the onion for 8 minutes.",
      "Stir in the garlic, ginger and curry powder and cook for 1 minute.",
      "Add the chickpeas and coconut milk and simmer for 15 minutes.",
      "Wilt in the spinach, then season with lime juice and salt.",
    ],
    minutes: 35,
    servings: 4,
    cuisine: "Indian",
    tags: ["Vegan", "Dinner"],
  });
  await saveRecipe({
    name: "Creamy Chickpea Korma",
    description: "Mild and rich.",
    lines: ["1 can chickpeas", "1 cup heavy cream", "2 tbsp butter", "1 onion"],
    steps: ["Cook it all together."],
    minutes: 50,
    servings: 4,
    cuisine: "Indian",
    tags: ["Dinner"],
  });
  await saveRecipe({
    name: "Hummus",
    description: "Smooth, with plenty of tahini.",
    lines: ["1 can chickpeas", "3 tbsp tahini", "1 lemon, juiced", "1 garlic clove"],
    steps: ["Blend everything until smooth."],
    minutes: 10,
    servings: 6,
    cuisine: "Middle Eastern",
    tags: ["Snack"],
  });
  http = await serveApp(t.app);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
});

describe.skipIf(!hasBrowser)("the README's screenshots", () => {
  it("a saved recipe, and a search for recipes with chickpeas and no dairy", async () => {
    const { page } = await openPage(browser!, { width: 1280, height: 800 });
    await page.goto(`${http.base}/#/recipes`);
    await page.getByLabel("Name").fill("sam");
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await waitSignedIn(page, "sam");
    await page.goto(`${http.base}/#/recipes`);
    await page.getByRole("link", { name: "Chickpea and Spinach Curry" }).first().click();
    await page.getByRole("heading", { name: "Chickpea and Spinach Curry", level: 1 }).waitFor();
    await page.getByText("coconut milk").first().waitFor();
    await shoot(page, "recipe");

    await page.goto(`${http.base}/#/recipes`);
    await page.getByLabel("Search recipes").fill("recipes with chickpeas and no dairy");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByText("Looking for recipes with chickpeas, without dairy.").waitFor();
    const results = page.getByRole("list", { name: "Results" });
    await results.getByRole("link", { name: "Hummus" }).waitFor();
    await results.getByRole("link", { name: "Chickpea and Spinach Curry" }).waitFor();
    await shoot(page, "search");
  });
});
