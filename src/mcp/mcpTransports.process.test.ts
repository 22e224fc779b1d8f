import type { Server as HttpServer } from "node:http";
import { fileURLToPath } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../test/helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../test/helpers/users.ts";

// The MCP server as assistants reach it: the SDK's own Client over Streamable HTTP (a running
// server, bearer tokens) and over stdio (`ladle mcp --user NAME`, another process on the same
// database). Each imports a loopback page, waits with progress, commits, searches and reads the
// recipe resource; another user's token sees none of it.

const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
let t: TestLadle;
let site: FixtureServer;
let http: ServerType;
let origin: string;
let alice: TestUser;
let bob: TestUser;
const clients: Client[] = [];
/**
 * A request waits for its answer as long as its test does. The SDK's own limit (60 s a request)
 * failed a test on a busy machine while a fresh `ladle mcp` was still loading: that process's start
 * is what the first request waits on, and its time is the machine's, not the server's.
 */
const UNTIL_ANSWERED = { timeout: 600_000 };
/** What a stdio client could not read: anything on `ladle mcp`'s stdout that is not the protocol. */
const stdioErrors: string[] = [];

beforeAll(async () => {
  site = await startFixtureServer({
    "/pancakes": { body: PANCAKES_HTML },
    "/waffles": { body: PANCAKES_HTML.replace(/Buttermilk Pancakes/g, "Crisp Waffles") },
  });
  t = await startTestLadle();
  alice = await createTestUser(t, { name: "alice" });
  bob = await createTestUser(t, { name: "bob" });
  await new Promise<void>((resolve) => {
    http = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => {
      origin = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
  // The clients' fetch retires an idle connection a little before the server's 5 s would end it;
  // on a busy machine its timer ran late and a request went out on a connection the server had
  // just closed (ECONNRESET, load 25-40). The server here never ends one first.
  (http as HttpServer).keepAliveTimeout = 600_000;
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  // The HTTP clients keep their connections alive for seconds after the last answer: close waits
  // for them unless they are closed first.
  (http as HttpServer | undefined)?.closeAllConnections();
  await new Promise((r) => http?.close(r));
  await t?.close();
  await site?.close();
});

/**
 * The SDK's client runs a notification's handler a microtask later but a response's at once: when
 * the last progress notifications and the answer come in one read (a busy machine), the answer is
 * handled first and those notifications are dropped as "unknown token", though the server sent
 * them first. Each message is handed on in its own turn of the event loop, in the order it came.
 */
function inWireOrder(transport: Transport): void {
  const deliver = transport.onmessage!;
  let queue = Promise.resolve();
  transport.onmessage = (message, extra) => {
    queue = queue.then(
      () =>
        new Promise<void>((resolve) =>
          setImmediate(() => {
            deliver(message, extra);
            resolve();
          }),
        ),
    );
  };
}

async function httpClient(token: string | null): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", origin), {
    requestInit: { headers: token ? { authorization: `Bearer ${token}` } : {} },
  });
  const client = new Client({ name: "test", version: "1" });
  await client.connect(transport, UNTIL_ANSWERED);
  inWireOrder(transport);
  clients.push(client);
  return client;
}

async function stdioClient(user: string, logLevel = "silent"): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", "--user", user],
    env: {
      PATH: process.env.PATH ?? "",
      LADLE_CONFIG: "",
      DATABASE_URL: t.db.url,
      LADLE_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      LOG_LEVEL: logLevel,
    },
    stderr: "pipe",
  });
  const client = new Client({ name: "test", version: "1" });
  client.onerror = (err) => stdioErrors.push(err.message);
  await client.connect(transport, UNTIL_ANSWERED);
  inWireOrder(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>, progress: unknown[] = []) {
  const r = (await client.callTool({ name, arguments: args }, undefined, {
    onprogress: (p) => progress.push(p),
    ...UNTIL_ANSWERED,
  })) as { content: { text: string }[]; isError?: boolean };
  return { isError: !!r.isError, value: JSON.parse(r.content[0]!.text) };
}

/** The whole life of a recipe through one client, and what another user's client sees of it. */
async function lifeOfARecipe(mine: Client, theirs: Client, path: string, name: string) {
  const progress: { progress: number; message?: string }[] = [];
  const imported = await call(mine, "import_url", { url: `${site.origin}${path}`, wait: 170 }, progress);
  expect(imported.isError, JSON.stringify(imported.value)).toBe(false);
  expect(imported.value).toMatchObject({ status: "ReviewReady", draft: { recipe: { name } } });
  expect(imported.value.next).toMatch(/task_commit/);
  // Progress notifications: increasing, in words, ending at 100.
  expect(progress.length).toBeGreaterThan(1);
  expect(progress.map((p) => p.progress)).toEqual([...progress.map((p) => p.progress)].sort((a, b) => a - b));
  expect(progress.at(-1)).toMatchObject({ progress: 100, message: "ready for review" });
  const taskId = imported.value.taskId as string;

  const status = await call(mine, "task_status", { taskId });
  expect(status.value.draft.recipe.name).toBe(name);
  const committed = await call(mine, "task_commit", {
    taskId,
    recipe: { ...status.value.draft.recipe, servings: 3 },
  });
  expect(committed.isError, JSON.stringify(committed.value)).toBe(false);
  const recipeId = committed.value.recipe.id as string;
  expect(committed.value.recipe.servings).toBe(3);

  const found = await call(mine, "recipe_search", { query: name.split(" ")[1]! });
  expect(found.value.items.map((r: { id: string }) => r.id)).toContain(recipeId);
  const resource = await mine.readResource({ uri: `ladle://recipes/${recipeId}` }, UNTIL_ANSWERED);
  expect(JSON.parse((resource.contents[0] as { text: string }).text)).toMatchObject({ id: recipeId, name });

  // The other user: the task, its draft and its commit do not exist for them.
  expect(await call(theirs, "task_status", { taskId })).toMatchObject({
    isError: true,
    value: { code: "TASK_NOT_FOUND" },
  });
  expect((await call(theirs, "task_commit", { taskId })).value.code).toBe("TASK_NOT_FOUND");
  expect((await call(theirs, "task_list", {})).value.tasks).toEqual([]);
  expect((await call(theirs, "recipe_update", { recipeId, changes: { servings: 9 } })).value.code).toBe(
    "RECIPE_NOT_FOUND",
  );
  return { taskId, recipeId };
}

describe("MCP over Streamable HTTP at /mcp", () => {
  let saved: { recipeId: string };

  it("refuses a missing or wrong token with 401", async () => {
    for (const token of [null, "not-a-token"]) {
      const err = await httpClient(token).catch((e: Error) => e);
      expect(String(err)).toMatch(/bearer token is required/);
      const res = await fetch(`${origin}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    // DNS rebinding: a page of another origin is refused even with a token.
    const rebound = await fetch(`${origin}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: "http://evil.example",
        authorization: `Bearer ${alice.token}`,
      },
      body: "{}",
    });
    expect(rebound.status).toBe(403);
  });

  it("imports a loopback page with progress, commits it with an edit, searches and reads the resource; bob sees none of it", async () => {
    saved = await lifeOfARecipe(
      await httpClient(alice.token),
      await httpClient(bob.token),
      "/pancakes",
      "Buttermilk Pancakes",
    );
  });

  it("articles, bookmarks and libraries are the user's own", async () => {
    const a = await httpClient(alice.token);
    const b = await httpClient(bob.token);
    const mark = await call(a, "bookmark_add", { url: `${site.origin}/pancakes`, title: "Sunday" });
    expect(mark.value).toMatchObject({ title: "Sunday", created: true });
    expect((await call(a, "bookmark_list", {})).value.items).toHaveLength(1);
    expect((await call(b, "bookmark_list", {})).value.items).toEqual([]);
    expect((await call(b, "bookmark_get", { bookmarkId: mark.value.id })).value.code).toBe("ITEM_NOT_FOUND");
    const libs = await call(a, "library_list", {});
    expect(libs.value.libraries).toEqual([expect.objectContaining({ isDefault: true, role: "admin" })]);
    expect((await call(b, "article_list", { libraryId: libs.value.libraries[0].id })).isError).toBe(true);
  });

  it("bob's search, list and resource read do not show alice's recipe", async () => {
    const b = await httpClient(bob.token);
    expect((await call(b, "recipe_search", { query: "Pancakes" })).value.items).toEqual([]);
    expect((await call(b, "recipe_list", {})).value.total).toBe(0);
    await expect(
      b.readResource({ uri: `ladle://recipes/${saved.recipeId}` }, UNTIL_ANSWERED),
    ).rejects.toThrow();
  });
});

describe("MCP over stdio (ladle mcp --user NAME)", () => {
  let aliceStdio: Client;
  let bobStdio: Client;
  let nobody: unknown;
  // The three processes start together, and alice's serves both her tests: each spends seconds
  // loading Ladle, and starting four one after another was most of this part's time.
  beforeAll(async () => {
    [aliceStdio, bobStdio, nobody] = await Promise.all([
      // Logging at debug: every log line (the import's among them) goes to stderr, none into the protocol.
      stdioClient("alice", "debug"),
      stdioClient("bob"),
      stdioClient("nobody").then(
        () => "connected",
        (err: unknown) => err,
      ),
    ]);
  });

  it("lists the same tools, resources and registry prompts", async () => {
    const a = aliceStdio;
    const { tools } = await a.listTools(undefined, UNTIL_ANSWERED);
    expect(tools.map((x) => x.name)).toEqual(
      expect.arrayContaining(["import_url", "task_commit", "recipe_search"]),
    );
    const { resourceTemplates } = await a.listResourceTemplates(undefined, UNTIL_ANSWERED);
    expect(resourceTemplates.map((r) => r.uriTemplate).sort()).toEqual([
      "ladle://articles/{id}",
      "ladle://recipes/{id}",
    ]);
    const { prompts } = await a.listPrompts(undefined, UNTIL_ANSWERED);
    const extract = prompts.find((p) => p.name === "ingest.extract.v1");
    expect(extract?.arguments?.map((x) => x.name)).toEqual(
      expect.arrayContaining(["url", "content", "schema"]),
    );
    const rendered = await a.getPrompt(
      {
        name: "ingest.extract.v1",
        arguments: { url: "https://x.test/r", content: "2 eggs", schema: "{}" },
      },
      UNTIL_ANSWERED,
    );
    expect(JSON.stringify(rendered.messages)).toContain("https://x.test/r");
  });

  it("imports, waits, commits, searches and reads the resource as alice; bob's server sees none of it", async () => {
    await lifeOfARecipe(aliceStdio, bobStdio, "/waffles", "Crisp Waffles");
    expect(stdioErrors).toEqual([]);
  });

  it("refuses an unknown user", () => {
    expect(nobody).toBeInstanceOf(Error);
  });
});
