import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasBrowser,
  launchBrowser,
  openPage,
  screenshot,
  serveApp,
  type ServedApp,
  openFromNav,
} from "../helpers/browser.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

let t: TestLadle;
let http: ServedApp;
let base: string;
let browser: Browser | null = null;

beforeAll(async () => {
  // API only: submitted imports wait in the queue, so the screen has something to show.
  t = await startTestLadle({ worker: false });
  http = await serveApp(t.app);
  base = http.base;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
});

describe.skipIf(!hasBrowser)("status screen in a browser", () => {
  it("shows readiness, waiting work per kind and paused sites, and checks for stuck work", async () => {
    for (const i of [1, 2, 3])
      await t.json("POST", "/api/tasks", {
        agentType: "Ingest",
        payload: { mode: "Url", url: `https://recipes.example/r/${i}` },
      });
    for (let i = 0; i < 5; i++) await t.ladle.gateway.breaker.recordFailure("stalling.example", "TIMEOUT");

    const { page, errors } = await openPage(browser!, { width: 1280, height: 800 });
    await page.goto(`${base}/#/`);
    // In the menu under the person's name.
    await openFromNav(page, "Status");
    await page.getByRole("heading", { name: "Status" }).waitFor();
    await page.getByText("Ladle is ready").waitFor();
    const row = page.getByRole("row", { name: /Recipe imports/ });
    await row.waitFor();
    expect(await row.getByRole("cell").first().textContent()).toBe("3");
    await page.getByText("stalling.example").waitFor();
    expect(await page.getByText("Database up to date: working").count()).toBe(1);
    await screenshot(page, "status-overview-1280");

    await page.getByRole("button", { name: "Check for stuck work now" }).click();
    await page.getByText("Nothing is stuck.").first().waitFor();
    // Words for people, not internal codes.
    expect(await page.getByText(/ladle-task|WORKER_CRASHED|CIRCUIT_OPEN/).count()).toBe(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "status-overview-390");
    expect(errors).toEqual([]);
    await page.close();
  });
});
