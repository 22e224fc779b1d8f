import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../test/helpers/users.ts";
import { createMcpServer } from "./mcpServer.ts";
import { runOperation } from "./operation.ts";
import { operation } from "./operations.ts";

/** MCP tools and CLI commands pass the same guards as the HTTP routes: one count, one text check. */
let t: TestLadle;
let ann: TestUser;
let client: Client;

beforeAll(async () => {
  t = await startTestLadle({
    worker: false,
    config: { Server: { RateLimit: { CreatesPerMinute: 5, ExemptAdmins: true } } },
  });
  ann = await createTestUser(t, { name: "ann" });
  const caller = { id: ann.id, name: "ann", role: "user" as const };
  const [a, b] = InMemoryTransport.createLinkedPair();
  await createMcpServer(t.ladle, caller).connect(a);
  client = new Client({ name: "test", version: "1" });
  await client.connect(b);
});
afterAll(async () => {
  await client?.close();
  await t?.close();
});

async function call(name: string, args: Record<string, unknown>) {
  const r = (await client.callTool({ name, arguments: args })) as {
    content: { text: string }[];
    isError?: boolean;
  };
  return { isError: !!r.isError, value: JSON.parse(r.content[0]!.text) };
}

describe("MCP and CLI guards", () => {
  it("counts MCP creates in the person's per-minute limit, shared with the API", async () => {
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await call("library_create", { name: `Shelf ${i}` }));
    expect(results.filter((r) => !r.isError)).toHaveLength(5);
    const refused = results.at(-1)!;
    expect(refused.value).toMatchObject({ code: "RATE_LIMITED" });
    expect(refused.value.message).toMatch(/try again in \d+ s/);
    // The same count as the routes: the API refuses Ann now too.
    expect((await t.json("POST", "/api/libraries", { name: "One more" }, ann.headers)).status).toBe(429);
    // Reading is never limited.
    expect((await call("library_list", {})).isError).toBe(false);
  });

  it("refuses a NUL byte naming the field, before the database sees it", async () => {
    const r = await call("recipe_search", { query: "soup\u0000" });
    expect(r.isError).toBe(true);
    expect(r.value).toMatchObject({ code: "INVALID_TEXT", details: { field: "query" } });
    expect(JSON.stringify(r.value)).not.toMatch(/invalid byte sequence|0x00/);
  });

  it("the CLI's runner passes the same guards", async () => {
    const ctx = {
      ladle: t.ladle,
      caller: { id: ann.id, name: "ann", role: "user" as const },
      progress: () => {},
    };
    const r = await runOperation(operation("library_create"), ctx, { name: "bad\u0000name" });
    expect(r).toMatchObject({ ok: false, code: "INVALID_TEXT" });
  });
});
