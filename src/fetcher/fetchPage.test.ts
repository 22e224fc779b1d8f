import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPage, type FetchOptions } from "./fetchPage.ts";
import type { Resolver } from "./policy.ts";

// The fixture site listens on 127.0.0.2 and only that address is allowed, so redirects to
// 127.0.0.1 (and every other corpus target) stay refused. Nothing here leaves loopback.
const HOST = "127.0.0.2";
const mock = JSON.parse(
  readFileSync(new URL("../../test/fixtures/security/ssrf_redirect_mock.json", import.meta.url), "utf8"),
) as Record<string, { status: number; location: string } | string>;
const redirects = Object.entries(mock).filter(([k]) => !k.startsWith("_")) as [
  string,
  { status: number; location: string },
][];

let server: http.Server;
let origin: string;
let connections = 0;
const seen: { path: string; ua: string | undefined }[] = [];
const BIG = Buffer.alloc(6 * 1024 * 1024, 0x61);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    seen.push({ path, ua: req.headers["user-agent"] });
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (path === "/ok")
      return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<p>hello</p>");
    if (hop) {
      const n = Number(hop[1]);
      return n === 0
        ? res.writeHead(200).end("landed")
        : res.writeHead(302, { location: `/hop/${n - 1}` }).end();
    }
    if (path === "/loop") return res.writeHead(301, { location: "/loop" }).end();
    const corpus = /^\/corpus\/(\d+)$/.exec(path);
    if (corpus) {
      const [, target] = redirects[Number(corpus[1])]!;
      return res.writeHead(target.status, { location: target.location }).end();
    }
    if (path === "/to-metadata")
      return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    if (path === "/to-private") return res.writeHead(307, { location: "http://10.0.0.1/admin" }).end();
    if (path === "/big") return res.writeHead(200, { "content-length": String(BIG.length) }).end(BIG);
    if (path === "/big-chunked") {
      res.writeHead(200, { "content-type": "text/html" });
      let sent = 0;
      const pump = () => {
        while (sent < BIG.length) {
          const ok = res.write(BIG.subarray(sent, sent + 65536));
          sent += 65536;
          if (!ok) return void res.once("drain", pump);
        }
        res.end();
      };
      return pump();
    }
    if (path === "/bomb") {
      // 50 MB of zeros, about 50 KB on the wire.
      const bomb = zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024));
      return res.writeHead(200, { "content-encoding": "gzip", "content-type": "text/html" }).end(bomb);
    }
    if (path === "/gzip")
      return res.writeHead(200, { "content-encoding": "gzip" }).end(zlib.gzipSync("<p>zipped</p>"));
    if (path === "/br")
      return res.writeHead(200, { "content-encoding": "br" }).end(zlib.brotliCompressSync("<p>brotli</p>"));
    if (path === "/stall") {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<p>start");
      return; // never ends
    }
    if (path === "/no-headers") return; // never answers
    if (path === "/teapot") return res.writeHead(418).end();
    res.writeHead(404).end();
  });
  server.on("connection", () => connections++);
  await new Promise<void>((r) => server.listen(0, HOST, r));
  origin = `http://${HOST}:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** Stub DNS: a name maps to its answers in turn; unknown names fail. */
function resolver(table: Record<string, string[]> = {}): Resolver & { calls: number } {
  const turn = new Map<string, number>();
  const r = async (host: string) => {
    r.calls++;
    const answers = table[host];
    if (!answers) throw new Error(`stub resolver: no entry for ${host}`);
    const i = turn.get(host) ?? 0;
    turn.set(host, i + 1);
    return [answers[Math.min(i, answers.length - 1)]!];
  };
  r.calls = 0;
  return r;
}

const opts = (o: Partial<FetchOptions> = {}): FetchOptions => ({
  userAgent: "LadleBot/test (+https://ladle.test/bot)",
  maxBytes: 1024 * 1024,
  policy: { allowPrivateHosts: [HOST] },
  resolver: resolver({ "127.0.0.1.nip.io": ["127.0.0.1"] }),
  connectTimeoutMs: 1000,
  headersTimeoutMs: 500,
  bodyTimeoutMs: 500,
  totalTimeoutMs: 5000,
  ...o,
});

describe("fetchPage", () => {
  it("fetches a page with the descriptive User-Agent", async () => {
    const r = await fetchPage(`${origin}/ok`, opts());
    expect(r).toMatchObject({ ok: true, status: 200, contentType: "text/html; charset=utf-8" });
    expect(r.ok && r.body.toString()).toBe("<p>hello</p>");
    expect(seen.find((s) => s.path === "/ok")?.ua).toBe("LadleBot/test (+https://ladle.test/bot)");
  });

  it("decompresses gzip and brotli", async () => {
    const g = await fetchPage(`${origin}/gzip`, opts());
    expect(g.ok && g.body.toString()).toBe("<p>zipped</p>");
    const b = await fetchPage(`${origin}/br`, opts());
    expect(b.ok && b.body.toString()).toBe("<p>brotli</p>");
  });

  it("follows up to 5 redirects and refuses the 6th", async () => {
    const five = await fetchPage(`${origin}/hop/5`, opts());
    expect(five).toMatchObject({ ok: true, url: `${origin}/hop/0` });
    expect(five.redirects).toHaveLength(5);
    const six = await fetchPage(`${origin}/hop/6`, opts());
    expect(six).toMatchObject({ ok: false, code: "TOO_MANY_REDIRECTS" });
    const loop = await fetchPage(`${origin}/loop`, opts());
    expect(loop).toMatchObject({ ok: false, code: "TOO_MANY_REDIRECTS" });
  });

  it.each(redirects.map(([first, t], i) => [first, t.location, i]))(
    "re-checks every hop: %s → %s is refused before connecting",
    async (_first, _location, i) => {
      const before = connections;
      const r = await fetchPage(`${origin}/corpus/${i}`, opts());
      expect(r.ok).toBe(false);
      expect(["ADDRESS_NOT_ALLOWED", "HOST_NOT_ALLOWED"]).toContain(!r.ok && r.code);
      // Only the first hop reached a server (the fixture, possibly on a kept-alive connection);
      // the refused target was decided before any connection.
      expect(connections - before).toBeLessThanOrEqual(1);
      expect(seen.filter((x) => x.path === `/corpus/${i}`)).toHaveLength(1);
      expect(!r.ok && r.reason).toMatch(/^redirect to /);
    },
  );

  it("refuses a private address without connecting when it is not allowed", async () => {
    const before = connections;
    const r = await fetchPage(`${origin}/ok`, opts({ policy: { allowPrivateHosts: [] } }));
    expect(r).toMatchObject({ ok: false, code: "ADDRESS_NOT_ALLOWED" });
    expect(connections).toBe(before);
    const meta = await fetchPage(`${origin}/to-metadata`, opts());
    expect(meta).toMatchObject({
      ok: false,
      code: "ADDRESS_NOT_ALLOWED",
      url: "http://169.254.169.254/latest/meta-data/",
    });
    const priv = await fetchPage(`${origin}/to-private`, opts());
    expect(priv).toMatchObject({ ok: false, code: "ADDRESS_NOT_ALLOWED" });
  });

  it("connects to the vetted address even when DNS changes its answer (rebinding)", async () => {
    const port = new URL(origin).port;
    const dns = resolver({ "rebind.test": [HOST, "10.0.0.1"] });
    const r = await fetchPage(`http://rebind.test:${port}/ok`, opts({ resolver: dns }));
    expect(r.ok).toBe(true);
    // Resolved once, for the check; the connection used that answer, not a fresh look-up.
    expect(dns.calls).toBe(1);
  });

  it("stops at the size cap, declared or streamed", async () => {
    expect(await fetchPage(`${origin}/big`, opts())).toMatchObject({ ok: false, code: "TOO_LARGE" });
    expect(await fetchPage(`${origin}/big-chunked`, opts())).toMatchObject({ ok: false, code: "TOO_LARGE" });
  });

  it("counts the cap on decompressed bytes: a gzip bomb stops at the cap", async () => {
    const r = await fetchPage(`${origin}/bomb`, opts());
    expect(r).toMatchObject({ ok: false, code: "TOO_LARGE" });
    expect(!r.ok && r.reason).toMatch(/after decompression/);
  });

  it("times out a stalled body and a server that never answers", async () => {
    expect(await fetchPage(`${origin}/stall`, opts())).toMatchObject({ ok: false, code: "TIMEOUT" });
    const r = await fetchPage(`${origin}/no-headers`, opts());
    expect(r).toMatchObject({ ok: false, code: "TIMEOUT" });
    expect(!r.ok && r.reason).toMatch(/header|first-byte/);
    const total = await fetchPage(`${origin}/stall`, opts({ bodyTimeoutMs: 5000, totalTimeoutMs: 300 }));
    expect(total).toMatchObject({ ok: false, code: "TIMEOUT" });
  });

  it("reports an error status as HTTP_ERROR with the status", async () => {
    expect(await fetchPage(`${origin}/teapot`, opts())).toMatchObject({
      ok: false,
      code: "HTTP_ERROR",
      status: 418,
    });
  });

  it("reports a refused connection as CONNECTION_FAILED", async () => {
    const r = await fetchPage(`http://${HOST}:1/`, opts());
    expect(r).toMatchObject({ ok: false, code: "CONNECTION_FAILED" });
  });
});
