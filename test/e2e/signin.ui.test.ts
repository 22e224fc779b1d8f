import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasBrowser,
  launchBrowser,
  openPage,
  screenshot,
  serveApp,
  type ServedApp,
} from "../helpers/browser.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser } from "../helpers/users.ts";

let t: TestLadle;
let http: ServedApp;
let browser: Browser | null = null;

beforeAll(async () => {
  t = await startTestLadle({ worker: false });
  const bo = await createTestUser(t, { name: "bo" });
  await t.ladle.signIn.setPassword(bo.id, "correct horse battery");
  http = await serveApp(t.app);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
});

describe.skipIf(!hasBrowser)("signing in to the web app", () => {
  for (const width of [1280, 390])
    it(`signs in with a password, shows who is signed in, changes the password and signs out (${width} px)`, async () => {
      const { page, errors } = await openPage(browser!, { width, height: 844 });
      await page.goto(`${http.base}/#/`);
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      await screenshot(page, `signin-form-${width}`);

      // A wrong password says so in words, and the form stays.
      await page.getByLabel("Name").fill("bo");
      await page.getByLabel("Password").fill("not the password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByText("That name and password do not match").waitFor();
      await screenshot(page, `signin-wrong-${width}`);

      await page.getByLabel("Password").fill("correct horse battery");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("link", { name: "Signed in as bo" }).waitFor();
      // The session is an HttpOnly cookie: the page's script cannot read it.
      expect(await page.evaluate(() => document.cookie)).not.toContain("ladle_session");
      await screenshot(page, `signin-home-${width}`);

      // A reload keeps the session (nothing to paste again).
      await page.reload();
      await page.getByRole("link", { name: "Signed in as bo" }).waitFor();

      await page.getByRole("link", { name: "Signed in as bo" }).click();
      await page.getByRole("heading", { name: "Your account" }).waitFor();
      await page.getByLabel("Current password").fill("correct horse battery");
      await page.getByLabel(/New password/).fill(`a new password ${width}`);
      await page.getByRole("button", { name: "Save password" }).click();
      await page.getByText("Your password is changed.").waitFor();
      await screenshot(page, `signin-account-${width}`);

      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByText("You are signed out.").waitFor();
      await page.getByLabel("Name").fill("bo");
      await page.getByLabel("Password").fill(`a new password ${width}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("link", { name: "Signed in as bo" }).waitFor();
      // Put the password back for the other width.
      await page.goto(`${http.base}/#/account`);
      await page.getByLabel("Current password").fill(`a new password ${width}`);
      await page.getByLabel(/New password/).fill("correct horse battery");
      await page.getByRole("button", { name: "Save password" }).click();
      await page.getByText("Your password is changed.").waitFor();
      expect(errors).toEqual([]);
      await page.close();
    }, 120_000);
});
