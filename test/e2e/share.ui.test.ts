import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasBrowser,
  launchBrowser,
  screenshotBoth,
  serveApp,
  type ServedApp,
  waitSignedIn,
} from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { makePdf } from "../helpers/makePdf.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser } from "../helpers/users.ts";

let t: TestLadle;
let site: FixtureServer;
let http: ServedApp;
let browser: Browser | null = null;

const PASSWORD = "correct horse battery";

beforeAll(async () => {
  t = await startTestLadle();
  const cook = await createTestUser(t, { name: "cook" });
  await t.ladle.signIn.setPassword(cook.id, PASSWORD);
  http = await serveApp(t.app);
  site = await startFixtureServer({ "/pancakes": { body: PANCAKES_HTML } });
  // Another site's page posting to Ladle's share target, as any page could.
  site.route("/share-form", {
    body: `<!doctype html><title>A form</title><form method="post" enctype="multipart/form-data" action="${http.base}/share">
<input type="hidden" name="title" value="Buttermilk Pancakes"><input type="hidden" name="text" value="Look at this one">
<input type="hidden" name="url" value="${site.origin}/pancakes"><button>Send</button></form>`,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
});

async function signIn(page: Page) {
  await page.getByLabel("Name").fill("cook");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A browser signed in to Ladle with a password (the session cookie). */
async function signedIn(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${http.base}/`);
  await signIn(page);
  await waitSignedIn(page, "cook");
  return { context, page, errors };
}

const review = (page: Page) => page.getByRole("heading", { name: "Review the draft" }).waitFor();

interface ShareTarget {
  action: string;
  method: string;
  enctype: string;
  params: { title: string; text: string; url: string; files: { name: string; accept: string[] }[] };
}

/** Submits a form built from the manifest's share_target, as the OS share sheet does for an installed app. */
async function shareSheet(
  page: Page,
  st: ShareTarget,
  fields: Record<string, string>,
  file?: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.evaluate(
    ({ st, fields }) => {
      const form = document.createElement("form");
      form.action = st.action;
      form.method = st.method;
      form.enctype = st.enctype;
      for (const [k, v] of Object.entries(fields)) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = (st.params as unknown as Record<string, string>)[k]!;
        input.value = v;
        form.append(input);
      }
      const files = document.createElement("input");
      files.type = "file";
      files.name = st.params.files[0]!.name;
      files.id = "shared-files";
      form.append(files);
      form.id = "share-sheet";
      document.body.append(form);
    },
    { st, fields },
  );
  if (file) await page.locator("#shared-files").setInputFiles(file);
  await page.evaluate(() => (document.getElementById("share-sheet") as HTMLFormElement).submit());
}

describe.skipIf(!hasBrowser)("capture from anywhere in a browser", () => {
  it("the manifest's share target takes a page and a PDF from the share sheet and lands on the started import", async () => {
    const { context, page, errors } = await signedIn();
    expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
    const manifest = await page.evaluate(async () => (await fetch("/manifest.webmanifest")).json());
    expect(manifest).toMatchObject({ display: "standalone", start_url: "/", name: "Ladle" });
    const st = manifest.share_target as ShareTarget;
    expect(st).toMatchObject({ action: "/share", method: "POST", enctype: "multipart/form-data" });
    expect(st.params.files[0]!.accept).toEqual(expect.arrayContaining(["image/*", "application/pdf"]));
    for (const icon of manifest.icons.filter((i: { type: string }) => i.type === "image/png")) {
      const r = await page.request.get(`${http.base}${icon.src}`);
      expect(r.headers()["content-type"]).toBe("image/png");
      expect((await r.body()).subarray(1, 4).toString()).toBe("PNG");
    }

    // A page: its import starts at once and reaches review.
    await shareSheet(page, st, { title: "Pancakes", text: "Try these", url: `${site.origin}/pancakes` });
    await review(page);
    expect(page.url()).toMatch(/#\/tasks\//);
    await screenshotBoth(page, "share", "review");

    // A PDF: a file import.
    const pdf = makePdf([
      {
        lines: [
          "Lemon Cake",
          "",
          "Ingredients",
          "2 eggs",
          "1 cup sugar",
          "1 lemon",
          "",
          "Method",
          "1. Mix everything.",
          "2. Bake for 30 minutes.",
        ],
      },
    ]);
    await page.goto(`${http.base}/#/account`);
    await shareSheet(
      page,
      st,
      { title: "", text: "", url: "" },
      { name: "cake.pdf", mimeType: "application/pdf", buffer: pdf },
    );
    // A file ends in the same review as a page.
    await review(page);
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Lemon Cake");
    expect(page.url()).toMatch(/#\/tasks\//);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a link to /share with a page's address shows it; the import starts on a click and reaches review", async () => {
    const { context, page, errors } = await signedIn();
    await page.goto(`${http.base}/#/account`);
    const link = page.getByRole("link", { name: "Save to Ladle" });
    await link.waitFor();
    await screenshotBoth(page, "share", "bookmarklet");
    // The bookmarklet itself sends the page as the browser shows it (test/e2e/captures.ui.test.ts);
    // a link any page can make to /share still leads to the same confirmation as before.
    await page.goto(`${site.origin}/pancakes`);
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      page.evaluate(
        (base) =>
          window.open(
            `${base}/share?url=${encodeURIComponent(location.href)}&title=${encodeURIComponent(document.title)}`,
            "_blank",
          ),
        http.base,
      ),
    ]);
    tab.on("pageerror", (e) => errors.push(e.message));
    // A link any page could make: shown, not started, until the cook says so.
    const importButton = tab.getByRole("button", { name: "Import" });
    await importButton.waitFor();
    expect(await tab.getByText(`${site.origin}/pancakes`).count()).toBe(1);
    expect(await tab.getByRole("heading", { name: "Buttermilk Pancakes | Test Kitchen" }).count()).toBe(1);
    expect((await t.json("GET", "/api/tasks", undefined, {})).status).toBe(401); // nothing leaked to the anonymous
    await screenshotBoth(tab, "share", "confirm");
    await importButton.click();
    await review(tab);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a share from a signed-out browser waits in the browser, asks to sign in, then continues to the import", async () => {
    const context = await browser!.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // Another site's page cannot post to the share target at all.
    await page.goto(`${site.origin}/share-form`);
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText(/sent from another site's page/).waitFor();

    // Ladle opened once (its service worker installed), signed out; then the share sheet posts.
    await page.goto(`${http.base}/`);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const st = (await page.evaluate(async () => (await fetch("/manifest.webmanifest")).json()))
      .share_target as ShareTarget;
    await shareSheet(page, st, { title: "Pancakes", text: "", url: `${site.origin}/pancakes` });
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(page.url()).toMatch(/#\/share\/pending$/);
    await screenshotBoth(page, "share", "signed-out");
    await signIn(page);
    // Sent from this browser once signed in: the import starts at once and reaches review.
    await review(page);
    expect(page.url()).toMatch(/#\/tasks\//);
    expect(errors).toEqual([]);
    await context.close();
  });
});
