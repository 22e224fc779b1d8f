/**
 * Conformance: recipe-ingest-agent.md (`../shared/spec/recipe-ingest-agent.md`), through the HTTP
 * API. Each test names the section whose clause it checks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

let t: TestLadle;
let site: FixtureServer;
const ADMIN = { authorization: "Bearer conformance-admin-0123456789" };

/** A recipe site's own search page (as WordPress renders it), on loopback. */
function searchPage(origin: string): string {
  return `<html><body><header><a href="${origin}/">Home</a></header><main>
<h1>Search results</h1>
<article><h2><a href="${origin}/buttermilk-pancakes/">Buttermilk Pancakes</a></h2></article>
<article><h2><a href="${origin}/banana-bread/">Banana Bread</a></h2></article>
</main><footer><a href="${origin}/about/">About</a></footer></body></html>`;
}

beforeAll(async () => {
  site = await startFixtureServer({ "/buttermilk-pancakes/": { body: PANCAKES_HTML } });
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
  const end = Date.now() + 30_000;
  for (;;) {
    const r = await t.json("GET", `/api/tasks/${taskId}`, undefined, ADMIN);
    if (r.status === 200 && r.body.status !== "Pending" && r.body.status !== "Running") return r.body;
    if (Date.now() > end) throw new Error(`task ${taskId} stuck in ${r.body?.status ?? r.status}`);
    await new Promise((res) => setTimeout(res, 25));
  }
}

describe("§4.1 Flow A — import by query, §5.4 discovery provider", () => {
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

describe("§11.1 prompt requirement, §6.6 prompt rendering", () => {
  const create = (body: Record<string, unknown>) => t.json("POST", "/api/prompts", body, ADMIN);

  const USER = "Extract from {{ url }}.\nSchema:\n{{ schema }}\nContent:\n{{ content }}";

  it("§11.1: a prompt without the policy clause is refused (INVALID_PROMPT) and nothing is stored", async () => {
    const before = await t.json("GET", "/api/prompts?phase=Ingest.Extract", undefined, ADMIN);
    const r = await create({ phase: "Ingest.Extract", systemPrompt: "Be brief.", userPromptTemplate: USER });
    expect(r).toMatchObject({ status: 400, body: { code: "INVALID_PROMPT" } });
    expect(r.body.message).toMatch(/§11\.1/);
    const after = await t.json("GET", "/api/prompts?phase=Ingest.Extract", undefined, ADMIN);
    expect(after.body.prompts).toHaveLength(before.body.prompts.length);
  });

  it("§6.6: a user template without the {{ schema }} slot (a required variable) is refused", async () => {
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

  it("§11.1: the clause may be written out or placed with {{ policy }}; either renders it", async () => {
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
