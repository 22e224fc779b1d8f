import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { sql } from "kysely";
import { createApp } from "../src/api/app.ts";
import { loadConfig } from "../src/config.ts";
import { Ladle } from "../src/app/ladle.ts";
import { openDatabase } from "../src/storage/db.ts";
import { startFixtureServer } from "../test/helpers/fixtureServer.ts";
import { fmt, percentile } from "./stats.ts";

const PANCAKES = readFileSync(new URL("../test/fixtures/site/pancakes.html", import.meta.url), "utf8");

/**
 * Parse requests over real HTTP on loopback, API and worker in one process on the embedded
 * database: the cache-hit latency (a 200 answer with the recipe), the in-flight dedup of 100
 * concurrent identical submissions, and the single-flight fetch (hits at the origin).
 */
export async function run(): Promise<void> {
  let open = () => {};
  const crowdGate = new Promise<void>((r) => (open = r));
  const site = await startFixtureServer({
    "/pancakes": { body: PANCAKES },
    // Held until every submission was answered, so that they all meet the request in flight.
    "/crowd": (_req, res) => {
      void crowdGate.then(() => res.writeHead(200, { "content-type": "text/html" }).end(PANCAKES));
    },
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-bench-"));
  const database = await openDatabase({ dataDir: dir });
  const config = loadConfig({
    env: {},
    file: null,
    overrides: {
      Server: { LogLevel: "silent", DataDir: dir },
      Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0 },
    },
  });
  const ladle = await Ladle.start({ config, database, role: "all" });
  const server = serve({ fetch: createApp(ladle).fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const submit = async (url: string) => {
    const res = await fetch(`${base}/api/parse-requests`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url }),
    });
    return { status: res.status, body: (await res.json()) as { requestId?: string; status?: string } };
  };
  const settle = async (requestId: string) => {
    for (;;) {
      const res = await fetch(`${base}/api/parse-requests/${requestId}`);
      const body = (await res.json()) as { status: string };
      if (body.status === "COMPLETED" || body.status === "FAILED") return body.status;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  // Cache hits: parse once, then time sequential submissions answered 200 from the cache.
  const url = `${site.origin}/pancakes`;
  const first = await submit(url);
  await settle(first.body.requestId!);
  for (let i = 0; i < 20; i++) await submit(url);
  const n = 500;
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const r = await submit(url);
    times.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`expected a cache hit, got ${r.status}`);
  }
  console.log(
    `cache hit (POST /api/parse-requests -> 200 {recipe}), ${n} sequential after 20 warm-up: p50 ${fmt(percentile(times, 50))}, p95 ${fmt(percentile(times, 95))}, max ${fmt(Math.max(...times))}`,
  );

  // Dedup: 100 concurrent identical submissions of an unparsed URL.
  const crowd = `${site.origin}/crowd`;
  const c = 100;
  const t0 = performance.now();
  const answers = await Promise.all(Array.from({ length: c }, () => submit(crowd)));
  const acceptMs = performance.now() - t0;
  open();
  const ids = new Set(answers.map((a) => a.body.requestId));
  const [row] = (
    await sql<{
      rows: string;
      jobs: string;
    }>`SELECT (SELECT count(*) FROM parse_request p JOIN url_registry u ON u.url_key = p.url_hash WHERE u.url = ${crowd}) AS rows,
              (SELECT count(*) FROM pgboss.job WHERE name = 'ladle-parse-request' AND data->>'requestId' = ${[...ids][0]!}) AS jobs`.execute(
      database.db,
    )
  ).rows;
  const status = await settle([...ids][0]!);
  console.log(
    `dedup: ${c} concurrent identical submissions -> ${answers.filter((a) => a.status === 202).length} x 202, ${ids.size} requestId, ${row!.rows} request row, ${row!.jobs} job, ${site.hits.get("/crowd") ?? 0} fetch at the origin (${status}); all answered in ${fmt(acceptMs)}`,
  );

  // Single flight: 100 concurrent fetches of one new URL by the shared fetch step.
  site.route("/flight", (_req, res) => {
    setTimeout(() => res.writeHead(200, { "content-type": "text/html" }).end(PANCAKES), 300);
  });
  const f0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: 100 }, () => ladle.fetchShared(`${site.origin}/flight`)),
  );
  console.log(
    `single flight: 100 concurrent ladle.fetchShared -> ${site.hits.get("/flight") ?? 0} origin request, ${results.filter((r) => r.ok).length} ok, ${fmt(performance.now() - f0)}`,
  );

  server.close();
  await ladle.stop();
  await database.close();
  await site.close();
  rmSync(dir, { recursive: true, force: true });
}
