import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
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
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { CAKE_TEXT, CAKE_VTT, recipePhoto } from "../helpers/importFixtures.ts";
import { startSearchStub } from "../helpers/searchStubs.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

// "One way to add anything", clicked through at 1280 and 390 px: typed text, a file
// someone else wrote, a photo, a search and a video's captions each end in the same review, with
// the text they were read from beside the draft; the copy check only for someone else's words.
// axe on every screen; screenshots as add-<flow>-<screen>-<width>.png.

let t: TestLadle;
let site: FixtureServer;
let searx: Awaited<ReturnType<typeof startSearchStub>>;
let http: ServedApp;
let browser: Browser | null = null;

beforeAll(async () => {
  site = await startFixtureServer({ "/recipes/ramen": { body: PANCAKES_HTML } });
  searx = await startSearchStub("searxng");
  searx.set({
    hits: [{ url: `${site.origin}/recipes/ramen`, title: "Pancakes", snippet: "Fluffy.", score: 5 }],
  });
  t = await startTestLadle({
    config: {
      Discovery: { Providers: { searx: { Type: "searxng", BaseUrl: searx.url } } },
      // Each width adds the same recipes again: saved beside, without the "you already have it" question.
      Duplicates: { AskOnCommit: false },
    },
  });
  http = await serveApp(t.app);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
  await searx?.close();
});

// Each flow starts with no saved recipe (deleted ones are no duplicates to ask about).
afterEach(async () => {
  const all = await t.json("GET", "/api/recipes?pageSize=100");
  for (const r of all.body.items ?? []) await t.json("DELETE", `/api/recipes/${r.id}`);
});

/** Where the review says what the draft was read from. */
const fromLine = (page: Page, words: string) => page.locator("form.review > p.muted", { hasText: words });

/** No serious or critical axe finding on the screen as it is now. */
async function accessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

async function openAdd(width: number, height: number): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openPage(browser!, { width, height });
  await page.goto(`${http.base}/#/recipes`);
  await page.getByRole("heading", { name: "Recipes", level: 1 }).waitFor();
  await openFromNav(page, "Add a recipe");
  await page.getByRole("heading", { name: "Add a recipe", level: 1 }).waitFor();
  return { page, errors };
}

const review = (page: Page) => page.getByRole("heading", { name: "Review the draft" }).waitFor();

/** The source panel's text (opened first on a phone, where it is folded under the form). */
async function sourceText(page: Page): Promise<string> {
  const panel = page.getByRole("complementary");
  const box = panel.locator("details");
  if ((await box.getAttribute("open")) === null) await panel.locator("summary").click();
  await panel.locator("pre").waitFor();
  return (await panel.locator("pre").textContent()) ?? "";
}

describe.skipIf(!hasBrowser)("every way of adding a recipe ends in the same review", () => {
  for (const { width, height } of SCREEN_SIZES) {
    it(`typed text: read, reviewed beside its text, not copy-checked, edited and saved (${width} px)`, async () => {
      const { page, errors } = await openAdd(width, height);
      await accessible(page);
      await screenshot(page, `add-screen-${width}`);
      await page.getByLabel("The recipe's text").fill(CAKE_TEXT);
      await page.getByRole("button", { name: "Read this text" }).click();
      await page.getByRole("heading", { name: "Adding your recipe" }).waitFor();
      await review(page);
      expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Lemon Drizzle Cake");
      await fromLine(page, "From your text").waitFor();
      expect(await sourceText(page)).toContain("225 g caster sugar");
      // The cook's own words: no copy check, and the screen says why.
      await page.getByText(/These are your own words, so there is nothing to compare/).waitFor();
      expect(await page.getByText(/own words \(the copy|site's own words/).count()).toBe(0);
      await accessible(page);
      await screenshot(page, `add-text-review-${width}`);

      // Edit: add a line, move it up, remove another, then save.
      const rows = await page.locator(".ing-row").count();
      await page.getByRole("button", { name: "Add an ingredient" }).click();
      await page.locator(`#ing-${rows}-line`).fill("1 lemon, zested");
      await page.locator(`#ing-${rows}-line`).press("Tab");
      // Moving and removing are in each line's small menu.
      await page.getByRole("button", { name: `Move ingredient ${rows + 1} up` }).click();
      expect(await page.locator(`#ing-${rows - 1}-line`).inputValue()).toBe("1 lemon, zested");
      await page.locator("#ing-0-menu > summary").click();
      await page.getByRole("button", { name: "Remove ingredient 1" }).click();
      expect(await page.locator(".ing-row").count()).toBe(rows);
      await page.getByRole("button", { name: "Save recipe" }).click();
      await page.getByRole("heading", { name: "Lemon Drizzle Cake", level: 1 }).waitFor();
      await page.locator(".ingredients-view", { hasText: "lemon" }).waitFor();
      // A stand-in address is nobody's page: no "From import.invalid".
      expect(await page.getByText(/invalid/).count()).toBe(0);
      await accessible(page);
      await screenshot(page, `add-text-saved-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`a file someone else wrote is copy-checked; a video's captions are read (${width} px)`, async () => {
      const { page, errors } = await openAdd(width, height);
      await page.getByLabel("Someone else wrote this (a book, a magazine, a website)").nth(1).check();
      await page.getByLabel("Choose a file").setInputFiles({
        name: `cake-${width}.txt`,
        mimeType: "text/plain",
        buffer: Buffer.from(`${CAKE_TEXT}\n(copied from a magazine, ${width})`),
      });
      await review(page);
      await page
        .getByText(/are the site's own words|own words/)
        .first()
        .waitFor();
      await page.locator(".guard-box").waitFor();
      expect(await page.locator("li.flagged").count()).toBeGreaterThan(0);
      await accessible(page);
      await screenshot(page, `add-file-review-${width}`);
      await page.getByRole("radio", { name: "Keep for personal use" }).check();
      await page.getByRole("button", { name: "Save recipe" }).click();
      await page.getByRole("heading", { name: "Lemon Drizzle Cake", level: 1 }).waitFor();

      await openFromNav(page, "Add a recipe");
      await page.getByLabel("Choose a file").setInputFiles({
        name: "flatbread.vtt",
        mimeType: "text/vtt",
        buffer: Buffer.from(CAKE_VTT),
      });
      await review(page);
      expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Quick Flatbread");
      await fromLine(page, "From the video").waitFor();
      await screenshot(page, `add-captions-review-${width}`);
      await page.getByRole("button", { name: "Discard draft" }).click();
      await page.getByRole("heading", { name: "Add a recipe", level: 1 }).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`a photo is read and reviewed beside the text read from it (${width} px)`, async () => {
      const { page, errors } = await openAdd(width, height);
      await page.getByLabel("Take a photo").setInputFiles({
        name: "cake.png",
        mimeType: "image/png",
        buffer: recipePhoto(),
      });
      await page
        .getByText(/Reading the photo|Waiting to start|Working/)
        .first()
        .waitFor();
      await review(page);
      await fromLine(page, "From the photo").waitFor();
      expect(await sourceText(page)).toMatch(/caster sugar/i);
      await accessible(page);
      await screenshot(page, `add-photo-review-${width}`);
      await page.getByRole("button", { name: "Discard draft" }).click();
      await page.getByRole("heading", { name: "Add a recipe", level: 1 }).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`a search finds a page and reads it into the review; nonsense text fails in words (${width} px)`, async () => {
      const { page, errors } = await openAdd(width, height);
      await page.getByLabel("What would you like to cook?").fill("pancakes");
      await page.getByRole("button", { name: "Search and read" }).click();
      await review(page);
      expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Buttermilk Pancakes");
      expect(await sourceText(page)).toContain("Buttermilk");
      await accessible(page);
      await screenshot(page, `add-search-review-${width}`);
      await page.getByRole("button", { name: "Discard draft" }).click();
      await page.getByRole("heading", { name: "Add a recipe", level: 1 }).waitFor();

      await page.getByLabel("The recipe's text").fill("Remember to buy milk and bread tomorrow.");
      await page.getByRole("button", { name: "Read this text" }).click();
      await page.getByRole("heading", { name: "The import did not work" }).waitFor();
      await page.getByText(/No recipe was found in this text/).waitFor();
      expect(await page.getByText(/NO_RECIPE_FOUND|extraction_failed|this page/).count()).toBe(0);
      await accessible(page);
      await screenshot(page, `add-failed-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
