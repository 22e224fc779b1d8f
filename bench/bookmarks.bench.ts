import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "../src/api/app.ts";
import { loadConfig } from "../src/config.ts";
import { Ladle } from "../src/app/ladle.ts";
import { openDatabase } from "../src/storage/db.ts";
import { startFixtureServer } from "../test/helpers/fixtureServer.ts";
import { fmt, percentile } from "./stats.ts";

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Sourdough starter, day by day</title>
<meta name="description" content="Flour, water and a week of patience.">
<meta property="og:image" content="/img/starter.jpg"></head>
<body><article>${"<p>Feed it twice a day and watch for bubbles.</p>".repeat(200)}</article></body></html>`;

/**
 * `POST /api/v1/items` latency over real HTTP on loopback (API role: the async jobs it queues are
 * not run here), default budgets (4 s master, 3 s HTML): a page that answers at once, one slower
 * than the HTML budget, and a site whose robots.txt never answers (only the master budget ends it).
 */
export async function run(): Promise<void> {
  const site = await startFixtureServer({
    "/page": { body: PAGE },
    "/slow": (_req, res) => {
      const timer = setTimeout(() => res.writeHead(200, { "content-type": "text/html" }).end(PAGE), 6000);
      res.on("close", () => clearTimeout(timer));
    },
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-bench-"));
  const database = await openDatabase({ dataDir: dir });
  const config = loadConfig({
    env: {},
    file: null,
    overrides: {
      Server: { LogLevel: "silent", DataDir: dir },
      // Loopback pages, created many times in a row: no politeness delay, no circuit breaking.
      Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0, MaxRetries: 0 },
      Ingest: { CircuitBreaker: { FailureThreshold: 100_000 } },
    },
  });
  const ladle = await Ladle.start({ config, database, role: "api" });
  const app = createApp(ladle);
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let n = 0;
  const create = async (url: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/items`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: `${url}?n=${n++}` }),
    });
    const body = (await res.json()) as { enrichmentStatus: string };
    return { ms: performance.now() - t0, status: body.enrichmentStatus };
  };
  const measure = async (
    label: string,
    url: string | (() => Promise<string>),
    count: number,
    warm: number,
  ) => {
    const next = async () => (typeof url === "string" ? url : url());
    for (let i = 0; i < warm; i++) await create(await next());
    const runs = [];
    for (let i = 0; i < count; i++) runs.push(await create(await next()));
    const ms = runs.map((r) => r.ms);
    const statuses = [...new Set(runs.map((r) => r.status))].join(", ");
    console.log(
      `${label}: ${count} creates, p50 ${fmt(percentile(ms, 50))}, p95 ${fmt(percentile(ms, 95))}, max ${fmt(Math.max(...ms))}  (status: ${statuses})`,
    );
  };

  console.log(
    `budgets: master ${config.Enrichment.SyncBudgetMs} ms, HTML ${config.Enrichment.HtmlFetchBudgetMs} ms; target p95 < master + 100 ms`,
  );
  await measure("page answering at once (20 KB, og:image)", `${site.origin}/page`, 100, 10);
  await measure("page slower than the HTML budget (6 s)", `${site.origin}/slow`, 12, 1);
  // A new origin each time: robots.txt is fetched (and hangs) before every page.
  const stuck: Awaited<ReturnType<typeof startFixtureServer>>[] = [];
  await measure(
    "robots.txt never answers (master budget)",
    async () => {
      const s = await startFixtureServer({ "/robots.txt": () => {} });
      stuck.push(s);
      return `${s.origin}/page`;
    },
    8,
    0,
  );

  server.close();
  await ladle.stop();
  await database.close();
  await site.close();
  for (const s of stuck) await s.close();
  rmSync(dir, { recursive: true, force: true });
}
