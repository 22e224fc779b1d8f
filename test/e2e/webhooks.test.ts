import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook } from "../../src/services/webhooks/webhookSignature.ts";
import { PANCAKES_VERBATIM_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";
import { articlePage } from "../helpers/articlePages.ts";

/** What the loopback receiver got: the raw body (as signed) and the headers. */
interface Received {
  path: string;
  at: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A loopback webhook receiver: `/ok` answers 200, `/fail` 500; it keeps every request. */
async function startReceiver(): Promise<{ origin: string; got: Received[]; close(): Promise<void> }> {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0]!;
      got.push({ path, at: Date.now(), body: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
      if (path === "/slow") return; // never answers
      if (path === "/ok-big") res.writeHead(200, { "content-type": "text/plain" }).end("x".repeat(1 << 20));
      else if (path.startsWith("/ok")) res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
      else res.writeHead(500, { "content-type": "text/plain" }).end("the receiver is broken today");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    got,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Polls until `pred` holds (tests wait for conditions, not for time). */
async function until<T>(read: () => Promise<T> | T, pred: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (pred(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let t: TestLadle;
let site: FixtureServer;
let rx: Awaited<ReturnType<typeof startReceiver>>;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  rx = await startReceiver();
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_VERBATIM_HTML },
    "/bread": { body: articlePage({ title: "On bread" }) },
  });
  // Pages with a preview image: a bookmark of one is enriched at once (no screenshot job).
  for (let i = 0; i < 4; i++)
    site.route(`/page-${i}`, {
      body: `<html><head><title>Page ${i}</title><meta property="og:image" content="${site.origin}/img-${i}.png"></head><body><p>Hi</p></body></html>`,
    });
  t = await startTestLadle({
    config: {
      Webhooks: {
        MaxAttempts: 3,
        RetryDelaySeconds: 1,
        DisableAfterFailures: 2,
        PollIntervalMs: 50,
        // The default: a loaded CI host took over a second to bring the failing receiver's 500 back
        // (the attempt read as "did not answer"); the receiver that never answers waits it out once.
        TimeoutMs: 10_000,
      },
      // Articles read as fetched (no browser): the event is the point here.
      Articles: { Render: "never" },
    },
    // A name that resolves into a private network: accepted when added (no DNS then), refused when sent.
    resolver: async (name) => (name === "hooks.example.com" ? ["10.0.0.7"] : ["127.0.0.1"]),
  });
  ann = await createTestUser(t, { name: "ann" });
  bob = await createTestUser(t, { name: "bob" });
});

afterAll(async () => {
  await t?.close();
  await site?.close();
  await rx?.close();
});

const as = (method: string, path: string, body?: unknown) => t.json(method, path, body, ann.headers);
const attempts = async (id: string) =>
  (await as("GET", `/api/webhooks/${id}/deliveries`)).body.attempts as any[];

describe("webhooks against a loopback receiver", () => {
  it("posts signed events of a commit and a delete, with the event and delivery headers", async () => {
    const made = await as("POST", "/api/webhooks", {
      url: `${rx.origin}/ok`,
      events: ["recipe.committed", "recipe.deleted"],
    });
    expect(made.status).toBe(201);
    const secret = made.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    // The secret is shown once: never in a list or a read.
    expect(JSON.stringify((await as("GET", "/api/webhooks")).body)).not.toContain(secret);
    expect(JSON.stringify((await as("GET", `/api/webhooks/${made.body.id}`)).body)).not.toContain(secret);

    const task = await as("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}/pancakes` },
    });
    await t.waitTask(task.body.taskId, (s) => s === "ReviewReady", 60_000, ann.headers);
    const commit = await as("POST", "/api/recipes/import", {
      taskId: task.body.taskId,
      acknowledgeGuardrail: true,
    });
    expect(commit.status).toBe(200);
    const recipeId = commit.body.recipe.id as string;

    const first = (
      await until(
        () => rx.got.filter((g) => g.path === "/ok"),
        (g) => g.length >= 1,
      )
    )[0]!;
    expect(first.headers["ladle-event"]).toBe("recipe.committed");
    expect(first.headers["content-type"]).toBe("application/json");
    expect(verifyWebhook(secret, first.body, String(first.headers["ladle-signature"]))).toBe(true);
    // A changed body, or another secret, does not verify.
    expect(
      verifyWebhook(
        secret,
        first.body.replace("Pancakes", "Waffles"),
        String(first.headers["ladle-signature"]),
      ),
    ).toBe(false);
    expect(verifyWebhook("whsec_other", first.body, String(first.headers["ladle-signature"]))).toBe(false);
    const body = JSON.parse(first.body);
    expect(body).toMatchObject({
      type: "recipe.committed",
      data: { id: recipeId, title: expect.stringContaining("Pancakes"), url: `${site.origin}/pancakes` },
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(body.createdAt)).not.toBeNaN();

    expect((await as("DELETE", `/api/recipes/${recipeId}`)).status).toBe(200);
    const del = await until(
      () => rx.got.filter((g) => g.headers["ladle-event"] === "recipe.deleted"),
      (g) => g.length === 1,
    );
    expect(JSON.parse(del[0]!.body).data.id).toBe(recipeId);

    // The log shows both deliveries: the receiver's status and answer.
    const log = await until(
      () => attempts(made.body.id),
      (a) => a.length === 2,
    );
    expect(log.map((a) => a.type).sort()).toEqual(["recipe.committed", "recipe.deleted"]);
    for (const a of log)
      expect(a).toMatchObject({ ok: true, statusCode: 200, responseExcerpt: "thanks", willRetry: false });
    expect(log.find((a) => a.type === "recipe.committed").deliveryId).toBe(first.headers["ladle-delivery"]);
    await as("DELETE", `/api/webhooks/${made.body.id}`);
  });

  it("retries a failing receiver with backoff, logs each attempt, and turns the webhook off after failures in a row", async () => {
    const made = await as("POST", "/api/webhooks", {
      url: `${rx.origin}/fail`,
      events: ["bookmark.enriched"],
    });
    expect(made.status).toBe(201);
    const id = made.body.id as string;

    expect((await as("POST", "/api/v1/items", { url: `${site.origin}/page-0` })).status).toBe(201);
    const log = await until(
      () => attempts(id),
      (a) => a.length === 3,
    );
    // Newest first: the last attempt says no more will come.
    expect(log.map((a) => [a.attempt, a.ok, a.statusCode, a.willRetry])).toEqual([
      [3, false, 500, false],
      [2, false, 500, true],
      [1, false, 500, true],
    ]);
    expect(log[0].error).toBe("The receiver answered 500.");
    expect(log[0].responseExcerpt).toBe("the receiver is broken today");
    // One event, three attempts with the same event id; waits grow (1-2 s, then 2-4 s).
    const hits = rx.got.filter((g) => g.path === "/fail");
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((h) => JSON.parse(h.body).id)).size).toBe(1);
    expect(new Set(hits.map((h) => h.headers["ladle-delivery"])).size).toBe(1);
    expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(900);
    expect(hits[2]!.at - hits[1]!.at).toBeGreaterThanOrEqual(1900);
    let w = (await as("GET", `/api/webhooks/${id}`)).body;
    expect(w).toMatchObject({ active: true, failureCount: 1 });

    // A second delivery failing for good turns it off (DisableAfterFailures: 2), with the reason.
    await as("POST", "/api/v1/items", { url: `${site.origin}/page-1` });
    w = await until(
      async () => (await as("GET", `/api/webhooks/${id}`)).body,
      (b) => b.active === false,
    );
    expect(w.failureCount).toBe(2);
    expect(w.disabledReason).toContain("Turned off after 2 deliveries in a row failed");
    expect(w.disabledReason).toContain("The receiver answered 500.");

    // Off: nothing is sent again either.
    const off = await as("POST", `/api/webhooks/${id}/redeliver`, { deliveryId: log[0].deliveryId });
    expect(off.status).toBe(409);
    expect(off.body.code).toBe("WEBHOOK_OFF");

    // Off: new events are not sent.
    const before = rx.got.length;
    await as("POST", "/api/v1/items", { url: `${site.origin}/page-2` });
    await as("PATCH", `/api/webhooks/${id}`, { url: `${rx.origin}/ok` }); // a change that leaves it off
    const probe = await as("POST", "/api/webhooks", {
      url: `${rx.origin}/ok`,
      events: ["bookmark.enriched"],
    });
    await as("POST", "/api/v1/items", { url: `${site.origin}/page-3` });
    await until(
      () => attempts(probe.body.id),
      (a) => a.length >= 1,
    );
    expect(rx.got.slice(before).every((g) => g.path === "/ok")).toBe(true);
    expect((await attempts(id)).length).toBe(6);

    // Turned on again: its failures are forgotten and its test reaches the receiver.
    const on = await as("PATCH", `/api/webhooks/${id}`, { active: true });
    expect(on.body).toMatchObject({ active: true, failureCount: 0 });
    expect(on.body.disabledReason).toBeUndefined();
    expect((await as("POST", `/api/webhooks/${id}/test`)).status).toBe(202);
    // (The bookmarks' enrichment may finish meanwhile and be delivered too: it is on again.)
    const tested = await until(
      () => attempts(id),
      (a) => a.some((x) => x.type === "webhook.test"),
    );
    expect(tested.find((x) => x.type === "webhook.test")).toMatchObject({
      ok: true,
      statusCode: 200,
      attempt: 1,
    });

    // The first failed delivery, sent again to the fixed receiver: same event id, a new delivery.
    const failedOne = log[0];
    const again = await as("POST", `/api/webhooks/${id}/redeliver`, { deliveryId: failedOne.deliveryId });
    expect(again.status).toBe(202);
    expect(again.body.eventId).toBe(failedOne.eventId);
    const resent = await until(
      () => rx.got.filter((g) => g.headers["ladle-delivery"] === again.body.deliveryId),
      (g) => g.length === 1,
    );
    expect(resent[0]!.path).toBe("/ok");
    expect(resent[0]!.body).toBe(hits[0]!.body);
    expect(
      verifyWebhook(made.body.secret, resent[0]!.body, String(resent[0]!.headers["ladle-signature"])),
    ).toBe(true);
  });

  it("refuses private addresses when added, and a name resolving into a private network when sent", async () => {
    for (const url of [
      "http://10.0.0.1/hook",
      "http://169.254.169.254/latest",
      "http://localhost:8080/x",
      "http://[::1]/x",
    ]) {
      const r = await as("POST", "/api/webhooks", { url, events: ["recipe.committed"] });
      expect(r.status, url).toBe(400);
      expect(r.body.code).toBe("WEBHOOK_URL_NOT_ALLOWED");
      expect(r.body.message).toContain("private network");
    }
    const made = await as("POST", "/api/webhooks", {
      url: "http://hooks.example.com/x",
      events: ["recipe.committed"],
    });
    expect(made.status).toBe(201);
    await as("POST", `/api/webhooks/${made.body.id}/test`);
    const log = await until(
      () => attempts(made.body.id),
      (a) => a.length === 1,
    );
    expect(log[0]).toMatchObject({ ok: false, willRetry: false });
    expect(log[0].statusCode).toBeUndefined();
    expect(log[0].error).toContain("does not send webhooks to this address");

    // A receiver that never answers is given up on after Webhooks:TimeoutMs; a long answer is not read.
    const slow = await as("POST", "/api/webhooks", {
      url: `${rx.origin}/slow`,
      events: ["recipe.committed"],
    });
    await as("POST", `/api/webhooks/${slow.body.id}/test`);
    const timedOut = await until(
      () => attempts(slow.body.id),
      (a) => a.length === 1,
    );
    expect(timedOut[0]).toMatchObject({ ok: false, error: "The receiver did not answer within 10 seconds." });
    expect(timedOut[0].durationMs).toBeGreaterThanOrEqual(9_500);
    const big = await as("POST", "/api/webhooks", {
      url: `${rx.origin}/ok-big`,
      events: ["recipe.committed"],
    });
    await as("POST", `/api/webhooks/${big.body.id}/test`);
    const bigLog = await until(
      () => attempts(big.body.id),
      (a) => a.length === 1,
    );
    expect(bigLog[0]).toMatchObject({ ok: true, willRetry: false });
    for (const id of [made.body.id, slow.body.id, big.body.id]) await as("DELETE", `/api/webhooks/${id}`);
  });

  it("tells about imports, articles and updates, and a library's webhook about that library only", async () => {
    const all = await as("POST", "/api/webhooks", {
      url: `${rx.origin}/ok-all`,
      events: ["import.completed", "import.failed", "article.ready", "recipe.updated", "bookmark.enriched"],
    });
    const seen = (type: string) =>
      rx.got.filter((g) => g.path === "/ok-all" && g.headers["ladle-event"] === type);
    const data = (g: Received) => JSON.parse(g.body).data;

    const done = await as("POST", "/v1/import", {
      source_type: "text",
      source_ref:
        "Toast\n\nIngredients\n2 slices bread\n1 tbsp butter\n\nMethod\n1. Toast the bread.\n2. Butter it.",
    });
    expect(done.status).toBe(202);
    const completed = await until(
      () => seen("import.completed"),
      (g) => g.length === 1,
    );
    expect(data(completed[0]!)).toMatchObject({
      id: done.body.id,
      title: "Toast",
      sourceType: "text",
      url: null,
    });
    const recipeId = data(completed[0]!).recipeId as string;
    expect(recipeId).toBeTruthy();

    const bad = await as("POST", "/v1/import", {
      source_type: "text",
      source_ref: "Nothing to cook here, just words.",
    });
    const failed = await until(
      () => seen("import.failed"),
      (g) => g.length === 1,
    );
    expect(data(failed[0]!)).toMatchObject({ id: bad.body.id, errorCode: expect.any(String) });

    const art = await as("POST", "/media/web-articles", { url: `${site.origin}/bread` });
    expect(art.status).toBe(202);
    const ready = await until(
      () => seen("article.ready"),
      (g) => g.length === 1,
    );
    expect(data(ready[0]!)).toMatchObject({ id: art.body.data.id, title: "On bread" });

    // Deleted, then restored: the restore is an update.
    await as("DELETE", `/api/recipes/${recipeId}`);
    await as("POST", `/api/recipes/${recipeId}/restore`, {});
    const updated = await until(
      () => seen("recipe.updated"),
      (g) => g.length === 1,
    );
    expect(data(updated[0]!)).toMatchObject({ id: recipeId, title: "Toast" });

    // Ann's library webhook hears of Bob's bookmark in that library, not of Bob's own; Ann's own
    // webhook hears of neither.
    const lib = (await as("POST", "/api/libraries", { name: "Shared kitchen" })).body.id as string;
    await as("POST", `/api/libraries/${lib}/members`, { user: "bob", role: "editor" });
    const libHook = await as("POST", "/api/webhooks", {
      url: `${rx.origin}/ok-library`,
      events: ["bookmark.enriched"],
      libraryId: lib,
    });
    expect(libHook.status).toBe(201);
    const bobs = async (path: string, libraryId?: string) =>
      (
        await t.json(
          "POST",
          "/api/v1/items",
          { url: `${site.origin}${path}`, ...(libraryId ? { libraryId } : {}) },
          bob.headers,
        )
      ).body.id as string;
    const own = await bobs("/page-2");
    const shared = await bobs("/page-3", lib);
    const lg = await until(
      () => rx.got.filter((g) => g.path === "/ok-library"),
      (g) => g.length >= 1,
    );
    // Bob's own bookmark was enriched first; only the shared one arrived.
    await until(
      () => attempts(libHook.body.id),
      (a) => a.length >= 1,
    );
    expect(lg.map((g) => data(g).id)).toEqual([shared]);
    expect(seen("bookmark.enriched").map((g) => data(g).id)).not.toContain(own);
    expect(seen("bookmark.enriched").map((g) => data(g).id)).not.toContain(shared);
    await as("DELETE", `/api/webhooks/${all.body.id}`);
  });
});
