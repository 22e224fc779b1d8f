import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { startLlmStub } from "../../../test/helpers/llmStub.ts";
import { PANCAKES_VERBATIM_HTML, startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";

// The review experience with an LLM configured (a loopback stub speaking the OpenAI protocol):
// the prompt selector's options, overrides recorded on the task, the paraphrase button's endpoint.
let site: FixtureServer;
let stub: Awaited<ReturnType<typeof startLlmStub>>;
let t: TestLadle;

const REWRITTEN = [
  "Combine the dry ingredients.",
  "Mix the wet ones separately and stir both together briefly.",
  "Fry scoops of batter on a griddle, turning once bubbles appear.",
];

beforeAll(async () => {
  site = await startFixtureServer({ "/verbatim": { body: PANCAKES_VERBATIM_HTML } });
  stub = await startLlmStub((r) =>
    r.phase === "paraphrase"
      ? { content: JSON.stringify({ description: null, instructions: REWRITTEN }) }
      : { content: "{}" },
  );
  t = await startTestLadle({
    config: {
      Ingest: { Guardrail: { AutoRepairOnError: false } },
      Llm: {
        Providers: { Stub: { BaseUrl: stub.url, Model: "stub-1", TimeoutMs: 2000, MaxRetries: 0 } },
        PhaseProviders: { "Ingest.Extract": "Stub", "Ingest.RepairParaphrase": "Stub" },
        ExtractWhen: "never",
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
  await site?.close();
});

describe("with an LLM configured", () => {
  it("offers the prompt versions per configured phase and records this import's choices", async () => {
    const o = await t.json("GET", "/api/tasks/options");
    expect(o.status).toBe(200);
    expect(o.body).toMatchObject({ llmConfigured: true, canManagePrompts: true });
    const extract = o.body.phases.find((p: { phase: string }) => p.phase === "Ingest.Extract");
    expect(extract).toMatchObject({ selection: "extractPromptId", override: "extractOverride" });
    expect(extract.active).toBeTruthy();
    expect(extract.versions.length).toBeGreaterThanOrEqual(1);
    const c = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: {
        mode: "Url",
        url: `${site.origin}/verbatim`,
        promptSelection: { extractPromptId: extract.active.id },
        promptOverrides: { extractOverride: "The page is in English." },
      },
    });
    const task = await t.waitTask(c.body.taskId);
    expect(task.metadata).toMatchObject({
      "promptId:extractPromptId": extract.active.id,
      "promptOverride:extractOverride": "The page is in English.",
    });
  });

  it("rewrites the flagged steps on request; the result passes the guardrail and commits", async () => {
    const c = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}/verbatim` },
    });
    const task = await t.waitTask(c.body.taskId);
    const check = await t.json("POST", "/api/recipes/check", { taskId: task.taskId });
    expect(check.body.guardrail).toMatchObject({ violatesPolicy: true, paraphraseAvailable: true });
    const p = await t.json("POST", "/api/recipes/paraphrase", { taskId: task.taskId });
    expect(p.status).toBe(200);
    expect(p.body.recipe.instructions.map((s: { text: string }) => s.text)).toEqual(REWRITTEN);
    expect(p.body.guardrail.violatesPolicy).toBe(false);
    const ok = await t.json("POST", "/api/recipes/import", {
      taskId: task.taskId,
      draftRecipe: p.body.recipe,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.recipe.guardrailOverride).toBeNull();
  });
});
