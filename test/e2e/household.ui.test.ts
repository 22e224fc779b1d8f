import { createServer, type AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Browser, BrowserContext, Page } from "playwright-core";
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
import { startTestProvider, type TestProvider } from "../helpers/oidcProvider.ts";
import { PANCAKES_VERBATIM_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";

// One household from the first minute, in Chromium, on whichever database the run uses: an empty
// install → the first run makes Ann the owner → Ann imports two recipes on the Add screen → invites
// Ben → Ben joins on his phone → Ann is still signed in and sees her two recipes → Ann shares a
// library with Ben → Ben chooses a new password through Ann's link → Ben links his household
// account and signs in through the provider on another browser, where he sees the library → Ann
// disables Ben, whose open session ends at its next request.
// Screenshots at 1280 and 390 px.

let t: TestLadle;
let base: string;
let closeServer: () => void;
let site: FixtureServer;
let provider: TestProvider;
let browser: Browser | null = null;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_VERBATIM_HTML },
    "/waffles": { body: PANCAKES_VERBATIM_HTML.replaceAll("Pancakes", "Waffles") },
  });
  // The provider must know where it sends people back before Ladle listens: a port chosen first.
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  provider = await startTestProvider({
    redirectUri: `${base}/api/welcome/oidc/callback`,
    accounts: { "ben-at-provider": { preferred_username: "benjamin", groups: ["cooks"] } },
  });
  t = await startTestLadle({
    config: {
      Auth: {
        SinglePerson: false,
        Oidc: { Issuer: provider.issuer, ClientId: provider.clientId, ClientSecret: provider.clientSecret },
      },
    },
  });
  const http = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port });
  await new Promise((r) => http.once("listening", r));
  closeServer = () => void http.close();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  closeServer?.();
  await t?.close();
  await provider?.close();
  await site?.close();
});

/** Another browser (its own cookies) whose requests never leave loopback (the provider's pages ask for a web font). */
async function otherBrowser(
  width: number,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser!.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}

/** The provider's own sign-in and consent pages. */
async function atProvider(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** Imports a recipe page on the Add screen, as a cook would: address, review, keep the copied steps, save. */
async function importOnScreen(page: Page, path: string, name: string, shots = false): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByLabel("Recipe page address").fill(`${site.origin}${path}`);
  await page.getByRole("button", { name: "Import the page" }).click();
  await page.getByRole("heading", { name: "Review the draft" }).waitFor();
  expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(name);
  if (shots) {
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "household", "review");
  }
  // The copy check's choice, beside Save.
  await page.getByRole("radio", { name: "Keep for personal use" }).check();
  await page.getByRole("button", { name: "Save recipe" }).click();
  await page.getByRole("heading", { name, level: 1 }).waitFor();
}

describe.skipIf(!hasBrowser)("one household from the first minute", () => {
  it("first run, two imports, an invitation, a shared library, the provider, and disabling a person", async () => {
    const { page, errors } = await openPage(browser!, { width: 1280, height: 800 });
    // An empty install opens on its first run (this browser is on the server's machine: no code).
    await page.goto(`${base}/`);
    await page.getByRole("heading", { name: "Welcome to Ladle" }).waitFor();
    expect(await page.getByLabel("Setup code").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "household", "first-run");
    await page.getByLabel("Your name (you sign in with it)").fill("ann");
    await page.getByLabel(/Choose a password/).fill("ann's kitchen password");
    await page.getByRole("button", { name: "Make me the owner" }).click();
    await waitSignedIn(page, "ann");

    // Ann imports two recipes.
    await importOnScreen(page, "/pancakes", "Buttermilk Pancakes", true);
    await importOnScreen(page, "/waffles", "Buttermilk Waffles");

    // Ann invites Ben: a one-time link to hand over.
    await openFromNav(page, "People");
    await page.getByRole("button", { name: "Make an invitation link" }).click();
    const link = await page.getByLabel("Invitation link").inputValue();
    expect(link).toMatch(new RegExp(`^${base}/#/invite/`));
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "household", "people");

    // Ben joins on his phone (another browser: its own cookies).
    const phone = await otherBrowser(390);
    await phone.page.goto(link);
    await phone.page.getByRole("heading", { name: "You are invited to Ladle" }).waitFor();
    expect(await axeViolations(phone.page)).toEqual([]);
    await screenshotBoth(phone.page, "household", "invitation");
    await phone.page.getByLabel("Your name (you sign in with it)").fill("ben");
    await phone.page.getByLabel(/Choose a password/).fill("ben's own password");
    await phone.page.getByRole("button", { name: "Join" }).click();
    await waitSignedIn(phone.page, "ben");
    // The link worked once.
    const again = await otherBrowser(1280);
    await again.page.goto(link);
    await again.page.getByRole("heading", { name: "This invitation does not work" }).waitFor();
    await again.context.close();

    // Ann is still signed in and sees her two recipes; Ben sees none of them.
    await page.reload();
    await waitSignedIn(page, "ann");
    await openFromNav(page, "Recipes");
    await page
      .getByRole("link", { name: /Buttermilk Waffles/ })
      .first()
      .waitFor();
    await page
      .getByRole("link", { name: /Buttermilk Pancakes/ })
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "household", "ann-recipes");
    const bens = await phone.page.request.get(`${base}/api/recipes`);
    expect((await bens.json()).total).toBe(0);

    // Ann shares a library with Ben on the Libraries screen.
    await openFromNav(page, "Libraries");
    await page.getByLabel("Name", { exact: true }).fill("Our kitchen");
    await page.getByRole("button", { name: "Start it" }).click();
    await page.getByRole("heading", { name: "Our kitchen" }).waitFor();
    await page.getByLabel("Add someone by the name they sign in with").fill("ben");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByRole("list", { name: "People in Our kitchen" }).getByText("ben").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "household", "libraries");

    // A password link for Ben: he chooses a new one on his phone.
    await page.goto(`${base}/#/people`);
    await page.getByRole("link", { name: "ben" }).click();
    await page.getByRole("button", { name: "Make a password link" }).click();
    const reset = await page.getByLabel("Password link").inputValue();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "household", "person");
    await phone.page.goto(reset);
    await phone.page.getByRole("heading", { name: "A new password for ben" }).waitFor();
    expect(await axeViolations(phone.page)).toEqual([]);
    await screenshotBoth(phone.page, "household", "reset");
    await phone.page.getByLabel(/New password/).fill("ben's second password");
    await phone.page.getByRole("button", { name: "Save password and sign in" }).click();
    await waitSignedIn(phone.page, "ben");
    // Signed in, the phone opens the home screen: let it settle before going elsewhere.
    await phone.page.getByLabel("Recipe page address").waitFor();

    // Ben links his household account on his phone...
    await phone.page.goto(`${base}/#/account`);
    await phone.page.getByRole("list", { name: "Where you are signed in" }).waitFor();
    await phone.page.getByRole("link", { name: /^Link: / }).click();
    await atProvider(phone.page, "ben-at-provider");
    await phone.page.getByText("Your household account is linked").waitFor();
    await phone.context.close();

    // ...and signs in through the provider on another browser: found by issuer and subject (Ben
    // himself, not a new "benjamin"), he sees the library Ann shared.
    const laptop = await otherBrowser(1280);
    await laptop.page.goto(`${base}/`);
    await laptop.page.getByRole("link", { name: "Sign in with your household account" }).click();
    await atProvider(laptop.page, "ben-at-provider");
    await waitSignedIn(laptop.page, "ben");
    await openFromNav(laptop.page, "Libraries");
    await laptop.page.getByRole("heading", { name: "Our kitchen" }).waitFor();
    expect(await axeViolations(laptop.page)).toEqual([]);
    await screenshotBoth(laptop.page, "household", "ben-libraries");

    // Ann's own sign-ins: this browser, with its address and when it was last seen.
    await page.goto(`${base}/#/account`);
    await page.getByRole("list", { name: "Where you are signed in" }).getByText("(this one)").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "household", "account-sessions");

    // Ann disables Ben on the People screen: his open session ends at its next request.
    await page.goto(`${base}/#/people`);
    await page.getByRole("link", { name: "ben" }).click();
    await page.getByRole("button", { name: "Disable" }).click();
    await page.getByRole("button", { name: "Yes, disable" }).click();
    await page.getByRole("heading", { name: "Disabled" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "household", "person-disabled");
    await openFromNav(laptop.page, "Recipes");
    await laptop.page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(await laptop.page.locator(".user-toggle", { hasText: "Signed in as ben" }).count()).toBe(0);
    await screenshotBoth(laptop.page, "household", "ben-signed-out");
    // Through the provider he is refused too, and told why.
    await laptop.page.getByRole("link", { name: "Sign in with your household account" }).click();
    await laptop.page.getByText("An admin has disabled this account").waitFor();
    expect(laptop.errors).toEqual([]);
    expect(errors).toEqual([]);
    await laptop.context.close();
    await page.close();
  });
});

describe.skipIf(!hasBrowser)("single-person mode", () => {
  let one: TestLadle;
  let oneHttp: ServedApp;
  beforeAll(async () => {
    one = await startTestLadle({ worker: false, config: { Auth: { SinglePerson: true } } });
    oneHttp = await serveApp(one.app);
  });
  afterAll(async () => {
    oneHttp?.close();
    await one?.close();
  });

  it("says so in the top bar, and People switches sign-in on", async () => {
    const { page, errors } = await openPage(browser!, { width: 1280, height: 800 });
    await page.goto(`${oneHttp.base}/#/people`);
    await page.locator(".user-toggle", { hasText: "Single-person mode" }).waitFor({ state: "attached" });
    await page.getByRole("heading", { name: "Single-person mode" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "household", "single-person");
    await page.getByLabel("Your name (you sign in with it)").fill("sam");
    await page.getByLabel(/Choose a password/).fill("sam's kitchen password");
    await page.getByRole("button", { name: "Switch on sign-in" }).click();
    await waitSignedIn(page, "sam");
    expect(errors).toEqual([]);
    await page.close();
  });
});
