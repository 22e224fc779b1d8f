import { unzipSync } from "fflate";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { t as words } from "../../src/web/app/i18n/i18n.ts";
import { MESSAGES, internalWords } from "../../src/web/app/ui/messages.ts";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  openPage,
  SCREEN_SIZES,
  screenshot,
  serveApp,
  type ServedApp,
} from "../helpers/browser.ts";
import { CAKE_TEXT } from "../helpers/importFixtures.ts";
import { startSearchStub } from "../helpers/searchStubs.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

// Plain words on screen: what went wrong is said in a sentence with something to do, the
// server's own words (codes, settings, field paths, system errors) folded under "Details"; a recipe
// typed in says so in the list, on its page, in search and in the exports, never with the stand-in
// address it carries. Clicked through at 1280 and 390 px; screenshots plain-<screen>-<width>.png.

let t: TestLadle;
let searx: Awaited<ReturnType<typeof startSearchStub>>;
let http: ServedApp;
let browser: Browser | null = null;

beforeAll(async () => {
  searx = await startSearchStub("searxng");
  t = await startTestLadle({
    config: {
      Discovery: { Providers: { searx: { Type: "searxng", BaseUrl: searx.url } } },
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
  await searx?.close();
});
afterEach(async () => {
  const all = await t.json("GET", "/api/recipes?pageSize=100");
  for (const r of all.body.items ?? []) await t.json("DELETE", `/api/recipes/${r.id}`);
});

/** The words a person sees now: closed "Details" are not drawn, so innerText leaves them out. */
async function seenWords(page: Page): Promise<string[]> {
  return internalWords(await page.evaluate(() => document.body.innerText));
}

async function check(page: Page, shot: string): Promise<void> {
  expect(await seenWords(page), shot).toEqual([]);
  expect(await axeViolations(page), shot).toEqual([]);
  await screenshot(page, shot);
}

async function openAdd(width: number, height: number): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openPage(browser!, { width, height });
  await page.goto(`${http.base}/#/add`);
  await page.getByRole("heading", { name: "Add a recipe", level: 1 }).waitFor();
  return { page, errors };
}

describe.skipIf(!hasBrowser)(
  "what a person reads when something goes wrong, and where a recipe came from",
  () => {
    for (const { width, height } of SCREEN_SIZES) {
      it(`refusals and failures are sentences; the server's words wait under Details (${width} px)`, async () => {
        const { page, errors } = await openAdd(width, height);

        // An address the API refuses by its field ("payload.url: url must be an absolute http(s) URL").
        await page.getByLabel("Recipe page address").fill("ftp://example.test/cake");
        await page.getByRole("button", { name: "Import the page" }).click();
        const refusal = page.locator(".add-answer [role=alert]").first();
        await refusal.waitFor();
        expect(await refusal.textContent()).toContain(words(MESSAGES.E_URL_INVALID!));
        await check(page, `plain-refused-address-${width}`);
        await refusal.getByText("Details").click();
        await refusal.getByText(/payload\.url/).waitFor();

        // A search whose provider fails: "Search failed: searx: …" is the server's, not the cook's.
        searx.set({ status: 500, body: "upstream down" });
        await page.getByLabel("What would you like to cook?").fill("pancakes");
        await page.getByRole("button", { name: "Search and read" }).click();
        await page.getByRole("heading", { name: "The import did not work" }).waitFor();
        await page.getByText(words(MESSAGES.DISCOVERY_FAILED!)).waitFor();
        expect(await page.getByText(/Search failed/).isVisible()).toBe(false);
        await check(page, `plain-search-failed-${width}`);
        await page.getByText("Details", { exact: true }).click();
        await page.getByText(/Search failed/).waitFor();
        await screenshot(page, `plain-search-failed-details-${width}`);

        // A private address: the fetch policy's advice to the operator ("set LADLE_ALLOW_PRIVATE_HOSTS=…")
        // stays under Details; nothing is fetched.
        await page.goto(`${http.base}/#/add`);
        await page.getByLabel("Recipe page address").fill("http://10.11.12.13/cake");
        await page.getByRole("button", { name: "Import the page" }).click();
        await page
          .getByText("This address points inside a private network, which Ladle does not fetch.")
          .waitFor();
        await check(page, `plain-private-address-${width}`);
        expect(errors).toEqual([]);
        await page.close();
      });

      it(`a typed recipe says "Typed by you" in the list, on its page, in search and in exports (${width} px)`, async () => {
        const { page, errors } = await openAdd(width, height);
        await page.getByLabel("The recipe's text").fill(CAKE_TEXT);
        await page.getByRole("button", { name: "Read this text" }).click();
        await page.getByRole("heading", { name: "Review the draft" }).waitFor();
        await page.getByRole("button", { name: "Save recipe" }).click();
        await page.getByRole("heading", { name: "Lemon Drizzle Cake", level: 1 }).waitFor();
        await page
          .getByText(/Typed by you/)
          .first()
          .waitFor();
        expect(await page.getByText(/invalid/).count()).toBe(0);
        await check(page, `plain-typed-recipe-${width}`);

        await page.goto(`${http.base}/#/recipes`);
        const card = page.locator(".recipe-grid li", { hasText: "Lemon Drizzle Cake" });
        await card.waitFor();
        expect(await card.textContent()).toContain("Typed by you");
        await check(page, `plain-typed-list-${width}`);

        await page.goto(`${http.base}/#/search/all/${encodeURIComponent("lemon drizzle")}`);
        const hit = page.locator("li.hit", { hasText: "Lemon Drizzle Cake" });
        await hit.waitFor();
        expect(await hit.textContent()).toContain("Typed by you");
        await check(page, `plain-typed-search-${width}`);

        // The exports, as the Move in & out screen downloads them: named by what they hold, no stand-in address.
        await page.goto(`${http.base}/#/move`);
        const names: string[] = [];
        for (const label of ["Recipes as schema.org (zip)", "Printable cookbook"]) {
          const [download] = await Promise.all([
            page.waitForEvent("download"),
            page.getByRole("button", { name: label }).click(),
          ]);
          names.push(download.suggestedFilename());
          const bytes = readFileSync((await download.path())!);
          const text = label.endsWith("(zip)")
            ? Object.values(unzipSync(new Uint8Array(bytes)))
                .map((b) => new TextDecoder().decode(b))
                .join("\n")
            : bytes.toString("utf8");
          expect(text, label).toContain("Lemon Drizzle Cake");
          expect(text, label).not.toMatch(/import\.invalid|urn:ladle/);
          if (label === "Printable cookbook") {
            expect(text).toContain("<title>My cookbook</title>");
            expect(text).not.toContain("local's cookbook");
            expect(text).toContain("Typed by you");
          }
        }
        expect(new Set(names).size).toBe(names.length);
        expect(names.every((n) => /^ladle-.+-\d{4}-\d{2}-\d{2}\.\w+$/.test(n))).toBe(true);
        expect(errors).toEqual([]);
        await page.close();
      });
    }
  },
);
