import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zRecipe } from "../../src/domain/recipe.ts";
import { parseIngredientList } from "../../src/extract/ingredients.ts";
import { RecipesRepo } from "../../src/storage/recipes.repo.ts";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  openFromNav,
  SCREEN_SIZES,
  screenshot,
  serveApp,
  type ServedApp,
} from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

// The path a cook walks, clicked in Debian's chromium at 1280 and 390 px (each width on its own
// server): a web page's import, a review that fits in a few screens with the copy choice beside
// Save, the saved recipe opening at its top with its actions first, cook, plan, shopping list;
// editing tags, category, picture, ingredient groups and nutrition later with the review's
// editor; Back to the list where the cook was; the top bar in reach; the phone menu closing on a
// choice. axe on every screen; screenshots as cook-<screen>-<width>.png.

const INGREDIENTS = [
  "2 cups (250 g) all-purpose flour",
  "1 teaspoon baking soda",
  "1/2 teaspoon salt",
  "1 cup unsalted butter, softened",
  "3/4 cup white sugar",
  "3/4 cup packed brown sugar",
  "2 large eggs",
  "2 teaspoons vanilla extract",
  "2 cups chocolate chips",
  "1 cup chopped walnuts",
  "1 tablespoon milk",
  "1 pinch flaky sea salt",
];
const STEPS = [
  "Heat the oven to 375°F and line two baking sheets with parchment paper before you start.",
  "Whisk the flour, baking soda and salt together in a bowl and set the mixture aside for later.",
  "Beat the butter with both sugars until light and fluffy, then beat in the eggs and the vanilla.",
  "Stir in the dry mixture, then fold in the chocolate chips, the walnuts and the spoon of milk.",
  "Drop rounded spoonfuls onto the sheets, sprinkle with flaky salt and bake 9 to 11 minutes.",
];

/** A recipe page as sites make them: menus, skip links and share buttons around the recipe, its
 * steps in the site's own words (so the copy check finds them). */
const page12 = (origin: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Chewy Cookies | Test Bakery</title>
<meta property="og:site_name" content="Test Bakery">
<script type="application/ld+json">${JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Recipe",
  name: "Chewy Chocolate Chip Cookies",
  description: "Crisp edges, chewy middles.",
  image: `${origin}/cookies.png`,
  recipeYield: "24 cookies",
  prepTime: "PT15M",
  cookTime: "PT10M",
  recipeCategory: "Dessert",
  recipeCuisine: "American",
  keywords: "cookies, baking",
  recipeIngredient: INGREDIENTS,
  recipeInstructions: STEPS.map((text) => ({ "@type": "HowToStep", text })),
})}</script></head>
<body>
<a href="#main">Skip to primary navigation</a>
<a href="#content">Skip to main content</a>
<header><nav><ul><li><a href="/">Home</a></li><li><a href="/recipes">Recipes</a></li><li><a href="/shop">Shop our aprons</a></li></ul></nav></header>
<aside><p>Share this on Pinterest</p><p>Share this on Facebook</p></aside>
<main id="main"><article>
<h1>Chewy Chocolate Chip Cookies</h1>
<p>Crisp edges, chewy middles.</p>
<h2>Ingredients</h2><ul>${INGREDIENTS.map((l) => `<li>${l}</li>`).join("")}</ul>
<h2>Instructions</h2><ol>${STEPS.map((s) => `<li>${s}</li>`).join("")}</ol>
</article></main>
<footer><p>Subscribe to our newsletter</p><p>© Test Bakery. All rights reserved.</p></footer>
</body></html>`;

// A 1×1 PNG, for the recipe's picture.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let t: TestLadle;
let site: FixtureServer;
let http_: ServedApp;
let browser: Browser | null = null;

beforeAll(async () => {
  site = await startFixtureServer({
    "/cookies": (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(page12(site.origin)),
    "/cookies.png": (_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(PNG),
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Seven more recipes, so the list is longer than a phone's screen. */
async function seedList(): Promise<void> {
  for (let i = 1; i <= 7; i++) {
    const id = randomUUID();
    const name = `Soup No. ${i}`;
    const doc = zRecipe.parse({
      name,
      servings: 2,
      ingredients: parseIngredientList(["4 tomatoes", "1 onion"]),
      instructions: [{ text: "Simmer it all." }],
    });
    const at = new Date();
    await new RecipesRepo(t.ladle.database.db).insert({
      id,
      name,
      document: { ...doc, id, createdAt: at.toISOString(), updatedAt: at.toISOString() },
      sourceUrl: null,
      sourceUrlKey: null,
      taskId: null,
      at,
    });
  }
}

/** The imported cookies' id: the first test saved them; run alone, this test imports them itself. */
async function cookiesId(): Promise<string> {
  const list = await t.json("GET", "/api/recipes?q=chewy");
  if (list.body.items[0]) return list.body.items[0].id;
  const c = await t.json("POST", "/api/tasks", {
    agentType: "Ingest",
    payload: { mode: "Url", url: `${site.origin}/cookies` },
  });
  const task = await t.waitTask(c.body.taskId);
  const saved = await t.json("POST", "/api/recipes/import", {
    taskId: task.taskId,
    draftRecipe: task.result.draft.recipe,
    acknowledgeGuardrail: true,
  });
  return saved.body.recipe.id;
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** How many screens tall the page is (document height / viewport height). */
const screensTall = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollHeight / window.innerHeight);
/** Where the top bar is in the viewport (0: at the top, in reach). */
const barTop = (page: Page) =>
  page.evaluate(() => document.querySelector("header.top")!.getBoundingClientRect().top);

describe.skipIf(!hasBrowser).each(SCREEN_SIZES)("a cook's path at $width px", (size) => {
  const phone = size.width < 500;
  beforeAll(async () => {
    t = await startTestLadle();
    http_ = await serveApp(t.app);
    await seedList();
  });
  afterAll(async () => {
    http_?.close();
    await t?.close();
  });

  async function shot(page: Page, screen: string): Promise<void> {
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `cook-${screen}-${size.width}`);
  }

  it("imports, reviews in a few screens, chooses beside Save, cooks, plans and shops", async () => {
    const ctx = await browser!.newContext({ viewport: size });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const missing: string[] = [];
    page.on("response", (r) => {
      if (r.status() === 404 && r.url().includes("/artifacts/")) missing.push(r.url());
    });
    await page.goto(http_.base + "/");
    await page.getByLabel("Recipe page address").fill(`${site.origin}/cookies`);
    await page.getByRole("button", { name: "Import the page" }).click();
    await page.getByRole("heading", { name: "Review the draft" }).waitFor();
    await page.locator(".ing-row").nth(11).waitFor();
    // The copy check has answered: the choice is beside Save, before saving.
    const keep = page.getByRole("radio", { name: "Keep for personal use" });
    await keep.waitFor();
    await page.getByText("Steps are the site's own words:").waitFor();

    // One line an ingredient: a 12-line recipe's review is at most 2 screens tall at 1280, 4 at 390.
    expect(await page.locator(".ing-row").count()).toBe(12);
    await screenshot(page, `cook-review-whole-${size.width}`);
    const tall = await screensTall(page);
    console.log(`review of a 12-line recipe at ${size.width} px: ${tall.toFixed(2)} screens tall`);
    expect(tall).toBeLessThanOrEqual(phone ? 4 : 2);
    // The page's text beside the draft is the recipe's part: no skip links, menus or share buttons.
    const source = page.getByRole("complementary");
    if ((await source.locator("details").getAttribute("open")) === null)
      await source.locator("summary").click();
    const pre = source.locator("pre");
    await pre.waitFor();
    const text = await pre.innerText();
    expect(text).toContain("Whisk the flour, baking soda and salt");
    expect(text).not.toMatch(/Skip to|Shop our aprons|Share this on|newsletter/);
    await shot(page, "review");

    // An ingredient's other actions are in its small menu.
    await page.locator("#ing-11-menu > summary").click();
    await page.getByRole("button", { name: "Remove ingredient 12" }).waitFor();
    await page.locator("#ing-11-menu > summary").click();

    // Saving from the bottom of the screen: the choice is made beside Save, the recipe opens at its top.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await keep.check();
    await page.getByRole("button", { name: "Save recipe" }).click();
    await page.getByRole("heading", { name: "Chewy Chocolate Chip Cookies", level: 1 }).waitFor();
    await page.locator(".ingredients-view li").nth(11).waitFor();
    await expect.poll(() => scrollY(page)).toBe(0);
    // Its actions first: Cook, Scale, Plan, Shopping list, Edit, above the ingredients.
    const actions = page.getByRole("group", { name: "With this recipe" });
    expect(await actions.locator("a, button").allInnerTexts()).toEqual([
      "Cook",
      "Scale",
      "Plan",
      "Shopping list",
      "Edit",
    ]);
    const actionsBox = await actions.boundingBox();
    const ingredientsBox = await page.getByRole("heading", { name: "Ingredients", level: 2 }).boundingBox();
    expect(actionsBox!.y).toBeLessThan(ingredientsBox!.y);
    expect(actionsBox!.y + actionsBox!.height).toBeLessThan(size.height);
    // History, refresh, allergens and the rest fold below it.
    for (const panel of ["Refresh from source", "Allergens and diets", "Public link"])
      expect(await page.locator("details.panel-fold:not([open]) > summary", { hasText: panel }).count()).toBe(
        1,
      );
    // The top bar stays in reach on a long recipe.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await barTop(page)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "recipe");
    // No review asked for a text that was never kept (source.txt of a web page).
    expect(missing).toEqual([]);
    const recipeUrl = page.url();

    // Cook.
    await actions.getByRole("link", { name: "Cook" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Step 1 of 5").waitFor();
    await shot(page, "cooking");
    await page.goto(recipeUrl);
    await page.getByRole("heading", { name: "Chewy Chocolate Chip Cookies", level: 1 }).waitFor();

    // Plan: a day chosen in place.
    await actions.getByRole("button", { name: "Plan" }).click();
    await page.getByLabel("Plan it for").waitFor();
    await page.getByRole("button", { name: "Add to plan" }).click();
    await page.getByText(/^Planned for /).waitFor();
    await page.getByRole("link", { name: "See the plan" }).click();
    await page.getByRole("heading", { name: "Meal plan" }).waitFor();
    await page
      .locator(".plan-day")
      .getByRole("link", { name: "Chewy Chocolate Chip Cookies" })
      .first()
      .waitFor();
    await expect.poll(() => scrollY(page)).toBe(0);
    await shot(page, "plan");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await barTop(page)).toBe(0);

    // Shopping list of this recipe.
    await page.goto(recipeUrl);
    await page.getByRole("heading", { name: "Chewy Chocolate Chip Cookies", level: 1 }).waitFor();
    await actions.getByRole("button", { name: "Shopping list" }).click();
    await page.getByText(/0 of \d+ in the basket/).waitFor();
    await page
      .getByText(/chocolate chips/)
      .first()
      .waitFor();
    await expect.poll(() => scrollY(page)).toBe(0);
    await shot(page, "shopping");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await barTop(page)).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("edits tags, category, picture, groups and nutrition later with the review's editor", async () => {
    const ctx = await browser!.newContext({ viewport: size });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const id = await cookiesId();
    await page.goto(`${http_.base}/#/recipes/${id}`);
    await page.getByRole("heading", { name: "Chewy Chocolate Chip Cookies", level: 1 }).waitFor();
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.getByRole("heading", { name: "Edit “Chewy Chocolate Chip Cookies”" }).waitFor();
    // The same one-line ingredients as review.
    expect(await page.locator(".ing-row").count()).toBe(12);
    // Servings, times, tags and picture are folded under a line that says what they hold.
    await page.locator(".more-fields > summary").click();
    await page.getByLabel("Tags (comma-separated)").fill("cookies, baking, for the school fair");
    await page.getByLabel("Category (comma-separated)").fill("Dessert, Snack");
    await page.getByLabel("Cuisine").fill("Californian");
    await page.getByRole("radio", { name: "No picture" }).check();
    // A group of its own for the glaze.
    await page.getByText("Add a group").click();
    await page.getByLabel("Group name").fill("For the glaze");
    await page.getByRole("button", { name: "Add group" }).click();
    const line = page.locator("#ing-12-line");
    await line.fill("1 cup powdered sugar");
    await line.press("Tab");
    await page.waitForFunction(
      () => (document.getElementById("ing-12-name") as HTMLInputElement)?.value === "powdered sugar",
    );
    // The new line's menu closed (beside the steps, its panel lies over what is under the list).
    await page.locator("details.row-menu[open] > summary").click();
    // Nutrition, which the page did not give.
    await page.getByText("Nutrition, per serving").click();
    await page.getByLabel("calories").fill("210 kcal");
    await shot(page, "edit");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("heading", { name: "Chewy Chocolate Chip Cookies", level: 1 }).waitFor();
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.locator(".ingredients-view li.section", { hasText: "For the glaze" }).waitFor();
    await page.locator(".labels", { hasText: "for the school fair" }).waitFor();
    await page.locator("table.nutrition", { hasText: "210 kcal" }).waitFor();
    const saved = (await t.json("GET", `/api/recipes/${id}`)).body;
    expect(saved).toMatchObject({
      tags: ["cookies", "baking", "for the school fair"],
      category: ["Dessert", "Snack"],
      cuisine: "Californian",
      imageUrl: null,
      nutrition: { calories: "210 kcal" },
    });
    expect(saved.ingredients.at(-1)).toMatchObject({ name: "powdered sugar", section: "For the glaze" });
    expect(await page.locator("img.hero").count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("opens each screen at its top, returns to the list where the cook was, and closes the phone menu on a choice", async () => {
    const ctx = await browser!.newContext({ viewport: size });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${http_.base}/#/recipes`);
    const cards = page.locator(".recipe-grid li a");
    await cards.nth(5).waitFor();
    // The sixth card, scrolled to: the recipe opens at its top, Back returns to the card.
    await cards.nth(5).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 40));
    const listY = await scrollY(page);
    const name = (await cards.nth(5).locator(".name").innerText()).trim();
    await cards.nth(5).click();
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.goBack();
    await page.getByRole("heading", { name: "Recipes", level: 1 }).waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, listY);

    // No frame drawn around the whole page when it takes the focus.
    expect(await page.evaluate(() => getComputedStyle(document.getElementById("app")!).outlineStyle)).toBe(
      "none",
    );

    // A few places on top; the rest in the person's menu, the Account among them.
    const main = page.getByRole("navigation", { name: "Main" });
    const menu = page.getByRole("button", { name: "Menu" });
    if (phone) await menu.click();
    expect(await main.getByRole("link").allInnerTexts()).toEqual([
      "Recipes",
      "Plan & shop",
      "Reading",
      "Add",
    ]);
    await main.getByRole("link", { name: "Reading" }).click();
    if (phone) {
      // Chosen: the phone menu closes.
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      expect(await main.isVisible()).toBe(false);
    }
    // Bookmarks under Reading.
    await page.getByRole("navigation", { name: "Reading" }).getByRole("link", { name: "Bookmarks" }).click();
    await page.getByRole("heading", { name: "Bookmarks", level: 1 }).waitFor();
    await shot(page, "reading");
    if (phone) {
      // Choosing the screen already shown closes the menu too.
      await menu.click();
      await main.getByRole("link", { name: "Reading" }).click();
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
    }
    await openFromNav(page, "Move in & out");
    await page.waitForURL(/#\/move$/);
    await openFromNav(page, "Status");
    await page.waitForURL(/#\/status$/);
    if (phone) await menu.click();
    else await page.locator(".user-toggle").click();
    await page.getByRole("link", { name: "Your account and password" }).click();
    await page.getByRole("heading", { name: "Your account" }).waitFor();
    if (phone) expect(await menu.getAttribute("aria-expanded")).toBe("false");
    await shot(page, "account");
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
