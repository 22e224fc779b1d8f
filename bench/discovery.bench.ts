import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "../src/api/app.ts";
import { loadConfig } from "../src/config.ts";
import { Ladle } from "../src/app/ladle.ts";
import { openDatabase } from "../src/storage/db.ts";
import { startFixtureServer } from "../test/helpers/fixtureServer.ts";
import { startSearchStub } from "../test/helpers/searchStubs.ts";
import { fmt, percentile, waitForEvent } from "./stats.ts";

const LARGE = new URL("../test/fixtures/pages/large-blog-recipe.html", import.meta.url);

/**
 * Import by query: `POST /api/tasks` (mode Query) to `ingest.review_ready`, over real HTTP on
 * loopback, against a loopback SearXNG speaking its JSON format (10 results, a round-up first) and
 * loopback recipe pages; API and worker in one process on the embedded database. A second figure
 * has the first candidate fail (an article), so the import falls through to the second.
 */
export async function run(): Promise<void> {
  const html = existsSync(LARGE)
    ? readFileSync(LARGE, "utf8")
    : readFileSync(new URL("../test/fixtures/site/pancakes.html", import.meta.url), "utf8");
  const article = readFileSync(new URL("../test/fixtures/pages/article.html", import.meta.url), "utf8");
  const site = await startFixtureServer({ "/blog/story": { body: article } });
  for (let i = 0; i < 10; i++) site.route(`/recipes/ramen-${i}`, { body: html });
  const searx = await startSearchStub("searxng");
  const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-bench-"));
  const database = await openDatabase({ dataDir: dir });
  const config = loadConfig({
    env: {},
    file: null,
    overrides: {
      Server: { LogLevel: "silent", DataDir: dir },
      Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0 },
      // The provider's per-minute limit (30 by default) would make every 31st query of the minute
      // wait for the next one: this bench measures the pipeline, not the quota.
      Discovery: {
        Providers: { searx: { Type: "searxng", BaseUrl: searx.url, RequestsPerMinute: 100_000 } },
      },
    },
  });
  const ladle = await Ladle.start({ config, database, role: "all" });
  const app = createApp(ladle);
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const hits = (first: string) => [
    { url: first, title: "Ramen stories", score: 9 },
    ...Array.from({ length: 9 }, (_, i) => ({
      url: `${site.origin}/recipes/ramen-${i + 1}`,
      title: `Tonkotsu ramen ${i + 1}`,
      snippet: "Japanese pork broth ramen",
      score: 5 - i * 0.3,
    })),
  ];

  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/tasks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        agentType: "Ingest",
        payload: { mode: "Query", query: "tonkotsu ramen", constraints: { cuisine: "Japanese" } },
      }),
    });
    const { taskId } = (await res.json()) as { taskId: string };
    await waitForEvent(`${base}/api/tasks/${taskId}/events`, "ingest.review_ready");
    return performance.now() - t0;
  };
  const measure = async (label: string, first: string) => {
    searx.set({ hits: hits(first) });
    for (let i = 0; i < 5; i++) await once();
    const n = 50;
    const times: number[] = [];
    for (let i = 0; i < n; i++) times.push(await once());
    console.log(
      `${label}: p50 ${fmt(percentile(times, 50))}, p95 ${fmt(percentile(times, 95))}, max ${fmt(Math.max(...times))}  (${n} sequential after 5 warm-up)`,
    );
  };
  console.log(`page: ${(Buffer.byteLength(html) / 1024).toFixed(0)} KB, 10 search results per query`);
  await measure("query -> review_ready, first candidate a recipe", `${site.origin}/recipes/ramen-0`);
  await measure(
    "query -> review_ready, first candidate an article (fall-through)",
    `${site.origin}/blog/story`,
  );

  server.close();
  await ladle.stop();
  await database.close();
  await site.close();
  await searx.close();
  rmSync(dir, { recursive: true, force: true });
}
