import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_BASE_ARGS } from "../../src/fetcher/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

// .ci/run installs Debian's chromium; a machine without it skips only the browser tests.
const CHROMIUM = "/usr/bin/chromium";
const hasBrowser = existsSync(CHROMIUM);

let t: TestLadle;
let site: FixtureServer;
let http: ServerType;
let base: string;
let browser: Browser | null = null;

beforeAll(async () => {
  site = await startFixtureServer({ "/pancakes": { body: PANCAKES_HTML } });
  t = await startTestLadle();
  http = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => http.once("listening", r));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  if (hasBrowser) {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_BASE_ARGS,
    });
  }
});
afterAll(async () => {
  await browser?.close();
  http?.close();
  await t?.close();
  await site?.close();
});

describe.skipIf(!hasBrowser)("web UI in a browser", () => {
  it("imports a URL, shows progress, lets the reviewer edit and commit", async () => {
    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(base + "/");
    await page.getByLabel("Recipe page address").fill(`${site.origin}/pancakes`);
    await page.getByRole("button", { name: "Import" }).click();
    await page.getByRole("heading", { name: "Review the draft" }).waitFor({ timeout: 20_000 });
    const name = page.getByLabel("Name", { exact: true });
    expect(await name.inputValue()).toBe("Buttermilk Pancakes");
    await name.fill("Sunday Pancakes");
    await page.getByRole("button", { name: "Save recipe" }).click();
    await page.getByRole("heading", { name: "Sunday Pancakes" }).waitFor({ timeout: 10_000 });
    expect(await page.getByText("2 cups (250 g) all-purpose flour").count()).toBe(1);
    const list = await t.json("GET", "/api/recipes");
    expect(list.body.items.map((x: { name: string }) => x.name)).toContain("Sunday Pancakes");
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
