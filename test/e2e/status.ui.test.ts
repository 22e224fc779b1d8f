import { existsSync, mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_BASE_ARGS } from "../../src/fetcher/browser.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

const CHROMIUM = "/usr/bin/chromium";
const hasBrowser = existsSync(CHROMIUM);
const SHOTS = "test-results/screenshots";

let t: TestLadle;
let http: ServerType;
let base: string;
let browser: Browser | null = null;

beforeAll(async () => {
  // API only: submitted imports wait in the queue, so the screen has something to show.
  t = await startTestLadle({ worker: false });
  http = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => http.once("listening", r));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  if (hasBrowser) browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_BASE_ARGS });
  mkdirSync(SHOTS, { recursive: true });
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
    for (let i = 0; i < 3; i++) await t.ladle.gateway.breaker.recordFailure("stalling.example", "TIMEOUT");

    const page = await browser!.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${base}/#/`);
    await page.getByRole("link", { name: "Status" }).click();
    await page.getByRole("heading", { name: "Status" }).waitFor();
    await page.getByText("Ladle is ready").waitFor();
    const row = page.getByRole("row", { name: /Recipe imports/ });
    await row.waitFor();
    expect(await row.getByRole("cell").first().textContent()).toBe("3");
    await page.getByText("stalling.example").waitFor();
    expect(await page.getByText("Database up to date: working").count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/status-overview-1280.png`, fullPage: true });

    await page.getByRole("button", { name: "Check for stuck work now" }).click();
    await page.getByText("Nothing is stuck.").first().waitFor();
    // Words for people, not internal codes.
    expect(await page.getByText(/ladle-task|WORKER_CRASHED|CIRCUIT_OPEN/).count()).toBe(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/status-overview-390.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
