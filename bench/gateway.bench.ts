import http from "node:http";
import type { AddressInfo } from "node:net";
import { request } from "undici";
import { EgressGateway } from "../src/fetcher/gateway.ts";
import { fmt, percentile } from "./stats.ts";

const PAGE = Buffer.from(
  `<html><body>${"<p>recipe text for the overhead benchmark</p>".repeat(2000)}</body></html>`,
); // ~90 KB

/**
 * The gateway's overhead against plain undici on loopback (same page, sequential requests),
 * and peak memory while refusing a 50 MB body at the 5 MB cap.
 */
export async function run(): Promise<void> {
  const big = Buffer.alloc(1024 * 1024, 0x61);
  const server = http.createServer((req, res) => {
    if (req.url === "/big") {
      res.writeHead(200, { "content-type": "text/html" });
      let sent = 0;
      const pump = () => {
        while (sent < 50) {
          sent++;
          if (!res.write(big)) return void res.once("drain", pump);
        }
        res.end();
      };
      return pump();
    }
    if (req.url === "/robots.txt") return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/html" }).end(PAGE);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const gateway = new EgressGateway({
    userAgent: "LadleBot/bench",
    maxBytes: 5 * 1024 * 1024,
    maxRedirects: 5,
    connectTimeoutMs: 5000,
    headersTimeoutMs: 10_000,
    bodyTimeoutMs: 10_000,
    totalTimeoutMs: 30_000,
    policy: { allowPrivateHosts: ["127.0.0.1"] },
    respectRobotsTxt: true,
    robotsTtlMs: 3_600_000,
    maxCrawlDelayMs: 30_000,
    allowDomains: [],
    denyDomains: [],
    // Politeness off: this measures the gateway's own cost, not its deliberate waits.
    limits: {
      globalConcurrency: 16,
      perDomainConcurrency: 2,
      perDomainIntervalCap: 5,
      perDomainIntervalMs: 0,
    },
    breaker: { failureThreshold: 5, failureWindowMs: 600_000, blockDurationMs: 1_800_000 },
    maxRetries: 2,
    retryBaseDelayMs: 500,
    retryAfterCapMs: 30_000,
  });

  const n = 500;
  const time = async (fn: () => Promise<unknown>) => {
    for (let i = 0; i < 50; i++) await fn();
    const ts: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await fn();
      ts.push(performance.now() - t0);
    }
    return ts;
  };
  const plain = await time(async () => {
    const r = await request(`${origin}/page`);
    await r.body.arrayBuffer();
  });
  const gw = await time(async () => {
    const r = await gateway.fetch(`${origin}/page`);
    if (!r.ok) throw new Error(r.reason);
  });
  const p50 = (x: number[]) => percentile(x, 50);
  console.log(`${(PAGE.length / 1024).toFixed(0)} KB page, ${n} sequential requests on loopback`);
  console.log(`plain undici (keep-alive): p50 ${fmt(p50(plain))}, p95 ${fmt(percentile(plain, 95))}`);
  console.log(
    `gateway (policy, pinned keep-alive connection, robots cache, limiter, block check): p50 ${fmt(p50(gw))}, p95 ${fmt(percentile(gw, 95))}`,
  );
  console.log(`overhead ratio (gateway / plain, p50): ${(p50(gw) / p50(plain)).toFixed(2)}x`);

  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const r = await gateway.fetch(`${origin}/big`);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `50 MB body at a 5 MB cap: ${r.ok ? "accepted?!" : r.code}, peak RSS +${((peak - base) / 1024 / 1024).toFixed(1)} MB over ${(base / 1024 / 1024).toFixed(0)} MB`,
  );
  server.close();
}
