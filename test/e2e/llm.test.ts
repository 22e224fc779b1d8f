import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConfigInput } from "../../src/config.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { startLlmStub, type StubReply, type StubRequest } from "../helpers/llmStub.ts";
import { PANCAKES_VERBATIM_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

// A page with a recipe in prose only: no JSON-LD, no microdata.
const PLAIN = `<!doctype html><html><head><title>Grandma's flatbread</title></head><body><article>
<h1>Grandma's flatbread</h1>
<p>This is how my grandmother made flatbread every Sunday. You need 500 g of flour, 300 ml of warm water, 7 g of dried yeast and 1 teaspoon of salt.</p>
<p>Mix everything into a soft dough and knead it for 10 minutes. Let it rise for 1 hour, then divide it into 8 pieces, roll them thin and cook each in a hot dry pan for 2 minutes per side.</p>
</article></body></html>`;

const flatbread = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    isRecipe: true,
    name: "Grandma's flatbread",
    description: "Simple pan-cooked yeasted flatbread.",
    ingredients: [
      { text: "500 g flour", quantity: 500, unit: "g", name: "flour", notes: null },
      { text: "300 ml warm water", quantity: 300, unit: "ml", name: "warm water", notes: null },
      { text: "7 g dried yeast", quantity: 7, unit: "g", name: "dried yeast", notes: null },
      { text: "1 tsp salt", quantity: 1, unit: "tsp", name: "salt", notes: null },
    ],
    instructions: [
      "Combine the ingredients and work the dough for about 10 minutes.",
      "Leave it to prove for 1 hour.",
      "Split into 8 portions, flatten, and dry-fry each 2 minutes a side.",
    ],
    prepTimeMinutes: 70,
    cookTimeMinutes: 16,
    totalTimeMinutes: null,
    servings: 8,
    yield: "8 flatbreads",
    cuisine: null,
    dietType: "Vegan",
    tags: ["bread"],
    ...over,
  });

let site: FixtureServer;
let reply: (r: StubRequest, n: number) => StubReply = () => ({ content: "{}" });
let stub: Awaited<ReturnType<typeof startLlmStub>>;
let t: TestLadle;
let bare: TestLadle;

const providers = (url: string, over: Record<string, unknown> = {}): ConfigInput["Llm"] => ({
  Providers: { Stub: { BaseUrl: url, Model: "stub-1", TimeoutMs: 800, MaxRetries: 1, ...over } },
  PhaseProviders: {
    "Ingest.Extract": "Stub",
    "Ingest.RepairJson": "Stub",
    "Ingest.RepairParaphrase": "Stub",
    "Ingest.Normalize": "Stub",
  },
});

beforeAll(async () => {
  site = await startFixtureServer({
    "/plain": { body: PLAIN },
    "/plain2": { body: PLAIN.replace("every Sunday", "on Sundays") },
    "/plain3": { body: PLAIN.replace("every Sunday", "each week") },
    "/plain4": { body: PLAIN.replace("every Sunday", "at weekends") },
    "/plain5": { body: PLAIN.replace("every Sunday", "for holidays") },
    "/plain6": { body: PLAIN.replace("every Sunday", "in winter") },
    "/verbatim": { body: PANCAKES_VERBATIM_HTML },
    "/no-steps": {
      body: `<html><head><script type="application/ld+json">{"@type":"Recipe","name":"Half a recipe","recipeIngredient":["1 egg"]}</script></head><body><p>Fry the egg.</p></body></html>`,
    },
  });
  stub = await startLlmStub((r, n) => reply(r, n));
  t = await startTestLadle({ config: { Llm: providers(stub.url) } });
  bare = await startTestLadle();
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await stub?.close();
  await site?.close();
});

async function run(l: TestLadle, path: string, payload: Record<string, unknown> = {}) {
  const c = await l.json("POST", "/api/tasks", {
    agentType: "Ingest",
    payload: { mode: "Url", url: `${site.origin}${path}`, ...payload },
  });
  expect(c.status).toBe(202);
  return l.waitTask(c.body.taskId, undefined, 30_000);
}
const calls = (phase: StubRequest["phase"]) => stub.requests.filter((r) => r.phase === phase).length;

describe("LLM extraction", () => {
  it("extracts a page with no structured data, marking every field Llm and recording usage", async () => {
    reply = () => ({ content: flatbread() });
    const task = await run(t, "/plain");
    expect(task.status).toBe("ReviewReady");
    const d = task.result.draft;
    expect(d.source.extractionMethod).toBe("Llm");
    expect(d.recipe).toMatchObject({ name: "Grandma's flatbread", servings: 8, prepTimeMinutes: 70 });
    expect(d.recipe.ingredients.map((i: { quantity: number }) => i.quantity)).toEqual([500, 300, 7, 1]);
    expect(d.fieldMethods).toMatchObject({
      name: "Llm",
      ingredients: "Llm",
      instructions: "Llm",
      servings: "Llm",
    });
    expect(d.similarity.violatesPolicy).toBe(false);
    // Structured output was asked for, with the schema, the policy clause and the page text.
    const req = stub.requests.at(-1)!;
    expect(req.body.response_format.type).toBe("json_schema");
    expect(req.system).toMatch(/Do not output large verbatim text blocks/);
    expect(req.user).toContain("500 g of flour");
    expect(task.metadata.llmUsage["Ingest.Extract"]).toMatchObject({
      calls: 1,
      promptTokens: 100,
      completionTokens: 50,
    });
    const arts = await t.json("GET", `/api/tasks/${task.taskId}/artifacts`);
    expect(arts.body.artifacts.map((a: { name: string }) => a.name)).toContain("llm.extract.json");
  });

  it("answers a re-run from the cache: no new request, no tokens spent", async () => {
    const before = stub.requests.length;
    const task = await run(t, "/plain");
    expect(task.status).toBe("ReviewReady");
    expect(stub.requests.length).toBe(before);
    expect(task.metadata.llmUsage["Ingest.Extract"]).toMatchObject({ calls: 1, cached: 1 });
  });

  it("repairs invalid JSON with Ingest.RepairJson", async () => {
    reply = (r) =>
      r.phase === "extract"
        ? { content: "Sure! Here is the recipe: {name: broken" }
        : { content: flatbread() };
    const before = calls("repairjson");
    const task = await run(t, "/plain2");
    expect(task.status).toBe("ReviewReady");
    expect(calls("repairjson")).toBe(before + 1);
    expect(stub.requests.at(-1)!.user).toContain("{name: broken");
  });

  it("fails after 2 repair attempts, keeping the artifacts", async () => {
    reply = (r) => ({ content: r.phase === "extract" ? "nope" : '{"isRecipe": true}' });
    const task = await run(t, "/plain3");
    expect(task).toMatchObject({ status: "Failed", error: { code: "LLM_OUTPUT_INVALID" } });
    const arts = await t.json("GET", `/api/tasks/${task.taskId}/artifacts`);
    const names = arts.body.artifacts.map((a: { name: string }) => a.name);
    expect(names).toEqual(expect.arrayContaining(["snapshot.txt", "page.meta.json", "llm.extract.json"]));
    const trace = await t.json("GET", `/api/tasks/${task.taskId}/artifacts/llm.extract.json`);
    expect(trace.body.map((x: { phase: string }) => x.phase)).toEqual([
      "Ingest.Extract",
      "Ingest.RepairJson",
      "Ingest.RepairJson",
    ]);
  });

  it("warns when the LLM states a quantity the page does not", async () => {
    reply = () => ({
      content: flatbread({
        ingredients: [{ text: "650 g flour", quantity: 650, unit: "g", name: "flour", notes: null }],
      }),
    });
    const task = await run(t, "/plain4");
    expect(task.status).toBe("ReviewReady");
    expect(task.result.draft.validation.warnings.join("\n")).toMatch(
      /Grounding: ingredients\[0\]\.quantity states 650/,
    );
  });

  it("retries a provider timeout once, then fails clearly", async () => {
    reply = () => ({ delayMs: 3000 });
    const before = stub.requests.length;
    const task = await run(t, "/plain5");
    expect(task).toMatchObject({ status: "Failed", error: { code: "LLM_TIMEOUT" } });
    expect(task.error.message).toMatch(/did not answer within 800 ms/);
    expect(stub.requests.length - before).toBe(2);
  });

  it("falls back to plain JSON for servers without structured outputs", async () => {
    reply = (r) =>
      r.body.response_format?.type === "json_schema"
        ? { status: 400, error: "response_format json_schema is not supported" }
        : { content: flatbread() };
    const task = await run(t, "/plain6");
    expect(task.status).toBe("ReviewReady");
    expect(stub.requests.at(-1)!.body.response_format?.type).toBe("json_object");
  });
});

describe("paraphrase repair", () => {
  it("rewrites verbatim steps, then the guardrail passes", async () => {
    reply = (r) =>
      r.phase === "paraphrase"
        ? {
            content: JSON.stringify({
              description: "Light, fluffy breakfast pancakes.",
              instructions: [
                "Stir together the dry ingredients.",
                "Whisk the wet ingredients separately and combine the two briefly.",
                "Fry scoops of batter on a griddle, turning them once bubbles show.",
              ],
            }),
          }
        : { content: "{}" };
    const task = await run(t, "/verbatim");
    expect(task.status).toBe("ReviewReady");
    const d = task.result.draft;
    expect(d.similarity.violatesPolicy).toBe(false);
    expect(d.validation.isValid).toBe(true);
    expect(d.fieldMethods.instructions).toBe("Llm");
    expect(d.recipe.instructions[0].text).toBe("Stir together the dry ingredients.");
    const commit = await t.json("POST", "/api/recipes/import", { taskId: task.taskId });
    expect(commit.status).toBe(200);
  });
});

describe("without any LLM configured", () => {
  it("still imports structured pages, and says which LLM phases it skipped", async () => {
    const task = await run(bare, "/verbatim");
    expect(task.status).toBe("ReviewReady");
    expect(task.result.draft.validation.warnings).toContain(
      "Paraphrase repair skipped: no LLM provider is configured for Ingest.RepairParaphrase (Llm:PhaseProviders)",
    );
    const half = await run(bare, "/no-steps");
    expect(half.status).toBe("ReviewReady");
    expect(half.result.draft.validation.warnings.join("\n")).toMatch(
      /LLM extraction skipped: .*instructions left empty/,
    );
  });

  it("fails a page without structured data, naming the missing provider", async () => {
    const task = await run(bare, "/plain");
    expect(task).toMatchObject({ status: "Failed", error: { code: "NO_RECIPE_FOUND" } });
    expect(task.error.message).toMatch(/no LLM provider is configured for Ingest.Extract/);
  });
});

describe("token budget", () => {
  it("stops a task that has spent its token budget", async () => {
    const tight = await startTestLadle({ config: { Llm: { ...providers(stub.url), TaskTokenBudget: 100 } } });
    try {
      reply = (r) => ({ content: r.phase === "extract" ? "not json at all (budget)" : flatbread() });
      const task = await run(tight, "/plain?budget");
      expect(task).toMatchObject({ status: "Failed", error: { code: "LLM_BUDGET_EXCEEDED" } });
      expect(task.error.message).toMatch(/150 of its 100 tokens/);
    } finally {
      await tight.close();
    }
    // It starts a Ladle of its own: on a busy machine that alone can take most of the default 30 s.
  });
});
