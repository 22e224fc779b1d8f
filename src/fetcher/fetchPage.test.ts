import http from "node:http";
import net, { type AddressInfo } from "node:net";
import tls from "node:tls";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dnsStub, redirectMock, type RecordingResolver } from "../../test/helpers/fetcher-corpus.ts";
import { startFixtureServer } from "../../test/helpers/fixtureServer.ts";
import { fetchPage, pinnedLookup, type FetchOptions } from "./fetchPage.ts";
import type { Resolver } from "./policy.ts";

// The fixture site listens on 127.0.0.2 and only that address is allowed, so redirects to
// 127.0.0.1 (and every other corpus target) stay refused. Nothing here leaves loopback: every
// socket the fetcher opens is logged below and checked after each test.
const HOST = "127.0.0.2";

// --- socket log: where the fetcher actually connected --------------------------------------
const sockets: { requested: string; remote?: string }[] = [];
const realConnect = net.connect.bind(net) as (...args: unknown[]) => net.Socket;
const realTlsConnect = tls.connect.bind(tls) as (...args: unknown[]) => tls.TLSSocket;
function logged<T extends net.Socket>(connect: (...args: unknown[]) => T) {
  return (...args: unknown[]): T => {
    const o = args[0] as { host?: string; port?: number };
    const entry: { requested: string; remote?: string } = { requested: `${o?.host}:${o?.port}` };
    sockets.push(entry);
    const socket = connect(...args);
    socket.once("connect", () => (entry.remote = socket.remoteAddress));
    return socket;
  };
}
vi.spyOn(net, "connect").mockImplementation(logged(realConnect) as never);
vi.spyOn(tls, "connect").mockImplementation(logged(realTlsConnect) as never);
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
afterEach(() => {
  for (const s of sockets) if (s.remote !== undefined) expect(s.remote).toMatch(LOOPBACK);
});

// --- the fixture site ----------------------------------------------------------------------
let server: http.Server;
let origin: string;
let connections = 0;
const seen: { path: string; headers: http.IncomingHttpHeaders; remote: string | undefined }[] = [];
const BIG = Buffer.alloc(6 * 1024 * 1024, 0x61);
const BOMB = zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024)); // 50 MB of zeros, ~50 KB on the wire
// A zlib stream of empty stored blocks: megabytes on the wire that inflate to nothing.
const EMPTY_BLOCKS = Buffer.concat([
  Buffer.from([0x78, 0x01]),
  Buffer.alloc(5 * 400_000, Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff])),
]);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    seen.push({ path, headers: req.headers, remote: req.socket.remoteAddress });
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
    if (path === "/loop-a") return res.writeHead(302, { location: "/loop-b#x" }).end();
    if (path === "/loop-b") return res.writeHead(302, { location: `${origin}/loop-a` }).end();
    const corpus = /^\/corpus\/(\d+)$/.exec(path);
    if (corpus) {
      const [, target] = redirectMock[Number(corpus[1])]!;
      return res.writeHead(target.status, { location: target.location }).end();
    }
    const away = /^\/away\?to=(.+)$/.exec(path);
    if (away) return res.writeHead(302, { location: decodeURIComponent(away[1]!) }).end();
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
    if (path === "/bomb")
      return res.writeHead(200, { "content-encoding": "gzip", "content-type": "text/html" }).end(BOMB);
    if (path === "/empty-blocks")
      return res.writeHead(200, { "content-encoding": "deflate" }).end(EMPTY_BLOCKS);
    if (path === "/gzip")
      return res.writeHead(200, { "content-encoding": "gzip" }).end(zlib.gzipSync("<p>zipped</p>"));
    if (path === "/deflate")
      return res.writeHead(200, { "content-encoding": "deflate" }).end(zlib.deflateSync("<p>deflated</p>"));
    if (path === "/br")
      return res.writeHead(200, { "content-encoding": "br" }).end(zlib.brotliCompressSync("<p>brotli</p>"));
    if (path === "/gzip-then-br") {
      const body = zlib.brotliCompressSync(zlib.gzipSync("<p>twice</p>"));
      return res.writeHead(200, { "content-encoding": "gzip, br" }).end(body);
    }
    if (path === "/zstd") return res.writeHead(200, { "content-encoding": "zstd" }).end("????");
    if (path === "/corrupt-gzip")
      return res.writeHead(200, { "content-encoding": "gzip" }).end("this is not gzip at all");
    if (path === "/stall") {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<p>start");
      return; // never ends
    }
    if (path === "/stall-gzip") {
      const gz = zlib.gzipSync(Buffer.alloc(64 * 1024, 0x62));
      res.writeHead(200, { "content-encoding": "gzip" });
      res.write(gz.subarray(0, gz.length >> 1));
      return; // never ends
    }
    if (path === "/no-headers") return; // never answers
    if (path === "/teapot") return res.writeHead(418, { "retry-after": "5" }).end("short and stout");
    res.writeHead(404).end();
  });
  server.on("connection", () => connections++);
  await new Promise<void>((r) => server.listen(0, HOST, r));
  origin = `http://${HOST}:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  vi.restoreAllMocks();
});

/** Stub DNS: a name maps to its answers in turn; unknown names fail. Never real DNS. */
function resolver(table: Record<string, string[]> = {}): RecordingResolver {
  const turn = new Map<string, number>();
  const calls: string[] = [];
  const r = async (host: string) => {
    calls.push(host);
    const answers = table[host];
    if (!answers)
      throw Object.assign(new Error(`stub resolver: no entry for ${host}`), { code: "ENOTFOUND" });
    const i = turn.get(host) ?? 0;
    turn.set(host, i + 1);
    return [answers[Math.min(i, answers.length - 1)]!];
  };
  return Object.assign(r, { calls });
}

const UA = "LadleBot/0.1 (+https://github.com/ladle/ladle; recipe importer)";
const opts = (o: Partial<FetchOptions> = {}): FetchOptions => ({
  userAgent: UA,
  maxBytes: 1024 * 1024,
  policy: { allowPrivateHosts: [HOST] },
  resolver: resolver({ "127.0.0.1.nip.io": ["127.0.0.1"] }),
  connectTimeoutMs: 1000,
  headersTimeoutMs: 500,
  bodyTimeoutMs: 500,
  totalTimeoutMs: 5000,
  ...o,
});
const lastSeen = (path: string) => seen.filter((s) => s.path === path).at(-1);

describe("fetchPage: a plain fetch", () => {
  it("fetches a page with the descriptive User-Agent and our Accept headers", async () => {
    const r = await fetchPage(`${origin}/ok`, opts());
    expect(r).toMatchObject({ ok: true, status: 200, url: `${origin}/ok`, redirects: [] });
    expect(r.ok && r.contentType).toBe("text/html; charset=utf-8");
    expect(r.ok && r.body.toString()).toBe("<p>hello</p>");
    expect(r.ok && r.elapsedMs).toBeGreaterThanOrEqual(0);
    const req = lastSeen("/ok")!;
    expect(req.headers["user-agent"]).toBe(UA);
    expect(req.headers["accept-encoding"]).toBe("gzip, deflate, br");
    expect(req.headers.accept).toBe("text/html,application/xhtml+xml;q=0.9,*/*;q=0.5");
  });

  it("decompresses gzip, deflate, brotli and stacked codings", async () => {
    for (const [path, text] of [
      ["/gzip", "<p>zipped</p>"],
      ["/deflate", "<p>deflated</p>"],
      ["/br", "<p>brotli</p>"],
      ["/gzip-then-br", "<p>twice</p>"],
    ] as const) {
      const r = await fetchPage(`${origin}${path}`, opts());
      expect(r.ok && r.body.toString(), path).toBe(text);
    }
  });

  it("fails cleanly on an unknown or corrupt coding", async () => {
    expect(await fetchPage(`${origin}/zstd`, opts())).toMatchObject({ ok: false, code: "CONNECTION_FAILED" });
    expect(await fetchPage(`${origin}/corrupt-gzip`, opts())).toMatchObject({
      ok: false,
      code: "CONNECTION_FAILED",
    });
  });

  it("reports an error status as HTTP_ERROR with the status, headers and a snippet", async () => {
    const r = await fetchPage(`${origin}/teapot`, opts());
    expect(r).toMatchObject({ ok: false, code: "HTTP_ERROR", status: 418, snippet: "short and stout" });
    expect(!r.ok && r.headers?.["retry-after"]).toBe("5");
  });

  it("reports a refused connection as CONNECTION_FAILED", async () => {
    const r = await fetchPage(`http://${HOST}:1/`, opts());
    expect(r).toMatchObject({ ok: false, code: "CONNECTION_FAILED" });
  });

  it("reaches an allowed IPv6 loopback literal", async (ctx) => {
    const v6 = http.createServer((_q, res) => res.end("over v6"));
    const listening = await new Promise<boolean>((resolve) => {
      v6.once("error", () => resolve(false));
      v6.listen(0, "::1", () => resolve(true));
    });
    if (!listening) return ctx.skip();
    try {
      const url = `http://[::1]:${(v6.address() as AddressInfo).port}/`;
      expect(await fetchPage(url, opts())).toMatchObject({ ok: false, code: "ADDRESS_NOT_ALLOWED" });
      const r = await fetchPage(url, opts({ policy: { allowPrivateHosts: ["::1"] } }));
      expect(r.ok && r.body.toString()).toBe("over v6");
    } finally {
      v6.closeAllConnections();
      await new Promise((r) => v6.close(r));
    }
  });
});

describe("fetchPage: redirects", () => {
  it("follows a chain of 3 and reports every hop", async () => {
    const r = await fetchPage(`${origin}/hop/3`, opts());
    expect(r).toMatchObject({ ok: true, url: `${origin}/hop/0` });
    expect(r.redirects).toEqual([`${origin}/hop/2`, `${origin}/hop/1`, `${origin}/hop/0`]);
  });

  it("follows up to 5 redirects and refuses the 6th", async () => {
    const five = await fetchPage(`${origin}/hop/5`, opts());
    expect(five).toMatchObject({ ok: true, url: `${origin}/hop/0` });
    expect(five.redirects).toHaveLength(5);
    const landed = seen.filter((s) => s.path === "/hop/0").length;
    const six = await fetchPage(`${origin}/hop/6`, opts());
    expect(six).toMatchObject({ ok: false, code: "TOO_MANY_REDIRECTS" });
    expect(six.redirects).toHaveLength(5);
    // The 6th Location was never requested.
    expect(seen.filter((s) => s.path === "/hop/0")).toHaveLength(landed);
    const fewer = await fetchPage(`${origin}/hop/3`, opts({ maxRedirects: 2 }));
    expect(fewer).toMatchObject({ ok: false, code: "TOO_MANY_REDIRECTS" });
  });

  it("stops a redirect loop", async () => {
    const self = await fetchPage(`${origin}/loop`, opts());
    expect(self).toMatchObject({ ok: false, code: "TOO_MANY_REDIRECTS" });
    expect(!self.ok && self.reason).toMatch(/loop/);
    const pair = await fetchPage(`${origin}/loop-a`, opts());
    expect(pair).toMatchObject({ ok: false, code: "TOO_MANY_REDIRECTS" });
    expect(pair.redirects).toHaveLength(2);
  });

  it.each([
    ["http://169.254.169.254/latest/meta-data/", "/to-metadata"],
    ["http://10.0.0.1/admin", "/to-private"],
  ])("refuses a redirect to %s without connecting", async (target, path) => {
    const before = { sockets: sockets.length, connections };
    const started = performance.now();
    const r = await fetchPage(`${origin}${path}`, opts());
    expect(r).toMatchObject({ ok: false, code: "ADDRESS_NOT_ALLOWED", url: target, redirects: [target] });
    expect(performance.now() - started).toBeLessThan(500);
    // At most the one socket to the fixture for the first hop; none towards the target.
    const opened = sockets.slice(before.sockets);
    expect(opened.every((s) => s.requested.startsWith(`${HOST}:`))).toBe(true);
    expect(connections - before.connections).toBeLessThanOrEqual(1);
  });

  // ssrf_redirect_mock.json: the loopback fixture plays the public first hop and answers with the
  // corpus Location; the fetcher must re-check that hop and refuse it before any connection.
  it.each(redirectMock.map(([first, t], i) => [first, t.location, i]))(
    "re-checks every hop: %s → %s is refused before connecting",
    async (_first, location, i) => {
      const before = sockets.length;
      const r = await fetchPage(`${origin}/corpus/${i}`, opts());
      expect(r).toMatchObject({ ok: false, url: new URL(location).href });
      expect(["ADDRESS_NOT_ALLOWED", "HOST_NOT_ALLOWED"]).toContain(!r.ok && r.code);
      expect(!r.ok && r.reason).toMatch(/^redirect to /);
      expect(sockets.slice(before).every((s) => s.requested.startsWith(`${HOST}:`))).toBe(true);
    },
  );

  it("re-checks hops against the policy too: scheme, credentials, names", async () => {
    for (const [to, code] of [
      ["file:///etc/passwd", "SCHEME_NOT_ALLOWED"],
      ["http://user:pw@example.com/", "CREDENTIALS_NOT_ALLOWED"],
      ["http://metadata.google.internal/", "HOST_NOT_ALLOWED"],
      ["http://[::ffff:169.254.169.254]/", "ADDRESS_NOT_ALLOWED"],
      ["http://127.0.0.1.nip.io/", "ADDRESS_NOT_ALLOWED"],
    ]) {
      const r = await fetchPage(`${origin}/away?to=${encodeURIComponent(to!)}`, opts());
      expect(r, to).toMatchObject({ ok: false, code });
    }
  });

  it("keeps caller credentials on the first origin", async () => {
    const other = await startFixtureServer({ "/landing": { body: "<p>elsewhere</p>" } });
    const seenAuth: (string | undefined)[] = [];
    other.route("/landing", (req, res) => {
      seenAuth.push(req.headers.authorization ?? req.headers.cookie);
      res.end("<p>elsewhere</p>");
    });
    try {
      const r = await fetchPage(
        `${origin}/away?to=${encodeURIComponent(`${other.origin}/landing`)}`,
        opts({
          policy: { allowPrivateHosts: [HOST, "127.0.0.1"] },
          headers: { authorization: "Bearer secret", cookie: "s=1", "x-purpose": "test" },
        }),
      );
      expect(r.ok).toBe(true);
      expect(seen.filter((s) => s.path.startsWith("/away")).at(-1)?.headers.authorization).toBe(
        "Bearer secret",
      );
      expect(seenAuth).toEqual([undefined]);
    } finally {
      await other.close();
    }
  });
});

describe("fetchPage: address policy and DNS pinning", () => {
  it("refuses a private address without allowPrivateHosts: the server sees no connection", async () => {
    const site = await startFixtureServer({ "/": { body: "<p>private</p>" } });
    try {
      const r = await fetchPage(site.url, opts({ policy: { allowPrivateHosts: [] } }));
      expect(r).toMatchObject({ ok: false, code: "ADDRESS_NOT_ALLOWED" });
      const named = await fetchPage(
        `http://intranet-site.example:${new URL(site.url).port}/`,
        opts({
          policy: { allowPrivateHosts: [] },
          resolver: resolver({ "intranet-site.example": ["127.0.0.1"] }),
        }),
      );
      expect(named).toMatchObject({ ok: false, code: "ADDRESS_NOT_ALLOWED" });
      expect(site.connections).toBe(0);
      // The same server is reachable once it is listed: the refusal above was the policy's.
      expect(await fetchPage(site.url, opts({ policy: { allowPrivateHosts: ["127.0.0.1"] } }))).toMatchObject(
        {
          ok: true,
        },
      );
      expect(site.connections).toBe(1);
    } finally {
      await site.close();
    }
  });

  it("connects to the vetted address even when DNS changes its answer (rebinding)", async () => {
    const site = await startFixtureServer();
    const hosts: (string | undefined)[] = [];
    site.route("/", (req, res) => {
      hosts.push(req.headers.host);
      res.end(`<p>from ${req.socket.localAddress}</p>`);
    });
    try {
      const port = new URL(site.url).port;
      const dns = resolver({ "rebind.test": ["127.0.0.1", "10.0.0.1"] });
      const policy = { allowPrivateHosts: ["127.0.0.1"] };
      const before = sockets.length;
      const r = await fetchPage(`http://rebind.test:${port}/`, opts({ resolver: dns, policy }));
      expect(r.ok && r.body.toString()).toBe("<p>from 127.0.0.1</p>");
      // One look-up, for the check; the socket went to that answer and the Host stayed the name.
      expect(dns.calls).toEqual(["rebind.test"]);
      expect(hosts).toEqual([`rebind.test:${port}`]);
      expect(sockets.slice(before).map((s) => s.remote)).toEqual(["127.0.0.1"]);
      // The next fetch checks again, sees 10.0.0.1 and stops before connecting.
      const again = await fetchPage(`http://rebind.test:${port}/`, opts({ resolver: dns, policy }));
      expect(again).toMatchObject({ ok: false, code: "ADDRESS_NOT_ALLOWED" });
      expect(sockets.length - before).toBe(1);
      expect(site.connections).toBe(1);
    } finally {
      await site.close();
    }
  });

  // The corpus rebinding names, with the fixture's loopback address standing in for their public
  // first answer (only that address is allowed, so every later corpus answer stays refused).
  const rebinding = Object.entries(dnsStub.block).filter(([, answers]) => answers.length > 1);
  it.each(rebinding.map(([host, answers]) => [host, answers.slice(1).join(", ")]))(
    "%s is fetched from its vetted first answer, never from %s",
    async (host) => {
      const port = new URL(origin).port;
      const dns = resolver({ [host]: [HOST, ...dnsStub.block[host]!.slice(1)] });
      const before = sockets.length;
      const r = await fetchPage(`http://${host}:${port}/ok`, opts({ resolver: dns }));
      expect(r.ok && r.body.toString()).toBe("<p>hello</p>");
      expect(lastSeen("/ok")?.headers.host).toBe(`${host}:${port}`);
      expect(dns.calls).toHaveLength(1);
      expect(sockets.slice(before).map((s) => s.remote)).toEqual([HOST]);
      const again = await fetchPage(`http://${host}:${port}/ok`, opts({ resolver: dns }));
      expect(again).toMatchObject({ ok: false, code: "ADDRESS_NOT_ALLOWED" });
      expect(sockets.length - before).toBe(1);
    },
  );

  it("pins the lookup: vetted addresses for the vetted name, an error for any other", async () => {
    const lookup = pinnedLookup("Example.COM.", ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"]);
    const ask = (host: string, options: { all?: boolean }) =>
      new Promise<unknown>((resolve) =>
        lookup(host, options, (err, address, family) => resolve(err ? err.code : [address, family])),
      );
    expect(await ask("example.com", { all: true })).toEqual([
      [
        { address: "93.184.215.14", family: 4 },
        { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
      ],
      undefined,
    ]);
    expect(await ask("example.com", {})).toEqual(["93.184.215.14", 4]);
    expect(await ask("metadata.google.internal", { all: true })).toBe("ENOTVETTED");
    expect(() => pinnedLookup("example.com", [])).toThrow();
  });

  it("sends SNI for the name while connecting to the pinned address, within the connect timeout", async () => {
    const names: string[] = [];
    const hung = tls.createServer({ SNICallback: (name) => void names.push(name) }); // never answers
    hung.on("tlsClientError", () => {});
    const open: net.Socket[] = [];
    hung.on("connection", (s: net.Socket) => open.push(s));
    await new Promise<void>((r) => hung.listen(0, HOST, r));
    try {
      const port = (hung.address() as AddressInfo).port;
      const started = performance.now();
      const r = await fetchPage(
        `https://recipes.pinned.test:${port}/`,
        opts({ resolver: resolver({ "recipes.pinned.test": [HOST] }), connectTimeoutMs: 300 }),
      );
      expect(r).toMatchObject({ ok: false, code: "TIMEOUT" });
      expect(!r.ok && r.reason).toMatch(/connect/);
      expect(performance.now() - started).toBeLessThan(2000);
      expect(names).toEqual(["recipes.pinned.test"]);
    } finally {
      for (const s of open) s.destroy();
      await new Promise((r) => hung.close(r));
    }
  });
});

describe("fetchPage: size cap", () => {
  it("stops at the size cap, declared or streamed", async () => {
    const declared = await fetchPage(`${origin}/big`, opts());
    expect(declared).toMatchObject({ ok: false, code: "TOO_LARGE" });
    expect(!declared.ok && declared.reason).toMatch(/content-length/);
    expect(await fetchPage(`${origin}/big-chunked`, opts())).toMatchObject({ ok: false, code: "TOO_LARGE" });
    const roomy = await fetchPage(`${origin}/big-chunked`, opts({ maxBytes: BIG.length }));
    expect(roomy.ok && roomy.body.length).toBe(BIG.length);
  });

  it("counts the cap on decompressed bytes: a 50 MB gzip bomb stops at the cap, quickly", async () => {
    const started = performance.now();
    const r = await fetchPage(`${origin}/bomb`, opts());
    expect(r).toMatchObject({ ok: false, code: "TOO_LARGE" });
    expect(!r.ok && r.reason).toMatch(/after decompression/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("also caps compressed bytes that inflate to nothing", async () => {
    const r = await fetchPage(`${origin}/empty-blocks`, opts());
    expect(r).toMatchObject({ ok: false, code: "TOO_LARGE" });
    expect(!r.ok && r.reason).toMatch(/on the wire/);
  });
});

describe("fetchPage: timeouts", () => {
  it("times out a stalled body, plain or compressed", async () => {
    for (const path of ["/stall", "/stall-gzip"]) {
      const r = await fetchPage(`${origin}${path}`, opts({ bodyTimeoutMs: 300 }));
      expect(r, path).toMatchObject({ ok: false, code: "TIMEOUT" });
      expect(!r.ok && r.reason).toMatch(/idle/);
    }
  });

  it("times out a server that never sends headers", async () => {
    const r = await fetchPage(`${origin}/no-headers`, opts({ headersTimeoutMs: 300 }));
    expect(r).toMatchObject({ ok: false, code: "TIMEOUT" });
    expect(!r.ok && r.reason).toMatch(/headers/);
  });

  it("enforces the total time limit over a slow body and over a slow resolver", async () => {
    const total = await fetchPage(`${origin}/stall`, opts({ bodyTimeoutMs: 5000, totalTimeoutMs: 300 }));
    expect(total).toMatchObject({ ok: false, code: "TIMEOUT" });
    expect(!total.ok && total.reason).toMatch(/total/);
    const slowDns: Resolver = () => new Promise(() => {});
    const started = performance.now();
    const dns = await fetchPage("http://slow-dns.example/", opts({ resolver: slowDns, totalTimeoutMs: 200 }));
    expect(dns).toMatchObject({ ok: false, code: "TIMEOUT" });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("stops when the caller aborts", async () => {
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 100);
    const r = await fetchPage(`${origin}/no-headers`, opts({ signal: ctl.signal, headersTimeoutMs: 5000 }));
    expect(r).toMatchObject({ ok: false, code: "TIMEOUT" });
    expect(!r.ok && r.reason).toMatch(/caller/);
  });
});
