// The words issue 55 left in English, seen in a browser in German and French at 390 and 1280 px:
// a German recipe's shopping list sorted into aisles and named in the cook's language, and the
// recipe's public page in the reader's language. Axe clean; screenshots for a person to look at.
import type { Browser } from "playwright-core";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zRecipe, zStoredRecipe } from "../../src/domain/recipe.ts";
import { parseIngredientList } from "../../src/extract/ingredients.ts";
import { RecipesRepo } from "../../src/storage/recipes.repo.ts";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  SCREEN_SIZES,
  screenshot,
  serveApp,
  type ServedApp,
} from "../helpers/browser.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

let t: TestLadle;
let http: ServedApp;
let browser: Browser | null = null;
let ann: TestUser;
let recipeId = "";

beforeAll(async () => {
  t = await startTestLadle();
  ann = await createTestUser(t, { name: "ann", role: "admin" });
  http = await serveApp(t.app);
  browser = await launchBrowser();
  // A German recipe, saved as a commit saves one.
  recipeId = randomUUID();
  const at = new Date();
  const doc = zRecipe.parse({
    name: "Spaghetti Bolognese",
    servings: 4,
    totalTimeMinutes: 90,
    // Typed in by its cook: no page to name, only how it came.
    source: {
      url: "https://import.invalid/text/0123456789abcdef",
      siteName: "import.invalid",
      retrievedAt: new Date().toISOString(),
    },
    ingredients: parseIngredientList([
      "500 g Rinderhackfleisch",
      "2 Zwiebeln",
      "2 EL Olivenöl",
      "500 g Spaghetti",
      "200 ml Vollmilch",
      "1 l Gemüsebrühe",
    ]),
    instructions: [{ text: "Alles kochen." }],
  });
  await new RecipesRepo(t.ladle.database.db).insert({
    id: recipeId,
    name: doc.name,
    document: zStoredRecipe.parse({
      ...doc,
      id: recipeId,
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
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
});

const CASES = [
  {
    lang: "de",
    locale: "de-DE",
    listName: /^Einkauf für Spaghetti Bolognese$/,
    aisles: ["Fleisch & Fisch", "Obst & Gemüse", "Nudeln, Reis & Getreide", "Milchprodukte & Eier"],
    share: [
      "Zutaten",
      "Schritte",
      "Für 4 Personen",
      "Geteilt aus Ladle. Nur zum Lesen.",
      "Von dir eingegeben",
    ],
    time: /1\sStd\.,\s30\sMin\./,
    cookbook: [
      "<title>Kochbuch von Ann</title>",
      "<h3>Inhalt</h3>",
      "Für 4 Personen",
      '<p class="src">Von dir eingegeben</p>',
    ],
  },
  {
    lang: "fr",
    locale: "fr-FR",
    listName: /^Courses pour Spaghetti Bolognese$/,
    aisles: ["Viande & poisson", "Fruits & légumes", "Pâtes, riz & céréales", "Crèmerie & œufs"],
    share: [
      "Ingrédients",
      "Étapes",
      "Pour 4 personnes",
      "Partagé depuis Ladle. Lecture seule.",
      "Saisie par vous",
    ],
    time: /1\sh et 30\smin/,
    cookbook: [
      "<title>Le livre de cuisine d’Ann</title>",
      "<h3>Sommaire</h3>",
      "Pour 4 personnes",
      '<p class="src">Saisie par vous</p>',
    ],
  },
] as const;

describe.skipIf(!hasBrowser)("the leftover words in German and French", () => {
  for (const c of CASES)
    for (const size of SCREEN_SIZES)
      it(`${c.lang} at ${size.width} px: the shopping list by aisle and named in it, the public page in it`, async () => {
        const context = await browser!.newContext({ viewport: size, locale: c.locale });
        await context.addInitScript((token) => sessionStorage.setItem("ladle.token", token), ann.token);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(e.message));

        // The list as the web app asks for it: its language in Accept-Language, no name given.
        const made = await t.json(
          "POST",
          "/api/shopping-lists",
          { recipes: [{ recipeId }], units: "metric", excludePantry: false, lang: c.lang },
          { ...ann.headers, "accept-language": c.locale },
        );
        expect(made.status).toBe(201);
        expect(made.body.name).toMatch(c.listName);
        const other = (made.body.items as { aisle: string }[]).filter((i) => i.aisle === "Other");
        expect(other).toEqual([]);
        await page.goto(`${http.base}/#/shopping/${made.body.id}`);
        await page.getByRole("heading", { level: 1, name: c.listName }).waitFor();
        for (const aisle of c.aisles) await page.getByText(aisle, { exact: true }).first().waitFor();
        expect(await axeViolations(page)).toEqual([]);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(wide).toBeLessThanOrEqual(size.width);
        await screenshot(page, `words-shopping-${c.lang}-${size.width}`);

        // The recipe's public page, opened by someone whose browser speaks the language.
        const shared = await t.json("POST", "/api/recipe-shares", { recipeId }, ann.headers);
        expect(shared.status).toBe(201);
        await page.goto(`${http.base}${shared.body.url}`);
        await page.getByRole("heading", { level: 1, name: "Spaghetti Bolognese" }).waitFor();
        for (const words of c.share) await page.getByText(words, { exact: false }).first().waitFor();
        await page.getByText(c.time).first().waitFor();
        expect(
          await page.getByText(/Serves|Ingredients|Read only|Typed by you|import\.invalid|\d min\b/).count(),
        ).toBe(0);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(c.lang);
        expect(await axeViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        await screenshot(page, `words-share-${c.lang}-${size.width}`);

        // The printed cookbook, downloaded as the web app asks for it (in its language).
        const cookbook = await t.app.request("/api/collections/export?format=html", {
          headers: { ...ann.headers, "accept-language": c.locale },
        });
        expect(cookbook.status).toBe(200);
        const html = await cookbook.text();
        for (const words of c.cookbook) expect(html).toContain(words);
        expect(html).toMatch(c.time);
        expect(html).not.toMatch(/Typed by you|From a PDF|\d\u00a0h\b/);
        expect(errors).toEqual([]);
        await context.close();
      });
});
