/**
 * Conformance: recipe-ingest-agent.md (`../shared/spec/recipe-ingest-agent.md`), through the HTTP
 * API. Each test names the section whose clause it checks.
 */
import type { ServerResponse } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { checkParaphrase } from "../../src/guardrail/paraphraseGuardrail.ts";
import { createMcpServer } from "../../src/mcp/mcpServer.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { createTestUser } from "../helpers/users.ts";
import {
  PANCAKES_HTML,
  PANCAKES_VERBATIM_HTML,
  startTestLadle,
  type TestLadle,
} from "../helpers/testLadle.ts";

let t: TestLadle;
let site: FixtureServer;
const ADMIN = { authorization: "Bearer conformance-admin-0123456789" };

/** A recipe site's own search page (as WordPress renders it), on loopback. */
function searchPage(origin: string): string {
  return `<html><body><header><a href="${origin}/">Home</a></header><main>
<h1>Search results</h1>
<article><h2><a href="${origin}/buttermilk-pancakes/">Buttermilk Pancakes</a></h2></article>
<article><h2><a href="${origin}/vegan-pancakes/">Vegan Oat Milk Pancakes</a></h2></article>
<article><h2><a href="${origin}/banana-bread/">Banana Bread</a></h2></article>
</main><footer><a href="${origin}/about/">About</a></footer></body></html>`;
}

/** A second pancake recipe: no dairy, no eggs, quicker. */
const VEGAN_PANCAKES = PANCAKES_HTML.replace(
  '"name": "Buttermilk Pancakes"',
  '"name": "Vegan Oat Milk Pancakes"',
)
  .replace('"totalTime": "PT25M"', '"totalTime": "PT15M"')
  .replace('"cookTime": "PT15M"', '"cookTime": "PT5M"')
  .replace('"2 cups buttermilk"', '"2 cups oat milk"')
  .replace('"2 large eggs",\n', "")
  .replace('"3 tablespoons melted butter"', '"2 tablespoons maple syrup"');

beforeAll(async () => {
  site = await startFixtureServer({
    "/buttermilk-pancakes/": { body: PANCAKES_HTML },
    "/vegan-pancakes/": { body: VEGAN_PANCAKES },
    "/verbatim-pancakes/": { body: PANCAKES_VERBATIM_HTML },
  });
  site.route("/", (req, res) => {
    res.writeHead(200, { "content-type": "text/html" }).end(searchPage(site.origin));
  });
  t = await startTestLadle({
    config: {
      Auth: { Users: [{ name: "root", role: "admin", token: "conformance-admin-0123456789" }] },
      // A fresh install: no search provider configured, no keys. Only the built-in provider's
      // list of recipe sites points at the loopback site instead of the real ones.
      Discovery: { Builtin: { SearchUrlTemplates: [`${site.origin}/?s={query}`] } },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

/** Polls a task as the admin until it leaves Pending/Running. */
async function settle(taskId: string): Promise<any> {
  const end = Date.now() + 100_000;
  for (;;) {
    const r = await t.json("GET", `/api/tasks/${taskId}`, undefined, ADMIN);
    if (r.status === 200 && r.body.status !== "Pending" && r.body.status !== "Running") return r.body;
    if (Date.now() > end) throw new Error(`task ${taskId} stuck in ${r.body?.status ?? r.status}`);
    await new Promise((res) => setTimeout(res, 25));
  }
}

describe("Flow A — import by query, discovery provider", () => {
  it("Flow A: with no search provider configured, a Query task reaches review with candidates from the built-in provider", async () => {
    const r = await t.json(
      "POST",
      "/api/tasks",
      { agentType: "Ingest", payload: { mode: "Query", query: "buttermilk pancakes" } },
      ADMIN,
    );
    expect(r.status).toBe(202);
    const done = await settle(r.body.taskId);
    expect(done.status).toBe("ReviewReady");
    expect(done.result.candidates.length).toBeGreaterThan(0);
    expect(done.result.candidates[0]).toMatchObject({
      url: `${site.origin}/buttermilk-pancakes/`,
      title: "Buttermilk Pancakes",
      provider: "builtin",
    });
    expect(done.result.selectedCandidateIndex).toBe(0);
    expect(done.result.draft.recipe.name).toBe("Buttermilk Pancakes");
    // The site's search page was read through the gateway with the query.
    expect(site.hits.get("/")).toBeGreaterThan(0);
  });
});

describe("prompt requirement, prompt rendering", () => {
  const create = (body: Record<string, unknown>) => t.json("POST", "/api/prompts", body, ADMIN);

  const USER = "Extract from {{ url }}.\nSchema:\n{{ schema }}\nContent:\n{{ content }}";

  it("a prompt without the policy clause is refused (INVALID_PROMPT) and nothing is stored", async () => {
    const before = await t.json("GET", "/api/prompts?phase=Ingest.Extract", undefined, ADMIN);
    const r = await create({ phase: "Ingest.Extract", systemPrompt: "Be brief.", userPromptTemplate: USER });
    expect(r).toMatchObject({ status: 400, body: { code: "INVALID_PROMPT" } });
    expect(r.body.message).toMatch(/paraphrase policy/);
    const after = await t.json("GET", "/api/prompts?phase=Ingest.Extract", undefined, ADMIN);
    expect(after.body.prompts).toHaveLength(before.body.prompts.length);
  });

  it("a user template without the {{ schema }} slot (a required variable) is refused", async () => {
    const r = await create({
      phase: "Ingest.Extract",
      systemPrompt: "{{ policy }}",
      userPromptTemplate: "Extract from {{ url }}: {{ content }}",
    });
    expect(r).toMatchObject({
      status: 400,
      body: { code: "INVALID_PROMPT", details: { missingVariables: ["schema"] } },
    });
    expect(r.body.message).toContain("{{ schema }}");
  });

  it("the clause may be written out or placed with {{ policy }}; either renders it", async () => {
    const slot = await create({
      phase: "Ingest.Normalize",
      systemPrompt: "Tidy the recipe.\n{{ policy }}",
      userPromptTemplate: "{{ schema }}\n{{ content }}",
    });
    expect(slot.status).toBe(201);
    const seeded = await t.json("GET", "/api/prompts/ingest.extract.v1", undefined, ADMIN);
    const written = await create({
      phase: "Ingest.Extract",
      systemPrompt: seeded.body.systemPrompt,
      userPromptTemplate: USER,
    });
    expect(written.status).toBe(201);
    const rendered = await t.ladle.prompts.render(slot.body.id, "Ingest.Normalize", {
      schema: "{}",
      content: "x",
    });
    expect(rendered.ok && rendered.value.system).toContain("Do not output large verbatim text blocks");
  });
});

describe("AgentType validation", () => {
  const create = (agentType: string, payload: unknown) =>
    t.json("POST", "/api/tasks", { agentType, payload }, ADMIN);

  it("an unknown agentType → 400 INVALID_AGENT_TYPE with code, message and the invalid agentType", async () => {
    const r = await create("Cooking", { mode: "Url", url: "https://x.test/" });
    expect(r).toMatchObject({
      status: 400,
      body: { code: "INVALID_AGENT_TYPE", details: { agentType: "Cooking" } },
    });
    expect(r.body.message).toEqual(expect.any(String));
  });

  it("Research is a valid type: several recipes for a query, read and ranked with their differences", async () => {
    const r = await create("research", { query: "pancakes", recipes: 2 });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ agentType: "Research", status: "Pending" });
    const done = await settle(r.body.taskId);
    expect(done).toMatchObject({ status: "ReviewReady", progress: 100, agentType: "Research" });
    const res = done.result;
    expect(res.kind).toBe("research");
    expect(res.recipes.map((x: { name: string }) => x.name).sort()).toEqual([
      "Buttermilk Pancakes",
      "Vegan Oat Milk Pancakes",
    ]);
    expect(res.recipes.map((x: { rank: number }) => x.rank)).toEqual([0, 1]);
    const vegan = res.recipes.find((x: { name: string }) => x.name.startsWith("Vegan"));
    const butter = res.recipes.find((x: { name: string }) => x.name.startsWith("Buttermilk"));
    expect(vegan.highlights).toEqual(expect.arrayContaining(["fastest", "fewest ingredients"]));
    expect(vegan.onlyHere).toEqual(expect.arrayContaining(["oat milk", "maple syrup"]));
    expect(butter.onlyHere).toEqual(expect.arrayContaining(["buttermilk", "egg"]));
    expect(res.shared).toEqual(expect.arrayContaining(["flour", "sugar", "baking powder"]));
    // A comparison is for reading: committing it is refused, the reviewer imports one instead.
    const commit = await t.json("POST", "/api/recipes/import", { taskId: r.body.taskId }, ADMIN);
    expect(commit).toMatchObject({ status: 409, body: { code: "TASK_NOT_REVIEWABLE" } });
  });

  it("Analysis is a valid type: a committed recipe's scaled quantities, allergens and diet labels", async () => {
    const imp = await create("Ingest", { mode: "Url", url: `${site.origin}/buttermilk-pancakes/` });
    expect((await settle(imp.body.taskId)).status).toBe("ReviewReady");
    const committed = await t.json(
      "POST",
      "/api/recipes/import",
      { taskId: imp.body.taskId, acknowledgeGuardrail: true },
      ADMIN,
    );
    expect(committed.status).toBe(200);
    const recipeId = committed.body.recipe.id;

    const r = await create("Analysis", { recipeId, servings: 8 });
    expect(r).toMatchObject({ status: 202, body: { agentType: "Analysis", status: "Pending" } });
    const done = await settle(r.body.taskId);
    expect(done.status).toBe("ReviewReady");
    const a = done.result;
    expect(a).toMatchObject({ kind: "analysis", recipeId, recipeName: "Buttermilk Pancakes" });
    expect(a.servings).toEqual({ original: 4, target: 8, factor: 2 });
    const flour = a.ingredients.find((i: { text: string }) => i.text.includes("flour"));
    expect(flour).toMatchObject({ quantity: 2, unit: "cup", scaledQuantity: 4, allergens: ["gluten"] });
    expect(a.allergens.map((x: { allergen: string }) => x.allergen)).toEqual(["gluten", "eggs", "milk"]);
    const diet = Object.fromEntries(
      a.diet.map((d: { label: string; verdict: string }) => [d.label, d.verdict]),
    );
    expect(diet).toEqual({ vegetarian: "yes", vegan: "no", "gluten-free": "no", "dairy-free": "no" });

    // Another user's recipe, or none, is not found; a bad payload is INVALID_PAYLOAD.
    const missing = await create("Analysis", { recipeId: "00000000-0000-4000-8000-000000000000" });
    expect(missing).toMatchObject({ status: 404, body: { code: "RECIPE_NOT_FOUND" } });
    expect((await create("Analysis", {})).body.code).toBe("INVALID_PAYLOAD");
  });

  it("a valid type with no agent installed fails at once with AGENT_NOT_INSTALLED, never sitting Pending", async () => {
    const agents = t.ladle.tasks.agents;
    const installed = agents.Analysis;
    delete agents.Analysis;
    try {
      const before = await t.json("GET", "/api/tasks?status=Pending", undefined, ADMIN);
      const r = await create("Analysis", { recipeId: "x" });
      expect(r).toMatchObject({ status: 422, body: { code: "AGENT_NOT_INSTALLED" } });
      const after = await t.json("GET", "/api/tasks?status=Pending", undefined, ADMIN);
      expect(after.body.total ?? after.body.tasks?.length).toBe(
        before.body.total ?? before.body.tasks?.length,
      );
    } finally {
      agents.Analysis = installed;
    }
  });
});

describe("create ingest task, review lifecycle, provenance", () => {
  it("POST /api/tasks answers {taskId, threadId, agentType, status: Pending}, generating threadId when missing", async () => {
    const r = await t.json(
      "POST",
      "/api/tasks",
      { agentType: "ingest", payload: { mode: "url", url: `${site.origin}/buttermilk-pancakes/` } },
      ADMIN,
    );
    expect(r).toMatchObject({
      status: 202,
      body: {
        taskId: expect.any(String),
        threadId: expect.any(String),
        agentType: "Ingest",
        status: "Pending",
      },
    });
    const done = await settle(r.body.taskId);
    expect(done.status).toBe("ReviewReady");
    // provenance with the 22-character base64url UrlHash; the nested recipe.source is null in review.
    expect(done.result.draft.source.urlHash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(done.result.draft.recipe.source).toBeNull();
    // commit is idempotent: a second commit answers 200 with the same recipe.
    const body = { taskId: r.body.taskId, acknowledgeGuardrail: true };
    const first = await t.json("POST", "/api/recipes/import", body, ADMIN);
    const again = await t.json("POST", "/api/recipes/import", body, ADMIN);
    expect(first.status).toBe(200);
    expect(again).toMatchObject({
      status: 200,
      body: { alreadyCommitted: true, recipe: { id: first.body.recipe.id } },
    });
    expect(first.body.recipe.source.url).toBe(`${site.origin}/buttermilk-pancakes/`);
  });

  it("error structure: an unknown task → 404 TASK_NOT_FOUND as {code, message, details}", async () => {
    const r = await t.json("POST", "/api/recipes/import", { taskId: "no-such-task" }, ADMIN);
    expect(r).toMatchObject({ status: 404, body: { code: "TASK_NOT_FOUND", message: expect.any(String) } });
  });
});

describe("review experience: delete and restore", () => {
  it("a deleted recipe is gone (404) outside the trash and its restore, and comes back restored", async () => {
    const imp = await t.json(
      "POST",
      "/api/tasks",
      { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}/vegan-pancakes/` } },
      ADMIN,
    );
    expect((await settle(imp.body.taskId)).status).toBe("ReviewReady");
    const committed = await t.json(
      "POST",
      "/api/recipes/import",
      { taskId: imp.body.taskId, acknowledgeGuardrail: true },
      ADMIN,
    );
    const id = committed.body.recipe.id;
    expect((await t.json("DELETE", `/api/recipes/${id}`, undefined, ADMIN)).status).toBe(200);
    expect(await t.json("GET", `/api/recipes/${id}`, undefined, ADMIN)).toMatchObject({
      status: 404,
      body: { code: "RECIPE_NOT_FOUND" },
    });
    expect((await t.json("GET", `/api/recipes/${id}/versions`, undefined, ADMIN)).status).toBe(404);
    const trash = await t.json("GET", "/api/recipes?deleted=true", undefined, ADMIN);
    expect(trash.body.items.map((r: { id: string }) => r.id)).toContain(id);
    expect((await t.json("POST", `/api/recipes/${id}/restore`, undefined, ADMIN)).status).toBe(200);
    expect((await t.json("GET", `/api/recipes/${id}`, undefined, ADMIN)).status).toBe(200);
  });
});

/** A URL import of a page on the fixture site, settled in review. */
async function reviewReady(path: string, headers = ADMIN): Promise<string> {
  const r = await t.json(
    "POST",
    "/api/tasks",
    { agentType: "Ingest", payload: { mode: "Url", url: `${site.origin}${path}` } },
    headers,
  );
  expect(r.status).toBe(202);
  const done = await settle(r.body.taskId);
  expect(done.status).toBe("ReviewReady");
  return r.body.taskId;
}

describe("the Query example's constraints", () => {
  it("numbers and booleans in constraints are accepted and kept as given", async () => {
    const r = await t.json(
      "POST",
      "/api/tasks",
      {
        agentType: "Ingest",
        payload: {
          mode: "Query",
          query: "buttermilk pancakes",
          constraints: { diet: null, cuisine: "American", maxPrepMinutes: 60, vegetarian: true },
        },
      },
      ADMIN,
    );
    expect(r.status).toBe(202);
    const task = await t.json("GET", `/api/tasks/${r.body.taskId}`, undefined, ADMIN);
    expect(task.body.payload.constraints).toEqual({
      diet: null,
      cuisine: "American",
      maxPrepMinutes: 60,
      vegetarian: true,
    });
    await settle(r.body.taskId);
    // What constraints cannot be is still refused with the field named.
    const bad = await t.json(
      "POST",
      "/api/tasks",
      { agentType: "Ingest", payload: { mode: "Query", query: "x", constraints: { cuisine: ["a"] } } },
      ADMIN,
    );
    expect(bad).toMatchObject({ status: 400, body: { code: "INVALID_PAYLOAD" } });
    expect(bad.body.message).toContain("constraints.cuisine");
  });
});

describe("an ingredient written as its parts", () => {
  const parts = [
    { name: "all-purpose flour", quantity: 2, unit: "cup", notes: "sifted" },
    { name: "eggs", quantity: 2, unit: null, notes: null },
    { name: "salt to taste", quantity: 0, unit: null, notes: null },
  ];

  it("/api/recipes/check and /api/recipes/import take {name, quantity, unit, notes} and say the line from its parts", async () => {
    const taskId = await reviewReady("/buttermilk-pancakes/");
    const task = await t.json("GET", `/api/tasks/${taskId}`, undefined, ADMIN);
    const draftRecipe = { ...task.body.result.draft.recipe, ingredients: parts };
    const check = await t.json("POST", "/api/recipes/check", { taskId, draftRecipe }, ADMIN);
    expect(check.status).toBe(200);
    expect(check.body.recipe.ingredients.map((i: { text: string }) => i.text)).toEqual([
      "2 cup all-purpose flour, sifted",
      "2 eggs",
      "salt to taste",
    ]);
    expect(check.body.recipe.ingredients[0]).toMatchObject({
      name: "all-purpose flour",
      quantity: 2,
      unit: "cup",
      notes: "sifted",
    });
    const committed = await t.json(
      "POST",
      "/api/recipes/import",
      { taskId, draftRecipe, acknowledgeGuardrail: true },
      ADMIN,
    );
    expect(committed.status).toBe(200);
    expect(committed.body.recipe.ingredients.map((i: { text: string }) => i.text)).toEqual([
      "2 cup all-purpose flour, sifted",
      "2 eggs",
      "salt to taste",
    ]);
    // Neither a line nor a name: the field is named.
    const other = await reviewReady("/vegan-pancakes/");
    const none = await t.json(
      "POST",
      "/api/recipes/check",
      { taskId: other, draftRecipe: { ...draftRecipe, ingredients: [{ quantity: 1 }] } },
      ADMIN,
    );
    expect(none).toMatchObject({ status: 400, body: { code: "INVALID_RECIPE" } });
    expect(none.body.message).toContain("ingredients[0]");
    await t.json("POST", `/api/tasks/${other}/reject`, { reason: "test" }, ADMIN);
  });
});

describe("commit concurrency: an already committed task", () => {
  it("answers 200 (idempotent success) after its recipe was deleted, and after it was purged", async () => {
    const taskId = await reviewReady("/buttermilk-pancakes/");
    const body = { taskId, acknowledgeGuardrail: true };
    const first = await t.json("POST", "/api/recipes/import", body, ADMIN);
    expect(first.status).toBe(200);
    const id = first.body.recipe.id;
    expect((await t.json("DELETE", `/api/recipes/${id}`, undefined, ADMIN)).status).toBe(200);

    const deleted = await t.json("POST", "/api/recipes/import", body, ADMIN);
    expect(deleted).toMatchObject({
      status: 200,
      body: { alreadyCommitted: true, code: "ALREADY_COMMITTED", status: "Committed", recipe: { id } },
    });
    expect(deleted.body.recipe.deletedAt).toEqual(expect.any(String));
    // Answering did not bring it back.
    expect((await t.json("GET", `/api/recipes/${id}`, undefined, ADMIN)).status).toBe(404);

    await t.ladle.database.db.deleteFrom("recipes").where("id", "=", id).execute();
    const purged = await t.json("POST", "/api/recipes/import", body, ADMIN);
    expect(purged).toMatchObject({
      status: 200,
      body: {
        alreadyCommitted: true,
        recipe: { id, name: "Buttermilk Pancakes", deletedAt: expect.any(String) },
      },
    });
  });
});

describe("MCP server tooling", () => {
  let client: Client;
  beforeAll(async () => {
    const [a, b] = InMemoryTransport.createLinkedPair();
    const root = await t.ladle.users.authenticate("conformance-admin-0123456789");
    await createMcpServer(t.ladle, root!).connect(a);
    client = new Client({ name: "conformance", version: "1" });
    await client.connect(b);
  });
  afterAll(async () => client?.close());
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as {
      content: { text: string }[];
      isError?: boolean;
    };
    const text = r.content[0]!.text;
    return { isError: !!r.isError, value: /^[{[]/.test(text) ? JSON.parse(text) : text };
  };

  it("prompt_list, prompt_get, prompt_get_active and prompt_render read the registry; no MCP tool edits prompts", async () => {
    const list = await call("prompt_list", { phase: "Ingest.Extract" });
    expect(list.isError).toBe(false);
    const prompts = (list.value.prompts ?? list.value) as { id: string; phase: string }[];
    expect(prompts.length).toBeGreaterThan(0);
    expect(prompts.every((p) => p.phase === "Ingest.Extract")).toBe(true);
    const one = await call("prompt_get", { id: "ingest.extract.v1", phase: "Ingest.Extract" });
    expect(one.value).toMatchObject({ id: "ingest.extract.v1", phase: "Ingest.Extract" });
    const active = await call("prompt_get_active", { phase: "Ingest.Extract" });
    expect(active.value).toMatchObject({ phase: "Ingest.Extract", isActive: true });
    const rendered = await call("prompt_render", {
      id: "ingest.extract.v1",
      phase: "Ingest.Extract",
      variables: { url: "https://kitchen.test/r", schema: "{}", content: "Whisk the eggs." },
    });
    expect(rendered.isError).toBe(false);
    expect(JSON.stringify(rendered.value)).toContain("Whisk the eggs.");
    expect(JSON.stringify(rendered.value)).toContain("Do not output large verbatim text blocks");
    const tools = (await client.listTools()).tools.map((x) => x.name);
    expect(tools).toEqual(
      expect.arrayContaining([
        "prompt_list",
        "prompt_get",
        "prompt_get_active",
        "prompt_render",
        "web_search",
        "web_fetch",
        "recipe_extract",
        "recipe_validate",
        "recipe_normalize",
      ]),
    );
    expect(tools.filter((n) => /^prompt_(create|update|activate|deactivate|delete|publish)/.test(n))).toEqual(
      [],
    );
  });

  it("web_search(query, constraints) returns candidate URLs; recipe_extract returns a draft recipe", async () => {
    const found = await call("web_search", {
      query: "buttermilk pancakes",
      constraints: { maxPrepMinutes: 60 },
    });
    expect(found.isError).toBe(false);
    expect(found.value.candidates[0]).toMatchObject({ url: `${site.origin}/buttermilk-pancakes/` });
    const draft = await call("recipe_extract", { content: PANCAKES_HTML, url: `${site.origin}/pancakes` });
    expect(draft.value.recipe.name).toBe("Buttermilk Pancakes");
    expect(draft.value.source.extractionMethod).toBe("JsonLd");
  });

  it("recipe_normalize gives a patch whose operations carry riskCategory: unit abbreviation Low, unit conversion High", async () => {
    const recipe = {
      name: "Soup",
      ingredients: [
        { text: "1 tablespoon olive oil", quantity: 1, unit: "tablespoon", name: "olive oil" },
        { text: "2 cups chicken stock", quantity: 2, unit: "cup", name: "chicken stock" },
        { text: "500 g carrots", quantity: 500, unit: "g", name: "carrots" },
        { text: "200 g onions", quantity: 200, unit: "g", name: "onions" },
      ],
      instructions: [{ text: "Simmer everything for 20 minutes." }],
    };
    const r = await call("recipe_normalize", { draftRecipe: recipe, convertUnits: "metric" });
    expect(r.isError).toBe(false);
    const ops = r.value.patch as { op: string; path: string; value: unknown; riskCategory: string }[];
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) expect(["Low", "High"]).toContain(op.riskCategory);
    const changes = ops.filter((o) => o.op !== "test");
    expect(changes.find((o) => o.path === "/ingredients/0/unit")).toMatchObject({
      value: "tbsp",
      riskCategory: "Low",
    });
    const converted = changes.filter((o) => o.path.startsWith("/ingredients/1"));
    expect(converted.length).toBeGreaterThan(0);
    expect(converted.every((o) => o.riskCategory === "High")).toBe(true);
    expect(r.value.diffSummary.length).toBeGreaterThan(0);
    expect(r.value.validation).toMatchObject({ isValid: true });
  });

  it("recipe_validate(draftRecipe, sourceContentHash?) checks the copy against the page web_fetch read", async () => {
    const page = await call("web_fetch", { url: `${site.origin}/verbatim-pancakes/` });
    expect(page.isError).toBe(false);
    expect(page.value.sourceContentHash).toMatch(/^[0-9a-f]{64}$/);
    const draft = await call("recipe_extract", { content: PANCAKES_HTML, url: `${site.origin}/pancakes` });
    const v = await call("recipe_validate", {
      draftRecipe: draft.value.recipe,
      sourceContentHash: page.value.sourceContentHash,
    });
    expect(v.isError).toBe(false);
    expect(v.value).toMatchObject({
      paraphraseCheck: "checked",
      similarity: { violatesPolicy: true },
      validation: { isValid: false },
    });
    // The page's text given itself (an addition for clients that send it) gives the same finding.
    const byText = await call("recipe_validate", {
      draftRecipe: draft.value.recipe,
      sourceText: page.value.text,
    });
    expect(byText.value.similarity).toEqual(v.value.similarity);
  });

  it('with no page text to compare, the copy check says "not checked", never passes', async () => {
    const draft = await call("recipe_extract", { content: PANCAKES_HTML, url: `${site.origin}/pancakes` });
    const none = await call("recipe_validate", { draftRecipe: draft.value.recipe });
    expect(none.value).toMatchObject({ paraphraseCheck: "not checked", similarity: null });
    const unknown = await call("recipe_validate", {
      draftRecipe: draft.value.recipe,
      sourceContentHash: "0".repeat(64),
    });
    expect(unknown.value).toMatchObject({ paraphraseCheck: "not checked", similarity: null });
    expect(unknown.value.paraphraseCheckReason).toContain("web_fetch");
    const bad = await call("recipe_validate", { draftRecipe: draft.value.recipe, sourceContentHash: "abc" });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.value)).toContain("64-character SHA-256");
  });
});

describe("fetching, circuit breaker (the spec README's rule: what counts, for how long)", () => {
  let b: TestLadle;
  let walls: FixtureServer;
  const held: ServerResponse[] = [];
  let flaky = 0;
  const userAgents: string[] = [];
  // Each test's site is its own domain: names under .test resolved by a stub to the loopback server.
  const at = (host: string, path: string) => `http://${host}.test:${new URL(walls.origin).port}${path}`;
  const CAPTCHA = `<html><head><title>Checking</title></head><body><div class="g-recaptcha"></div>
<p>Please verify you are a human.</p></body></html>`;

  beforeAll(async () => {
    walls = await startFixtureServer({
      "/captcha": { body: CAPTCHA },
      "/forbidden": { status: 403, body: "<html><body>Forbidden</body></html>" },
      "/gone": { status: 410, body: "gone" },
      "/stall": (_q, res) => void held.push(res),
      "/pancakes": { body: PANCAKES_HTML },
      "/robots.txt": {
        headers: { "content-type": "text/plain" },
        body: "User-agent: *\nDisallow: /members/\n",
      },
      "/members/pancakes": { body: PANCAKES_HTML },
      "/always-503": { status: 503, body: "busy" },
      "/flaky": (req, res) => {
        flaky++;
        userAgents.push(String(req.headers["user-agent"]));
        if (flaky <= 2) res.writeHead(flaky === 1 ? 503 : 429).end("try later");
        else res.writeHead(200, { "content-type": "text/html" }).end(PANCAKES_HTML);
      },
    });
    b = await startTestLadle({
      resolver: async (host) => (host.endsWith(".test") ? ["127.0.0.1"] : Promise.reject(new Error("no"))),
      config: {
        Fetch: {
          AllowPrivateHosts: ["127.0.0.1"],
          PerDomainIntervalMs: 0,
          Render: "never",
          HeadersTimeoutMs: 300,
          BodyTimeoutMs: 300,
          TotalTimeoutMs: 5000,
          RetryBaseDelayMs: 10,
        },
      },
    });
  });
  afterAll(async () => {
    for (const r of held.splice(0)) r.destroy();
    await b?.close();
    await walls?.close();
  });

  const circuit = async (host: string) =>
    (await b.ladle.gateway.circuits()).find((c) => c.domain === `${host}.test`);

  it("five anti-bot walls within 10 minutes block the domain for 30 minutes; an import there fails without reaching it", async () => {
    for (let i = 0; i < 5; i++)
      expect(await b.ladle.gateway.fetch(at("walled", "/captcha"))).toMatchObject({
        ok: false,
        code: "BLOCKED",
      });
    const before = walls.hits.get("/captcha");
    const open = await b.ladle.gateway.fetch(at("walled", "/captcha"));
    expect(open).toMatchObject({ ok: false, code: "CIRCUIT_OPEN", details: { retryAfterSeconds: 1800 } });
    expect(walls.hits.get("/captcha")).toBe(before);
    expect((await circuit("walled"))?.state).toBe("open");
    const task = await b.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: at("walled", "/pancakes") },
    });
    const done = await b.waitTask(task.body.taskId);
    expect(done).toMatchObject({ status: "Failed", error: { code: "DOMAIN_CIRCUIT_OPEN" } });
    expect(walls.hits.get("/pancakes") ?? 0).toBe(0);
  });

  it("a 403 counts: five of them block the domain", async () => {
    for (let i = 0; i < 5; i++)
      expect(await b.ladle.gateway.fetch(at("refusing", "/forbidden"))).toMatchObject({ status: 403 });
    expect(await b.ladle.gateway.fetch(at("refusing", "/forbidden"))).toMatchObject({
      code: "CIRCUIT_OPEN",
    });
  });

  it("a 404 or 410 is one submitter's mistake and counts for nobody else", async () => {
    for (let i = 0; i < 6; i++) {
      expect(await b.ladle.gateway.fetch(at("typos", `/missing-${i}`))).toMatchObject({ status: 404 });
      expect(await b.ladle.gateway.fetch(at("typos", "/gone"))).toMatchObject({ status: 410 });
    }
    expect(await circuit("typos")).toBeUndefined();
    expect(await b.ladle.gateway.fetch(at("typos", "/pancakes"))).toMatchObject({ ok: true });
  });

  it("a fetch that timed out counts once, however many attempts its retries made", async () => {
    for (let i = 1; i <= 4; i++) {
      expect(await b.ladle.gateway.fetch(at("stalling", "/stall"))).toMatchObject({
        code: "TIMEOUT",
        attempts: 3,
      });
      expect(await circuit("stalling")).toMatchObject({ state: "closed", failures: i });
    }
    expect(await b.ladle.gateway.fetch(at("stalling", "/stall"))).toMatchObject({ code: "TIMEOUT" });
    expect(await circuit("stalling")).toMatchObject({ state: "open" });
  });

  it("5xx and 429 are retried up to 2 times with backoff, then the page is read; a descriptive User-Agent is sent", async () => {
    const r = await b.ladle.gateway.fetch(at("retrying", "/flaky"));
    expect(r).toMatchObject({ ok: true, attempts: 3 });
    expect(flaky).toBe(3);
    expect(new Set(userAgents).size).toBe(1);
    expect(userAgents[0]).toMatch(/^\S+\/\S+ \(\+https?:\/\/[^)]+\)/);
  });

  it("retries exhausted fail the task with a structured error; most 4xx are not retried", async () => {
    const before = walls.hits.get("/always-503") ?? 0;
    const task = await b.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: at("busy", "/always-503") },
    });
    const done = await b.waitTask(task.body.taskId);
    expect(done).toMatchObject({
      status: "Failed",
      error: { code: "FETCH_HTTP_ERROR", message: expect.any(String) },
    });
    expect((walls.hits.get("/always-503") ?? 0) - before).toBe(3);
    const missing = await b.ladle.gateway.fetch(at("busy", "/nothing-here"));
    expect(missing).toMatchObject({ ok: false, status: 404, attempts: 1 });
  });

  it("robots.txt is respected by default: a disallowed page is not fetched and the import says why", async () => {
    const task = await b.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: at("polite", "/members/pancakes") },
    });
    const done = await b.waitTask(task.body.taskId);
    expect(done).toMatchObject({ status: "Failed", error: { code: "ROBOTS_DISALLOWED" } });
    expect(walls.hits.get("/members/pancakes") ?? 0).toBe(0);
    expect(walls.hits.get("/robots.txt")).toBeGreaterThan(0);
  });
});

/** A task's events over SSE from the start (Last-Event-ID 0), read until review or a final state. */
async function taskEvents(taskId: string): Promise<{ event: string; data: any }[]> {
  const res = await t.app.request(`/api/tasks/${taskId}/events`, {
    headers: { ...ADMIN, "last-event-id": "0" },
  });
  expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const parsed = () =>
    text
      .split("\n\n")
      .filter((b) => b.includes("data:"))
      .map((b) => ({
        event: /^event: (.*)$/m.exec(b)?.[1] ?? "message",
        data: JSON.parse(/^data: (.*)$/m.exec(b)![1]!),
      }));
  for (;;) {
    const { done, value } = await reader.read();
    if (value) text += decoder.decode(value, { stream: true });
    const events = parsed();
    const last = events.at(-1);
    if (
      done ||
      events.some((e) => e.event === "ingest.review_ready") ||
      (last && ["Failed", "Committed", "Rejected", "Expired"].includes(last.data.status))
    ) {
      await reader.cancel();
      return events;
    }
  }
}

describe("messaging: event names and phase weights", () => {
  it("a URL import's progress follows the weights redistributed without discovery (17, 61, 89, 100), with the event names", async () => {
    const taskId = await reviewReady("/vegan-pancakes/");
    const events = await taskEvents(taskId);
    const names = new Set(events.map((e) => e.event));
    for (const n of [
      "ingest.progress",
      "ingest.fetch.progress",
      "ingest.extract.progress",
      "ingest.validate.progress",
      "ingest.review_ready",
    ])
      expect(names, n).toContain(n);
    expect(names).not.toContain("ingest.discover.progress");
    const progress = events.map((e) => e.data.progress).filter((p) => typeof p === "number");
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress).toEqual(expect.arrayContaining([17, 61, 89, 100]));
    expect(progress.filter((p) => ![0, 17, 61, 89, 100].includes(p))).toEqual([]);
  });

  it("a query import's progress is the sum of completed phases: 10, 25, 65, 90, 100; discovery reports ingest.discover.progress", async () => {
    const r = await t.json(
      "POST",
      "/api/tasks",
      { agentType: "Ingest", payload: { mode: "Query", query: "vegan oat milk pancakes" } },
      ADMIN,
    );
    expect((await settle(r.body.taskId)).status).toBe("ReviewReady");
    const events = await taskEvents(r.body.taskId);
    expect(events.map((e) => e.event)).toContain("ingest.discover.progress");
    const progress = events.map((e) => e.data.progress).filter((p) => typeof p === "number");
    expect(progress).toEqual(expect.arrayContaining([10, 25, 65, 90, 100]));
    expect(progress.filter((p) => ![0, 10, 25, 65, 90, 100].includes(p))).toEqual([]);
  });
});

describe("review lifecycle: reject, expiry, conflict", () => {
  const age = (taskId: string, days: number) =>
    t.ladle.database.db
      .updateTable("tasks")
      .set({ last_updated: new Date(Date.now() - days * 86_400_000) })
      .where("id", "=", taskId)
      .execute();

  it("Reject ends the review (Rejected, terminal); the draft can no longer be committed", async () => {
    const taskId = await reviewReady("/vegan-pancakes/");
    const r = await t.json("POST", `/api/tasks/${taskId}/reject`, { reason: "not what I wanted" }, ADMIN);
    expect(r.status).toBe(200);
    expect((await t.json("GET", `/api/tasks/${taskId}`, undefined, ADMIN)).body.status).toBe("Rejected");
    const commit = await t.json("POST", "/api/recipes/import", { taskId }, ADMIN);
    expect(commit).toMatchObject({ status: 409, body: { code: "TASK_NOT_REVIEWABLE" } });
  });

  it("commit-time check: a draft older than 7 days → 410 DRAFT_EXPIRED {taskId, expiredAt}, and the task is Expired", async () => {
    const taskId = await reviewReady("/vegan-pancakes/");
    await age(taskId, 7.01);
    const r = await t.json("POST", "/api/recipes/import", { taskId, acknowledgeGuardrail: true }, ADMIN);
    expect(r).toMatchObject({
      status: 410,
      body: {
        code: "DRAFT_EXPIRED",
        message: expect.any(String),
        details: { taskId, expiredAt: expect.any(String) },
      },
    });
    expect((await t.json("GET", `/api/tasks/${taskId}`, undefined, ADMIN)).body.status).toBe("Expired");
    // Within the window a draft is still committable.
    const fresh = await reviewReady("/vegan-pancakes/");
    await age(fresh, 6.9);
    expect(
      (await t.json("POST", "/api/recipes/import", { taskId: fresh, acknowledgeGuardrail: true }, ADMIN))
        .status,
    ).toBe(200);
  });

  it("background job: ReviewReady tasks past the window become Expired; younger ones wait", async () => {
    const old = await reviewReady("/vegan-pancakes/");
    const young = await reviewReady("/vegan-pancakes/");
    await age(old, 8);
    await age(young, 1);
    const expired = await t.ladle.review.expireDrafts();
    expect(expired).toContain(old);
    expect(expired).not.toContain(young);
    expect((await t.json("GET", `/api/tasks/${old}`, undefined, ADMIN)).body.status).toBe("Expired");
    expect((await t.json("GET", `/api/tasks/${young}`, undefined, ADMIN)).body.status).toBe("ReviewReady");
    expect((await t.json("POST", "/api/recipes/import", { taskId: old }, ADMIN)).body.code).toBe(
      "DRAFT_EXPIRED",
    );
    await t.json("POST", `/api/tasks/${young}/reject`, { reason: "test" }, ADMIN);
  });

  it("concurrency: a commit against a stale ETag → 409 COMMIT_CONFLICT; of concurrent commits one wins, the others get the same recipe", async () => {
    const taskId = await reviewReady("/vegan-pancakes/");
    const task = await t.app.request(`/api/tasks/${taskId}`, { headers: ADMIN });
    const etag = task.headers.get("etag") ?? `"${((await task.json()) as { version: number }).version}"`;
    const version = Number(/\d+/.exec(etag)![0]);
    const stale = await t.json(
      "POST",
      "/api/recipes/import",
      { taskId, acknowledgeGuardrail: true },
      {
        ...ADMIN,
        "if-match": `"${version - 1}"`,
      },
    );
    expect(stale).toMatchObject({ status: 409, body: { code: "COMMIT_CONFLICT", details: { taskId } } });
    const all = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.json(
          "POST",
          "/api/recipes/import",
          { taskId, acknowledgeGuardrail: true },
          { ...ADMIN, "if-match": etag },
        ),
      ),
    );
    const ok = all.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(
      all.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.code === "COMMIT_CONFLICT"),
    ).toBe(true);
    expect(new Set(ok.map((r) => r.body.recipe.id)).size).toBe(1);
    const recipes = await t.ladle.database.db
      .selectFrom("recipes")
      .select("id")
      .where("task_id", "=", taskId)
      .execute();
    expect(recipes).toHaveLength(1);
  });
});

describe("duplicate URL handling", () => {
  it("a second recipe from the same source URL is allowed, with a warning that one exists", async () => {
    const a = await reviewReady("/vegan-pancakes/");
    const b = await reviewReady("/vegan-pancakes/");
    const first = await t.json(
      "POST",
      "/api/recipes/import",
      { taskId: a, acknowledgeGuardrail: true },
      ADMIN,
    );
    const second = await t.json(
      "POST",
      "/api/recipes/import",
      { taskId: b, acknowledgeGuardrail: true },
      ADMIN,
    );
    expect(second.status).toBe(200);
    expect(second.body.recipe.id).not.toBe(first.body.recipe.id);
    expect(second.body.warnings.join(" ")).toMatch(/same source URL already exists/);
  });
});

describe("prompt registry APIs, authorization", () => {
  const USER = "Extract from {{ url }}.\nSchema:\n{{ schema }}\nContent:\n{{ content }}";

  it("prompt management needs the admin role: a cook gets 403 FORBIDDEN, nobody signed in 401", async () => {
    const cook = await createTestUser(t, { name: "cook" });
    const seeded = "ingest.extract.v1";
    for (const [method, path, body] of [
      ["GET", "/api/prompts?phase=Ingest.Extract", undefined],
      ["GET", `/api/prompts/${seeded}`, undefined],
      [
        "POST",
        "/api/prompts",
        { phase: "Ingest.Extract", systemPrompt: "{{ policy }}", userPromptTemplate: USER },
      ],
      ["POST", `/api/prompts/${seeded}/activate`, undefined],
      ["POST", `/api/prompts/${seeded}/deactivate`, undefined],
    ] as const) {
      expect(await t.json(method, path, body, cook.headers), `${method} ${path}`).toMatchObject({
        status: 403,
        body: { code: "FORBIDDEN" },
      });
      expect((await t.json(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
  });

  it("a new version is created inactive, activate makes it the phase's one active prompt, deactivating the last active is refused", async () => {
    const created = await t.json(
      "POST",
      "/api/prompts",
      {
        phase: "Ingest.RepairJson",
        systemPrompt: "Fix the JSON.\n{{ policy }}",
        userPromptTemplate: "{{ schema }}\n{{ content }}",
      },
      ADMIN,
    );
    expect(created).toMatchObject({ status: 201, body: { phase: "Ingest.RepairJson", isActive: false } });
    const id = created.body.id;
    const listed = async () =>
      (await t.json("GET", "/api/prompts?phase=Ingest.RepairJson", undefined, ADMIN)).body.prompts as {
        id: string;
        isActive: boolean;
        phase: string;
      }[];
    expect((await listed()).every((p) => p.phase === "Ingest.RepairJson")).toBe(true);
    const before = (await listed()).filter((p) => p.isActive).map((p) => p.id);

    expect(await t.json("POST", `/api/prompts/${id}/activate`, undefined, ADMIN)).toMatchObject({
      status: 200,
      body: { id, isActive: true },
    });
    expect((await listed()).filter((p) => p.isActive).map((p) => p.id)).toEqual([id]);
    expect(await t.json("POST", `/api/prompts/${id}/deactivate`, undefined, ADMIN)).toMatchObject({
      status: 409,
      body: { code: "PROMPT_LAST_ACTIVE" },
    });
    // Another active version first: then this one may go.
    if (before[0]) {
      expect((await t.json("POST", `/api/prompts/${before[0]}/activate`, undefined, ADMIN)).status).toBe(200);
      expect((await listed()).find((p) => p.id === id)?.isActive).toBe(false);
    }
    expect(await t.json("GET", "/api/prompts/no-such-prompt", undefined, ADMIN)).toMatchObject({
      status: 404,
      body: { code: "PROMPT_NOT_FOUND" },
    });
  });
});

describe("artifacts, retention, limits", () => {
  it("a URL import keeps snapshot.txt, page.meta.json, recipe.jsonld and draft.recipe.json, listed at /artifacts; no raw HTML by default", async () => {
    const taskId = await reviewReady("/vegan-pancakes/");
    const r = await t.json("GET", `/api/tasks/${taskId}/artifacts`, undefined, ADMIN);
    expect(r.status).toBe(200);
    const list = (r.body.artifacts ?? r.body) as { name: string; size: number }[];
    const names = list.map((a) => a.name);
    expect(names).toEqual(
      expect.arrayContaining(["snapshot.txt", "page.meta.json", "recipe.jsonld", "draft.recipe.json"]),
    );
    expect(names.some((n) => /\.html?$/.test(n))).toBe(false);
    for (const a of list) expect(a.size).toBeLessThanOrEqual(1024 * 1024);
    const meta = await t.json("GET", `/api/tasks/${taskId}/artifacts/page.meta.json`, undefined, ADMIN);
    expect(meta.status).toBe(200);
    // Another user's task has no artifacts for them: 404, never 403.
    const other = await createTestUser(t, { name: "neighbour" });
    expect((await t.json("GET", `/api/tasks/${taskId}/artifacts`, undefined, other.headers)).status).toBe(
      404,
    );
    await t.json("POST", `/api/tasks/${taskId}/reject`, { reason: "test" }, ADMIN);
  });

  it("a query import also keeps candidates.json", async () => {
    const r = await t.json(
      "POST",
      "/api/tasks",
      { agentType: "Ingest", payload: { mode: "Query", query: "vegan oat milk pancakes" } },
      ADMIN,
    );
    expect((await settle(r.body.taskId)).status).toBe("ReviewReady");
    const list = await t.json("GET", `/api/tasks/${r.body.taskId}/artifacts`, undefined, ADMIN);
    expect(((list.body.artifacts ?? list.body) as { name: string }[]).map((a) => a.name)).toContain(
      "candidates.json",
    );
    await t.json("POST", `/api/tasks/${r.body.taskId}/reject`, { reason: "test" }, ADMIN);
  });

  it("committed imports keep artifacts 180 days, rejected/expired/failed ones 30 days", async () => {
    const committed = await reviewReady("/vegan-pancakes/");
    expect(
      (await t.json("POST", "/api/recipes/import", { taskId: committed, acknowledgeGuardrail: true }, ADMIN))
        .status,
    ).toBe(200);
    const rejected = await reviewReady("/vegan-pancakes/");
    await t.json("POST", `/api/tasks/${rejected}/reject`, { reason: "test" }, ADMIN);
    const db = t.ladle.database.db;
    const age = (id: string, days: number) =>
      db
        .updateTable("tasks")
        .set({ last_updated: new Date(Date.now() - days * 86_400_000) })
        .where("id", "=", id)
        .execute();
    const count = async (id: string) =>
      (await db.selectFrom("artifacts").select("name").where("task_id", "=", id).execute()).length;
    expect(await count(committed)).toBeGreaterThan(0);
    expect(await count(rejected)).toBeGreaterThan(0);

    await age(committed, 179);
    await age(rejected, 29);
    await t.ladle.review.applyRetention();
    expect(await count(committed)).toBeGreaterThan(0);
    expect(await count(rejected)).toBeGreaterThan(0);

    await age(committed, 181);
    await age(rejected, 31);
    await t.ladle.review.applyRetention();
    expect(await count(committed)).toBe(0);
    expect(await count(rejected)).toBe(0);
  });
});

describe("validation rules", () => {
  let taskId: string;
  let recipe: any;
  beforeAll(async () => {
    taskId = await reviewReady("/vegan-pancakes/");
    recipe = (await t.json("GET", `/api/tasks/${taskId}`, undefined, ADMIN)).body.result.draft.recipe;
  });
  afterAll(async () => {
    await t.json("POST", `/api/tasks/${taskId}/reject`, { reason: "test" }, ADMIN);
  });
  const check = (draftRecipe: unknown) =>
    t.json("POST", "/api/recipes/check", { taskId, draftRecipe }, ADMIN);
  const fields = (issues: { field: string }[]) => issues.map((i) => i.field);

  it("Name is required: a commit without one is refused naming the field", async () => {
    const r = await check({ ...recipe, name: " " });
    expect(fields(r.body.errors)).toContain("name");
    const commit = await t.json(
      "POST",
      "/api/recipes/import",
      { taskId, draftRecipe: { ...recipe, name: "" } },
      ADMIN,
    );
    expect(commit).toMatchObject({ status: 400, body: { code: "INVALID_RECIPE" } });
  });

  it("no ingredient or no instruction is a warning, not an error", async () => {
    const r = await check({ ...recipe, ingredients: [], instructions: [] });
    expect(r.status).toBe(200);
    expect(r.body.errors).toEqual([]);
    expect(fields(r.body.warnings)).toEqual(expect.arrayContaining(["ingredients", "instructions"]));
  });

  it("prep time, cook time and servings may be 0 but warn as unknown", async () => {
    const r = await check({ ...recipe, prepTimeMinutes: 0, cookTimeMinutes: 0, servings: 0 });
    expect(r.body.errors).toEqual([]);
    expect(fields(r.body.warnings)).toEqual(
      expect.arrayContaining(["prepTimeMinutes", "cookTimeMinutes", "servings"]),
    );
  });

  it("unrealistic values (prep time over 24 h), duplicate steps and baking without a temperature warn", async () => {
    const r = await check({
      ...recipe,
      prepTimeMinutes: 25 * 60,
      instructions: [
        { text: "Mix the batter." },
        { text: "Bake until golden." },
        { text: "Mix the batter." },
      ],
    });
    expect(r.body.errors).toEqual([]);
    const w = r.body.warnings as { field: string; message: string }[];
    expect(fields(w)).toContain("prepTimeMinutes");
    expect(w.find((x) => x.field === "instructions[2]")?.message).toMatch(/repeats step 1/);
    expect(w.find((x) => x.field === "instructions")?.message).toMatch(/oven temperature/);
    const withTemp = await check({ ...recipe, instructions: [{ text: "Bake at 180°C until golden." }] });
    expect(
      (withTemp.body.warnings as { message: string }[]).some((x) => /oven temperature/.test(x.message)),
    ).toBe(false);
  });
});

describe("guardrail thresholds", () => {
  const opts = loadConfig({ env: {}, file: null }).Ingest.Guardrail;
  // Distinct words, so a copied run is exactly as long as it is made.
  const source = Array.from({ length: 200 }, (_, i) => `source${i}`).join(" ");
  const copied = (n: number, from = 10) => Array.from({ length: n }, (_, i) => `source${from + i}`).join(" ");
  const own = (n: number, tag = "own") => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(" ");
  const check = (description: string, steps: string[] = []) =>
    checkParaphrase(source, { description, instructions: steps.map((text) => ({ text })) }, opts);

  it("contiguous overlap: 39 tokens pass, 40 warn, 79 warn, 80 is an error", () => {
    expect(check(copied(39)).report).toMatchObject({ maxContiguousTokenOverlap: 39, violatesPolicy: false });
    expect(check(copied(39)).warnings).toEqual([]);
    expect(check(copied(40)).warnings.length).toBe(1);
    expect(check(copied(40)).errors).toEqual([]);
    expect(check(copied(79)).errors).toEqual([]);
    expect(check(copied(80))).toMatchObject({
      report: { maxContiguousTokenOverlap: 80, violatesPolicy: true },
    });
    expect(check(copied(80)).errors.length).toBe(1);
  });

  it("tokens are whitespace-delimited words, case-insensitive, punctuation stripped", () => {
    const shouted = copied(40)
      .split(" ")
      .map((w, i) => (i % 3 ? `${w.toUpperCase()},` : `"${w}"`))
      .join(" ");
    expect(check(shouted).report.maxContiguousTokenOverlap).toBe(40);
  });

  it("5-gram Jaccard of a step against source windows: under 0.20 passes, 0.20-0.35 warns, 0.35 or more is an error", () => {
    // A 20-word step sharing k contiguous words with the source: (k-4) of 16 five-grams shared.
    const step = (k: number) => `${copied(k, 100)} ${own(20 - k)}`;
    const low = check("", [step(8)]);
    expect(low.report.maxNgramSimilarity).toBeLessThan(0.2);
    expect(low.warnings).toEqual([]);
    const mid = check("", [step(10)]);
    expect(mid.report.maxNgramSimilarity).toBeGreaterThanOrEqual(0.2);
    expect(mid.report.maxNgramSimilarity).toBeLessThan(0.35);
    expect(mid.warnings.length).toBe(1);
    expect(mid.errors).toEqual([]);
    const high = check("", [step(14)]);
    expect(high.report.maxNgramSimilarity).toBeGreaterThanOrEqual(0.35);
    expect(high.errors.length).toBe(1);
    expect(high.report.violatesPolicy).toBe(true);
    expect(opts).toMatchObject({
      TokenOverlapWarningThreshold: 40,
      TokenOverlapErrorThreshold: 80,
      NgramSimilarityWarningThreshold: 0.2,
      NgramSimilarityErrorThreshold: 0.35,
      NgramSize: 5,
    });
  });
});
