import { sql } from "kysely";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { createApp } from "../src/api/app.ts";
import { loadConfig } from "../src/config.ts";
import { Ladle } from "../src/app/ladle.ts";
import { openDatabase } from "../src/storage/db.ts";
import { launchBrowser, openPage, screenshot, serveApp } from "../test/helpers/browser.ts";
import { startFixtureServer } from "../test/helpers/fixtureServer.ts";
import { ARTICLES, RECIPES, seedLibrary } from "./seedLibrary.ts";
import { fmt, percentile } from "./stats.ts";

const N_RECIPES = Number(process.env.UI_BENCH_RECIPES ?? 10_000);
const N_ARTICLES = Number(process.env.UI_BENCH_ARTICLES ?? 10_000);
const RUNS = Number(process.env.UI_BENCH_RUNS ?? 5);
/** A real recipe page of 12 ingredient lines and 8 steps, served on loopback for the review screen. */
const REVIEW_PAGE = path.join(RECIPES, "erinliveswhole.com", "erinliveswhole_2.html");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** How many times the bench asks the articles list for more before it weighs the page. */
const SHOW_MORE = 10;

/** The page's JavaScript heap in use and its count of DOM nodes, as chromium counts them. */
async function pageMemory(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("Performance.enable");
  const { metrics } = await cdp.send("Performance.getMetrics");
  await cdp.detach();
  const m = (name: string) => metrics.find((x) => x.name === name)?.value ?? NaN;
  return `${(m("JSHeapUsedSize") / 1024 / 1024).toFixed(1)} MB of JS heap, ${m("Nodes")} DOM nodes`;
}

/** Milliseconds from `act` until `ready` resolves, in the page's own clock. */
async function timed(act: () => Promise<unknown>, ready: () => Promise<unknown>): Promise<number> {
  const s = performance.now();
  await act();
  await ready();
  return performance.now() - s;
}

/**
 * A big library in the browser: with 10,000 recipes and 10,000 articles of one person,
 * how long the recipe list's first screen, a search's first results, opening a recipe, the
 * articles list's first screen and its Show more take to draw in chromium at 390 px (median and
 * worst of UI_BENCH_RUNS, warm), what the page holds in memory, and how many screens the
 * review of a 12-line recipe is at 1280 and 390 px. The server runs on loopback on a throwaway
 * PGlite (or DATABASE_URL's PostgreSQL database, which it fills).
 */
export async function run(): Promise<void> {
  if (!existsSync(RECIPES) || !existsSync(ARTICLES)) {
    console.log("corpus not found (../shared/corpus); skipped");
    return;
  }
  const browser = await launchBrowser();
  if (!browser) {
    console.log("chromium not found (/usr/bin/chromium); skipped");
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-ui-bench-"));
  const databaseUrl = process.env.DATABASE_URL;
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: dir });
  const config = loadConfig({
    env: {},
    file: null,
    overrides: {
      Server: { LogLevel: "silent", DataDir: dir },
      // The review's page is served by the bench itself, on loopback.
      Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0 },
      Auth: { SinglePerson: true },
      Backups: { Schedule: "" },
    },
  });
  config.Discovery.Builtin.Enabled = false;
  const ladle = await Ladle.start({ config, database, role: "all" });
  const app = createApp(ladle);
  const http = await serveApp(app);
  const site = await startFixtureServer({
    "/recipe": { body: readFileSync(REVIEW_PAGE, "utf8"), headers: { "content-type": "text/html" } },
  });
  try {
    // The one person of a single-person install: the first request makes their row.
    await app.request("/api/recipes");
    const me = await database.db
      .selectFrom("users")
      .select("id")
      .where("name", "=", "local")
      .executeTakeFirstOrThrow();
    const library = await ladle.users.defaultLibraryId(me.id);
    async function bigLibrary(browser: Browser): Promise<void> {
      const seeded = await seedLibrary(database.db, {
        userId: me.id,
        library,
        recipes: N_RECIPES,
        articles: N_ARTICLES,
        bookmarks: 0,
      });
      await sql`ANALYZE`.execute(database.db);
      console.log(
        `seeded ${N_RECIPES} recipes in ${(seeded.tRecipes / 1000).toFixed(1)} s, ${N_ARTICLES} articles in ${(seeded.tArticles / 1000).toFixed(1)} s (${database.kind})`,
      );

      const { page } = await openPage(browser, PHONE);
      const list: number[] = [];
      const search: number[] = [];
      const open: number[] = [];
      const firstCard = (p: Page) => p.locator(".recipe-grid li a").first().waitFor();
      // Warm: the app's bundle and the database's caches, as for someone who used Ladle before.
      await page.goto(`${http.base}/#/recipes`);
      await firstCard(page);
      for (let k = 0; k < RUNS + 1; k++) {
        const l = await timed(
          () => page.goto(`${http.base}/?run=${k}#/recipes`),
          () => firstCard(page),
        );
        const name =
          (await page
            .locator(".recipe-grid li .name")
            .nth(k % 6)
            .textContent()) ?? "";
        const o = await timed(
          () =>
            page
              .locator(".recipe-grid li a")
              .nth(k % 6)
              .click(),
          () => page.getByRole("heading", { name, level: 1 }).waitFor(),
        );
        const q = ["chicken", "chocolate cake", "soup", "lemon", "pasta", "bread"][k % 6]!;
        const s = await timed(
          () => page.goto(`${http.base}/?run=${k}#/search/all/${encodeURIComponent(q)}`),
          () => page.locator("li.hit").first().waitFor(),
        );
        // The first round only warms this round's paths.
        if (k === 0) continue;
        list.push(l);
        open.push(o);
        search.push(s);
      }
      const cards = await page.goto(`${http.base}/#/recipes`).then(async () => {
        await firstCard(page);
        return page.locator(".recipe-grid li").count();
      });
      const recipesHeap = await pageMemory(page);

      // The Reading list: its first screen, then "Show more" SHOW_MORE times (the next page each).
      const articles: number[] = [];
      const more: number[] = [];
      const rows = page.locator(".articles-list .article-row");
      for (let k = 0; k < RUNS + 1; k++) {
        const a = await timed(
          () => page.goto(`${http.base}/?run=${k}#/articles`),
          () => rows.first().waitFor(),
        );
        const m = await timed(
          () => page.getByRole("button", { name: "Show more" }).click(),
          // The first page is 50 rows: the 51st is the next page's first.
          () => rows.nth(50).waitFor(),
        );
        if (k === 0) continue;
        articles.push(a);
        more.push(m);
      }
      for (let k = 1; k < SHOW_MORE; k++) {
        const n = await rows.count();
        await page.getByRole("button", { name: "Show more" }).click();
        await rows.nth(n).waitFor();
      }
      const shownRows = await rows.count();
      const articlesHeap = await pageMemory(page);
      await page.close();
      const line = (what: string, t: number[]) =>
        `  ${what.padEnd(36)} median ${fmt(percentile(t, 50)).padStart(9)}  worst ${fmt(Math.max(...t)).padStart(9)}  ${Math.max(...t) < 1000 ? "ok" : "MISS"} (goal < 1 s)`;
      console.log(
        [
          `a big library at 390 px (${N_RECIPES} recipes + ${N_ARTICLES} articles, ${RUNS} runs, warm; ${cards} cards a page):`,
          line("the recipe list's first screen", list),
          line("a search's first results", search),
          line("opening a recipe from the list", open),
          line("the articles list's first screen", articles),
          line("Show more on the articles list", more),
          `  the page's memory: recipe list ${recipesHeap}; articles list of ${shownRows} rows (after ${SHOW_MORE} Show more) ${articlesHeap}`,
        ].join("\n"),
      );
    }

    // The review of a 12-line recipe, as a cook meets it after a web import (UI_BENCH_RECIPES=0
    // measures it alone; its screenshots are bench-review-<width>.png).
    const created = await app.request("/api/tasks", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}/recipe` } }),
    });
    const { taskId } = (await created.json()) as { taskId: string };
    for (let s = Date.now(); ;) {
      const t = (await (await app.request(`/api/tasks/${taskId}`)).json()) as { status: string };
      if (t.status === "ReviewReady") break;
      if (t.status !== "Pending" && t.status !== "Running") throw new Error(`review task ${t.status}`);
      if (Date.now() - s > 120_000) throw new Error("review task did not finish");
      await new Promise((r) => setTimeout(r, 200));
    }
    const heights: string[] = [];
    for (const size of [DESKTOP, PHONE]) {
      const { page: p } = await openPage(browser, size);
      await p.goto(`${http.base}/#/tasks/${taskId}`);
      await p.getByRole("heading", { name: "Review the draft" }).waitFor();
      await p.locator(".ing-row").first().waitFor();
      // Measured once the copy check has answered (this page's steps are its own words: the
      // finding's box shows) and the page's text is in, so nothing still to come adds height.
      await p.locator(".guard-box").first().waitFor();
      await p.locator(".review-source pre").waitFor({ state: "attached" });
      const { h, lines } = await p.evaluate(() => ({
        h: document.scrollingElement!.scrollHeight,
        lines: document.querySelectorAll(".ing-row").length,
      }));
      await screenshot(p, `bench-review-${size.width}`);
      const goal = size.width >= 1000 ? 2 : 4;
      const screens = h / size.height;
      heights.push(
        `  at ${String(size.width).padStart(4)} px: ${h} px = ${screens.toFixed(1)} screens of ${size.height} px (${lines} ingredient lines; goal ≤ ${goal}: ${screens <= goal ? "ok" : "MISS"})`,
      );
      await p.close();
    }
    console.log(["the review of a 12-line recipe (a web page read on loopback):", ...heights].join("\n"));
    // After the review: the big library holds this very recipe (the corpus's), so a review
    // measured after it would be one with five look-alikes to compare, not the review's own length.
    if (N_RECIPES > 0) await bigLibrary(browser);
  } finally {
    await browser.close();
    http.close();
    await site.close();
    await ladle.stop({ graceMs: 0 });
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
