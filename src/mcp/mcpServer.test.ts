import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../test/helpers/fixtureServer.ts";
import {
  PANCAKES_HTML,
  PANCAKES_VERBATIM_HTML,
  startTestLadle,
  type TestLadle,
} from "../../test/helpers/testLadle.ts";
import { startMealieStub } from "../../test/helpers/mealieStub.ts";
import { createMcpServer } from "./mcpServer.ts";
import { OPERATIONS } from "./operations.ts";

let t: TestLadle;
let site: FixtureServer;
let client: Client;

beforeAll(async () => {
  site = await startFixtureServer({ "/pancakes": { body: PANCAKES_HTML } });
  t = await startTestLadle({ worker: false });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await createMcpServer(t.ladle).connect(a);
  client = new Client({ name: "test", version: "1" });
  await client.connect(b);
});
afterAll(async () => {
  await client?.close();
  await t?.close();
  await site?.close();
});

async function call(name: string, args: Record<string, unknown>) {
  const r = (await client.callTool({ name, arguments: args })) as {
    content: { text: string }[];
    isError?: boolean;
  };
  return { isError: !!r.isError, value: JSON.parse(r.content[0]!.text) };
}

describe("MCP server", () => {
  it("reports each phase of an import it waits for, even one that ended before it looked", async () => {
    const started = await call("import_url", { url: `${site.origin}/pancakes?phases`, wait: 0 });
    expect(started.isError, JSON.stringify(started.value)).toBe(false);
    const taskId = started.value.taskId as string;
    // Run to its end before anyone waits: its events are stored, none was heard live.
    await t.ladle.runTask(taskId);
    const progress: { progress: number; message?: string }[] = [];
    const r = (await client.callTool({ name: "task_status", arguments: { taskId, wait: 5 } }, undefined, {
      onprogress: (p) => progress.push(p),
    })) as { content: { text: string }[] };
    expect(JSON.parse(r.content[0]!.text)).toMatchObject({ status: "ReviewReady" });
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.map((p) => p.progress)).toEqual(
      [...progress.map((p) => p.progress)].sort((a, b) => a - b),
    );
    expect(progress.map((p) => p.message)).toContain("reading the recipe");
    expect(progress.at(-1)).toMatchObject({ progress: 100, message: "ready for review" });
  });

  it("lists every operation as a tool, each described for a model, and no prompt-editing tool", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(OPERATIONS.map((o) => o.name).sort());
    for (const name of [
      "import_url",
      "task_commit",
      "recipe_search",
      "article_save",
      "bookmark_add",
      "library_list",
    ])
      expect(tools.map((x) => x.name)).toContain(name);
    expect(tools.filter((x) => /prompt_(create|update|activate|delete)/.test(x.name))).toEqual([]);
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {}))
        expect((schema as { description?: string }).description, `${tool.name}.${field}`).toBeTruthy();
    }
  });

  it("reads prompts (list, get with phase, active) and renders one", async () => {
    const list = await call("prompt_list", { phase: "Ingest.Extract" });
    expect(list.value).toEqual([
      expect.objectContaining({ id: "ingest.extract.v1", phase: "Ingest.Extract", isActive: true }),
    ]);
    expect(
      (await call("prompt_get", { id: "ingest.extract.v1", phase: "Ingest.Extract" })).value.systemPrompt,
    ).toMatch(/verbatim/);
    expect((await call("prompt_get_active", { phase: "Ingest.RepairJson" })).value.id).toBe(
      "ingest.repairjson.v1",
    );
    const missing = await call("prompt_render", {
      id: "ingest.extract.v1",
      variables: { url: "https://x.test" },
    });
    expect(missing).toMatchObject({ isError: true, value: { code: "PROMPT_RENDER_FAILED" } });
    expect(missing.value.message).toMatch(/content, schema/);
    const ok = await call("prompt_render", {
      id: "ingest.extract.v1",
      variables: { url: "https://x.test/r", content: "2 eggs", schema: "{}" },
    });
    expect(ok.value.user).toContain("https://x.test/r");
    expect((await call("prompt_get", { id: "nope" })).value.code).toBe("PROMPT_NOT_FOUND");
  });

  it("fetches through the gateway, extracts and validates", async () => {
    const page = await call("web_fetch", { url: `${site.origin}/pancakes` });
    expect(page.isError).toBe(false);
    expect(page.value.text).toContain("# Buttermilk Pancakes");
    const refused = await call("web_fetch", { url: "http://169.254.169.254/latest/meta-data/" });
    expect(refused).toMatchObject({ isError: true, value: { code: "URL_NOT_ALLOWED" } });
    const draft = await call("recipe_extract", {
      content: PANCAKES_HTML,
      url: "https://kitchen.test/pancakes",
    });
    expect(draft.value.recipe.name).toBe("Buttermilk Pancakes");
    const v = await call("recipe_validate", {
      draftRecipe: draft.value.recipe,
      sourceText: PANCAKES_VERBATIM_HTML.replace(/<[^>]+>/g, " "),
    });
    expect(v.value.similarity.violatesPolicy).toBe(true);
    expect(v.value.validation.isValid).toBe(false);
    const bad = await call("recipe_validate", { draftRecipe: { name: 3 } });
    expect(bad).toMatchObject({ isError: true, value: { code: "INVALID_RECIPE" } });
  });

  it("web_search without a configured search provider says what to configure", async () => {
    const r = await call("web_search", { query: "ramen" });
    expect(r).toMatchObject({ isError: true, value: { code: "DISCOVERY_NOT_CONFIGURED" } });
    expect(r.value.message).toContain("Discovery:Providers");
    const task = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Query", query: "ramen" },
    });
    expect(task.status).toBe(422);
    expect(task.body.code).toBe("DISCOVERY_NOT_CONFIGURED");
  });

  it("recipe_normalize returns the patch and applies nothing; without an LLM it says High proposals were skipped", async () => {
    const draft = await call("recipe_extract", {
      content: PANCAKES_HTML,
      url: "https://kitchen.test/pancakes",
    });
    const recipe = { ...draft.value.recipe, name: "BUTTERMILK PANCAKES" };
    const r = await call("recipe_normalize", { draftRecipe: recipe, convertUnits: "none" });
    expect(r.isError).toBe(false);
    expect(r.value.patch).toContainEqual(
      expect.objectContaining({
        op: "replace",
        path: "/name",
        value: "Buttermilk Pancakes",
        riskCategory: "Low",
      }),
    );
    expect(r.value.warnings[0]).toMatch(/High-risk proposals .* skipped/);
    expect((await call("recipe_normalize", { draftRecipe: { name: 1 } })).value.code).toBe("INVALID_RECIPE");
  });

  it("collection_import takes a live Mealie server and its token, and says what is missing", async () => {
    const mealie = await startMealieStub("mcp-token", 1);
    try {
      const r = await call("collection_import", {
        mealieServer: mealie.origin,
        mealieToken: "mcp-token",
        policy: "review_all",
      });
      expect(r.isError).toBe(false);
      expect(r.value).toMatchObject({ format: "mealie", total: 1 });
      const none = await call("collection_import", { mealieServer: mealie.origin });
      expect(none).toMatchObject({ isError: true, value: { message: expect.stringMatching(/token/) } });
    } finally {
      await mealie.close();
    }
  });
});
