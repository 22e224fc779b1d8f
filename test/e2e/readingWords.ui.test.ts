import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePage } from "../helpers/articlePages.ts";
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
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

// The reading and household screens in German and French, at phone and desktop width: no English
// words of the screens left (the data is not English either, so any English is ours), nothing wider
// than the window, axe clean, and a screenshot of each for people to look at.

const NAMESPACES = [
  "articles",
  "bookmarks",
  "collections",
  "discovery",
  "feeds",
  "highlights",
  "household",
  "libraries",
  "people",
  "webhooks",
];
const catalogue = (lang: string, ns: string): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../src/web/app/i18n/${lang}/${ns}.json`, import.meta.url), "utf8"),
  ) as Record<string, string>;

/** The English sentences of these screens that the language writes differently (no placeholders). */
function englishOnly(lang: string): string[] {
  return NAMESPACES.flatMap((ns) => {
    const en = catalogue("en", ns);
    const there = catalogue(lang, ns);
    return Object.entries(en)
      .filter(([k, v]) => !v.includes("{") && v.length > 5 && there[k] !== v)
      .map(([, v]) => v);
  });
}

/** English words that no German or French text of these screens uses. */
const ENGLISH_WORDS =
  /\b(the|and|your|you|with|not|yet|this|from|are|has|have|what|when|will|been|into|loading|save|delete|add|show|cancel|edit|nobody|people)\b/i;

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let browser: Browser | null = null;
let boss: TestUser;
let shownLanguage = "de";
const ids: Record<string, string> = {};

beforeAll(async () => {
  site = await startFixtureServer({
    "/blog": {
      body: `<html lang="de"><head><title>Brotblog</title><link rel="alternate" type="application/rss+xml" href="/feed.xml"></head><body>Hallo</body></html>`,
    },
    "/feed.xml": (_req, res) => {
      res.writeHead(200, { "content-type": "application/rss+xml" }).end(
        `<?xml version="1.0"?><rss version="2.0"><channel><title>Brotblog</title><link>${site.origin}/</link>
<item><title>Roggenbrot</title><link>${site.origin}/roggen</link><pubDate>Mon, 02 Nov 2026 08:00:00 GMT</pubDate></item>
</channel></rss>`,
      );
    },
    "/roggen": { body: articlePage({ title: "Roggenbrot" }) },
    "/sauerteig": {
      body: `<html lang="de"><head><title>Sauerteig</title><meta name="description" content="Sauerteig, Roggen, Zeit"></head><body><p>Sauerteig</p></body></html>`,
    },
  });
  t = await startTestLadle({
    config: {
      Auth: { SinglePerson: false },
      Articles: { Render: "never" },
      Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0, MaxRetries: 0 },
    },
  });
  boss = await createTestUser(t, { name: "boss", role: "admin" });
  await t.ladle.signIn.setPassword(boss.id, "the boss's password");
  const cleo = await createTestUser(t, { name: "cleo" });
  ids.cleo = cleo.id;
  const h = boss.headers;
  const feed = await t.json("POST", "/api/feeds", { url: `${site.origin}/feed.xml` }, h);
  ids.feed = feed.body.feed.id;
  const article = await t.json("POST", "/media/web-articles", { url: `${site.origin}/roggen` }, h);
  ids.article = article.body.data.id;
  await t.json("POST", "/api/v1/items", { url: `${site.origin}/sauerteig` }, h);
  const invite = await t.json("POST", "/api/users/invitations", { role: "user" }, h);
  ids.invite = String(invite.body.path).split("/").pop()!;
  const reset = await t.json("POST", `/api/users/${cleo.id}/reset-link`, {}, h);
  ids.reset = String(reset.body.path).split("/").pop()!;
  await t.json("POST", "/api/libraries", { name: "Küche" }, h);
  http = await serveApp(t.app);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
});

/** Each screen: its address, a name for its screenshot, and what shows once its data is drawn. */
const SCREENS: {
  hash: () => string;
  name: string;
  ready: (page: Page) => Promise<void>;
  /** Where these screens' words are, when the screen also shows others' (the Account screen). */
  scope?: string;
}[] = [
  {
    hash: () => "#/articles",
    name: "articles",
    ready: (p) => p.locator("#app .article-row").first().waitFor(),
  },
  {
    hash: () => `#/articles/${ids.article}`,
    name: "reader",
    ready: (p) => p.locator("#app .highlight-tools").waitFor(),
  },
  {
    hash: () => "#/highlights",
    name: "highlights",
    ready: (p) => p.locator("#app .highlights-list li").first().waitFor(),
  },
  {
    hash: () => "#/bookmarks",
    name: "bookmarks",
    ready: (p) => p.locator("#app .bm-card").first().waitFor(),
  },
  {
    hash: () => "#/move",
    name: "move",
    ready: (p) => p.getByText(catalogue(shownLanguage, "collections").nothingImported!).waitFor(),
  },
  { hash: () => "#/feeds", name: "feeds", ready: (p) => p.locator("#app .feed-row").first().waitFor() },
  {
    hash: () => `#/feeds/${ids.feed}`,
    name: "feed",
    ready: (p) => p.locator("#app .feed-run").first().waitFor(),
  },
  { hash: () => "#/find", name: "find", ready: (p) => p.locator("#app .find-form").waitFor() },
  {
    hash: () => "#/people",
    name: "people",
    ready: (p) => p.locator("#app .people-list li").first().waitFor(),
  },
  {
    hash: () => `#/people/${ids.cleo}`,
    name: "person",
    ready: (p) => p.locator("#app .token-list, #app .tokens p:not(.muted)").first().waitFor(),
  },
  {
    hash: () => "#/libraries",
    name: "libraries",
    ready: (p) => p.locator("#app .member-list").first().waitFor(),
  },
  { hash: () => `#/invite/${ids.invite}`, name: "invite", ready: (p) => p.locator("#app form").waitFor() },
  { hash: () => `#/reset/${ids.reset}`, name: "reset", ready: (p) => p.locator("#app form").waitFor() },
  { hash: () => "#/welcome", name: "welcome", ready: (p) => p.locator("#app h1").waitFor() },
  {
    hash: () => "#/account",
    name: "account",
    ready: async (p) => {
      await p.locator("#app .sessions-list li").first().waitFor();
      await p.getByText(catalogue(shownLanguage, "webhooks").noneYet!).waitFor();
    },
    scope: "#app .sessions-list, #app .webhooks",
  },
];

describe.skipIf(!hasBrowser)("the reading and household screens in German and French", () => {
  for (const lang of ["de", "fr"] as const) {
    it(`speaks ${lang} on every screen, fits 390 and 1280 px and is axe clean`, async () => {
      // The feed's first fetch and the article's reading run on the worker: wait for both.
      const until = async (what: string, f: () => Promise<boolean>) => {
        const end = Date.now() + 60_000;
        while (!(await f())) {
          if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      await until("the feed's first fetch", async () => {
        const r = await t.json("GET", `/api/feeds/${ids.feed}/log`, undefined, boss.headers);
        return Boolean(r.body.runs?.[0]?.finishedAt);
      });
      await until("the article", async () => {
        const r = await t.json("GET", `/media/${ids.article}`, undefined, boss.headers);
        return r.body.data?.processing_status === "ready_for_reading";
      });

      shownLanguage = lang;
      const { page, errors } = await openPage(browser!, { width: 1280, height: 800 }, lang);

      await page.addInitScript((l) => localStorage.setItem("ladle.language", l), lang);
      const signIn = await page.request.post(`${http.base}/api/session`, {
        data: { name: "boss", password: "the boss's password" },
        headers: { origin: http.base },
      });
      expect(signIn.ok()).toBe(true);
      const sentences = englishOnly(lang);
      const problems: string[] = [];
      for (const screen of SCREENS) {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
          await page.goto(`${http.base}/${screen.hash()}`);
          await screen.ready(page);
          const text = (await page.locator(screen.scope ?? "#app").allInnerTexts()).join("\n");

          const word = ENGLISH_WORDS.exec(text);
          if (word)
            problems.push(
              `${screen.name} ${width}: English word “${word[0]}” in “${text.slice(Math.max(0, word.index - 40), word.index + 40)}”`,
            );
          for (const s of sentences) if (text.includes(s)) problems.push(`${screen.name} ${width}: “${s}”`);
          const wide = await page.evaluate(() => ({
            scroll: document.documentElement.scrollWidth,
            inner: window.innerWidth,
          }));
          if (wide.scroll > wide.inner)
            problems.push(`${screen.name} ${width}: ${wide.scroll} px wide in a ${wide.inner} px window`);
          await screenshot(page, `words-${lang}-${screen.name}-${width}`);
          if (width === 1280) {
            for (const v of await axeViolations(page)) problems.push(`${screen.name}: axe ${v}`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
