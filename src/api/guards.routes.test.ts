import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../test/helpers/users.ts";

/**
 * Limits before work: who asks, then how much they send (413 while it streams), what it
 * holds (NUL and lone surrogates: 400 naming the field), how often (429 with Retry-After), which
 * URLs (400 at create, in every family); operations are the admins'.
 */
describe("limits before work", () => {
  let t: TestLadle;
  let user: TestUser;
  let admin: TestUser;
  const METRICS_TOKEN = "metrics-token-0123456789";

  beforeAll(async () => {
    t = await startTestLadle({
      config: {
        Server: {
          RateLimit: { CreatesPerMinute: 3 },
          MaxJsonBodyBytes: 64 * 1024,
          MetricsToken: METRICS_TOKEN,
        },
      },
      worker: false,
    });
    user = await createTestUser(t, { name: "user" });
    admin = await createTestUser(t, { name: "boss", role: "admin" });
  });

  afterAll(async () => {
    await t?.close();
  });

  it("refuses a body over the limit before reading it (declared length), in each family's shape", async () => {
    const big = JSON.stringify({ url: "https://example.com/" + "a".repeat(200 * 1024) });
    const guest = await t.app.request("/api/parse-requests", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(big.length) },
      body: big,
    });
    expect(guest.status).toBe(413);
    expect(await guest.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    const api = await t.json("POST", "/api/tasks", big, user.headers);
    expect(api).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    const media = await t.json("POST", "/media/web-articles", big, user.headers);
    expect(media).toMatchObject({ status: 413, body: { error: { code: "E_PAYLOAD_TOO_LARGE" } } });
  });

  it("refuses a streamed body as soon as it passes the limit, without buffering the rest", async () => {
    let sent = 0;
    const chunk = new Uint8Array(16 * 1024).fill(0x61);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless body: only a limit that stops reading ends this request.
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await t.app.request("/api/tasks", {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json" },
      body,
      // @ts-expect-error Node's fetch needs duplex for a streamed request body
      duplex: "half",
    });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(1024 * 1024);
  });

  it("refuses NUL bytes and lone surrogates with 400 naming the field, storing nothing", async () => {
    const nul = await t.json(
      "POST",
      "/api/v1/items",
      '{"url":"https://example.com/x","title":"a\\u0000b"}',
      user.headers,
    );
    expect(nul).toMatchObject({ status: 400, body: { code: "INVALID_TEXT", details: { field: "title" } } });
    const lone = await t.json(
      "POST",
      "/api/tasks",
      '{"agentType":"Ingest","payload":{"mode":"Query","query":"soup \\ud800"}}',
      user.headers,
    );
    expect(lone).toMatchObject({
      status: 400,
      body: { code: "INVALID_TEXT", details: { field: "payload.query" } },
    });
    const query = await t.json("GET", "/api/recipes?q=a%00b", undefined, user.headers);
    expect(query).toMatchObject({ status: 400, body: { code: "INVALID_TEXT" } });
    const v1 = await t.json(
      "POST",
      "/v1/import",
      '{"source_type":"text","source_ref":"x\\u0000"}',
      user.headers,
    );
    expect(v1).toMatchObject({ status: 400, body: { error_code: "invalid_request" } });
    expect((await t.json("GET", "/api/v1/items", undefined, user.headers)).body.items ?? []).toHaveLength(0);
  });

  it("refuses private addresses, other schemes and URLs with credentials at create, in every family", async () => {
    // As an admin (not rate limited), so that five creates at once are judged by their URL alone.
    const h = admin.headers;
    const results = await Promise.all([
      t.json(
        "POST",
        "/api/tasks",
        { agentType: "Ingest", payload: { mode: "Url", url: "http://10.0.0.7/r" } },
        h,
      ),
      t.json("POST", "/v1/import", { source_type: "url", source_ref: "http://[::1]/r" }, h),
      t.json("POST", "/api/v1/items", { url: "https://alice:secret@example.com/page" }, h),
      t.json("POST", "/media/web-articles", { url: "http://169.254.169.254/latest/meta-data" }, h),
      t.json("POST", "/api/parse-requests", { url: "http://192.168.1.1/recipe" }, h),
    ]);
    expect(results.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect(results[2]!.body.message).toMatch(/user name and password/);
    expect(results[0]!.body.message).toMatch(/private network/);
  });

  it("limits creates per user per minute with 429 and Retry-After; admins are exempt", async () => {
    const post = (u: TestUser, i: number) =>
      t.app.request("/api/libraries", {
        method: "POST",
        headers: { ...u.headers, "content-type": "application/json" },
        body: JSON.stringify({ name: `L${i}` }),
      });
    // Earlier tests spent some of the user's minute: the limit is reached within four more.
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post(user, i)).status);
    expect(codes).toContain(429);
    const limited = await post(user, 9);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: "RATE_LIMITED" });
    // Reads are never limited; admins never are.
    expect((await t.json("GET", "/api/libraries", undefined, user.headers)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await post(admin, i)).status).toBe(201);
  });

  it("keeps operations for admins: metrics (or its token), fetcher state, queue status", async () => {
    for (const path of ["/metrics", "/api/fetcher/domains", "/api/ops/status"])
      expect((await t.app.request(path, { headers: user.headers })).status, path).toBe(403);
    for (const path of ["/metrics", "/api/fetcher/domains", "/api/ops/status"])
      expect((await t.app.request(path, { headers: admin.headers })).status, path).toBe(200);
    const scraper = await t.app.request("/metrics", {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraper.status).toBe(200);
    expect(await scraper.text()).toContain("# HELP");
    expect((await t.app.request("/metrics")).status).toBe(401);
  });
});
