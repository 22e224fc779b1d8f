/**
 * A client written against parse-request-flow.md (`../shared/spec/parse-request-flow.md`): the
 * document's request is `{url}` ("User submits URL"), and its API Response Matrix prints each
 * answer; every row of that table (copied below as printed) is driven and its status and body
 * keys checked. Sites are loopback fixtures.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

/** API Response Matrix, as printed: scenario → HTTP and body. */
const MATRIX = {
  "Fresh recipe exists": [200, "{recipe: {title, ingredients, parsedAt}}"],
  "In-flight request (dedup)": [202, '{requestId, status: "PENDING|PROCESSING"}'],
  "New request created": [202, '{requestId, status: "PENDING"}'],
  "Poll - pending": [200, '{requestId, status: "PENDING"}'],
  "Poll - processing": [200, '{requestId, status: "PROCESSING"}'],
  "Poll - completed": [200, '{requestId, status: "COMPLETED", recipe: {...}}'],
  "Poll - failed": [200, '{requestId, status: "FAILED", error: "..."}'],
  "Poll - not found": [404, '{error: "Request not found"}'],
} as const;

/** The top-level keys a printed body names, in order (nested objects and quoted values skipped). */
function keysOf(printed: string): string[] {
  let inner = printed.slice(1, -1).replace(/"[^"]*"/g, "");
  while (/\{[^{}]*\}/.test(inner)) inner = inner.replace(/\{[^{}]*\}/g, "");
  return inner
    .split(",")
    .map((part) => part.split(":")[0]!.trim())
    .filter(Boolean);
}

let t: TestLadle;
let site: FixtureServer;
let release!: () => void;

beforeAll(async () => {
  const gate = new Promise<void>((r) => (release = r));
  site = await startFixtureServer({
    "/recipe": { body: PANCAKES_HTML },
    "/held": (_req, res) =>
      void gate.then(() => res.writeHead(200, { "content-type": "text/html" }).end(PANCAKES_HTML)),
  });
  t = await startTestLadle();
});
afterAll(async () => {
  release?.();
  await t?.close();
  await site?.close();
});

async function check(scenario: keyof typeof MATRIX, r: { status: number; body: any }) {
  const [status, printed] = MATRIX[scenario];
  expect([scenario, r.status]).toEqual([scenario, status]);
  expect([scenario, Object.keys(r.body)]).toEqual([scenario, keysOf(printed)]);
  const want = /status: "([A-Z|]+)"/.exec(printed)?.[1];
  if (want) expect(want.split("|")).toContain(r.body.status);
}

const poll = (id: string) => t.json("GET", `/api/parse-requests/${id}`);
async function pollUntil(id: string, status: string) {
  await expect
    .poll(async () => (await poll(id)).body.status, { timeout: 100_000, interval: 25 })
    .toBe(status);
  return poll(id);
}

describe("API Response Matrix, row by row", () => {
  it("reads the printed bodies' keys as a client would", () => {
    expect(keysOf(MATRIX["Fresh recipe exists"][1])).toEqual(["recipe"]);
    expect(keysOf(MATRIX["Poll - completed"][1])).toEqual(["requestId", "status", "recipe"]);
  });

  it("New request created, Poll - pending/processing, In-flight request (dedup), Poll - completed, Fresh recipe exists", async () => {
    const url = `${site.origin}/held`;
    const created = await t.json("POST", "/api/parse-requests", { url });
    await check("New request created", created);
    const id = created.body.requestId;
    const first = await poll(id);
    await check(first.body.status === "PENDING" ? "Poll - pending" : "Poll - processing", first);
    await check("Poll - processing", await pollUntil(id, "PROCESSING"));
    const dedup = await t.json("POST", "/api/parse-requests", { url });
    await check("In-flight request (dedup)", dedup);
    expect(dedup.body.requestId).toBe(id);
    release();
    const done = await pollUntil(id, "COMPLETED");
    await check("Poll - completed", done);
    // The recipe, per the data model: title, ingredients [{qty, unit, name}], parsedAt.
    expect(done.body.recipe).toMatchObject({ title: "Buttermilk Pancakes", parsedAt: expect.any(String) });
    expect(done.body.recipe.ingredients.length).toBeGreaterThan(0);
    for (const i of done.body.recipe.ingredients)
      for (const k of ["qty", "unit", "name"]) expect(i).toHaveProperty(k);
    const fresh = await t.json("POST", "/api/parse-requests", { url });
    await check("Fresh recipe exists", fresh);
    expect(Object.keys(fresh.body.recipe)).toEqual(["title", "ingredients", "parsedAt"]);
  });

  it("Poll - failed and Poll - not found", async () => {
    const r = await t.json("POST", "/api/parse-requests", { url: `${site.origin}/no-such-page` });
    const failed = await pollUntil(r.body.requestId, "FAILED");
    await check("Poll - failed", failed);
    const missing = await poll("7d9f0c52-3b1a-4e57-9a0e-2f6c1d8b4a10");
    await check("Poll - not found", missing);
    expect(missing.body).toEqual({ error: "Request not found" });
  });
});
