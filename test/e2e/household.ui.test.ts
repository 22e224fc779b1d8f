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
import { PANCAKES_VERBATIM_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";

// One household from the first minute, in Chromium, on whichever database the run uses: an empty
// install → the first run makes Ann the owner → Ann imports two recipes → invites Ben → Ben joins
// on his phone → Ann is still signed in and sees her two recipes → Ann shares a library with Ben →
// Ann disables Ben, whose open session ends at its next request. Screenshots at 1280 and 390 px.

let t: TestLadle;
let http: ServedApp;
let site: FixtureServer;
let browser: Browser | null = null;

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_VERBATIM_HTML },
    "/waffles": { body: PANCAKES_VERBATIM_HTML.replaceAll("Pancakes", "Waffles") },
  });
  t = await startTestLadle({ config: { Auth: { SinglePerson: false } } });
  http = await serveApp(t.app);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
});

/** Imports a page as the person signed in on `page` (their session cookie), and saves the recipe. */
async function importRecipe(page: Page, path: string): Promise<void> {
  const started = await page.request.post(`${http.base}/api/tasks`, {
    data: { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}${path}` } },
  });
  expect(started.status()).toBe(202);
  const { taskId } = await started.json();
  await expect
    .poll(async () => (await (await page.request.get(`${http.base}/api/tasks/${taskId}`)).json()).status, {
      timeout: 60_000,
    })
    .toBe("ReviewReady");
  const saved = await page.request.post(`${http.base}/api/recipes/import`, {
    data: { taskId, acknowledgeGuardrail: true },
  });
  expect(saved.status()).toBe(200);
}

describe.skipIf(!hasBrowser)("one household from the first minute", () => {
  it("first run, invitation, a shared library, a password link, and disabling a person", async () => {
    const { page, errors } = await openPage(browser!, { width: 1280, height: 800 });
    // An empty install opens on its first run (this browser is on the server's machine: no code).
    await page.goto(`${http.base}/`);
    await page.getByRole("heading", { name: "Welcome to Ladle" }).waitFor();
    expect(await page.getByLabel("Setup code").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "household", "first-run");
    await page.getByLabel("Your name (you sign in with it)").fill("ann");
    await page.getByLabel(/Choose a password/).fill("ann's kitchen password");
    await page.getByRole("button", { name: "Make me the owner" }).click();
    await waitSignedIn(page, "ann");

    await importRecipe(page, "/pancakes");
    await importRecipe(page, "/waffles");

    // Ann invites Ben: a one-time link to hand over.
    await openFromNav(page, "People");
    await page.getByRole("button", { name: "Make an invitation link" }).click();
    const link = await page.getByLabel("Invitation link").inputValue();
    expect(link).toMatch(new RegExp(`^${http.base}/#/invite/`));
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "household", "people");

    // Ben joins on his phone.
    const phone = await openPage(browser!, { width: 390, height: 844 });
    await phone.page.goto(link);
    await phone.page.getByRole("heading", { name: "You are invited to Ladle" }).waitFor();
    expect(await axeViolations(phone.page)).toEqual([]);
    await screenshotBoth(phone.page, "household", "invitation");
    await phone.page.getByLabel("Your name (you sign in with it)").fill("ben");
    await phone.page.getByLabel(/Choose a password/).fill("ben's own password");
    await phone.page.getByRole("button", { name: "Join" }).click();
    await waitSignedIn(phone.page, "ben");
    // The link worked once.
    const again = await browser!.newPage();
    await again.goto(link);
    await again.getByRole("heading", { name: "This invitation does not work" }).waitFor();
    await again.close();

    // Ann is still signed in and sees her two recipes.
    await page.reload();
    await waitSignedIn(page, "ann");
    await openFromNav(page, "Recipes");
    await page.getByText("Waffles").first().waitFor();
    await page.getByText("Pancakes").first().waitFor();

    // Ann shares a library with Ben; Ben sees it.
    await openFromNav(page, "Libraries");
    await page.getByLabel("Name", { exact: true }).fill("Our kitchen");
    await page.getByRole("button", { name: "Start it" }).click();
    await page.getByRole("heading", { name: "Our kitchen" }).waitFor();
    await page.getByLabel("Add someone by the name they sign in with").fill("ben");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByRole("list", { name: "People in Our kitchen" }).getByText("ben").waitFor();
    await openFromNav(phone.page, "Libraries");
    await phone.page.getByRole("heading", { name: "Our kitchen" }).waitFor();

    // Ann's own sign-ins: this browser, with its address and when it was last seen.
    await page.goto(`${http.base}/#/account`);
    await page.getByRole("list", { name: "Where you are signed in" }).getByText("(this one)").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, "household", "account-sessions");

    // A password link for Ben: he chooses a new one on his phone.
    await page.goto(`${http.base}/#/people`);
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

    // Ann disables Ben: his open session ends at its next request.
    await page.getByRole("button", { name: "Disable" }).click();
    await page.getByRole("button", { name: "Yes, disable" }).click();
    await page.getByRole("heading", { name: "Disabled" }).waitFor();
    await openFromNav(phone.page, "Recipes");
    await phone.page.getByRole("heading", { name: "Sign in" }).waitFor();
    await phone.page.getByLabel("Name").fill("ben");
    await phone.page.getByLabel("Password").fill("ben's second password");
    await phone.page.getByRole("button", { name: "Sign in" }).click();
    await phone.page.getByText("An admin has disabled this account").waitFor();
    expect(phone.errors).toEqual([]);
    expect(errors).toEqual([]);
    await phone.page.close();
    await page.close();
  }, 300_000);
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
  }, 120_000);
});
