import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  openFromNav,
  openPage,
  SCREEN_SIZES,
  screenshot,
  serveApp,
  type ServedApp,
} from "../helpers/browser.ts";
import { recipePhoto } from "../helpers/importFixtures.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

// A photographed card through real text recognition: the bullets printed before each ingredient
// do not start its line, an amount printed without its space ("11/2 cups") is read as the mixed
// number and the review says to check it against the photo; a printed "½" the model cannot read is
// read from the picture's glyph, and is an amount to check too. Screenshots ocr-check-<width>.png, ocr-check-amount-1280.png.

const CARD = [
  "Scones",
  "Ingredients",
  "• 11/2 cups plain flour",
  "• 2 tsp baking powder",
  "• 60 g butter",
  "• 1/2 cup milk",
  "Method",
  "1. Rub the butter into the flour and baking powder.",
  "2. Stir in the milk and bake for 12 minutes.",
];

let t: TestLadle;
let http: ServedApp;
let browser: Browser | null = null;

beforeAll(async () => {
  t = await startTestLadle({ config: { Duplicates: { AskOnCommit: false } } });
  http = await serveApp(t.app);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
});

async function openAdd(width: number, height: number): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openPage(browser!, { width, height });
  await page.goto(`${http.base}/#/recipes`);
  await page.getByRole("heading", { name: "Recipes", level: 1 }).waitFor();
  await openFromNav(page, "Add a recipe");
  await page.getByRole("heading", { name: "Add a recipe", level: 1 }).waitFor();
  return { page, errors };
}

describe.skipIf(!hasBrowser)("a photographed card says which lines to check", () => {
  for (const { width, height } of SCREEN_SIZES) {
    it(`marks the corrected amount and drops the bullets (${width} px)`, async () => {
      const { page, errors } = await openAdd(width, height);
      await page.getByLabel("Take a photo").setInputFiles({
        name: "scones.png",
        mimeType: "image/png",
        buffer: recipePhoto(CARD),
      });
      await page.getByRole("heading", { name: "Review the draft" }).waitFor({ timeout: 180_000 });
      // The line as the photo said it, kept in each line's menu beside its parts.
      const line = (i: number) => page.getByLabel(`Ingredient ${i} as written`, { exact: true });
      expect(await line(1).inputValue()).toBe("1 1/2 cups plain flour");
      expect(await page.getByLabel("Ingredient 1 amount", { exact: true }).inputValue()).toBe("1 1/2");
      // No bullet starts a line.
      for (let i = 1; i <= 4; i++) expect(await line(i).inputValue()).toMatch(/^[\d½]/);
      await page.getByText(/Check the amount against .*: it was read as/).waitFor();
      // The clean print's other lines were read surely: only the corrected one is marked.
      expect(await page.locator(".to-check").count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `ocr-check-${width}`);
      await page.getByRole("button", { name: "Discard draft" }).click();
      await page.getByRole("heading", { name: "Add a recipe", level: 1 }).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it("asks to check an amount the reading may have changed (a printed ½ read as letters)", async () => {
    const { page, errors } = await openAdd(1280, 800);
    await page.getByLabel("Take a photo").setInputFiles({
      name: "milk-scones.png",
      mimeType: "image/png",
      buffer: recipePhoto([
        "Milk Scones",
        "Ingredients",
        "• 2 cups plain flour",
        "• ½ cup milk",
        "Method",
        "1. Stir the milk into the flour and bake.",
      ]),
    });
    await page.getByRole("heading", { name: "Review the draft" }).waitFor({ timeout: 180_000 });
    // The English model has no "½": the fraction is read from the picture itself, and what the
    // model read in its place is shown to compare with the photo.
    const note = page.getByText(/^Check the amount against the photo: it was read as “.+ cup milk”\.$/);
    await note.waitFor();
    expect(await note.count()).toBe(1);
    expect(await page.getByLabel("Ingredient 2 as written", { exact: true }).inputValue()).toBe("½ cup milk");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "ocr-check-amount-1280");
    await page.getByRole("button", { name: "Discard draft" }).click();
    await page.getByRole("heading", { name: "Add a recipe", level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a typed recipe's page says its servings once", async () => {
    const r = await t.json("POST", "/v1/import", {
      source_type: "text",
      source_ref:
        "Pear Crumble\nServes 4\nPrep 15 minutes, cook 45 minutes\n\nIngredients\n- 4 pears\n- 100 g oats\n\nMethod\n1. Slice the pears into a dish.\n2. Scatter the oats over and bake.",
    });
    expect(r.status).toBe(202);
    let job: { status: string; recipe_id: string | null } = { status: "queued", recipe_id: null };
    while (job.status !== "completed" && job.status !== "failed") {
      job = (await t.json("GET", `/v1/import/${r.body.id}`)).body;
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(job.status).toBe("completed");
    const { page, errors } = await openPage(browser!, SCREEN_SIZES[0]);
    await page.goto(`${http.base}/#/recipes/${job.recipe_id}`);
    await page.getByRole("heading", { name: "Pear Crumble", level: 1 }).waitFor();
    const facts = await page.locator("main").innerText();
    expect(facts.match(/Serves 4/g)).toHaveLength(1);
    expect(facts).toMatch(/Total 1 h/);
    await screenshot(page, "ocr-check-typed-recipe-1280");
    expect(errors).toEqual([]);
    await page.close();
  });
});
