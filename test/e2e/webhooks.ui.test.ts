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
      req.url?.startsWith("/page-")
        ? // A page to bookmark (with a picture, so it is enriched at once): the event of the test.
          res
            .writeHead(200, { "content-type": "text/html" })
            .end(`<title>Soup notes</title><meta property="og:image" content="${rx}/soup.png">`)
        : req.url === "/ok"
          ? res.writeHead(200, { "content-type": "text/plain" }).end("Got it, thanks")
          : req.url === "/robots.txt" // none: a 5xx here would keep the bookmark's fetch away
            ? res.writeHead(404).end()
            : res.writeHead(500, { "content-type": "text/plain" }).end("Sorry, we are down"),
    );
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  rx = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // One attempt per delivery: a failure is final at once, so "Send again" shows without waiting.
  t = await startTestLadle({ config: { Webhooks: { PollIntervalMs: 50, MaxAttempts: 1 } } });
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
      // The sentence first; the server's whole words wait under Details.
      await page
        .getByText(/points inside a private network/)
        .first()
        .waitFor();

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
        events: ["bookmark.enriched"],
      });
      await page.reload();
      const down = page.getByRole("article", { name: `Webhook to ${rx}/down` });
      await down.getByRole("button", { name: "Send a test" }).click();
      await down.getByText("The receiver answered 500.").waitFor();
      await down.getByText("Sorry, we are down").waitFor();
      // A bookmark's event fails at the broken receiver; once it is fixed, "Send again" delivers it.
      expect((await t.json("POST", "/api/v1/items", { url: `${rx}/page-${width}` })).status).toBe(201);
      const bookmarkRow = down.getByRole("row", { name: /A bookmark gets its title and picture/ });
      // The log shows what was sent when it is asked for: ask until the bookmark's failure is in.
      for (let i = 0; i < 200 && !(await bookmarkRow.count()); i++) {
        await down.getByRole("button", { name: "Show deliveries" }).click();
        await page.waitForTimeout(100);
      }
      await bookmarkRow.getByRole("button", { name: "Send again" }).waitFor();
      await screenshot(page, `webhooks-failed-${width}`);
      await t.json("PATCH", `/api/webhooks/${broken.body.id}`, { url: `${rx}/ok` });
      await bookmarkRow.getByRole("button", { name: "Send again" }).click();
      await down
        .getByRole("row", { name: /A bookmark gets its title and picture.*Delivered \(200\)/ })
        .waitFor();
      // No ids or codes on screen.
      const text = (await page.locator("main, #app").first().textContent()) ?? "";
      expect(text).not.toContain(broken.body.id);
      expect(text).not.toMatch(/WEBHOOK_|recipe\.committed|webhook\.test/);

      // Both deleted (the second now sends to /ok, so it is found by its button, not its address).
      // Each time, wait for the list drawn again without the webhook (its card gone): the Delete
      // button itself turns into the question at once, and a list still being drawn would take
      // the next question away.
      const cards = page.getByRole("article", { name: /^Webhook to / });
      for (let left = await cards.count(); left > 0; left--) {
        await cards.first().getByRole("button", { name: "Delete", exact: true }).click();
        await page.getByRole("button", { name: "Yes, delete" }).click();
        await expect.poll(() => cards.count()).toBe(left - 1);
      }
      await page.getByText("The webhook is deleted.").waitFor();
      await page.getByText("No webhooks yet.").waitFor();
      expect(received.filter((u) => u === "/ok").length).toBeGreaterThanOrEqual(1);
      expect(errors).toEqual([]);
      await page.close();
    });
});
