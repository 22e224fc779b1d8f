import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  openPage,
  openUserMenu,
  screenshot,
  serveApp,
  type ServedApp,
} from "../helpers/browser.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser } from "../helpers/users.ts";

let t: TestLadle;
let http: ServedApp;
let browser: Browser | null = null;
let boToken = "";

beforeAll(async () => {
  t = await startTestLadle({ worker: false });
  const bo = await createTestUser(t, { name: "bo" });
  boToken = bo.token;
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

      // On a phone the Menu left open while signing in closes once signed in.
      const phoneMenu = page.getByRole("button", { name: "Menu" });
      if (width < 500) await phoneMenu.click();
      await page.getByLabel("Password").fill("correct horse battery");
      await page.getByRole("button", { name: "Sign in" }).click();
      // The user menu says who is signed in: a button on a wide screen, inside the Menu on a phone.
      await page.locator(".user-menu").getByText("Signed in as bo").first().waitFor({ state: "attached" });
      if (width < 500) expect(await phoneMenu.getAttribute("aria-expanded")).toBe("false");
      // The session is an HttpOnly cookie: the page's script cannot read it.
      expect(await page.evaluate(() => document.cookie)).not.toContain("ladle_session");
      const cookie = (await page.context().cookies()).find((c) => c.name === "ladle_session");
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
      await screenshot(page, `signin-home-${width}`);

      // A reload keeps the session (nothing to paste again).
      await page.reload();
      await page.locator(".user-menu").getByText("Signed in as bo").first().waitFor({ state: "attached" });

      // The menu, by keyboard: on a wide screen its button opens it and Escape closes it. Once the
      // reloaded page has settled: a key pressed before its screen was drawn did nothing (CI, busy).
      await page.waitForLoadState("networkidle");
      if (width > 600) {
        await page.locator(".user-toggle").focus();
        await page.keyboard.press("Enter");
        await page.getByRole("link", { name: "Your API tokens" }).waitFor();
        await page.keyboard.press("Escape");
        await page.getByRole("link", { name: "Your API tokens" }).waitFor({ state: "hidden" });
        expect(await page.evaluate(() => document.activeElement?.className)).toContain("user-toggle");
      }
      await page.waitForLoadState("networkidle");
      await openUserMenu(page);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `signin-menu-${width}`);
      // On a busy machine the screen under the menu may finish drawing late and take the focus,
      // which closes the menu (as it should for a person tabbing away): open it again then.
      await expect
        .poll(async () => {
          await openUserMenu(page);
          return page
            .getByRole("link", { name: "Your API tokens" })
            .click({ timeout: 5000 })
            .then(
              () => true,
              () => false,
            );
        })
        .toBe(true);
      await page.getByRole("heading", { name: /token/i }).first().waitFor();
      await openUserMenu(page);
      await page.getByRole("link", { name: "Your account and password" }).click();
      await page.getByRole("heading", { name: "Your account" }).waitFor();
      await page.getByLabel("Current password").fill("correct horse battery");
      await page.getByLabel(/New password/).fill(`a new password ${width}`);
      await page.getByRole("button", { name: "Save password" }).click();
      await page.getByText("Your password is changed.").waitFor();
      await screenshot(page, `signin-account-${width}`);

      await openUserMenu(page);
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByText("You are signed out.").waitFor();
      await page.getByLabel("Name").fill("bo");
      await page.getByLabel("Password").fill(`a new password ${width}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.locator(".user-menu").getByText("Signed in as bo").first().waitFor({ state: "attached" });
      // Put the password back for the other width.
      await page.goto(`${http.base}/#/account`);
      await page.getByLabel("Current password").fill(`a new password ${width}`);
      await page.getByLabel(/New password/).fill("correct horse battery");
      await page.getByRole("button", { name: "Save password" }).click();
      await page.getByText("Your password is changed.").waitFor();
      expect(errors).toEqual([]);
      await page.close();
    });

  it("says so when a pasted token is wrong, and signs in with the right one", async () => {
    const { page, errors } = await openPage(browser!, { width: 390, height: 844 });
    await page.goto(`${http.base}/#/`);
    await page.getByText("Use an API token instead").click();
    await page.getByLabel("Token").fill("not-a-token");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("That token was not accepted.").waitFor();
    await screenshot(page, "signin-wrong-token-390");
    await page.getByLabel("Token").fill(boToken);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Add a recipe" }).waitFor();
    // Pictures get the token in a cookie the page's scripts cannot read.
    expect(await page.evaluate(() => document.cookie)).not.toContain("ladle_image_token");
    const images = (await page.context().cookies()).find((c) => c.name === "ladle_image_token");
    expect(images).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/images/" });
    expect(errors).toEqual([]);
    await page.close();
  });
});
