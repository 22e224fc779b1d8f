/**
 * A client written against recipe-ingest-agent.md (`../shared/spec/recipe-ingest-agent.md`): each of
 * the document's own JSON examples, read from the document at test time, sent verbatim; the answer
 * has the documented status and shape. Hosts the examples name (example.com) resolve, through a
 * stub, to a loopback port nothing listens on: nothing leaves the machine.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { specExample, specExamples, type SpecExample } from "../helpers/specExamples.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

const examples: SpecExample[] = specExamples("recipe-ingest-agent.md");
const example = (heading: string, label?: string) => specExample(examples, heading, label).value as any;

let t: TestLadle;
let site: FixtureServer;
let clock = Date.now();

/** The keys of a documented object, sorted. */
const keys = (o: object) => Object.keys(o).sort();

/** The documented ramen, served by the loopback recipe site the built-in search provider reads. */
const RAMEN = PANCAKES_HTML.replace('"name": "Buttermilk Pancakes"', '"name": "Tonkotsu Ramen with Chashu"');

beforeAll(async () => {
  site = await startFixtureServer({ "/tonkotsu-ramen/": { body: RAMEN } });
  site.route("/", (_q, res) => {
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(
        `<html><body><main><h1>Search results</h1><article><h2><a href="${site.origin}/tonkotsu-ramen/">Tonkotsu Ramen with Chashu</a></h2></article></main></body></html>`,
      );
  });
  t = await startTestLadle({
    now: () => new Date(clock),
    // Every name resolves to loopback; https on 443 there is refused at once.
    resolver: async () => ["127.0.0.1"],
    config: {
      Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0, MaxRetries: 0, Render: "never" },
      Discovery: { Builtin: { SearchUrlTemplates: [`${site.origin}/?s={query}`] } },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

async function settle(taskId: string): Promise<any> {
  return t.waitTask(taskId, (s) => s !== "Pending" && s !== "Running", 100_000);
}

describe("payloads and requests, verbatim", () => {
  const response = () => example("8.0.1", "Response");

  it("Request (query import) → 202 with the documented response; the task reaches review with the documented result", async () => {
    const sent = example("8.0.1", "Request (query import)");
    const r = await t.json("POST", "/api/tasks", sent);
    expect(r.status).toBe(202);
    expect(keys(r.body)).toEqual(keys(response()));
    expect(r.body).toMatchObject({ threadId: "thread-123", agentType: "Ingest", status: "Pending" });
    const done = await settle(r.body.taskId);
    expect(done.payload.constraints).toEqual(sent.payload.constraints);
    expect(done.status).toBe("ReviewReady");
    // the result carries every documented field, at every level.
    const doc = example("Result: Ingest");
    const res = done.result;
    expect(keys(res)).toEqual(expect.arrayContaining(keys(doc)));
    expect(keys(res.draft)).toEqual(expect.arrayContaining(keys(doc.draft)));
    expect(keys(res.draft.recipe)).toEqual(expect.arrayContaining(keys(doc.draft.recipe)));
    expect(keys(res.draft.source)).toEqual(expect.arrayContaining(keys(doc.draft.source)));
    expect(keys(res.draft.validation)).toEqual(expect.arrayContaining(keys(doc.draft.validation)));
    expect(keys(res.draft.similarity)).toEqual(expect.arrayContaining(keys(doc.draft.similarity)));
    expect(keys(res.draft.artifacts[0])).toEqual(expect.arrayContaining(keys(doc.draft.artifacts[0])));
    expect(res.draft.artifacts.map((a: { type: string }) => a.type)).toEqual(
      expect.arrayContaining(doc.draft.artifacts.map((a: { type: string }) => a.type)),
    );
    expect(keys(res.candidates[0])).toEqual(expect.arrayContaining(keys(doc.candidates[0])));
    expect(res.draft.recipe.name).toBe("Tonkotsu Ramen with Chashu");
  });

  it("Request (URL import) → 202 with the documented response, in the same thread", async () => {
    const r = await t.json("POST", "/api/tasks", example("8.0.1", "Request (URL import)"));
    expect(r.status).toBe(202);
    expect(keys(r.body)).toEqual(keys(response()));
    expect(r.body).toMatchObject({ threadId: "thread-123", agentType: "Ingest", status: "Pending" });
    // example.com is a loopback port nothing listens on here: the fetch fails, with a structured error.
    const done = await settle(r.body.taskId);
    expect(done.status).toBe("Failed");
    expect(done.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it("Payload: Import by Query and Import by URL (lower-case modes, promptIds) → 202; a thread is generated", async () => {
    for (const heading of ["Payload: Import by Query", "Payload: Import by URL"]) {
      const r = await t.json("POST", "/api/tasks", { agentType: "Ingest", payload: example(heading) });
      expect(r.status, heading).toBe(202);
      expect(keys(r.body)).toEqual(keys(example("8.0.1", "Response")));
      expect(r.body.threadId).toEqual(expect.any(String));
      await settle(r.body.taskId);
    }
  });

  it("Payload: Normalize Stored Recipe → a recipe that does not exist is 404 in the error structure", async () => {
    const r = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: example("Payload: Normalize Stored Recipe"),
    });
    expect(r).toMatchObject({ status: 404, body: { code: "RECIPE_NOT_FOUND", message: expect.any(String) } });
  });
});

describe("Result: Normalize, commit, error structure", () => {
  let committedId: string;

  it("suggested contract {draftRecipe, source, taskId} verbatim → 404 TASK_NOT_FOUND as {code, message, details}", async () => {
    const r = await t.json("POST", "/api/recipes/import", example("8.2 Ingest Commit API"));
    expect(r).toMatchObject({ status: 404, body: { code: "TASK_NOT_FOUND", details: { taskId: "..." } } });
    expect(keys(r.body)).toEqual(keys(example("Error Response Structure")));
  });

  it("Result: Normalize: a stored recipe's normalization has the documented patch, diffSummary and validation", async () => {
    const imp = await t.json("POST", "/api/tasks", example("8.0.1", "Request (query import)"));
    expect((await settle(imp.body.taskId)).status).toBe("ReviewReady");
    const c = await t.json("POST", "/api/recipes/import", {
      taskId: imp.body.taskId,
      acknowledgeGuardrail: true,
    });
    expect(c.status).toBe(200);
    committedId = c.body.recipe.id;
    const doc = example("Result: Normalize");
    const r = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { ...example("Payload: Normalize Stored Recipe"), recipeId: committedId },
    });
    expect(r.status).toBe(202);
    const done = await settle(r.body.taskId);
    expect(done.status).toBe("ReviewReady");
    expect(keys(done.result)).toEqual(expect.arrayContaining(keys(doc)));
    expect(keys(done.result.validation)).toEqual(keys(doc.validation));
    expect(done.result.patch.length).toBeGreaterThan(0);
    for (const op of done.result.patch) {
      expect(keys(op)).toEqual(expect.arrayContaining(keys(doc.patch[0])));
      expect(["Low", "High"]).toContain(op.riskCategory);
    }
  });

  it("Error Response Structure: a draft past its 7 days → 410 with exactly the documented shape", async () => {
    const doc = example("Error Response Structure");
    const imp = await t.json("POST", "/api/tasks", example("8.0.1", "Request (query import)"));
    expect((await settle(imp.body.taskId)).status).toBe("ReviewReady");
    clock += 8 * 86_400_000;
    const r = await t.json("POST", "/api/recipes/import", { taskId: imp.body.taskId });
    expect(r.status).toBe(410);
    expect(r.body.code).toBe(doc.code);
    expect(keys(r.body)).toEqual(keys(doc));
    expect(keys(r.body.details)).toEqual(keys(doc.details));
    expect(r.body.details.taskId).toBe(imp.body.taskId);
    expect(Date.parse(r.body.details.expiredAt)).toBeLessThan(clock);
  });
});

describe("configuration summary", () => {
  it("the example appsettings.json fragment loads as given, with the documented names and values", () => {
    const doc = example("21. Appendix");
    const dir = mkdtempSync(join(tmpdir(), "ladle-spec-"));
    const file = join(dir, "ladle.config.json");
    writeFileSync(file, JSON.stringify(doc));
    const c = loadConfig({ env: {}, file });
    expect(c.Ingest).toMatchObject({
      ...doc.Ingest,
      Guardrail: expect.objectContaining(doc.Ingest.Guardrail),
      CircuitBreaker: expect.objectContaining(doc.Ingest.CircuitBreaker),
    });
  });
});
