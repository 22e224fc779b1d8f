import { createServer, type AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  hasBrowser,
  launchBrowser,
  screenshotBoth,
  waitSignedIn,
} from "../helpers/browser.ts";
import { startTestProvider, type TestProvider } from "../helpers/oidcProvider.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { createTestUser } from "../helpers/users.ts";

// Signing in through the household's OpenID provider, the whole redirect dance in Chromium against a
// real provider on loopback: a new person by provider, the groups claim deciding admins (a missing
// claim makes a member and says why), linking a person who has a password, a forged state refused,
// and password sign-in switched off once an admin came through the provider.

let t: TestLadle;
let provider: TestProvider;
let browser: Browser | null = null;
let base: string;
let close: () => void;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  provider = await startTestProvider({
    redirectUri: `${base}/api/welcome/oidc/callback`,
    accounts: {
      gina: { preferred_username: "gina", email: "gina@home.example", email_verified: true },
      ada: { preferred_username: "ada", groups: ["ladle-admins", "cooks"] },
      "ben-at-provider": { preferred_username: "benjamin", groups: ["cooks"] },
      lea: { preferred_username: "lea", locale: "it-IT" },
      noor: { preferred_username: "noor" },
    },
  });
  t = await startTestLadle({
    worker: false,
    config: {
      Auth: {
        SinglePerson: false,
        PasswordSignIn: false,
        Oidc: {
          Issuer: provider.issuer,
          ClientId: provider.clientId,
          ClientSecret: provider.clientSecret,
          AdminGroups: ["ladle-admins"],
        },
      },
    },
  });
  const ann = await createTestUser(t, { name: "ann", role: "admin" });
  await t.ladle.signIn.setPassword(ann.id, "ann's kitchen password");
  const ben = await createTestUser(t, { name: "ben" });
  await t.ladle.signIn.setPassword(ben.id, "ben's own password");
  // Ann shares a library with Ben.
  const kitchen = await t.ladle.users.createLibrary(ann.id, "Our kitchen");
  await t.ladle.users.addMember(ann.id, kitchen.id, "ben", "member");
  const http = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port });
  await new Promise((r) => http.once("listening", r));
  close = () => void http.close();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  close?.();
  await t?.close();
  await provider?.close();
});

/** A fresh browser whose requests never leave loopback (the provider's pages ask for a web font). */
async function freshPage(width = 1280, locale?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser!.newContext({
    viewport: { width, height: 800 },
    ...(locale ? { locale } : {}),
  });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const page = await context.newPage();
  return { context, page };
}

/** The provider's own sign-in and consent pages. */
async function atProvider(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

describe.skipIf(!hasBrowser)("signing in through the household's OpenID provider", () => {
  it("adds a new person as a member and says why when the provider sends no groups", async () => {
    const { context, page } = await freshPage();
    await page.goto(`${base}/`);
    const button = page.getByRole("link", { name: "Sign in with your household account" });
    await button.waitFor();
    // Passwords are on until an admin has signed in through the provider (nobody locked out).
    expect(await page.getByLabel("Password").isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "household", "signin-provider");
    await button.click();
    await atProvider(page, "gina");
    await waitSignedIn(page, "gina");
    await page.getByText("You are signed in as a member, not an admin").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "household", "provider-member");
    await context.close();
  });

  it("names a new person's own library in their provider's language, else the web app's", async () => {
    const ownLibrary = async (name: string) => {
      const u = await t.ladle.users.get(name);
      if (!u.ok) throw new Error(u.message);
      return (await t.ladle.users.libraries(u.value.id)).find((l) => l.isDefault)?.name;
    };
    // Lea's provider says Italian (its `locale` claim), whatever the browser speaks.
    const lea = await freshPage(390, "de-DE");
    await lea.page.goto(`${base}/`);
    await lea.page.getByRole("link", { name: "Sign in with your household account" }).click();
    await atProvider(lea.page, "lea");
    await lea.page.waitForURL(`${base}/#/**`);
    await expect.poll(() => ownLibrary("lea")).toBe("La mia biblioteca");
    await lea.context.close();
    // Noor's says nothing: the language the web app spoke when she pressed the button (Dutch).
    const noor = await freshPage(390, "nl-NL");
    await noor.page.goto(`${base}/`);
    const button = noor.page.locator(".provider-signin a");
    await button.waitFor();
    expect(await button.getAttribute("href")).toBe("/api/welcome/oidc/start?lang=nl");
    await button.click();
    await atProvider(noor.page, "noor");
    await noor.page.waitForURL(`${base}/#/**`);
    await expect.poll(() => ownLibrary("noor")).toBe("Mijn bibliotheek");
    await noor.context.close();
  });

  it("makes an admin from the groups claim; then password sign-in is off", async () => {
    const before = await fetch(`${base}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "ann", password: "ann's kitchen password" }),
    });
    expect(before.status).toBe(200);
    const { context, page } = await freshPage();
    await page.goto(`${base}/`);
    await page.getByRole("link", { name: "Sign in with your household account" }).click();
    await atProvider(page, "ada");
    await waitSignedIn(page, "ada");
    expect((await (await page.request.get(`${base}/api/session`)).json()).user.role).toBe("admin");
    await context.close();
    const after = await fetch(`${base}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "ann", password: "ann's kitchen password" }),
    });
    expect(after.status).toBe(403);
    expect((await after.json()).code).toBe("PASSWORD_SIGNIN_OFF");
    const fresh = await freshPage(390);
    await fresh.page.goto(`${base}/`);
    await fresh.page.getByRole("link", { name: "Sign in with your household account" }).waitFor();
    expect(await fresh.page.getByLabel("Password").isVisible()).toBe(false);
    await fresh.context.close();
  });

  it("links Ben's account to the provider; he then signs in through it as himself", async () => {
    const { context, page } = await freshPage(390);
    // Ben's password session, opened before passwords were switched off.
    const signIn = await t.ladle.signIn.signIn("ben", "ben's own password", "127.0.0.1");
    if (!signIn.ok) throw new Error(signIn.message);
    await context.addCookies([{ name: "ladle_session", value: signIn.value.token, url: base }]);
    await page.goto(`${base}/#/account`);
    await page.getByRole("link", { name: /^Link: / }).click();
    await atProvider(page, "ben-at-provider");
    await page.getByText("Your household account is linked").waitFor();
    await context.close();

    const phone = await freshPage(390);
    await phone.page.goto(`${base}/`);
    await phone.page.getByRole("link", { name: "Sign in with your household account" }).click();
    await atProvider(phone.page, "ben-at-provider");
    // Found by issuer and subject: Ben himself, not a new "benjamin".
    await waitSignedIn(phone.page, "ben");
    // And sees what Ann shared with him.
    await phone.page.goto(`${base}/#/libraries`);
    await phone.page.getByRole("heading", { name: "Our kitchen" }).waitFor();
    await phone.context.close();
  });

  it("refuses a forged state, and a callback nobody started", async () => {
    const start = await fetch(`${base}/api/welcome/oidc/start`, { redirect: "manual" });
    expect(start.status).toBe(302);
    const flow = /ladle_oidc=([^;]+)/.exec(start.headers.get("set-cookie") ?? "")![1];
    const toProvider = new URL(start.headers.get("location")!);
    expect(toProvider.searchParams.get("code_challenge_method")).toBe("S256");
    expect(toProvider.searchParams.get("nonce")).toBeTruthy();
    const forged = await fetch(`${base}/api/welcome/oidc/callback?code=abc&state=forged`, {
      redirect: "manual",
      headers: { cookie: `ladle_oidc=${flow}` },
    });
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toMatch(/^\/#\/signin-failed\//);
    expect(forged.headers.get("set-cookie") ?? "").not.toContain("ladle_session=lds_");
    const unstarted = await fetch(
      `${base}/api/welcome/oidc/callback?code=abc&state=${toProvider.searchParams.get("state")}`,
      {
        redirect: "manual",
      },
    );
    expect(unstarted.headers.get("location")).toMatch(/^\/#\/signin-failed\//);
  });
});
