import { mkdirSync, writeFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zRecipe } from "../../src/domain/recipe.ts";
import { parseIngredientList } from "../../src/extract/ingredients.ts";
import { RecipesRepo } from "../../src/storage/recipes.repo.ts";
import { webBundle } from "../../src/web/buildApp.ts";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  openUserMenu,
  screenshot,
  serveApp,
  SCREEN_SIZES,
  type ServedApp,
} from "../helpers/browser.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

// Installable and quick: the first screen's time from navigation with a cold cache (the
// Performance API mark the app sets, written to test-results/ for the note, never asserted: timings
// are measured, not tested), a recipe the cook opened readable with the network gone, and signing
// out forgets what was kept.

let t: TestLadle;
let http: ServedApp;
let browser: Browser | null = null;
let cook: TestUser;
const recipeId = randomUUID();

beforeAll(async () => {
  t = await startTestLadle({ worker: false });
  cook = await createTestUser(t, { name: "cook" });
  await t.ladle.signIn.setPassword(cook.id, "a long enough password");
  const doc = zRecipe.parse({
    name: "Lemon Barley Soup",
    ingredients: parseIngredientList(["1 cup pearl barley", "2 lemons", "1 litre stock"]),
    instructions: [{ text: "Simmer the barley in the stock." }, { text: "Finish with lemon." }],
  });
  await new RecipesRepo(t.ladle.database.db).insert({
    id: recipeId,
    name: doc.name,
    document: { ...doc, id: recipeId },
    sourceUrl: `https://soup.example/${recipeId}`,
    sourceUrlKey: null,
    taskId: null,
    at: new Date(),
    ownerId: cook.id,
  });
  // As `ladle serve` does before it listens: the bundle is built once, not on the first visit.
  await webBundle();
  http = await serveApp(t.app);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
});

describe.skipIf(!hasBrowser)("the web app offline", () => {
  it("times its first screen cold, keeps an opened recipe readable offline, forgets it on sign-out", async () => {
    const timings: Record<string, number> = {};
    for (const size of SCREEN_SIZES) {
      // A new context per size: nothing cached, no service worker yet.
      const cold = await browser!.newContext({ viewport: size });
      const page = await cold.newPage();
      await page.goto(`${http.base}/#/recipes`);
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      timings[`signin-${size.width}`] = await page.evaluate(
        () => performance.getEntriesByName("ladle:first-screen")[0]?.startTime ?? -1,
      );
      await cold.close();
    }
    const b = await webBundle();
    mkdirSync("test-results", { recursive: true });
    writeFileSync(
      "test-results/first-screen.json",
      JSON.stringify(
        {
          firstScreenMs: timings,
          appBytes: b.app.length,
          appGzipBytes: gzipSync(b.app).length,
          swBytes: b.sw.length,
        },
        null,
        2,
      ),
    );

    const ctx = await browser!.newContext({ viewport: SCREEN_SIZES[1] });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${http.base}/#/recipes`);
    await page.getByLabel("Name").fill("cook");
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("link", { name: "Lemon Barley Soup" }).first().waitFor();
    // The worker takes the page over once installed (clients.claim): from then on it keeps what is read.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
    await page.getByRole("link", { name: "Lemon Barley Soup" }).first().click();
    await page.getByRole("heading", { name: "Lemon Barley Soup" }).waitFor();
    await page.waitForFunction(
      async (id) => {
        const c = await caches.open("ladle-data");
        return (await c.keys()).some((r) => new URL(r.url).pathname === `/api/recipes/${id}`);
      },
      recipeId,
      { polling: 100 },
    );

    await ctx.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { name: "Lemon Barley Soup" }).waitFor();
    await page.getByText("1 cup pearl barley").first().waitFor();
    await page.getByText("Simmer the barley in the stock.").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "offline-recipe-390");

    await ctx.setOffline(false);
    // Sign out sits in the user menu (inside the phone's Menu at this width).
    await openUserMenu(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await page.waitForFunction(async () => !(await caches.has("ladle-data")), undefined, { polling: 100 });
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
