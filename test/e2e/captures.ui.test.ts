import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_BASE_ARGS } from "../../src/fetcher/browser.ts";
import {
  axeViolations,
  CHROMIUM,
  hasBrowser,
  launchBrowser,
  PAGE_HANG_MS,
  screenshotBoth,
  serveApp,
  type ServedApp,
  waitSignedIn,
} from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";

/**
 * Pages the server cannot fetch, sent from the cook's own browser: a loopback site that answers 403
 * to anything without the cookie its own script sets on a real visit (a bot wall), imported through
 * the bookmarklet and through the browser extension loaded in Chromium, each reaching review.
 */
let t: TestLadle;
let cook: TestUser;
let site: FixtureServer;
let http: ServedApp;
let browser: Browser | null = null;
let extensionDir = "";
const PASSWORD = "correct horse battery";

/** The bot wall: a browser runs its script, gets the cookie and the page; a server gets 403. */
const WALL = `<!doctype html><title>Just a moment…</title><p>Checking your browser…</p>
<script>document.cookie = "human=yes; path=/"; location.reload();</script>`;

beforeAll(async () => {
  t = await startTestLadle();
  cook = await createTestUser(t, { name: "cook" });
  await t.ladle.signIn.setPassword(cook.id, PASSWORD);
  http = await serveApp(t.app);
  site = await startFixtureServer({
    "/pancakes": (req, res) => {
      const human = /(?:^|;\s*)human=yes/.test(req.headers.cookie ?? "");
      res
        .writeHead(human ? 200 : 403, { "content-type": "text/html; charset=utf-8" })
        .end(human ? PANCAKES_HTML : WALL);
    },
  });
  browser = await launchBrowser();
  if (hasBrowser) {
    // The extension as `npm run build:extension` builds it, with access to loopback granted ahead:
    // the settings page asks for the server's address on Save, a browser prompt no test can click,
    // and the toolbar click that grants activeTab is the browser's own.
    extensionDir = mkdtempSync(join(tmpdir(), "ladle-extension-"));
    execFileSync(process.execPath, ["extension/build.mjs", extensionDir], { stdio: "pipe" });
    const manifest = JSON.parse(readFileSync(join(extensionDir, "manifest.json"), "utf8"));
    manifest.host_permissions = ["http://127.0.0.1/*"];
    writeFileSync(join(extensionDir, "manifest.json"), JSON.stringify(manifest));
  }
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
  if (extensionDir) rmSync(extensionDir, { recursive: true, force: true });
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`${http.base}/`);
  await page.getByLabel("Name").fill("cook");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await waitSignedIn(page, "cook");
}

/** The review of the pancakes: its name and an ingredient on screen, and where the page came from. */
async function reviewsPancakes(page: Page): Promise<void> {
  await page.getByRole("heading", { name: "Review the draft" }).waitFor();
  expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Buttermilk Pancakes");
  await expect
    .poll(() =>
      page
        .locator("input, textarea")
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).join("\n")),
    )
    .toMatch(/buttermilk/);
  await page.getByText("Sent from your browser").waitFor();
}

describe.skipIf(!hasBrowser)("pages sent from the cook's browser", () => {
  it("a site that refuses the server: the failed import offers the bookmarklet, which sends the page to review", async () => {
    const context: BrowserContext = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signIn(page);

    // By its address the server gets the wall's 403: the failure says what to do instead.
    const task = await t.json(
      "POST",
      "/api/tasks",
      { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}/pancakes` } },
      cook.headers,
    );
    expect(task.status).toBe(202);
    await page.goto(`${http.base}/#/tasks/${task.body.taskId}`);
    await page.getByRole("heading", { name: "Send it from your browser" }).waitFor();
    await screenshotBoth(page, "captures", "refused");

    await page.getByRole("link", { name: "Get it from your account screen" }).click();
    const link = page.getByRole("link", { name: "Save to Ladle" });
    await link.waitFor();
    const href = (await link.getAttribute("href"))!;
    expect(href.startsWith("javascript:")).toBe(true);

    // The cook opens the page (the wall lets their browser through) and clicks the bookmark there.
    await page.goto(`${site.origin}/pancakes`);
    await page.getByRole("heading", { name: "Buttermilk Pancakes" }).waitFor();
    const [win] = await Promise.all([
      context.waitForEvent("page"),
      page.evaluate(href.slice("javascript:".length)),
    ]);
    win.on("pageerror", (e) => errors.push(e.message));
    // Ladle's window shows what arrived before anything is sent.
    const send = win.getByRole("button", { name: "Send to Ladle" });
    await send.waitFor();
    expect(await win.getByText(`${site.origin}/pancakes`).count()).toBe(1);
    expect(await win.getByRole("heading", { name: "Buttermilk Pancakes | Test Kitchen" }).count()).toBe(1);
    expect(await axeViolations(win)).toEqual([]);
    await screenshotBoth(win, "captures", "bookmarklet");
    await send.click();
    await reviewsPancakes(win);
    await screenshotBoth(win, "captures", "review");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Ladle's screen takes a page only from the window that opened it", async () => {
    const context = await browser!.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page);
    // Opened directly, nothing can be sent to it: it says how to send a page.
    await page.goto(`${http.base}/#/capture`);
    await page.getByText(/Nothing was sent/).waitFor();
    // A page from anyone but the window that opened Ladle's (here a frame of the opener) is not heard.
    await page.goto(`${site.origin}/pancakes`);
    await page.getByRole("heading", { name: "Buttermilk Pancakes" }).waitFor();
    const [win] = await Promise.all([
      context.waitForEvent("page"),
      page.evaluate((base) => {
        const w = window.open(`${base}/#/capture`, "_blank")!;
        const frame = document.createElement("iframe");
        document.body.append(frame);
        // Posted from the frame's own realm: the message's source is the frame, not the opener.
        const fromFrame = new (frame.contentWindow as unknown as { Function: FunctionConstructor }).Function(
          "w",
          `w.postMessage({ type: "ladle:capture", url: "https://evil.example/", title: "Planted", html: "<p>x</p>" }, "*")`,
        ) as (w: Window) => void;
        addEventListener("message", (e) => {
          if (e.source === w) fromFrame(w);
        });
      }, http.base),
    ]);
    await win.getByText("Waiting for the page…").waitFor();
    // Ladle's window said it was ready and the frame answered: give that answer a round trip to land.
    await win.evaluate(() => new Promise((r) => setTimeout(r, 0)));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    expect(await win.getByText("Planted").count()).toBe(0);
    expect(await win.getByRole("button", { name: "Send to Ladle" }).count()).toBe(0);
    await context.close();
  });

  it("the extension, loaded in Chromium, sends the page from its toolbar action and lands on review", async () => {
    const profile = mkdtempSync(join(tmpdir(), "ladle-profile-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 800 },
      args: [
        ...CHROMIUM_BASE_ARGS,
        `--disable-extensions-except=${extensionDir}`,
        `--load-extension=${extensionDir}`,
      ],
    });
    context.setDefaultTimeout(PAGE_HANG_MS);
    try {
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
      const extensionId = new URL(worker.url()).host;
      const issued = await t.ladle.users.issueToken(cook.id, "Chromium");
      if (!issued.ok) throw new Error(issued.message);

      // The settings page: Ladle's address and the token, checked against Ladle.
      const options = await context.newPage();
      const errors: string[] = [];
      options.on("pageerror", (e) => errors.push(e.message));
      await options.goto(`chrome-extension://${extensionId}/options.html`);
      await options.getByLabel("Your Ladle's address").fill(`${http.base}/`);
      await options.getByLabel("API token").fill("not a token");
      await options.getByRole("button", { name: "Test connection" }).click();
      await options.getByText(/did not accept the token/).waitFor();
      await options.getByLabel("API token").fill(issued.value.token);
      await options.getByRole("button", { name: "Save" }).click();
      await options.getByText("Connected to Ladle as cook.").waitFor();
      expect(await axeViolations(options)).toEqual([]);
      await screenshotBoth(options, "captures", "extension-settings");

      // Signed in to Ladle in this browser, so the review it opens shows.
      const ladle = await context.newPage();
      await signIn(ladle);
      const page = await context.newPage();
      await page.goto(`${site.origin}/pancakes`);
      await page.getByRole("heading", { name: "Buttermilk Pancakes" }).waitFor();
      await page.bringToFront();

      // The toolbar button's own code, for this tab (the click itself is the browser's).
      const [review, said] = await Promise.all([
        context.waitForEvent("page"),
        worker.evaluate(async (url) => {
          const c = (
            globalThis as unknown as {
              chrome: { tabs: { query(q: object): Promise<{ id: number; url: string }[]> } };
            }
          ).chrome;
          const [tab] = await c.tabs.query({ url });
          return (
            globalThis as unknown as { ladleSend(tab: unknown, as: string): Promise<string> }
          ).ladleSend(tab, "recipe");
        }, `${site.origin}/pancakes`),
      ]);
      expect(said).toBe("Sent to Ladle.");
      review.on("pageerror", (e) => errors.push(e.message));
      await reviewsPancakes(review);
      await screenshotBoth(review, "captures", "extension-review");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
