import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "./openApiDocument.ts";
import { startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../test/helpers/users.ts";

/**
 * Odd input, route by route: every operation of the OpenAPI document is called with ids that are
 * no ids, bodies of the wrong type, NUL characters, huge and negative numbers. Whatever each
 * answers, it is never a 500: bad input is the caller's to fix and is told so (4xx). Beside the
 * ownership walk (ownership.routes.test.ts); on both databases (DATABASE_URL for PostgreSQL).
 */

const ODD_IDS = ["not-a-uuid", "99999999999999999999999", "-1", "%00", "0x1f", "x".repeat(300)];
const SOME_UUID = "6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b";
const ODD_BODIES: unknown[] = [
  [],
  "just text",
  1e308,
  -1,
  null,
  {
    id: "not-a-uuid",
    name: 12,
    url: ["https://a.test/"],
    limit: -1,
    offset: 1e300,
    servings: -5,
    date: "2026-02-31",
    text: "nul\u0000byte",
  },
];
const ODD_QUERY =
  "?limit=-1&offset=99999999999999999999999&page=-3&pageSize=1e400&cursor=bm90LWEtY3Vyc29y&since=yesterday&q=%22&status=Nope&all=maybe";

let t: TestLadle;
let admin: TestUser;

beforeAll(async () => {
  t = await startTestLadle({ worker: false });
  admin = await createTestUser(t, { name: "admin", role: "admin" });
});
afterAll(async () => {
  await t?.close();
});

type Doc = { paths: Record<string, Record<string, unknown>> };

async function call(method: string, path: string, body?: unknown): Promise<string | null> {
  const res = await t.app.request(path, {
    method: method.toUpperCase(),
    headers: { ...admin.headers, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return res.status >= 500
    ? `${method.toUpperCase()} ${path} ${JSON.stringify(body)} → ${res.status} ${text.slice(0, 200)}`
    : null;
}

describe("odd input on every route", () => {
  it("never answers 500: odd ids, wrong types, NUL, huge and negative numbers", async () => {
    const doc = (await openApiDocument()) as Doc;
    const wrong: string[] = [];
    let calls = 0;
    for (const [route, ops] of Object.entries(doc.paths)) {
      // The MCP endpoint speaks JSON-RPC (its own walk: src/mcp); the metrics scrape reads nothing.
      if (route === "/mcp" || route === "/metrics") continue;
      for (const method of Object.keys(ops)) {
        const hasBody = method !== "get" && method !== "delete" && method !== "head";
        const withIds = (id: string) => route.replace(/\{[^}]+\}/g, id);
        const attempts: [string, unknown][] = [];
        if (route.includes("{"))
          for (const id of ODD_IDS) attempts.push([withIds(id), hasBody ? {} : undefined]);
        const base = withIds(SOME_UUID);
        attempts.push([`${base}${ODD_QUERY}`, hasBody ? {} : undefined]);
        if (hasBody) for (const b of ODD_BODIES) attempts.push([base, b]);
        for (const [path, body] of attempts) {
          calls++;
          const problem = await call(method, path, body);
          if (problem) wrong.push(problem);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(300);
  });

  it("a search cursor holding a NUL is refused, not handed to the database", async () => {
    const cursor = Buffer.from(JSON.stringify({ f: false, s: 1, t: "recipe", i: "a\u0000b" })).toString(
      "base64url",
    );
    const r = await t.json("GET", `/api/search?q=soup&cursor=${cursor}`, undefined, admin.headers);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_CURSOR");
    const items = Buffer.from("2026-01-01T00:00:00Z|a\u0000b").toString("base64url");
    expect(
      (await t.json("GET", `/api/v1/items?cursor=${items}`, undefined, admin.headers)).status,
    ).toBeLessThan(500);
  });
});
