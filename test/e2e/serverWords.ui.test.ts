// What the server writes for a person, said in the person's language on screen: a German cook (their
// settings and their browser say German) imports a page at 390 px whose draft has things to check
// (no preparation or cooking time) and steps copied from the site; the check's notes and the copy
// check's finding are German, and so is why an import of a missing page failed. Screenshots
// words-de-review-390.png and words-de-error-390.png.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  openPage,
  screenshot,
  serveApp,
  type ServedApp,
} from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_VERBATIM_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

const catalogue = (lang: string, ns: string): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../src/web/app/i18n/${lang}/${ns}.json`, import.meta.url), "utf8"),
  ) as Record<string, string>;
const DE_MESSAGES = catalogue("de", "messages");
const DE_CHECKS = catalogue("de", "checks");

// The page without its times: the draft's check asks for them.
const NO_TIMES_HTML = PANCAKES_VERBATIM_HTML.replace('"prepTime": "PT10M",', "").replace(
  '"cookTime": "PT15M",',
  "",
);

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let browser: Browser | null = null;

beforeAll(async () => {
  site = await startFixtureServer({ "/copied": { body: NO_TIMES_HTML } });
  t = await startTestLadle({ config: { Duplicates: { AskOnCommit: false } } });
  const set = await t.json("PATCH", "/api/session/settings", { language: "de" });
  expect(set.status).toBe(200);
  http = await serveApp(t.app);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
});

/** Imports `url` from the Add screen, as a cook does. */
async function importPage(page: Page, url: string): Promise<void> {
  await page.goto(`${http.base}/#/add`);
  await page.locator("#url").fill(url);
  await page.getByRole("button", { name: "Seite importieren" }).click();
}

/** Nothing wider than the phone's screen. */
async function expectNoOverflow(page: Page, name: string): Promise<void> {
  const o = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    inner: window.innerWidth,
    wide: [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} ${e.textContent?.slice(0, 40)}`),
  }));
  expect(o.scroll, `${name}: ${o.wide.join(" | ")}`).toBeLessThanOrEqual(o.inner);
}

describe.skipIf(!hasBrowser)("the server's words in German at 390 px", () => {
  it("says the draft's checks and the copy check's finding in German", async () => {
    const { page, errors } = await openPage(browser!, { width: 390, height: 844 }, "de-DE");
    await importPage(page, `${site.origin}/copied`);
    await page.getByRole("heading", { name: "Entwurf durchsehen" }).waitFor({ timeout: 120_000 });

    // The things to check, listed at the top and at their fields.
    const summary = page.locator(".summary details");
    await summary.waitFor();
    await summary.locator("summary").click();
    const notes = (await summary.locator("li").allTextContents()).map((s) => s.trim());
    expect(notes).toEqual(expect.arrayContaining([DE_CHECKS.prepUnknown, DE_CHECKS.cookUnknown]));
    expect(notes.join(" ")).not.toMatch(/\b(is not known|the|check)\b/);
    await expect
      .poll(async () => (await page.locator(".field-note .warning").allTextContents()).join("\n"))
      .toContain(DE_CHECKS.prepUnknown);

    // The copy check's finding, with whose words they are.
    const finding = page.locator(".guard-why > summary");
    await finding.waitFor();
    const said = (await finding.textContent()) ?? "";
    expect(said).toMatch(
      /^Schritte 1, 2 und 3 sind der eigene Wortlaut der Website\.|^Schritte 1-3 sind der eigene Wortlaut der Website\./,
    );
    expect(said).not.toMatch(/site's own words|Steps? \d/);

    await expectNoOverflow(page, "review");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "words-de-review-390");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("says why an import failed in German", async () => {
    const { page, errors } = await openPage(browser!, { width: 390, height: 844 }, "de-DE");
    await importPage(page, `${site.origin}/missing`);
    const alert = page.locator(".error[role=alert]").first();
    await alert.waitFor({ timeout: 120_000 });
    const text = (
      (await alert.locator("p").first().textContent()) ??
      (await alert.textContent()) ??
      ""
    ).trim();
    // One of the table's German sentences, not the server's English words.
    expect(Object.values(DE_MESSAGES)).toContain(text);
    expect(text).not.toMatch(/\b(the|page|could not|answered)\b/i);
    await expectNoOverflow(page, "error");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "words-de-error-390");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
