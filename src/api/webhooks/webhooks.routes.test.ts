import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";
import { signWebhook, verifyWebhook } from "../../services/webhooks/webhookSignature.ts";

let t: TestLadle;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  // No queue: the routes alone (delivery is test/e2e/webhooks.test.ts's).
  t = await startTestLadle({ queue: false, config: { Webhooks: { MaxPerUser: 3 } } });
  ann = await createTestUser(t, { name: "ann" });
  bob = await createTestUser(t, { name: "bob" });
});
afterAll(async () => {
  await t?.close();
});

const as = (u: TestUser, method: string, path: string, body?: unknown) =>
  t.json(method, path, body, u.headers);
const HOOK = { url: "https://hooks.example.com/ladle", events: ["recipe.committed", "import.failed"] };

describe("/api/webhooks", () => {
  it("adds, lists, reads, changes and removes a webhook; the secret is shown once", async () => {
    const made = await as(ann, "POST", "/api/webhooks", HOOK);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ ...HOOK, active: true, failureCount: 0 });
    expect(made.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const id = made.body.id as string;

    const list = await as(ann, "GET", "/api/webhooks");
    expect(list.body.webhooks.map((w: { id: string }) => w.id)).toEqual([id]);
    expect(list.body.webhooks[0].secret).toBeUndefined();
    expect((await as(ann, "GET", `/api/webhooks/${id}`)).body.secret).toBeUndefined();

    const changed = await as(ann, "PATCH", `/api/webhooks/${id}`, {
      events: ["article.ready", "article.ready"],
      active: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ events: ["article.ready"], active: false });

    const log = await as(ann, "GET", `/api/webhooks/${id}/deliveries`);
    expect(log).toEqual({ status: 200, body: { attempts: [] } });

    expect((await as(ann, "DELETE", `/api/webhooks/${id}`)).body).toEqual({ id, deleted: true });
    expect((await as(ann, "GET", `/api/webhooks/${id}`)).status).toBe(404);
  });

  it("answers 404 for another person's webhook on every route, and never lists it", async () => {
    const id = (await as(ann, "POST", "/api/webhooks", HOOK)).body.id as string;
    for (const [m, p, b] of [
      ["GET", `/api/webhooks/${id}`],
      ["PATCH", `/api/webhooks/${id}`, { active: true }],
      ["DELETE", `/api/webhooks/${id}`],
      ["GET", `/api/webhooks/${id}/deliveries`],
      ["POST", `/api/webhooks/${id}/test`, {}],
      ["POST", `/api/webhooks/${id}/redeliver`, { deliveryId: "00000000-0000-4000-8000-000000000000" }],
      // An id that is not one is simply not found.
      ["GET", "/api/webhooks/not-an-id"],
    ] as [string, string, unknown?][]) {
      const r = await as(bob, m, p, b);
      expect(r.status, `${m} ${p}`).toBe(404);
      expect(r.body.code).toBe("WEBHOOK_NOT_FOUND");
    }
    expect((await as(bob, "GET", "/api/webhooks")).body.webhooks).toEqual([]);
    expect((await as(ann, "GET", `/api/webhooks/${id}`)).body.active).toBe(true);
    await as(ann, "DELETE", `/api/webhooks/${id}`);
  });

  it("says what is wrong with a bad request, with a stable code", async () => {
    const cases: [unknown, string, string][] = [
      ["{not json", "INVALID_WEBHOOK", "not valid JSON"],
      [{ url: "https://a.example.com/h" }, "INVALID_WEBHOOK", "events"],
      [{ url: "https://a.example.com/h", events: [] }, "INVALID_WEBHOOK", "events"],
      [{ url: "https://a.example.com/h", events: ["recipe.eaten"] }, "INVALID_WEBHOOK", "events.0"],
      [{ ...HOOK, secret: "mine" }, "INVALID_WEBHOOK", "secret"],
      [{ ...HOOK, url: "ftp://a.example.com/h" }, "WEBHOOK_URL_NOT_ALLOWED", "http:// or https://"],
      [
        { ...HOOK, url: "http://user:pw@a.example.com/h" },
        "WEBHOOK_URL_NOT_ALLOWED",
        "user name and password",
      ],
      [{ ...HOOK, url: "http://192.168.1.10/h" }, "WEBHOOK_URL_NOT_ALLOWED", "private network"],
      [{ ...HOOK, url: "http://metadata.google.internal/h" }, "WEBHOOK_URL_NOT_ALLOWED", "private network"],
      [{ ...HOOK, url: "not a url" }, "WEBHOOK_URL_NOT_ALLOWED", "full web address"],
    ];
    for (const [body, code, words] of cases) {
      const r = await as(ann, "POST", "/api/webhooks", body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
      expect(r.body.message, JSON.stringify(body)).toContain(words);
    }
    const id = (await as(ann, "POST", "/api/webhooks", HOOK)).body.id as string;
    const patch = await as(ann, "PATCH", `/api/webhooks/${id}`, { url: "http://10.1.2.3/" });
    expect(patch.status).toBe(400);
    expect(patch.body.code).toBe("WEBHOOK_URL_NOT_ALLOWED");
    const noDelivery = await as(ann, "POST", `/api/webhooks/${id}/redeliver`, {
      deliveryId: "00000000-0000-4000-8000-000000000000",
    });
    expect(noDelivery.status).toBe(404);
    expect(noDelivery.body.code).toBe("WEBHOOK_DELIVERY_NOT_FOUND");
    const badRedeliver = await as(ann, "POST", `/api/webhooks/${id}/redeliver`, { deliveryId: "last one" });
    expect(badRedeliver.status).toBe(400);
    expect(badRedeliver.body.code).toBe("INVALID_WEBHOOK");
    const unknown = await as(ann, "PATCH", `/api/webhooks/${id}`, { colour: "red" });
    expect(unknown.body.code).toBe("INVALID_WEBHOOK");
    expect((await as(ann, "GET", `/api/webhooks/${id}`)).body.url).toBe(HOOK.url);
    await as(ann, "DELETE", `/api/webhooks/${id}`);
  });

  it("checks the body limit before reading it", async () => {
    const big = { ...HOOK, url: `https://a.example.com/${"x".repeat(2_000_000)}` };
    const r = await as(ann, "POST", "/api/webhooks", big);
    expect(r.status).toBe(413);
    expect(r.body.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("lets a library's admins add its webhook; others' libraries are not found, members are refused", async () => {
    const own = await as(ann, "POST", "/api/libraries", { name: "Ann's kitchen" });
    const libraryId = own.body.id as string;
    const made = await as(ann, "POST", "/api/webhooks", { ...HOOK, libraryId });
    expect(made.status).toBe(201);
    expect(made.body.libraryId).toBe(libraryId);
    const other = await as(bob, "POST", "/api/webhooks", { ...HOOK, libraryId });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("LIBRARY_NOT_FOUND");
    expect(
      (await as(ann, "POST", `/api/libraries/${libraryId}/members`, { user: "bob", role: "editor" })).status,
    ).toBe(200);
    const member = await as(bob, "POST", "/api/webhooks", { ...HOOK, libraryId });
    expect(member.status).toBe(403);
    expect(member.body.code).toBe("FORBIDDEN");
    await as(ann, "DELETE", `/api/webhooks/${made.body.id}`);
  });

  it("stops at Webhooks:MaxPerUser", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await as(bob, "POST", "/api/webhooks", HOOK)).body.id);
    const r = await as(bob, "POST", "/api/webhooks", HOOK);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("WEBHOOK_LIMIT_REACHED");
    for (const id of ids) await as(bob, "DELETE", `/api/webhooks/${id}`);
  });
});

describe("the signature", () => {
  const at = new Date("2026-06-01T12:00:00Z");
  it("is t=<unix>,v1=<hex HMAC-SHA256 of '<t>.<body>'> and verifies only with the same secret, body and a fresh time", () => {
    const header = signWebhook("whsec_x", '{"a":1}', at);
    expect(header).toMatch(/^t=1780315200,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook("whsec_x", '{"a":1}', header, at)).toBe(true);
    expect(verifyWebhook("whsec_y", '{"a":1}', header, at)).toBe(false);
    expect(verifyWebhook("whsec_x", '{"a":2}', header, at)).toBe(false);
    // Replayed ten minutes later: refused.
    expect(verifyWebhook("whsec_x", '{"a":1}', header, new Date(at.getTime() + 600_000))).toBe(false);
    expect(verifyWebhook("whsec_x", '{"a":1}', "t=1780315200,v1=zz", at)).toBe(false);
    expect(verifyWebhook("whsec_x", '{"a":1}', "", at)).toBe(false);
  });
});
