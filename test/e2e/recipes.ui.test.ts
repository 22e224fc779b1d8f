import type http from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import {
  PANCAKES_HTML,
  PANCAKES_VERBATIM_HTML,
  startTestLadle,
  type TestLadle,
} from "../helpers/testLadle.ts";

// The review experience driven by clicking, in Debian's chromium, at 1280 and at 390 px (each width
// on its own server): import, edit ingredients, acknowledge the guardrail, save, find, scale, edit
// later, delete, restore; the inbox after reopening; progress and cancel. axe on every screen, and
// a screenshot of each as recipes-<screen>-<width>.png.

let t: TestLadle;
let site: FixtureServer;
let http_: ServedApp;
let base: string;
let browser: Browser | null = null;
let releaseSlow: (() => void) | null = null;

beforeAll(async () => {
  site = await startFixtureServer({
    "/verbatim": { body: PANCAKES_VERBATIM_HTML },
    "/pancakes": { body: PANCAKES_HTML },
    // The recipe only in the page's data, no text on the page itself: the copy check cannot run.
    "/shell": { body: PANCAKES_HTML.replace(/<body>[\s\S]*<\/body>/, '<body><div id="app"></div></body>') },
    "/slow": (_req: http.IncomingMessage, res: http.ServerResponse) => {
      releaseSlow = () => {
        releaseSlow = null;
        res.writeHead(200, { "content-type": "text/html" }).end(PANCAKES_HTML);
      };
    },
  });
  browser = await launchBrowser();
  // Starting a browser takes a while on a busy machine.
});
afterAll(async () => {
  releaseSlow?.();
  await browser?.close();
  await site?.close();
});

let size: { width: number; height: number } = SCREEN_SIZES[0];

/** The current screen: no serious or critical axe finding, and a screenshot at this width. */
async function shot(page: Page, screen: string): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, `recipes-${screen}-${size.width}`);
}

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const ctx = await browser!.newContext({ viewport: size });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { page, errors };
}

const qtyOf = (page: Page, i: number) => page.locator(`#ing-${i}-qty`).inputValue();
/** Opens ingredient row `i`'s small menu (the line as written, Read again, move, remove). */
async function rowMenu(page: Page, i: number): Promise<void> {
  if ((await page.locator(`#ing-${i}-menu`).getAttribute("open")) === null)
    await page.locator(`#ing-${i}-menu > summary`).click();
}

describe.skipIf(!hasBrowser).each(SCREEN_SIZES)("recipes in a browser at $width px", (viewport) => {
  beforeAll(async () => {
    size = viewport;
    t = await startTestLadle();
    http_ = await serveApp(t.app);
    base = http_.base;
  });
  afterAll(async () => {
    http_?.close();
    await t?.close();
  });

  it("imports, edits ingredients, keeps copied steps for personal use, saves, finds, scales, deletes and restores", async () => {
    const { page, errors } = await newPage();
    await page.goto(base + "/");
    await page.getByRole("heading", { name: /Drafts waiting for review/ }).waitFor();
    // No language model on this server: nothing to choose, so no prompt box at all.
    await expect(page.getByText("Choices for the language model").count()).resolves.toBe(0);
    await shot(page, "import");

    await page.getByLabel("Recipe page address").fill(`${site.origin}/verbatim`);
    await page.getByRole("button", { name: "Import the page" }).click();
    await page.getByRole("heading", { name: "Review the draft" }).waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Buttermilk Pancakes");
    // The page's own text beside the draft (folded under it on a phone).
    const source = page.getByRole("complementary");
    if ((await source.locator("details").getAttribute("open")) === null)
      await source.locator("summary").click();
    await source.locator("pre", { hasText: "Whisk the flour" }).waitFor();
    // Plain-language guardrail finding at the steps, with provenance badges.
    await page.getByText("Steps 1-3 are the site's own words.").waitFor();
    expect(await page.locator(".prov", { hasText: "recipe data" }).count()).toBeGreaterThan(0);
    expect(await page.locator("li.flagged").count()).toBe(3);

    const first = await page.locator("#ing-0-line").inputValue();
    const count = await page.locator(".ing-row").count();
    // Add an ingredient and have the server read it.
    await page.getByRole("button", { name: "Add an ingredient" }).click();
    const added = page.locator(`#ing-${count}-line`);
    await expect(added.evaluate((e) => e === document.activeElement)).resolves.toBe(true);
    await added.fill("2 tbsp maple syrup, warmed");
    await added.press("Tab");
    await page.waitForFunction(
      (i) => (document.getElementById(`ing-${i}-unit`) as HTMLInputElement)?.value === "tbsp",
      count,
    );
    expect(await qtyOf(page, count)).toBe("2");
    expect(await page.locator(`#ing-${count}-name`).inputValue()).toBe("maple syrup");
    // Re-parse an edited line (in the row's menu): the parts follow, the page's line stays visible.
    await rowMenu(page, 0);
    await page.locator("#ing-0-line").fill("3 cups flour");
    await page.locator("#ing-0-menu").getByRole("button", { name: "Read again" }).click();
    await page.waitForFunction(
      () => (document.getElementById("ing-0-qty") as HTMLInputElement).value === "3",
    );
    await page.getByText(`On the page: ${first}`).waitFor();
    // Reorder with the keyboard-reachable buttons of the row's menu, then remove.
    await rowMenu(page, count);
    await page.getByRole("button", { name: `Move ingredient ${count + 1} up` }).click();
    expect(await page.locator(`#ing-${count - 1}-line`).inputValue()).toBe("2 tbsp maple syrup, warmed");
    await rowMenu(page, 1);
    await page.getByRole("button", { name: "Remove ingredient 2" }).click();
    expect(await page.locator(".ing-row").count()).toBe(count);
    await shot(page, "review");

    // The copy check is a choice beside Save, asked before saving (in view, not a refusal later)...
    await page.getByRole("button", { name: "Save recipe" }).click();
    await page
      .getByText("First choose beside Save: keep the site's words for personal use, or rewrite them.")
      .waitFor();
    // ...and one click keeps them for personal use.
    await page.getByRole("radio", { name: "Keep for personal use" }).check();
    await page.locator(".more-fields > summary").click();
    await page.getByLabel("Servings", { exact: true }).fill("4");
    await page.getByRole("button", { name: "Save recipe" }).click();
    await page.getByRole("heading", { name: "Buttermilk Pancakes", level: 1 }).waitFor();
    await page.getByText("3 cups flour").waitFor();
    const recipeUrl = page.url();
    // Scale: 8 servings doubles the quantities.
    await page.getByLabel("Cook for how many servings?").fill("8");
    await page.locator(".ingredients-view li", { hasText: /^6 cups? flour/ }).waitFor();
    // 2 tbsp doubled is said the way a cook measures it.
    await page.locator(".ingredients-view", { hasText: "¼ cup maple syrup" }).waitFor();
    await shot(page, "recipe");

    // Edit it later (the review's editor): a new version, the earlier one kept in its history.
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.getByRole("heading", { name: "Edit “Buttermilk Pancakes”" }).waitFor();
    await shot(page, "edit");
    await page.getByLabel("Name", { exact: true }).fill("Buttermilk Pancakes for a crowd");
    const stepCount = await page.locator("ol.steps > li").count();
    await page.getByRole("button", { name: "Add a step" }).click();
    await page.locator(`#step-${stepCount}`).fill("Serve with warm syrup.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("heading", { name: "Buttermilk Pancakes for a crowd", level: 1 }).waitFor();
    await page.locator(".steps-view li", { hasText: "Serve with warm syrup." }).waitFor();
    await page.getByText(/History \(2 versions\)/).click();
    await page.locator("details.versions li", { hasText: " · edited" }).waitFor();

    // Find it in the list by searching.
    await openFromNav(page, "Recipes");
    await page.getByLabel("Search recipes").fill("buttermilk");
    await page.getByRole("button", { name: "Search" }).click();
    await page
      .locator("#app")
      .getByText(/^1 found\./)
      .waitFor();
    await shot(page, "list");
    await page.getByRole("link", { name: /Buttermilk Pancakes/ }).click();
    await page.getByRole("heading", { name: "Buttermilk Pancakes for a crowd", level: 1 }).waitFor();
    expect(page.url()).toBe(recipeUrl);

    // Delete, see it gone from the list, restore it.
    await page.getByRole("button", { name: "Delete" }).click();
    // Asked first; "Keep it" takes it back, "Yes, delete" deletes.
    await page.getByRole("button", { name: "Keep it" }).click();
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await page.getByText(/This recipe is deleted. You can restore it until/).waitFor();
    await shot(page, "deleted");
    await openFromNav(page, "Recipes");
    await page.getByText(/Nothing saved yet/).waitFor();
    await page.getByText("Recently deleted (1)").click();
    await page.getByRole("button", { name: "Restore Buttermilk Pancakes for a crowd" }).click();
    await page.getByRole("heading", { name: "Buttermilk Pancakes for a crowd", level: 1 }).waitFor();
    expect(await page.getByText(/This recipe is deleted/).count()).toBe(0);
    const stored = await t.json("GET", "/api/recipes");
    expect(stored.body.items[0]).toMatchObject({
      name: "Buttermilk Pancakes for a crowd",
      servings: 4,
      deletedAt: null,
    });
    expect(stored.body.items[0].guardrailOverride).toBeTruthy();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("keeps drafts in the inbox after the page is closed and reopened", async () => {
    const a = await newPage();
    await a.page.goto(base + "/");
    // The same page as the recipe saved above.
    await a.page.getByLabel("Recipe page address").fill(`${site.origin}/verbatim`);
    await a.page.getByRole("button", { name: "Import the page" }).click();
    await a.page.getByRole("heading", { name: "Review the draft" }).waitFor();
    await a.page.context().close();

    const b = await newPage();
    await b.page.goto(base + "/");
    await b.page.getByRole("heading", { name: /Drafts waiting for review \(\d\)/ }).waitFor();
    await b.page
      .getByText(/expires in 7 days/)
      .first()
      .waitFor();
    await shot(b.page, "inbox");
    await b.page.locator(".inbox a", { hasText: "Buttermilk Pancakes" }).first().click();
    await b.page.getByRole("heading", { name: "Review the draft" }).waitFor();
    // The page is already a recipe: saving asks whether to update it, keep both or drop the draft.
    await b.page.getByRole("heading", { name: "You already have this" }).waitFor();
    await b.page.getByRole("button", { name: "Save recipe" }).click();
    await b.page.getByText(/You already have this recipe: choose above/).waitFor();
    await shot(b.page, "duplicate");
    await b.page.getByRole("radio", { name: "Keep for personal use" }).check();
    await b.page.getByRole("button", { name: "Update the one I have" }).click();
    await b.page.getByRole("heading", { name: "Buttermilk Pancakes", level: 1 }).waitFor();
    await b.page.getByText("History (3 versions)").click();
    // In the page's History (the tidy-up panel's list of versions says the same words).
    await b.page
      .locator("details.versions")
      .getByText(/replaced by a new import/)
      .waitFor();
    expect((await t.json("GET", "/api/recipes")).body.total).toBe(1);
    expect(b.errors).toEqual([]);
    await b.page.context().close();
  });

  it("shows progress in words and cancels a running import", async () => {
    const { page, errors } = await newPage();
    await page.goto(base + "/");
    await page.getByLabel("Recipe page address").fill(`${site.origin}/slow`);
    await page.getByRole("button", { name: "Import the page" }).click();
    await page.locator(".phase", { hasText: "Fetching the page…" }).waitFor();
    await page.getByText(`${site.origin}/slow`).first().waitFor();
    await shot(page, "progress");
    await page.getByRole("button", { name: "Cancel this import" }).click();
    await page.getByRole("heading", { name: "Import cancelled" }).waitFor();
    await page.getByText("You cancelled this import.").first().waitFor();
    await shot(page, "cancelled");
    releaseSlow?.();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("says the copy check was not done when the page showed no text of its own", async () => {
    const { page, errors } = await newPage();
    await page.goto(base + "/");
    await page.getByLabel("Recipe page address").fill(`${site.origin}/shell`);
    await page.getByRole("button", { name: "Import the page" }).click();
    await page.getByRole("heading", { name: "Review the draft" }).waitFor();
    await page.getByText(/We could not compare this recipe's wording with the page/).waitFor();
    expect(await page.locator("li.flagged").count()).toBe(0);
    await shot(page, "not-checked");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
