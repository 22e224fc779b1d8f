import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { Ladle } from "../app/ladle.ts";
import { FetchLeasesRepo } from "../storage/fetchLeases.repo.ts";
import { startFixtureServer, type FixtureServer } from "../../test/helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";
import { SharedFetcher, sharedFetchKey } from "./sharedFetch.ts";

let site: FixtureServer;
let t: TestLadle;
/** A second Ladle on the same database: another process as far as the lease is concerned. */
let other: Ladle;
let denying: Ladle;

/** A page answering after `ms`, so that concurrent callers overlap. */
const slow = (ms: number, body = PANCAKES_HTML) =>
  ((_req, res) => {
    setTimeout(() => res.writeHead(200, { "content-type": "text/html" }).end(body), ms);
  }) as Parameters<FixtureServer["route"]>[1];

beforeAll(async () => {
  site = await startFixtureServer({});
  t = await startTestLadle({
    config: {
      Server: { LogLevel: "silent", WorkerConcurrency: 8 },
      Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0, SharedFetchReuseSeconds: 30 },
    },
  });
  other = await Ladle.start({ config: t.ladle.config, database: t.db, queue: false });
  denying = await Ladle.start({
    config: loadConfig({
      env: {},
      file: null,
      overrides: {
        Server: { LogLevel: "silent" },
        Fetch: { AllowPrivateHosts: ["127.0.0.1"], DenyDomains: ["127.0.0.1"] },
      },
    }),
    database: t.db,
    queue: false,
  });
});
afterAll(async () => {
  await other?.stop();
  await denying?.stop();
  await t?.close();
  await site?.close();
});

const hits = (path: string) => site.hits.get(path) ?? 0;

describe("ladle.fetchShared: one fetch per URL", () => {
  it("100 concurrent callers split across two processes reach the origin once and all get the page", async () => {
    site.route("/hundred", slow(300));
    const url = `${site.origin}/hundred`;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? other : t.ladle).sharedFetch.fetchWithSource(
          // Spellings of one normalized URL.
          i % 3 ? url : `${url}?utm_campaign=x#frag`,
        ),
      ),
    );
    expect(hits("/hundred")).toBe(1);
    expect(results.every((r) => r.result.ok && r.result.body.toString("utf8") === PANCAKES_HTML)).toBe(true);
    expect(results.filter((r) => r.source === "fetched")).toHaveLength(1);
  });

  it("a caller within the reuse window reuses the result; after it, the page is fetched again", async () => {
    site.route("/reuse", { body: PANCAKES_HTML });
    const url = `${site.origin}/reuse`;
    const first = await t.ladle.sharedFetch.fetchWithSource(url);
    const second = await other.sharedFetch.fetchWithSource(url);
    expect([first.source, second.source]).toEqual(["fetched", "reused"]);
    expect(hits("/reuse")).toBe(1);
    // A fetcher with no reuse window fetches again (and still coalesces concurrent callers).
    const noReuse = new SharedFetcher({
      fetch: (u, o) => t.ladle.gateway.fetch(u, o),
      store: new FetchLeasesRepo(t.db.db),
      reuseSeconds: 0,
      leaseSeconds: 15,
    });
    await noReuse.fetch(`${site.origin}/reuse-none`);
    site.route("/reuse-none", slow(200));
    await Promise.all(Array.from({ length: 10 }, () => noReuse.fetch(`${site.origin}/reuse-none`)));
    await noReuse.fetch(`${site.origin}/reuse-none`);
    expect(hits("/reuse-none")).toBe(3);
  });

  it("an unkept page (keep: false) reaches callers waiting in another process, is stored for nobody later, and is reused by its own process", async () => {
    site.route("/unkept", slow(300));
    const url = `${site.origin}/unkept`;
    const holder = t.ladle.sharedFetch.fetchWithSource(url, { keep: false });
    await new Promise((r) => setTimeout(r, 100));
    // A caller of another process arriving while the page is fetched waits for it and gets it.
    const waiter = await other.sharedFetch.fetchWithSource(url);
    const first = await holder;
    expect([first.source, waiter.source]).toEqual(["fetched", "joined"]);
    expect(waiter.result.ok && waiter.result.body.toString("utf8")).toBe(PANCAKES_HTML);
    expect(hits("/unkept")).toBe(1);

    site.route("/unkept-alone", { body: PANCAKES_HTML });
    const alone = `${site.origin}/unkept-alone`;
    expect((await t.ladle.sharedFetch.fetchWithSource(alone, { keep: false })).source).toBe("fetched");
    await t.ladle.sharedFetch.settled();
    const row = await t.db.db
      .selectFrom("fetch_lease")
      .select("key")
      .where("key", "=", sharedFetchKey(alone))
      .executeTakeFirst();
    expect(row).toBeUndefined();
    // The same process reuses it within the window; another process fetches it again.
    const again = await t.ladle.sharedFetch.fetchWithSource(alone);
    expect(again.source).toBe("reused");
    expect(again.result.ok && again.result.body.toString("utf8")).toBe(PANCAKES_HTML);
    expect(hits("/unkept-alone")).toBe(1);
    expect((await other.sharedFetch.fetchWithSource(alone)).source).toBe("fetched");
    expect(hits("/unkept-alone")).toBe(2);
  });

  it("a holder that died (its lease not renewed) is taken over after the lease", async () => {
    site.route("/orphan", { body: PANCAKES_HTML });
    const url = `${site.origin}/orphan`;
    const store = new FetchLeasesRepo(t.db.db);
    expect((await store.attempt(sharedFetchKey(url), url, "dead-process", 1, null)).acquired).toBe(true);
    const started = Date.now();
    const r = await t.ladle.fetchShared(url);
    expect(r.ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(hits("/orphan")).toBe(1);
  });

  it("a reused body comes back byte for byte, stored zstd-compressed; a raw (pre-014) row still reads", async () => {
    // Every byte value, text with a page's repetition, and bytes that look like a zstd frame.
    const body = Buffer.concat([
      Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0xff, 0x0d, 0x0a]),
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      Buffer.from(PANCAKES_HTML.repeat(50), "utf8"),
      randomBytes(4096),
    ]);
    site.route("/binary", (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" }).end(body);
    });
    const url = `${site.origin}/binary`;
    const first = await t.ladle.sharedFetch.fetchWithSource(url);
    const second = await other.sharedFetch.fetchWithSource(url);
    expect([first.source, second.source]).toEqual(["fetched", "reused"]);
    expect(first.result.ok && first.result.body.equals(body)).toBe(true);
    expect(second.result.ok && second.result.body.equals(body)).toBe(true);
    expect(hits("/binary")).toBe(1);
    const row = await t.db.db
      .selectFrom("fetch_lease")
      .select("body")
      .where("key", "=", sharedFetchKey(url))
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.body!).subarray(0, 4).toString("hex")).toBe("28b52ffd");
    expect(row.body!.length).toBeLessThan(body.length);

    // A row as written before compression (or by a process not yet upgraded) reads as it is.
    await t.db.db
      .updateTable("fetch_lease")
      .set({ body: body.subarray(8) })
      .where("key", "=", sharedFetchKey(url))
      .execute();
    const legacy = await other.sharedFetch.fetchWithSource(url);
    expect(legacy.source).toBe("reused");
    expect(legacy.result.ok && legacy.result.body.equals(body.subarray(8))).toBe(true);
    expect(hits("/binary")).toBe(1);
  });

  it("the gateway still decides: a process whose policy denies the domain gets no shared result", async () => {
    site.route("/denied-here", { body: PANCAKES_HTML });
    const url = `${site.origin}/denied-here`;
    expect((await t.ladle.fetchShared(url)).ok).toBe(true);
    const r = await denying.fetchShared(url);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.code).toBe("DOMAIN_DENIED");
    // A process whose address policy refuses loopback does not get the page either.
    const strict = await Ladle.start({
      config: loadConfig({ env: {}, file: null, overrides: { Server: { LogLevel: "silent" } } }),
      database: t.db,
      queue: false,
    });
    try {
      const r2 = await strict.fetchShared(url);
      expect(!r2.ok && r2.code).toBe("ADDRESS_NOT_ALLOWED");
    } finally {
      await strict.stop();
    }
    expect(hits("/denied-here")).toBe(1);
  });

  it("a caller that gives up (its signal) does not take the others down with it", async () => {
    site.route("/abandoned", slow(400));
    const url = `${site.origin}/abandoned`;
    const controller = new AbortController();
    const quitter = t.ladle.fetchShared(url, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 50));
    const stayer = t.ladle.fetchShared(url);
    const otherStayer = other.fetchShared(url);
    setTimeout(() => controller.abort(), 100);
    const [q, s1, s2] = await Promise.all([quitter, stayer, otherStayer]);
    expect(q.ok).toBe(false);
    expect(s1.ok && s2.ok).toBe(true);
  });

  it("failures are shared too: concurrent callers of a failing page cause one request", async () => {
    site.route("/missing", (_req, res) => {
      setTimeout(() => res.writeHead(404).end("no"), 200);
    });
    const rs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? other : t.ladle).fetchShared(`${site.origin}/missing`)),
    );
    expect(rs.every((r) => !r.ok && r.code === "HTTP_ERROR" && r.status === 404)).toBe(true);
    expect(hits("/missing")).toBe(1);
  });

  it("recipe tasks fetch through it: 20 concurrent imports of one URL reach the origin once", async () => {
    site.route("/task-page", slow(300));
    const url = `${site.origin}/task-page`;
    const created = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.json("POST", "/api/tasks", { agentType: "Ingest", payload: { mode: "Url", url } }),
      ),
    );
    const done = await Promise.all(created.map((c) => t.waitTask(c.body.taskId, undefined, 60_000)));
    expect(done.every((d) => d.status === "ReviewReady")).toBe(true);
    expect(hits("/task-page")).toBe(1);
  });

  it("looks at several keys in one statement, each as its own look would: kept, held by another, free, run out", async () => {
    const repo = new FetchLeasesRepo(t.db.db);
    const k = (s: string) => `many-${s}-${randomBytes(4).toString("hex")}`;
    const [kept, held, free, ranOut] = [k("kept"), k("held"), k("free"), k("ranout")];
    expect((await repo.attempt(kept, "u", "h0", 30, null)).acquired).toBe(true);
    await repo.complete(kept, "h0", { result: { ok: true, n: 1 }, body: Buffer.from("page") }, 30);
    expect((await repo.attempt(held, "u", "h1", 30, null)).acquired).toBe(true);
    expect((await repo.attempt(ranOut, "u", "h2", -1, null)).acquired).toBe(true);
    const looks = [kept, held, free, ranOut].map((key) => ({
      key,
      url: "u",
      holder: `me-${key}`,
      since: null,
    }));
    const got = await repo.attemptMany(looks, 30);
    expect(got.map((g) => [g.kept ? String(g.kept.body) : null, g.acquired])).toEqual([
      ["page", false],
      [null, false],
      [null, true],
      [null, true],
    ]);
    // A waiter's look (since its first look's clock) finds a result stored after it, whatever the window.
    await repo.complete(held, "h1", { result: { ok: true }, body: Buffer.from("late") }, 0);
    const again = await repo.attemptMany(
      [
        { key: held, url: "u", holder: "me-held", since: got[1]!.now },
        { key: free, url: "u", holder: "someone", since: null },
      ],
      30,
    );
    expect(again.map((g) => [g.kept ? String(g.kept.body) : null, g.acquired])).toEqual([
      ["late", false],
      [null, false],
    ]);
  });
});

describe("an unkept page's lease end", () => {
  /** A store that counts its statements (one call, one round trip). */
  const counting = () => {
    const repo = new FetchLeasesRepo(t.db.db);
    const calls: string[] = [];
    const store = new Proxy(repo, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver) as unknown;
        if (typeof v !== "function") return v;
        return (...args: unknown[]) => {
          calls.push(String(prop));
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    return { repo, store, calls };
  };
  const page = (url: string) =>
    ({ ok: true, url, finalUrl: url, status: 200, body: Buffer.from(`<p>${url}</p>`) }) as unknown as Awaited<
      ReturnType<SharedFetcher["fetch"]>
    >;

  it("rides with the next look's statement when one goes out meanwhile", async () => {
    const { repo, store, calls } = counting();
    const fetcher = new SharedFetcher({
      fetch: async (url) => page(url),
      store,
      reuseSeconds: 30,
      leaseSeconds: 30,
    });
    const [a, b] = [`${site.origin}/ride-a-${randomBytes(4).toString("hex")}`, `${site.origin}/ride-b`];
    expect((await fetcher.fetchWithSource(a, { keep: false })).source).toBe("fetched");
    expect((await fetcher.fetchWithSource(b, { keep: false })).source).toBe("fetched");
    await fetcher.settled();
    // a's look, b's look carrying a's end; then b's end alone (no look came after it).
    expect(calls).toEqual(["attemptMany", "lookAndEnd", "completeUnlessWanted"]);
    const left = await repo.attemptMany(
      [a, b].map((u) => ({ key: sharedFetchKey(u), url: u, holder: "after", since: null })),
      30,
    );
    // Both leases ended and nothing kept: a later look takes each at once.
    expect(left.map((l) => [l.kept, l.acquired])).toEqual([
      [null, true],
      [null, true],
    ]);
  });

  it("in a look's statement still leaves a lease another process waits for, and its holder stores the page", async () => {
    const { repo } = counting();
    const k = (s: string) => `ride-${s}-${randomBytes(4).toString("hex")}`;
    const [wanted, mine, next] = [k("wanted"), k("mine"), k("next")];
    for (const key of [wanted, mine])
      expect((await repo.attempt(key, "u", `h-${key}`, 30, null)).acquired).toBe(true);
    await repo.want(wanted);
    const { attempts, ended } = await repo.lookAndEnd(
      [{ key: next, url: "u", holder: "h-next", since: null }],
      30,
      [wanted, mine].map((key) => ({ key, holder: `h-${key}` })),
    );
    expect(attempts.map((x) => x.acquired)).toEqual([true]);
    expect([...ended]).toEqual([mine]);
    const again = await repo.attemptMany(
      [wanted, mine].map((key) => ({ key, url: "u", holder: "later", since: null })),
      30,
    );
    expect(again.map((x) => x.acquired)).toEqual([false, true]);
  });

  it("waits for another writer's statement when one carries the ends (past 20 ms), and waits again when it fails", async () => {
    const { repo, store, calls } = counting();
    const fetcher = new SharedFetcher({
      fetch: async (url) => page(url),
      store,
      reuseSeconds: 30,
      leaseSeconds: 30,
    });
    fetcher.carriedElsewhere();
    const a = `${site.origin}/carry-a-${randomBytes(4).toString("hex")}`;
    expect((await fetcher.fetchWithSource(a, { keep: false })).source).toBe("fetched");
    await new Promise((resolve) => setTimeout(resolve, 80));
    // Without a carrier the end went alone after 20 ms (a completeUnlessWanted of its own).
    expect(calls).toEqual(["attemptMany"]);
    const failed = fetcher.takeEnds()!;
    expect(failed.ends).toEqual([{ key: sharedFetchKey(a), holder: expect.any(String) as string }]);
    expect(fetcher.takeEnds()).toBeNull();
    // The carrier's statement failed: the end waits for the next one.
    failed.settle(null);
    const ride = fetcher.takeEnds()!;
    expect(ride.ends).toEqual(failed.ends);
    ride.settle(await repo.completeUnlessWanted(ride.ends));
    await fetcher.settled();
    expect(calls).toEqual(["attemptMany"]);
    expect((await repo.attempt(sharedFetchKey(a), a, "after", 30, null)).acquired).toBe(true);
  });
});
