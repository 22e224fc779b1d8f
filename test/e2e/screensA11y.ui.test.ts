import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePage } from "../helpers/articlePages.ts";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  openPage,
  SCREEN_SIZES,
  screenshot,
  serveApp,
  type ServedApp,
  waitSignedIn,
} from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_VERBATIM_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

// Accessible on every screen: each screen of the app, with real data behind it (a
// saved recipe, a draft waiting for review, a bookmark, an article), at 1280 and 390 px: axe finds
// no serious or critical violation, nothing overflows the phone's width, and a screenshot of each
// is saved as a11y-<screen>-<width>.png for people to look at.

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let browser: Browser | null = null;
let cook: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_VERBATIM_HTML },
    "/waffles": { body: PANCAKES_VERBATIM_HTML.replaceAll("Pancakes", "Waffles") },
    "/bread": { body: articlePage({ body: "<p>Sourdough asks for patience and warm water.</p>" }) },
    "/knives": { body: "<html><head><title>Knife care</title></head><body><p>Hone often.</p></body></html>" },
  });
  t = await startTestLadle();
  cook = await createTestUser(t, { name: "cook" });
  await t.ladle.signIn.setPassword(cook.id, "a long enough password");
  const as = (method: string, path: string, body?: unknown) => t.json(method, path, body, cook.headers);
  const task = async (path: string) => {
    const r = await as("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}${path}` },
    });
    await t.waitTask(r.body.taskId, (s) => s === "ReviewReady", 60_000, cook.headers);
    return r.body.taskId as string;
  };
  const committed = await task("/pancakes");
  ids.recipe = (
    await as("POST", "/api/recipes/import", { taskId: committed, acknowledgeGuardrail: true })
  ).body.recipe.id;
  ids.draft = await task("/waffles");
  await as("POST", "/api/v1/items", { url: `${site.origin}/knives` });
  ids.article = (await as("POST", "/media/web-articles", { url: `${site.origin}/bread` })).body.data.id;
  http = await serveApp(t.app);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
});

/** Each screen: its hash, a name for the screenshot, and a heading or text that says it is drawn. */
const SCREENS = (): { hash: string; name: string; shows: RegExp }[] => [
  { hash: "#/", name: "import", shows: /Add a recipe/ },
  { hash: `#/tasks/${ids.draft}`, name: "review", shows: /Ingredients/ },
  { hash: "#/recipes", name: "recipes", shows: /Pancakes/ },
  { hash: `#/recipes/${ids.recipe}`, name: "recipe", shows: /Pancakes/ },
  { hash: `#/recipes/${ids.recipe}/edit`, name: "edit", shows: /Edit “/ },
  { hash: "#/bookmarks", name: "bookmarks", shows: /Knife care|Bookmarks/ },
  { hash: "#/find", name: "find", shows: /Find/ },
  { hash: "#/articles", name: "articles", shows: /Articles/ },
  { hash: `#/articles/${ids.article}`, name: "article", shows: /Slow Bread/ },
  { hash: "#/feeds", name: "feeds", shows: /Feeds/ },
  { hash: "#/plan", name: "plan", shows: /Plan|week/i },
  { hash: "#/shopping", name: "shopping", shows: /Shopping/ },
  { hash: "#/move", name: "move", shows: /Move/ },
  { hash: "#/status", name: "status", shows: /Status|queue/i },
  { hash: "#/backups", name: "backups", shows: /Backups/ },
  { hash: "#/storage", name: "storage", shows: /Storage/ },
  { hash: "#/search/all/pancakes", name: "search", shows: /Pancakes/ },
  { hash: "#/libraries", name: "libraries", shows: /Libraries/ },
  { hash: "#/people", name: "people", shows: /Your API tokens/ },
  { hash: "#/account", name: "account", shows: /Your account/ },
];

describe.skipIf(!hasBrowser)("every screen, accessible at both widths", () => {
  it("has no serious or critical axe violation and no sideways scrolling on a phone", async () => {
    const { page, errors } = await openPage(browser!, SCREEN_SIZES[0]);
    await page.goto(`${http.base}/#/`);
    await page.getByLabel("Name").fill("cook");
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await waitSignedIn(page, "cook");
    const found: string[] = [];
    for (const s of SCREENS()) {
      for (const size of SCREEN_SIZES) {
        await page.setViewportSize(size);
        await page.goto(`${http.base}/${s.hash}`);
        await page.locator("main").getByText(s.shows).filter({ visible: true }).first().waitFor();
        // Screens draw in steps (data, then panels): wait until nothing is still loading.
        await page.waitForFunction(() => !/Loading…/.test(document.querySelector("main")?.textContent ?? ""));
        for (const v of await axeViolations(page)) found.push(`${s.name} @${size.width}: ${v}`);
        if (size.width < 600) {
          const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (wide > 1) found.push(`${s.name} @${size.width}: ${wide}px wider than the phone`);
        }
        await screenshot(page, `a11y-${s.name}-${size.width}`);
      }
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
