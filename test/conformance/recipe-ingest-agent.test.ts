/**
 * Conformance: recipe-ingest-agent.md (`../shared/spec/recipe-ingest-agent.md`), through the HTTP
 * API. Each test names the section whose clause it checks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

let t: TestLadle;
const ADMIN = { authorization: "Bearer conformance-admin-0123456789" };

beforeAll(async () => {
  t = await startTestLadle({
    config: { Auth: { Users: [{ name: "root", role: "admin", token: "conformance-admin-0123456789" }] } },
  });
});
afterAll(async () => t?.close());

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
