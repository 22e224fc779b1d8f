import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { renderPrompt } from "../../prompts/promptRenderer.ts";
import { budgetContent } from "../../prompts/contentBudget.ts";

let t: TestLadle;
const ADMIN = { authorization: "Bearer admin-token-0123456789" };
const USER = { authorization: "Bearer user-token-0123456789" };

beforeAll(async () => {
  t = await startTestLadle({
    worker: false,
    config: {
      Auth: {
        Users: [
          { name: "root", role: "admin", token: "admin-token-0123456789" },
          { name: "ada", role: "user", token: "user-token-0123456789" },
        ],
      },
    },
  });
});
afterAll(async () => t?.close());

describe("prompt registry", () => {
  it("is seeded with one active v1 prompt per LLM phase, each carrying the policy clause", async () => {
    const r = await t.json("GET", "/api/prompts", undefined, ADMIN);
    expect(r.status).toBe(200);
    const ids = r.body.prompts.map((p: { id: string }) => p.id).sort();
    expect(ids).toEqual([
      "ingest.extract.v1",
      "ingest.normalize.v1",
      "ingest.repairjson.v1",
      "ingest.repairparaphrase.v1",
    ]);
    for (const p of r.body.prompts) {
      expect(p.isActive).toBe(true);
      expect(p.systemPrompt).toMatch(/Do not output large verbatim text blocks/);
    }
    const one = await t.json("GET", "/api/prompts?phase=Ingest.Extract", undefined, ADMIN);
    expect(one.body.prompts).toHaveLength(1);
  });

  it("is admin only", async () => {
    expect((await t.json("GET", "/api/prompts", undefined, USER)).body.code).toBe("FORBIDDEN");
    expect((await t.json("GET", "/api/prompts", undefined, USER)).status).toBe(403);
    expect((await t.json("POST", "/api/prompts", { phase: "Ingest.Extract" }, USER)).status).toBe(403);
    expect((await t.json("GET", "/api/prompts")).status).toBe(401);
  });

  it("creates new versions and keeps exactly one active per phase", async () => {
    const c = await t.json(
      "POST",
      "/api/prompts",
      {
        phase: "Ingest.Extract",
        systemPrompt: "Be brief.\n\n{{ policy }}",
        userPromptTemplate: "URL {{ url }}\n{{ schema }}\n{{ content }}",
      },
      ADMIN,
    );
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ id: "ingest.extract.v2", version: 2, isActive: false, createdBy: "root" });
    const get = await t.json("GET", "/api/prompts/ingest.extract.v2?phase=Ingest.Extract", undefined, ADMIN);
    expect(get.body.version).toBe(2);
    expect(
      (await t.json("GET", "/api/prompts/ingest.extract.v2?phase=Ingest.Normalize", undefined, ADMIN)).body
        .code,
    ).toBe("PROMPT_NOT_FOUND");

    const act = await t.json("POST", "/api/prompts/ingest.extract.v2/activate", undefined, ADMIN);
    expect(act.body.isActive).toBe(true);
    const list = await t.json("GET", "/api/prompts?phase=Ingest.Extract", undefined, ADMIN);
    expect(
      list.body.prompts.filter((p: { isActive: boolean }) => p.isActive).map((p: { id: string }) => p.id),
    ).toEqual(["ingest.extract.v2"]);

    const refuse = await t.json("POST", "/api/prompts/ingest.extract.v2/deactivate", undefined, ADMIN);
    expect(refuse).toMatchObject({ status: 409, body: { code: "PROMPT_LAST_ACTIVE" } });
    const ok = await t.json("POST", "/api/prompts/ingest.extract.v1/deactivate", undefined, ADMIN);
    expect(ok).toMatchObject({ status: 200, body: { isActive: false } });
    await t.json("POST", "/api/prompts/ingest.extract.v1/activate", undefined, ADMIN);
  });

  it("refuses bad prompts with stable codes", async () => {
    const phase = await t.json(
      "POST",
      "/api/prompts",
      { phase: "Cooking", systemPrompt: "x", userPromptTemplate: "y" },
      ADMIN,
    );
    expect(phase).toMatchObject({ status: 400, body: { code: "INVALID_PROMPT" } });
    const syntax = await t.json(
      "POST",
      "/api/prompts",
      { phase: "Ingest.Extract", systemPrompt: "x", userPromptTemplate: "{% if %}" },
      ADMIN,
    );
    expect(syntax).toMatchObject({ status: 400, body: { code: "INVALID_PROMPT" } });
    const missing = await t.json("POST", "/api/prompts", { phase: "Ingest.Extract" }, ADMIN);
    expect(missing).toMatchObject({ status: 400, body: { code: "INVALID_PROMPT" } });
    expect((await t.json("POST", "/api/prompts/nope/activate", undefined, ADMIN)).body.code).toBe(
      "PROMPT_NOT_FOUND",
    );
  });
});

describe("rendering", () => {
  it("names missing required variables and renders optional ones empty", () => {
    const r = renderPrompt(
      "{{ url }} {{ content }} {{ schema }} [{{ hints }}]",
      { url: "https://x.test", content: "" },
      ["url", "content", "schema"],
    );
    expect(r).toMatchObject({
      ok: false,
      code: "PROMPT_RENDER_FAILED",
      missingVariables: ["content", "schema"],
    });
    expect(!r.ok && r.message).toMatch(/content, schema/);
    const ok = renderPrompt("{{ url }} [{{ hints }}]", { url: "u" }, ["url"]);
    expect(ok).toEqual({ ok: true, text: "u []" });
  });

  it("trims content to the budget, recipe sections first, in the original order", () => {
    const text = [
      "# My life story",
      "A".repeat(300),
      "# Ingredients",
      "- 2 eggs",
      "- 1 cup flour",
      "# Method",
      "- Mix.",
      "- Bake at 180°C.",
      "# Comments",
      "- Great!",
      "B".repeat(300),
    ].join("\n");
    const out = budgetContent(text, 120);
    expect(out.truncated).toBe(true);
    expect(out.text.length).toBeLessThanOrEqual(120);
    expect(out.text).toContain("- 2 eggs\n- 1 cup flour\n# Method\n- Mix.\n- Bake at 180°C.");
    expect(out.text).not.toContain("AAAA");
    expect(out.text.indexOf("# Ingredients")).toBeLessThan(out.text.indexOf("# Method"));
    expect(budgetContent("short", 100)).toEqual({ text: "short", truncated: false });
  });
});
