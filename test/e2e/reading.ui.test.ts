import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePage } from "../helpers/articlePages.ts";
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
  waitSignedIn,
} from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser } from "../helpers/users.ts";

// The reading side at 1280 and 390 px: sign in, save a bookmark, save and read an
// article, share a library with someone, all by clicking from the top bar (the Menu on a phone).
// axe on every screen; screenshots as reading-<screen>-<width>.png. The bookmarks, articles and
// people tests go deeper into each screen.

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let browser: Browser | null = null;

beforeAll(async () => {
  site = await startFixtureServer({
    "/bread": { body: articlePage({ title: "The Slow Bread Movement" }) },
    "/soup": { body: articlePage({ title: "A Winter of Soups" }) },
  });
  // The article is read from the plain page (rendering is the articles tests' subject).
  t = await startTestLadle({ config: { Articles: { Render: "never" } } });
  for (const name of ["cook", "friend"]) {
    const u = await createTestUser(t, { name });
    await t.ladle.signIn.setPassword(u.id, `${name}'s long password`);
  }
  http = await serveApp(t.app);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
});

async function shot(page: Page, screen: string, width: number): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, `reading-${screen}-${width}`);
}

describe.skipIf(!hasBrowser)("reading and sharing, clicked through", () => {
  for (const { width, height } of SCREEN_SIZES) {
    it(`signs in, saves a bookmark, reads an article and shares a library (${width} px)`, async () => {
      const { page, errors } = await openPage(browser!, { width, height });
      await page.goto(`${http.base}/#/`);
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      await shot(page, "signin", width);
      await page.getByLabel("Name").fill("cook");
      await page.getByLabel("Password").fill("cook's long password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await waitSignedIn(page, "cook");

      await openFromNav(page, "Bookmarks");
      await page.getByRole("heading", { name: "Bookmarks", level: 1 }).waitFor();
      await page.getByLabel("Link").fill(`${site.origin}/soup?w=${width}`);
      await page.getByRole("button", { name: "Save bookmark" }).click();
      await page.locator(".bm-card", { hasText: "A Winter of Soups" }).waitFor();
      await shot(page, "bookmark", width);

      await openFromNav(page, "Articles");
      await page.getByRole("heading", { name: "Articles", level: 1 }).waitFor();
      await page.getByLabel("Article address").fill(`${site.origin}/bread?w=${width}`);
      await page.getByRole("button", { name: "Save article" }).click();
      const link = page.getByRole("link", { name: "The Slow Bread Movement" }).first();
      await link.waitFor();
      await link.click();
      await page.getByRole("heading", { name: "The Slow Bread Movement", level: 1 }).waitFor();
      await page.frameLocator("iframe.reader").getByText("Sourdough asks for patience").waitFor();
      await shot(page, "article", width);

      await openFromNav(page, "Libraries");
      const library = `Soup club ${width}`;
      await page.getByLabel("Name", { exact: true }).fill(library);
      await page.getByRole("button", { name: "Start it" }).click();
      await page.getByRole("heading", { name: library }).waitFor();
      // The new library's own card (the other width's library is listed too).
      const card = page.locator("section.card", { has: page.getByRole("heading", { name: library }) });
      await card.getByLabel("Add someone by the name they sign in with").fill("friend");
      await card.getByLabel("They may").selectOption("editor");
      await card.getByRole("button", { name: "Add", exact: true }).click();
      await page
        .getByRole("list", { name: `People in ${library}` })
        .getByText("friend")
        .waitFor();
      await shot(page, "library", width);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
