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
import { CAKE_TEXT, CAKE_VTT } from "../helpers/importFixtures.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

let t: TestLadle;
let http: ServedApp;
let base: string;
let browser: Browser | null = null;

beforeAll(async () => {
  t = await startTestLadle();
  http = await serveApp(t.app);
  base = http.base;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
});

async function open(width: number, height: number): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openPage(browser!, { width, height });
  await page.goto(base + "/");
  await openFromNav(page, "Add from file or text");
  await page.getByRole("heading", { name: "Add a recipe from a link, file or text" }).waitFor();
  return { page, errors };
}

describe.skipIf(!hasBrowser)("Add from file or text, in a browser", () => {
  for (const { width, height } of SCREEN_SIZES) {
    it(`pastes text, follows progress and shows the recipe beside its source (${width}px)`, async () => {
      const { page, errors } = await open(width, height);
      await screenshot(page, `imports-add-${width}`);
      await page.getByLabel("Paste a recipe").fill(`${CAKE_TEXT}\n(${width})`);
      await page.getByRole("button", { name: "Read this text" }).click();
      await page.getByRole("heading", { name: "Lemon Drizzle Cake" }).waitFor({ timeout: 30_000 });
      const source = page.getByRole("region", { name: "Original text" });
      expect(await source.textContent()).toContain("225 g caster sugar");
      const recipe = page.getByRole("region", { name: "Recipe" });
      expect(await recipe.getByRole("listitem").filter({ hasText: "4 eggs" }).count()).toBe(1);
      expect(await page.locator("progress").getAttribute("value")).toBe("100");
      // The cook's own words are not put through the copy check, and the screen says so.
      await page.getByText("Your own words: the copy check is only for what someone else wrote.").waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `imports-result-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    }, 90_000);
  }

  it("puts text the cook marks as someone else's through the copy check", async () => {
    const { page, errors } = await open(1280, 800);
    await page.getByLabel("Paste a recipe").fill(`${CAKE_TEXT}\n(typed from a library book)`);
    await page.getByLabel("Someone else wrote this (a book, a magazine, a website)").first().check();
    await page.getByRole("button", { name: "Read this text" }).click();
    await page.getByRole("heading", { name: "Lemon Drizzle Cake" }).waitFor({ timeout: 30_000 });
    await page.getByText("Parts of the steps are copied word for word from the source").waitFor();
    await screenshot(page, "imports-result-theirs-1280");
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it("keeps the screen a cook opened while the previous one was still loading", async () => {
    const { page, errors } = await openPage(browser!, { width: 1280, height: 800 });
    // The home screen waits for the server (held back here) before it shows itself.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/tasks/options", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(base + "/");
    await page.getByRole("link", { name: "Add from file or text" }).click();
    const add = page.getByRole("heading", { name: "Add a recipe from a link, file or text" });
    await add.waitFor();
    const answered = page.waitForResponse((r) => r.url().includes("/api/tasks/options"));
    release();
    await answered;
    // Let the home screen's late render run its course; it must not take the screen back.
    await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
    expect(await add.isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Import a recipe" }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("takes a captions file from the file picker and explains a failure in plain words", async () => {
    const { page, errors } = await open(1280, 800);
    await page.locator("#imp-file").setInputFiles({
      name: "flatbread.vtt",
      mimeType: "text/vtt",
      buffer: Buffer.from(CAKE_VTT),
    });
    await page.getByRole("heading", { name: "Quick Flatbread" }).waitFor({ timeout: 30_000 });
    expect(await page.getByText("read from the captions").count()).toBe(1);

    await page.getByRole("link", { name: "← Add another" }).click();
    await page.getByLabel("Paste a recipe").fill("Remember to buy milk and bread tomorrow.");
    await page.getByRole("button", { name: "Read this text" }).click();
    await page.getByText("We couldn't find a recipe").waitFor({ timeout: 30_000 });
    expect(await page.getByText("extraction_failed").count()).toBe(0);
    await screenshot(page, "imports-failed-1280");

    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { name: "Your recent imports" }).waitFor();
    expect(await page.getByText("not added").count()).toBeGreaterThanOrEqual(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);
});
