import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserRenderer } from "../../src/fetcher/browser.ts";
import { fetchPage, type FetchResult } from "../../src/fetcher/fetchPage.ts";
import { CHROMIUM, hasBrowser } from "../helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

const SHELL = `<!doctype html><html><head><title>Loading…</title></head><body>
<div id="root"></div><noscript>Please enable JavaScript to view this recipe.</noscript>
<script src="/app.js"></script></body></html>`;

const APP = `
const recipe = {"@context":"https://schema.org","@type":"Recipe","name":"Client-side Shakshuka",
  "recipeIngredient":["6 eggs","800 g canned tomatoes","1 red pepper, sliced","2 tsp cumin"],
  "recipeInstructions":["Soften the pepper in oil.","Add the tomatoes and cumin and simmer for 10 minutes.","Crack in the eggs, cover and cook for 6 minutes."],
  "recipeYield":"4","totalTime":"PT30M"};
const s = document.createElement("script");
s.type = "application/ld+json";
s.textContent = JSON.stringify(recipe);
document.head.appendChild(s);
document.getElementById("root").textContent = recipe.name;
const img = new Image(); img.src = "/photo.jpg"; document.body.appendChild(img);
fetch("/api/extra").then(r => r.text()).then(t => { document.body.dataset.extra = t; });
fetch("http://10.0.0.1/internal").catch(() => {});
fetch("http://169.254.169.254/latest/meta-data/").catch(() => {});
`;

let site: FixtureServer;
let t: TestLadle;

beforeAll(async () => {
  site = await startFixtureServer({
    "/spa": { body: SHELL },
    "/app.js": { headers: { "content-type": "application/javascript" }, body: APP },
    "/api/extra": { headers: { "content-type": "text/plain" }, body: "extra" },
    "/photo.jpg": { headers: { "content-type": "image/jpeg" }, body: "jpeg" },
  });
  t = await startTestLadle();
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe.skipIf(!hasBrowser)("browser rendering", () => {
  it("finds a recipe injected by script only with render auto", async () => {
    const never = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}/spa`, render: "never" },
    });
    const failed = await t.waitTask(never.body.taskId);
    expect(failed).toMatchObject({ status: "Failed", error: { code: "NO_RECIPE_FOUND" } });

    const auto = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}/spa` },
    });
    const task = await t.waitTask(auto.body.taskId, undefined, 60_000);
    expect(task.status).toBe("ReviewReady");
    expect(task.result.draft.recipe).toMatchObject({
      name: "Client-side Shakshuka",
      servings: 4,
      totalTimeMinutes: 30,
    });
    expect(task.result.draft.recipe.ingredients).toHaveLength(4);
    const meta = await t.json("GET", `/api/tasks/${task.taskId}/artifacts/page.meta.json`);
    expect(meta.body.rendered).toBe(true);
  });

  it("sends every sub-request through the address policy and skips images", async () => {
    const calls: { url: string; result: FetchResult }[] = [];
    const renderer = new BrowserRenderer({
      executablePath: CHROMIUM,
      timeBudgetMs: 15_000,
      subrequest: async (url, init) => {
        const result = await fetchPage(url, {
          userAgent: "LadleBot/test",
          maxBytes: 1024 * 1024,
          policy: { allowPrivateHosts: ["127.0.0.1"] },
          ...init,
        });
        calls.push({ url, result });
        return result;
      },
    });
    try {
      const r = await renderer.render(`${site.origin}/spa`);
      expect(r).toMatchObject({ ok: true, rendered: true });
      expect(r.ok && r.body.toString()).toContain("Client-side Shakshuka");
      const byUrl = (u: string) => calls.find((c) => c.url === u);
      expect(byUrl(`${site.origin}/app.js`)?.result.ok).toBe(true);
      expect(byUrl("http://10.0.0.1/internal")?.result).toMatchObject({
        ok: false,
        code: "ADDRESS_NOT_ALLOWED",
      });
      expect(byUrl("http://169.254.169.254/latest/meta-data/")?.result).toMatchObject({
        ok: false,
        code: "ADDRESS_NOT_ALLOWED",
      });
      expect(calls.some((c) => c.url.endsWith("/photo.jpg"))).toBe(false);
      expect(site.hits.get("/photo.jpg")).toBeUndefined();

      // A refused main document is reported with the policy's code.
      const refused = await renderer.render("http://10.0.0.1/");
      expect(refused).toMatchObject({ ok: false, code: "ADDRESS_NOT_ALLOWED" });
    } finally {
      await renderer.close();
    }
  });

  it("fails cleanly when no browser is installed at the configured path", async () => {
    const r = await new BrowserRenderer({
      executablePath: "/nonexistent/chromium",
      timeBudgetMs: 1000,
      subrequest: async () => {
        throw new Error("unused");
      },
    }).render("http://127.0.0.1/");
    expect(r).toMatchObject({ ok: false, code: "RENDER_FAILED" });
  });
});
