import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  openFromNav,
  openPage,
  screenshotBoth,
  serveApp,
  type ServedApp,
  waitSignedIn,
} from "../helpers/browser.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser } from "../helpers/users.ts";

// People, not a single admin: an admin adds a person, makes and revokes a token, starts
// a library and adds the new person to it; the new person signs in on a phone and sees the shared
// library, their own tokens and nobody else's. axe on each screen, screenshots at 1280 and 390 px.

let t: TestLadle;
let http: ServedApp;
let browser: Browser | null = null;

beforeAll(async () => {
  t = await startTestLadle({ worker: false });
  const boss = await createTestUser(t, { name: "boss", role: "admin" });
  await t.ladle.signIn.setPassword(boss.id, "the boss's password");
  http = await serveApp(t.app);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
});

async function signIn(page: Page, name: string, password: string) {
  await page.goto(`${http.base}/#/`);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await waitSignedIn(page, name);
}

describe.skipIf(!hasBrowser)("people, tokens and libraries in the web app", () => {
  it("lets an admin add a person and share a library with them, who then sees it on a phone", async () => {
    const { page, errors } = await openPage(browser!, { width: 1280, height: 800 });
    await signIn(page, "boss", "the boss's password");
    await openFromNav(page, "People");
    await page.getByRole("heading", { name: "Everyone on this server" }).waitFor();

    await page.getByLabel("Name they sign in with").fill("cleo");
    await page.getByLabel(/First password/).fill("cleo's first password");
    await page.getByRole("button", { name: "Add this person" }).click();
    await page.getByText("cleo can sign in now.").waitFor();
    await page.getByRole("link", { name: "cleo" }).waitFor();

    // A token: its secret shown once, then revoked after asking.
    await page.getByLabel("Name of a new token").first().fill("backup script");
    await page.getByRole("button", { name: "Make a token" }).first().click();
    await page.getByText("Copy it now: it is not shown again.").waitFor();
    const secret = await page.getByLabel("Token", { exact: true }).inputValue();
    expect(secret.length).toBeGreaterThan(20);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "people", "admin");
    await page
      .getByRole("listitem")
      .filter({ hasText: "backup script" })
      .getByRole("button", { name: "Revoke" })
      .click();
    await page.getByRole("button", { name: "Yes, revoke" }).click();
    await page.getByRole("listitem").filter({ hasText: "backup script" }).waitFor({ state: "detached" });
    const revoked = await t.app.request("/api/session", { headers: { authorization: `Bearer ${secret}` } });
    expect(revoked.status).toBe(401);

    await openFromNav(page, "Libraries");
    await page.getByLabel("Name", { exact: true }).fill("Our kitchen");
    await page.getByRole("button", { name: "Start it" }).click();
    await page.getByRole("heading", { name: "Our kitchen" }).waitFor();
    await page.getByLabel("Add someone by the name they sign in with").fill("cleo");
    await page.getByLabel("They may").selectOption("editor");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByRole("list", { name: "People in Our kitchen" }).getByText("cleo").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "people", "libraries");
    expect(errors).toEqual([]);
    await page.close();

    const phone = await openPage(browser!, { width: 390, height: 844 });
    await signIn(phone.page, "cleo", "cleo's first password");
    await openFromNav(phone.page, "Libraries");
    await phone.page.getByRole("heading", { name: "Our kitchen" }).waitFor();
    await phone.page.getByText("You add and change things here.").waitFor();
    await openFromNav(phone.page, "People");
    await phone.page.getByRole("heading", { name: "Your API tokens" }).waitFor();
    // A member sees their own tokens and nobody else.
    expect(await phone.page.getByRole("heading", { name: "Everyone on this server" }).count()).toBe(0);
    expect(await axeViolations(phone.page)).toEqual([]);
    await screenshotBoth(phone.page, "people", "member");
    // The same screen for a reader whose system is in dark mode: the design tokens' dark values.
    await phone.page.emulateMedia({ colorScheme: "dark" });
    await openFromNav(phone.page, "Libraries");
    await phone.page.getByRole("heading", { name: "Our kitchen" }).waitFor();
    expect(await axeViolations(phone.page)).toEqual([]);
    await screenshotBoth(phone.page, "people", "libraries-dark");
    expect(phone.errors).toEqual([]);
    await phone.page.close();
  });
});
