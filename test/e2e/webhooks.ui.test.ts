import http from "node:http";
import type { AddressInfo } from "node:net";
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

let t: TestLadle;
let app: ServedApp;
let receiver: http.Server;
let rx = "";
let browser: Browser | null = null;
const received: string[] = [];

beforeAll(async () => {
  // A loopback receiver: /ok says thanks, anything else is a broken receiver.
  receiver = http.createServer((req, res) => {
    received.push(req.url ?? "");
    req.resume();
    req.on("end", () =>
      req.url === "/ok"
        ? res.writeHead(200, { "content-type": "text/plain" }).end("Got it, thanks")
        : res.writeHead(500, { "content-type": "text/plain" }).end("Sorry, we are down"),
    );
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  rx = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await startTestLadle({ config: { Webhooks: { PollIntervalMs: 50 } } });
  app = await serveApp(t.app);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  app?.close();
  await new Promise((r) => receiver?.close(r));
  await t?.close();
});

describe.skipIf(!hasBrowser)("webhooks on the account screen", () => {
  for (const width of [1280, 390])
    it(`adds a webhook, shows its secret once, sends a test, reads the log, turns it back on and deletes it (${width} px)`, async () => {
      const { page, errors } = await openPage(browser!, { width, height: 844 });
      await page.goto(`${app.base}/#/account`);
      await page.getByRole("heading", { name: "Webhooks" }).waitFor();
      await page.getByText("No webhooks yet.").waitFor();

      // A private address is refused in words.
      await page.getByLabel("Web address to send to").fill("http://192.168.1.20/hook");
      await page.getByRole("button", { name: "Add webhook" }).click();
      await page.getByText(/points inside a private network/).waitFor();

      await page.getByLabel("Web address to send to").fill(`${rx}/ok`);
      await page.getByLabel("An import fails").check();
      await page.getByLabel("A recipe is deleted").uncheck();
      await page.getByRole("button", { name: "Add webhook" }).click();
      await page.getByRole("heading", { name: "Copy your signing secret now" }).waitFor();
      const secret = await page.getByLabel("Signing secret").textContent();
      expect(secret).toMatch(/^whsec_/);
      const card = page.getByRole("article", { name: `Webhook to ${rx}/ok` });
      await card
        .getByText("Tells it when: a recipe is saved, a recipe is changed, an import fails.")
        .waitFor();
      await screenshot(page, `webhooks-added-${width}`);

      await card.getByRole("button", { name: "Send a test" }).click();
      const log = card.getByRole("table");
      await log.getByText("Delivered (200)").waitFor();
      await log.getByText("Got it, thanks").waitFor();
      expect(await log.getByRole("cell", { name: "Test" }).count()).toBe(1);
      await screenshot(page, `webhooks-log-${width}`);

      // The secret is not shown again once the screen is opened anew.
      await page.reload();
      await card.waitFor();
      expect(await page.getByText(secret!).count()).toBe(0);

      // Turned off (as Ladle does after failures), then on again.
      await card.getByRole("button", { name: "Turn off" }).click();
      await page.getByText("The webhook is off.").waitFor();
      await card.getByText("You turned it off.").waitFor();
      await card.getByRole("button", { name: "Turn on again" }).click();
      await page.getByText("The webhook is on again.").waitFor();

      // A broken receiver: the test's failure and the receiver's answer show in the log.
      const broken = await t.json("POST", "/api/webhooks", {
        url: `${rx}/down`,
        events: ["recipe.committed"],
      });
      await page.reload();
      const down = page.getByRole("article", { name: `Webhook to ${rx}/down` });
      await down.getByRole("button", { name: "Send a test" }).click();
      await down.getByText("The receiver answered 500.").waitFor();
      await down.getByText("Sorry, we are down").waitFor();
      await screenshot(page, `webhooks-failed-${width}`);
      // No ids or codes on screen.
      const text = (await page.locator("main, #app").first().textContent()) ?? "";
      expect(text).not.toContain(broken.body.id);
      expect(text).not.toMatch(/WEBHOOK_|recipe\.committed|webhook\.test/);

      for (const c of [card, down]) {
        await c.getByRole("button", { name: "Delete" }).click();
        await c.getByRole("button", { name: "Yes, delete" }).click();
        await page.getByText("The webhook is deleted.").waitFor();
      }
      await page.getByText("No webhooks yet.").waitFor();
      expect(received.filter((u) => u === "/ok").length).toBeGreaterThanOrEqual(1);
      expect(errors).toEqual([]);
      await page.close();
    }, 120_000);
});
