import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

// A step's own title inside its group, in the review of a draft, driven by clicking in Debian's
// chromium at 1280 px (screenshots at 390 px too): seen over the step, edited and cleared in the step's menu, kept on
// save and shown on the recipe page. Screenshots as stepTitles-<screen>-<width>.png.

// The pancakes page with its steps in a named section, the first two titled.
const TITLED_HTML = PANCAKES_HTML.replace(
  /"recipeInstructions": \[[\s\S]*?\n {6}\]/,
  `"recipeInstructions": [
        { "@type": "HowToSection", "name": "The batter", "itemListElement": [
          { "@type": "HowToStep", "name": "Dry mix", "text": "Whisk the flour, sugar and baking powder in a large bowl." },
          { "@type": "HowToStep", "name": "Wet mix", "text": "Beat the buttermilk, eggs and melted butter, then fold into the dry mix." },
          { "@type": "HowToStep", "text": "Cook ladlefuls on a hot griddle until bubbles form, flip, and cook until golden." }
        ] }
      ]`,
);

let t: TestLadle;
let site: FixtureServer;
let http_: ServedApp;
let browser: Browser | null = null;

beforeAll(async () => {
  site = await startFixtureServer({ "/titled": { body: TITLED_HTML } });
  t = await startTestLadle();
  http_ = await serveApp(t.app);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http_?.close();
  await t?.close();
  await site?.close();
});

/** Opens step `i`'s small menu (its group, its title, move, remove). */
async function stepMenu(page: Page, i: number): Promise<void> {
  if ((await page.locator(`#step-${i}-menu`).getAttribute("open")) === null)
    await page.locator(`#step-${i}-menu > summary`).click();
}

/** A screenshot of the screen at each width (a phone's, then back to the wide one). */
async function both(page: Page, screen: string): Promise<void> {
  for (const size of [...SCREEN_SIZES].reverse()) {
    await page.setViewportSize(size);
    await screenshot(page, `stepTitles-${screen}-${size.width}`);
  }
}

describe.skipIf(!hasBrowser)("a step's title", () => {
  it("is seen, edited and cleared in the review, and kept on save", async () => {
    const ctx = await browser!.newContext({ viewport: SCREEN_SIZES[0] });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(http_.base + "/");
    await page.getByLabel("Recipe page address").fill(`${site.origin}/titled`);
    await page.getByRole("button", { name: "Import the page" }).click();
    await page.getByRole("heading", { name: "Review the draft" }).waitFor();

    // The titles read from the page, over their steps, without opening a menu.
    const label = (i: number) => page.locator(`#step-li-${i} .step-label`);
    await expect(label(0).textContent()).resolves.toBe("Dry mix");
    await expect(label(1).textContent()).resolves.toBe("Wet mix");
    await expect(label(2).isVisible()).resolves.toBe(false);

    // Rename one, clear another, give the third one, each in its menu beside its group.
    await stepMenu(page, 0);
    expect(await page.getByLabel("Step 1 group").inputValue()).toBe("The batter");
    await page.getByLabel("Step 1 title").fill("The dry mix");
    await expect(label(0).textContent()).resolves.toBe("The dry mix");
    await page.locator("#step-0-menu > summary").click();
    await stepMenu(page, 1);
    await page.getByLabel("Step 2 title").fill("");
    await expect(label(1).isVisible()).resolves.toBe(false);
    await page.locator("#step-1-menu > summary").click();
    await stepMenu(page, 2);
    await page.getByLabel("Step 3 title").fill("Cook");
    expect(await axeViolations(page)).toEqual([]);
    // The same screen on a phone: the menu's panel over the steps.
    await both(page, "review");
    await page.locator("#step-2-menu > summary").click();

    await page.getByRole("button", { name: "Save recipe" }).click();
    await page.getByRole("heading", { name: "Buttermilk Pancakes", level: 1 }).waitFor();
    await page.locator(".steps-view li strong", { hasText: "The dry mix" }).waitFor();
    await both(page, "recipe");
    const [{ id }] = (await t.json("GET", "/api/recipes")).body.items;
    const saved = await t.json("GET", `/api/recipes/${id}`);
    expect(saved.body.instructions).toEqual([
      expect.objectContaining({ section: "The batter", title: "The dry mix" }),
      expect.not.objectContaining({ title: expect.anything() }),
      expect.objectContaining({ section: "The batter", title: "Cook" }),
    ]);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
