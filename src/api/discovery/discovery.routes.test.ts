import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig, type ConfigInput } from "../../config.ts";
import { createMcpServer } from "../../mcp/mcpServer.ts";
import { DiscoveryService } from "../../services/tasks/discovery.service.ts";
import { DiscoveryRepo } from "../../storage/discovery.repo.ts";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { startSearchStub } from "../../../test/helpers/searchStubs.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";

const ARTICLE = readFileSync(new URL("../../../test/fixtures/pages/article.html", import.meta.url), "utf8");

let t: TestLadle;
let site: FixtureServer;
let searx: Awaited<ReturnType<typeof startSearchStub>>;
let brave: Awaited<ReturnType<typeof startSearchStub>>;
let tavily: Awaited<ReturnType<typeof startSearchStub>>;

beforeAll(async () => {
  site = await startFixtureServer({
    "/recipes/tonkotsu-ramen": { body: PANCAKES_HTML },
    "/recipes/shoyu-ramen": { body: PANCAKES_HTML },
    "/blog/why-we-brine": { body: ARTICLE },
  });
  searx = await startSearchStub("searxng");
  brave = await startSearchStub("brave");
  tavily = await startSearchStub("tavily");
  t = await startTestLadle({
    config: {
      Discovery: {
        Providers: { searx: { Type: "searxng", BaseUrl: searx.url } },
        DenyDomains: ["denied.example"],
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([site?.close(), searx?.close(), brave?.close(), tavily?.close()]);
});
beforeEach(() => searx.set({ hits: [] }));

/** A DiscoveryService over the test database with other providers (each test its own names). */
function service(discovery: ConfigInput["Discovery"], now = () => new Date()) {
  const config = loadConfig({ env: {}, file: null, overrides: { Discovery: discovery } });
  return new DiscoveryService(
    config,
    new DiscoveryRepo(t.ladle.database.db),
    {
      endpoint: (url, init) => t.ladle.gateway.once(url, init, "endpoint"),
      page: (url) => t.ladle.gateway.fetch(url),
    },
    now,
  );
}

const queryTask = (query: string, extra: Record<string, unknown> = {}) =>
  t.json("POST", "/api/tasks", { agentType: "Ingest", payload: { mode: "Query", query, ...extra } });

describe("import by query", () => {
  it("searches, ranks, imports the best candidate and reports the five phases", async () => {
    searx.set({
      hits: [
        { url: `${site.origin}/category/ramen/`, title: "25 Best Ramen Recipes", score: 5 },
        {
          url: `${site.origin}/recipes/tonkotsu-ramen`,
          title: "Tonkotsu Ramen",
          snippet: "A Japanese pork broth",
          score: 4,
        },
        { url: "https://denied.example/recipes/ramen", title: "Tonkotsu ramen", score: 6 },
        {
          url: `${site.origin}/recipes/tonkotsu-ramen?utm_source=x`,
          title: "Tonkotsu Ramen (dup)",
          score: 1,
        },
      ],
    });
    const created = await queryTask("tonkotsu ramen", {
      constraints: { cuisine: "Japanese", dietType: null },
    });
    expect(created.status).toBe(202);
    const task = await t.waitTask(created.body.taskId);
    expect(task.status).toBe("ReviewReady");
    expect(task.progress).toBe(100);
    const { candidates, selectedCandidateIndex, attempts } = task.result;
    // The round-up ranks below the single recipe despite the engine's higher score; the
    // tracking-parameter duplicate is merged; the denied domain is gone.
    expect(candidates.map((c: any) => c.url)).toEqual([
      `${site.origin}/recipes/tonkotsu-ramen`,
      `${site.origin}/category/ramen/`,
    ]);
    expect(candidates[0].signals.constraints).toBeGreaterThan(0);
    expect(candidates[1].signals.roundup).toBeLessThan(0);
    expect(selectedCandidateIndex).toBe(0);
    expect(attempts).toEqual([
      {
        index: 0,
        url: `${site.origin}/recipes/tonkotsu-ramen`,
        outcome: "imported",
        code: null,
        reason: null,
      },
    ]);
    expect(task.result.draft.recipe.name).toBe("Buttermilk Pancakes");
    // The query reached SearXNG as JSON with the constraint words.
    expect(searx.requests.at(-1)!.query.get("format")).toBe("json");
    expect(searx.requests.at(-1)!.query.get("q")).toBe("tonkotsu ramen Japanese");

    const art = await t.json("GET", `/api/tasks/${task.taskId}/artifacts/candidates.json`);
    expect(art.status).toBe(200);
    expect(art.body.filtered).toEqual([
      { url: "https://denied.example/recipes/ramen", reason: "denied.example is on the deny list" },
    ]);
    const events = await t.ladle.events.history(task.taskId, null);
    const discover = events.filter((e) => e.type === "ingest.discover.progress");
    expect(discover.map((e) => e.data.state)).toEqual(["started", "completed"]);
    // Discovery weighs 10 of 100.
    expect(
      // (The fetch's start is stored alone: its stream makes the ingest.progress beside it.)
      events.find((e) => e.type === "ingest.fetch.progress" && e.data.state === "started")!.data.progress,
    ).toBe(10);
  });

  it("falls through to the next candidate when the first has no recipe, and says why", async () => {
    searx.set({
      hits: [
        { url: `${site.origin}/blog/why-we-brine`, title: "Why we brine pork for ramen", score: 9 },
        { url: `${site.origin}/recipes/shoyu-ramen`, title: "Shoyu ramen", score: 3 },
      ],
    });
    const created = await queryTask("ramen");
    const task = await t.waitTask(created.body.taskId);
    expect(task.status).toBe("ReviewReady");
    expect(task.result.selectedCandidateIndex).toBe(1);
    expect(task.result.attempts[0]).toMatchObject({
      index: 0,
      outcome: "skipped",
      code: "NOT_A_RECIPE",
    });
    expect(task.result.attempts[1]).toMatchObject({ index: 1, outcome: "imported" });
    expect(task.result.draft.source.url).toBe(`${site.origin}/recipes/shoyu-ramen`);
    const events = await t.ladle.events.history(task.taskId, null);
    expect(events.some((e) => e.type === "ingest.discover.progress" && e.data.fallThrough === true)).toBe(
      true,
    );
  });

  it("fails with NO_CANDIDATES when the search finds nothing", async () => {
    searx.set({ hits: [] });
    const task = await t.waitTask((await queryTask("zzqx nothing")).body.taskId);
    expect(task.status).toBe("Failed");
    expect(task.error.code).toBe("NO_CANDIDATES");
    expect(task.error.message).toMatch(/try fewer or other words/);
  });

  it("fails with DISCOVERY_FAILED naming SearXNG when its JSON output is disabled (403)", async () => {
    searx.set({ status: 403, body: "Forbidden" });
    const task = await t.waitTask((await queryTask("ramen")).body.taskId);
    expect(task.status).toBe("Failed");
    expect(task.error.code).toBe("DISCOVERY_FAILED");
    expect(task.error.message).toContain("searx (SearXNG)");
    expect(task.error.message).toContain("settings.yml");
  });

  it("restarts with a chosen candidate as a new task in the same thread, without searching again", async () => {
    searx.set({
      hits: [
        { url: `${site.origin}/recipes/tonkotsu-ramen`, title: "Tonkotsu ramen", score: 5 },
        { url: `${site.origin}/recipes/shoyu-ramen`, title: "Shoyu ramen", score: 3 },
      ],
    });
    const first = await t.waitTask((await queryTask("ramen")).body.taskId);
    expect(first.result.selectedCandidateIndex).toBe(0);
    const searches = searx.requests.length;
    const restarted = await t.json("POST", `/api/tasks/${first.taskId}/restart`, { candidateIndex: 1 });
    expect(restarted.status).toBe(202);
    expect(restarted.body.threadId).toBe(first.threadId);
    const second = await t.waitTask(restarted.body.taskId);
    expect(second.status).toBe("ReviewReady");
    expect(second.result.selectedCandidateIndex).toBe(1);
    expect(second.result.draft.source.url).toBe(`${site.origin}/recipes/shoyu-ramen`);
    expect(second.result.candidates).toHaveLength(2);
    expect(searx.requests.length).toBe(searches);
    const thread = await t.json("GET", `/api/tasks?threadId=${first.threadId}`);
    expect(thread.body.tasks.map((x: any) => x.taskId).sort()).toEqual([first.taskId, second.taskId].sort());

    const bad = await t.json("POST", `/api/tasks/${first.taskId}/restart`, { candidateIndex: 7 });
    expect(bad.status).toBe(404);
    expect(bad.body.code).toBe("CANDIDATE_NOT_FOUND");
    const noIndex = await t.json("POST", `/api/tasks/${first.taskId}/restart`, {});
    expect(noIndex.status).toBe(400);
  });

  it("marks a candidate already stored as a recipe", async () => {
    searx.set({ hits: [{ url: `${site.origin}/recipes/tonkotsu-ramen`, title: "Tonkotsu ramen" }] });
    const task = await t.waitTask((await queryTask("tonkotsu")).body.taskId);
    const commit = await t.json("POST", "/api/recipes/import", { taskId: task.taskId });
    expect(commit.status).toBe(200);
    const found = await t.json("POST", "/api/discovery/search", { query: "tonkotsu" });
    expect(found.status).toBe(200);
    expect(found.body.candidates[0]).toMatchObject({ alreadyStored: true, recipeId: commit.body.recipe.id });
  });

  it("rejects bad requests with codes that say what to do", async () => {
    const empty = await queryTask("  ");
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("INVALID_PAYLOAD");
    const search = await t.json("POST", "/api/discovery/search", { constraints: {} });
    expect(search.status).toBe(400);
    expect(search.body.code).toBe("INVALID_REQUEST");
  });
});

describe("search providers", () => {
  it("Brave: reads its web results and sends the subscription token", async () => {
    brave.set({
      hits: [
        { url: "https://one.example/recipes/ramen", title: "Easy ramen", snippet: "Quick broth" },
        { url: "https://two.example/ramen-recipe", title: "Miso ramen" },
      ],
    });
    const s = service({ Providers: { brave1: { Type: "brave", BaseUrl: brave.url, ApiKey: "BSA-key" } } });
    const r = await s.discover("ramen", {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.candidates.map((c) => c.title)).toEqual(["Easy ramen", "Miso ramen"]);
    expect(r.candidates[0]!.siteName).toBe("one.example");
    expect(brave.requests.at(-1)!.headers["x-subscription-token"]).toBe("BSA-key");
  });

  it("Brave answering 429 fails with DISCOVERY_FAILED naming the provider", async () => {
    brave.set({ status: 429, headers: { "retry-after": "1" }, body: "{}" });
    const r = await service({
      Providers: { brave2: { Type: "brave", BaseUrl: brave.url, ApiKey: "k" } },
    }).discover("ramen", {});
    expect(r).toMatchObject({ ok: false, code: "DISCOVERY_FAILED" });
    if (!r.ok) expect(r.message).toContain("brave2 (Brave Search) answered 429");
  });

  it("a provider that is down fails with DISCOVERY_FAILED; a second provider takes over", async () => {
    const down = await startFixtureServer({});
    const url = down.origin;
    await down.close();
    const alone = await service({ Providers: { gone: { Type: "searxng", BaseUrl: url } } }).discover(
      "ramen",
      {},
    );
    expect(alone).toMatchObject({ ok: false, code: "DISCOVERY_FAILED" });
    if (!alone.ok) expect(alone.message).toContain("gone (SearXNG) is unreachable");

    tavily.set({ hits: [{ url: "https://three.example/recipe/ramen", title: "Ramen" }] });
    const both = await service({
      Providers: {
        gone2: { Type: "searxng", BaseUrl: url },
        tav: { Type: "tavily", BaseUrl: tavily.url, ApiKey: "tvly-test" },
      },
    }).discover("ramen", {});
    expect(both.ok).toBe(true);
    if (!both.ok) return;
    expect(both.provider).toBe("tav");
    expect(both.skippedProviders[0]!.provider).toBe("gone2");
    expect(JSON.parse(tavily.requests.at(-1)!.body)).toMatchObject({ query: "ramen", search_depth: "basic" });
  });

  it("stops at the daily quota with DISCOVERY_QUOTA_EXCEEDED, and at the cost cap", async () => {
    tavily.set({ hits: [{ url: "https://three.example/recipe/ramen", title: "Ramen" }] });
    const s = service({
      Providers: { quota1: { Type: "tavily", BaseUrl: tavily.url, ApiKey: "tvly-x", DailyQuota: 2 } },
    });
    expect((await s.discover("ramen", {})).ok).toBe(true);
    expect((await s.discover("ramen", {})).ok).toBe(true);
    const before = tavily.requests.length;
    const third = await s.discover("ramen", {});
    expect(third).toMatchObject({ ok: false, code: "DISCOVERY_QUOTA_EXCEEDED" });
    if (!third.ok) expect(third.message).toContain("daily quota of 2 requests");
    expect(tavily.requests.length).toBe(before);
    // The next UTC day has a fresh quota.
    const tomorrow = service(
      { Providers: { quota1: { Type: "tavily", BaseUrl: tavily.url, ApiKey: "tvly-x", DailyQuota: 2 } } },
      () => new Date(Date.now() + 86_400_000),
    );
    expect((await tomorrow.discover("ramen", {})).ok).toBe(true);

    const capped = service({
      Providers: {
        cost1: {
          Type: "tavily",
          BaseUrl: tavily.url,
          ApiKey: "tvly-x",
          CostPerRequest: 0.008,
          DailyCostCap: 0.02,
        },
      },
    });
    expect((await capped.discover("ramen", {})).ok).toBe(true);
    expect((await capped.discover("ramen", {})).ok).toBe(true);
    const over = await capped.discover("ramen", {});
    expect(over).toMatchObject({ ok: false, code: "DISCOVERY_QUOTA_EXCEEDED" });
    if (!over.ok) expect(over.message).toContain("cost cap");
  });

  it("drops denied domains and keeps only allowed ones", async () => {
    tavily.set({
      hits: [
        { url: "https://bad.example/recipe/ramen", title: "Ramen" },
        { url: "https://good.example/recipe/ramen", title: "Ramen" },
        { url: "https://other.example/recipe/ramen", title: "Ramen" },
      ],
    });
    const r = await service({
      Providers: { t1: { Type: "tavily", BaseUrl: tavily.url, ApiKey: "tvly-x" } },
      DenyDomains: ["bad.example"],
      AllowDomains: ["good.example", "bad.example"],
    }).discover("ramen", {});
    expect(r.ok && r.candidates.map((c) => c.url)).toEqual(["https://good.example/recipe/ramen"]);
    expect(r.ok && r.filtered.map((f) => f.reason)).toEqual([
      "bad.example is on the deny list",
      "other.example is not on the allow list",
    ]);
  });

  it("curated sources: indexes sitemaps through the gateway and searches the titles", async () => {
    site.route("/robots.txt", {
      headers: { "content-type": "text/plain" },
      body: `User-agent: *\nSitemap: ${site.origin}/sitemap_index.xml\n`,
    });
    site.route("/sitemap_index.xml", {
      headers: { "content-type": "application/xml" },
      body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${site.origin}/post-sitemap.xml</loc></sitemap></sitemapindex>`,
    });
    site.route("/post-sitemap.xml", {
      headers: { "content-type": "application/xml" },
      body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>${site.origin}/recipes/tonkotsu-ramen/</loc></url>
<url><loc>${site.origin}/recipes/shoyu-ramen/</loc></url>
<url><loc>${site.origin}/recipes/lemon-tart/</loc></url></urlset>`,
    });
    site.route("/search-page", {
      body: `<html><body><nav><a href="/about">About tonkotsu</a></nav><main><a href="/recipes/tonkotsu-tsukemen">Tonkotsu tsukemen</a></main></body></html>`,
    });
    const s = service({
      Providers: {
        cur: {
          Type: "curated",
          Sites: [site.origin],
          SearchUrlTemplates: [`${site.origin}/search-page?q={query}`],
        },
      },
    });
    expect(await s.refreshCurated()).toEqual({ cur: { "127.0.0.1": 3 } });
    // Fresh enough: the scheduler leaves it alone.
    expect(await s.refreshCurated()).toEqual({});
    const r = await s.discover("Tonkotsu ramen", {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.candidates[0]!.url).toBe(`${site.origin}/recipes/tonkotsu-ramen/`);
    expect(r.candidates.map((c) => c.url)).toContain(`${site.origin}/recipes/tonkotsu-tsukemen`);
    expect(r.candidates.map((c) => c.url)).not.toContain(`${site.origin}/recipes/lemon-tart/`);
    expect(r.candidates.map((c) => c.url)).not.toContain(`${site.origin}/about`);
  });
});

describe("MCP web_search", () => {
  it("returns the ranked candidates", async () => {
    searx.set({ hits: [{ url: "https://one.example/recipes/ramen", title: "Ramen" }] });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await createMcpServer(t.ladle).connect(a);
    const client = new Client({ name: "test", version: "1" });
    await client.connect(b);
    const r = (await client.callTool({
      name: "web_search",
      arguments: { query: "ramen", constraints: { cuisine: "Japanese" } },
    })) as { content: { text: string }[]; isError?: boolean };
    expect(r.isError).toBeFalsy();
    const value = JSON.parse(r.content[0]!.text);
    expect(value.candidates[0]).toMatchObject({
      url: "https://one.example/recipes/ramen",
      provider: "searx",
    });
    await client.close();
  });
});
