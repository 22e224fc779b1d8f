import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createApp } from "../src/api/app.ts";
import { loadConfig } from "../src/config.ts";
import { Ladle } from "../src/app/ladle.ts";
import { openDatabase } from "../src/storage/db.ts";
import { startFixtureServer } from "../test/helpers/fixtureServer.ts";
import { fmt, percentile, waitForEvent } from "./stats.ts";

const LARGE = new URL("../test/fixtures/pages/large-blog-recipe.html", import.meta.url);

/**
 * Time from `POST /api/tasks` to the `ingest.review_ready` event, over real HTTP on loopback,
 * API and worker in one process on the embedded database, for a ~300 KB recipe page.
 */
export async function run(): Promise<void> {
  const html = existsSync(LARGE)
    ? readFileSync(LARGE, "utf8")
    : readFileSync(new URL("../test/fixtures/site/pancakes.html", import.meta.url), "utf8");
  const site = await startFixtureServer({ "/recipe": { body: html } });
  const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-bench-"));
  const database = await openDatabase({ dataDir: dir });
  const config = loadConfig({
    env: {},
    file: null,
    // The same page is imported 110 times in a row: the per-domain politeness limit (1/s sustained)
    // would measure itself, not Ladle, so it is off here. robots.txt is still fetched and cached.
    overrides: {
      Server: { LogLevel: "silent", DataDir: dir },
      Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0 },
    },
  });
  const ladle = await Ladle.start({ config, database, role: "all" });
  const app = createApp(ladle);
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/tasks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}/recipe` } }),
    });
    const { taskId } = (await res.json()) as { taskId: string };
    await waitForEvent(`${base}/api/tasks/${taskId}/events`, "ingest.review_ready");
    return performance.now() - t0;
  };

  for (let i = 0; i < 10; i++) await once();
  const n = 100;
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push(await once());
  console.log(
    `page: ${(Buffer.byteLength(html) / 1024).toFixed(0)} KB, ${n} sequential imports after 10 warm-up`,
  );
  console.log(
    `POST /api/tasks -> ingest.review_ready: p50 ${fmt(percentile(times, 50))}, p95 ${fmt(percentile(times, 95))}, max ${fmt(Math.max(...times))}  (targets p50 <= 50 ms, p95 <= 150 ms)`,
  );

  server.close();
  await ladle.stop();
  await database.close();
  await site.close();
  rmSync(dir, { recursive: true, force: true });
}
