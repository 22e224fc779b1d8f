import { existsSync, readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RECIPES } from "../../bench/seedLibrary.ts";
import { noisyPng } from "../helpers/archivePages.ts";
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
import { createTestUser, type TestUser } from "../helpers/users.ts";

// A cook's long lists and the review, at 1280 and 390 px: the Reading list of many articles
// draws a page and offers more, a recipe card asks for a card-sized picture, and a real 12-line
// recipe's review is at most 2 screens wide and 4 on a phone. Screenshots lists-<screen>-<width>.png.

/** A real recipe page of 12 ingredient lines and 8 steps (the ui bench's). */
const REVIEW_PAGE = path.join(RECIPES, "erinliveswhole.com", "erinliveswhole_2.html");
const ARTICLES = 120;
// A busy 2-core machine: each test waits for what it needs as long as it takes.
vi.setConfig({ testTimeout: 180_000 });

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let browser: Browser | null = null;
let ann: TestUser;
let reviewTask: string | null = null;

beforeAll(async () => {
  const photo = await noisyPng(1000, 600);
  site = await startFixtureServer({
    "/pancakes": (_req, res) =>
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(PANCAKES_HTML.replace("https://kitchen.test/img/pancakes.jpg", `${site.origin}/img/photo.png`)),
    "/img/photo.png": { headers: { "content-type": "image/png" }, body: photo },
    ...(existsSync(REVIEW_PAGE)
      ? { "/cobbler": { body: readFileSync(REVIEW_PAGE, "utf8"), headers: { "content-type": "text/html" } } }
      : {}),
  });
  t = await startTestLadle();
  ann = await createTestUser(t, { name: "ann" });
  // Many articles, written straight to the database as the import would leave them.
  const base = Date.now();
  const media = [];
  const links = [];
  for (let i = 0; i < ARTICLES; i++) {
    const id = randomUUID();
    const at = new Date(base - i * 60_000);
    media.push({
      id,
      kind: "web_article",
      source_url: `https://a${i}.example/`,
      canonical_url: `https://a${i}.example/`,
      title: `Reading number ${i + 1}`,
      processing_status: "ready_for_reading",
      created_by: ann.id,
      created_at: at,
      updated_at: at,
    });
    links.push({ library_id: ann.defaultLibraryId, media_id: id, added_by: ann.id, created_at: at });
  }
  await t.db.db.insertInto("media").values(media).execute();
  await t.db.db.insertInto("library_media").values(links).execute();
  // A saved recipe with a photograph 1000 px wide.
  const task = await t.json(
    "POST",
    "/api/tasks",
    { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}/pancakes` } },
    ann.headers,
  );
  await t.waitTask(task.body.taskId, (s) => s === "ReviewReady", 120_000, ann.headers);
  await t.json(
    "POST",
    "/api/recipes/import",
    { taskId: task.body.taskId, acknowledgeGuardrail: true },
    ann.headers,
  );
  if (existsSync(REVIEW_PAGE)) {
    const review = await t.json(
      "POST",
      "/api/tasks",
      { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}/cobbler` } },
      ann.headers,
    );
    await t.waitTask(review.body.taskId, (s) => s === "ReviewReady", 120_000, ann.headers);
    reviewTask = review.body.taskId;
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

async function open(size: { width: number; height: number }, hash: string): Promise<Page> {
  const context = await browser!.newContext({ viewport: size });
  await context.addInitScript((token) => sessionStorage.setItem("ladle.token", token), ann.token);
  const page = await context.newPage();
  await page.goto(`${http.base}/${hash}`);
  return page;
}

describe.skipIf(!hasBrowser)("long lists and the review, short", () => {
  for (const size of SCREEN_SIZES) {
    it(`the Reading list draws a page of articles and adds the next on asking (${size.width} px)`, async () => {
      const page = await open(size, "#/articles");
      const rows = page.locator(".articles-list .article-row");
      await page.getByRole("heading", { name: "Articles", level: 1 }).waitFor();
      await screenshot(page, `lists-articles-${size.width}`);
      await page.getByRole("link", { name: "Reading number 1", exact: true }).waitFor();
      expect(await rows.count()).toBe(50);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `lists-articles-${size.width}`);
      await page.getByRole("button", { name: "Show more" }).click();
      await page.getByRole("link", { name: "Reading number 100", exact: true }).waitFor();
      expect(await rows.count()).toBe(100);
      await page.getByRole("button", { name: "Show more" }).click();
      await page.getByRole("link", { name: `Reading number ${ARTICLES}`, exact: true }).waitFor();
      expect(await rows.count()).toBe(ARTICLES);
      // The list's end: no more to ask for.
      await page.getByRole("button", { name: "Show more" }).waitFor({ state: "detached" });
      await page.context().close();
    });

    it(`a recipe card asks for a card-sized picture and gets one (${size.width} px)`, async () => {
      const page = await open(size, "#/recipes");
      const img = page.locator(".recipe-grid li img").first();
      await img.waitFor();
      await page.waitForFunction(() => {
        const i = document.querySelector<HTMLImageElement>(".recipe-grid li img");
        return Boolean(i?.complete && i.naturalWidth > 0);
      });
      const { src, natural } = await img.evaluate((i: HTMLImageElement) => ({
        src: i.currentSrc,
        natural: i.naturalWidth,
      }));
      expect(src).toMatch(/[?&]w=(320|640)\b/);
      // Not the 1000 px photograph: at most what a card shows on a sharp phone screen.
      expect(natural).toBeLessThanOrEqual(640);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `lists-recipes-${size.width}`);
      await page.context().close();
    });

    it.skipIf(!existsSync(REVIEW_PAGE))(`a 12-line recipe's review is short (${size.width} px)`, async () => {
      const page = await open(size, `#/tasks/${reviewTask}`);
      await page.getByRole("heading", { name: "Review the draft" }).waitFor();
      await page.locator(".ing-row").first().waitFor();
      // Once the copy check has answered and the page's text is in: nothing still to come.
      await page.locator(".guard-box").first().waitFor();
      await page.locator(".review-source pre").waitFor({ state: "attached" });
      expect(await page.locator(".ing-row").count()).toBe(12);
      const height = await page.evaluate(() => document.scrollingElement!.scrollHeight);
      const goal = size.width >= 1000 ? 2 : 4;
      expect(height / size.height).toBeLessThanOrEqual(goal);
      // What a decision needs is in view without opening anything: the lines, the steps, Save.
      await expect(page.getByRole("button", { name: "Save recipe" }).isVisible()).resolves.toBe(true);
      expect(await page.locator("ol.steps li").count()).toBe(8);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `lists-review-${size.width}`);
      // The page's text is one click away.
      await page.getByText("The recipe on the page").click();
      await page.locator(".review-source pre").waitFor();
      await screenshot(page, `lists-review-source-${size.width}`);
      await page.context().close();
    });
  }

  it.skipIf(!existsSync(REVIEW_PAGE))(
    "on a phone an ingredient shows a note box only with a note, or when the cook asks for one",
    async () => {
      const page = await open(
        SCREEN_SIZES.find((s) => s.width < 1000)!,
        `#/tasks/${reviewTask}`,
      );
      await page.locator(".ing-row").nth(11).waitFor();
      // The columns' short names fit their narrow columns on one line ("Amou / nt" before).
      const heads = await page
        .locator(".ing-head .head-short")
        .evaluateAll((spans) =>
          spans.map((s) => s.getClientRects().length === 1 && s.getBoundingClientRect().height < 24),
        );
      expect(heads).toEqual([true, true]);
      const notes = page.locator(".ing-row input.notes");
      const withNote = await notes.evaluateAll((boxes) =>
        boxes.map((b) => (b as HTMLInputElement).value !== ""),
      );
      // Some lines of this recipe have a note ("melted", "or frozen"), most do not.
      expect(withNote.filter(Boolean).length).toBeGreaterThan(0);
      expect(withNote.filter((x) => !x).length).toBeGreaterThan(0);
      const shown = await notes.evaluateAll((boxes) =>
        boxes.map((b) => (b as HTMLElement).offsetParent !== null),
      );
      expect(shown).toEqual(withNote);
      // A line without a note: its menu offers one, and the box opens with the cursor in it.
      const i = withNote.indexOf(false);
      await page.locator(`#ing-${i}-menu > summary`).click();
      await page.locator(`#ing-${i}-menu`).getByRole("button", { name: "Add a note" }).click();
      const box = page.locator(`#ing-${i}-notes`);
      await box.waitFor({ state: "visible" });
      await expect(box.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
      await box.fill("at room temperature");
      // Moving the line draws the list again: the note it now has keeps its box.
      await page.locator(`#ing-${i}-menu > summary`).click();
      await page.getByRole("button", { name: `Move ingredient ${i + 1} down` }).click();
      await page.locator(`#ing-${i + 1}-notes`).waitFor({ state: "visible" });
      expect(await page.locator(`#ing-${i + 1}-notes`).inputValue()).toBe("at room temperature");
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, "lists-review-notes-390");
      await page.context().close();
    },
  );
});
