import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePage } from "../helpers/articlePages.ts";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  openFromNav,
  openPage,
  screenshotBoth,
  serveApp,
  type ServedApp,
} from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { waitFor } from "../helpers/waitFor.ts";

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let browser: Browser | null = null;
let soupDown = false;
let goneDown = false;

const rss = (origin: string, title: string, items: string) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title><link>${origin}/</link>${items}</channel></rss>`;

beforeAll(async () => {
  site = await startFixtureServer({
    "/blog": {
      body: `<html><head><title>Bread blog</title><link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml"></head><body>Hello</body></html>`,
    },
    "/feed.xml": (req, res) => {
      if (req.headers["if-none-match"] === '"b1"') return void res.writeHead(304).end();
      res.writeHead(200, { "content-type": "application/rss+xml", etag: '"b1"' }).end(
        rss(
          site.origin,
          "The Bread Blog",
          `<item><title>Rye at home</title><link>${site.origin}/rye</link><pubDate>Mon, 02 Nov 2026 08:00:00 GMT</pubDate></item>
           <item><title>A note without a link</title><pubDate>Sun, 01 Nov 2026 08:00:00 GMT</pubDate></item>
           <item><title>Why bread rises</title><link>${site.origin}/rises</link><pubDate>Sat, 31 Oct 2026 08:00:00 GMT</pubDate></item>`,
        ),
      );
    },
    "/soup.xml": (_req, res) => {
      if (soupDown) return void res.writeHead(500).end("down");
      res.writeHead(200, { "content-type": "application/rss+xml" }).end(rss(site.origin, "Soup Weekly", ""));
    },
    "/gone.xml": (_req, res) => {
      if (goneDown) return void res.writeHead(404).end("not here");
      res.writeHead(200, { "content-type": "application/rss+xml" }).end(rss(site.origin, "Gone Weekly", ""));
    },
    "/rye": { body: articlePage({ title: "Rye at home" }) },
    "/rises": { body: articlePage({ title: "Why bread rises" }) },
  });
  t = await startTestLadle({
    config: {
      Articles: { Render: "never" },
      Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0, MaxRetries: 0 },
    },
  });
  http = await serveApp(t.app);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
});

describe.skipIf(!hasBrowser)("feeds screen in a browser", () => {
  it("follows a site's feed, shows its log and articles, fetches it again (unchanged), and says when a feed fails", async () => {
    const { page, errors } = await openPage(browser!, { width: 1280, height: 800 });
    await page.goto(`${http.base}/#/`);
    await openFromNav(page, "Feeds");
    await page.getByRole("heading", { name: "Feeds", level: 1 }).waitFor();
    await page.getByText("You follow no feed yet.").waitFor();

    // The site's page, not the feed: Ladle finds the feed it names.
    await page.getByLabel("The feed's address, or the site's").fill(`${site.origin}/blog`);
    await page.getByRole("button", { name: "Follow" }).click();
    await page.getByText("Following The Bread Blog. Its first fetch has started.").waitFor();
    const feeds = await t.json("GET", "/api/feeds");
    const id = feeds.body.feeds[0].id;
    await waitFor("the first fetch and its articles", async () => {
      const e = await t.json("GET", `/api/feeds/${id}/entries`);
      return (
        e.body.entries.filter(
          (x: { article: { status: string } | null }) => x.article?.status === "ready_for_reading",
        ).length === 2
      );
    });

    await page.reload();
    await page.getByRole("link", { name: "The Bread Blog" }).waitFor();
    await page.getByText("Fetched fine").waitFor();
    await page.getByText(/2 imported · 1 could not be read/).waitFor();
    await page.getByRole("link", { name: "The Bread Blog" }).click();
    await page.getByRole("heading", { name: "The Bread Blog", level: 1 }).waitFor();
    await page.getByText("3 entries, 3 new, 2 imported, 1 failed").waitFor();
    await page.getByText("A note without a link: the entry has no link to an article").waitFor();
    await page.getByRole("link", { name: "Rye at home" }).waitFor();
    await page
      .getByText("A note without a link · not imported: the entry has no link to an article")
      .waitFor();

    // Fetch now: the site answers 304 to the feed's ETag, and the log says so.
    await page.getByRole("button", { name: "Fetch now" }).click();
    await page.getByText("Unchanged since the last fetch (HTTP 304)").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "feeds", "feed");

    // An article from the feed opens in the reader.
    await page.getByRole("link", { name: "Rye at home" }).click();
    await page.getByRole("heading", { name: "Rye at home" }).first().waitFor();

    // A feed that fails keeps saying so on the list, in plain words.
    const soup = await t.json("POST", "/api/feeds", { url: `${site.origin}/soup.xml` });
    expect(soup.status).toBe(201);
    await waitFor(
      "soup's first fetch",
      async () => (await t.json("GET", `/api/feeds/${soup.body.feed.id}`)).body.status === "ok",
    );
    soupDown = true;
    await t.json("POST", `/api/feeds/${soup.body.feed.id}/refresh`);
    await waitFor(
      "soup failing",
      async () => (await t.json("GET", `/api/feeds/${soup.body.feed.id}`)).body.status === "failing",
    );
    await page.goto(`${http.base}/#/feeds`);
    await page.getByText("Failing: the site had an error (HTTP 500)", { exact: false }).waitFor();
    expect(await page.getByText(/HTTP_ERROR|FEED_|not_modified/).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "feeds", "list");

    // Stop following: asked twice, in the page.
    await page.getByRole("link", { name: "Soup Weekly" }).click();
    await page.getByRole("button", { name: "Stop following" }).click();
    await page.getByRole("button", { name: "Yes, stop following" }).click();
    await page.getByRole("heading", { name: "Feed removed" }).waitFor();
    expect((await t.json("GET", "/api/feeds")).body.feeds).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("says why a feed or an entry failed in the reader's language (German, French), at 390 and 1280 px", async () => {
    const gone = await t.json("POST", "/api/feeds", { url: `${site.origin}/gone.xml` });
    expect(gone.status).toBe(201);
    const goneId = gone.body.feed.id as string;
    await waitFor(
      "the gone feed's first fetch",
      async () => (await t.json("GET", `/api/feeds/${goneId}`)).body.status === "ok",
    );
    goneDown = true;
    await t.json("POST", `/api/feeds/${goneId}/refresh`);
    await waitFor(
      "the gone feed failing",
      async () => (await t.json("GET", `/api/feeds/${goneId}`)).body.status === "failing",
    );
    // The API keeps its English words beside the code.
    const api = (await t.json("GET", `/api/feeds/${goneId}`)).body;
    expect(api.failureCode).toBe("notThere");
    expect(api.failureParams).toEqual({ status: 404 });
    expect(api.failureMessage).toBe("the site says the feed is not there (HTTP 404)");
    const bread = (await t.json("GET", "/api/feeds")).body.feeds.find(
      (f: { title: string | null }) => f.title === "The Bread Blog",
    );

    const cases = [
      {
        locale: "de-DE",
        failing: "die Website sagt, dass es den Feed dort nicht gibt (HTTP 404)",
        noLink: "der Eintrag hat keinen Link zu einem Artikel",
      },
      {
        locale: "fr-FR",
        failing: "le site dit que le flux n'existe pas (HTTP 404)",
        noLink: "l'entrée n'a pas de lien vers un article",
      },
    ];
    for (const c of cases) {
      const { page, errors } = await openPage(browser!, { width: 390, height: 800 }, c.locale);
      await page.goto(`${http.base}/#/feeds`);
      await page.getByText(c.failing, { exact: false }).first().waitFor();
      expect(await page.getByText("the site says").count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshotBoth(page, "feeds", `failing-${c.locale.slice(0, 2)}`);

      await page.goto(`${http.base}/#/feeds/${goneId}`);
      await page.getByText(c.failing, { exact: false }).nth(1).waitFor(); // the status and the log's run
      await page.goto(`${http.base}/#/feeds/${bread.id}`);
      await page.getByText(c.noLink, { exact: false }).first().waitFor();
      expect(await page.getByText("the entry has no link").count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshotBoth(page, "feeds", `entries-${c.locale.slice(0, 2)}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
