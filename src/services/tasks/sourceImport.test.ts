import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAKE_TEXT } from "../../../test/helpers/importFixtures.ts";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser } from "../../../test/helpers/users.ts";

// "one way to add anything": text and files become Ingest tasks of mode Source that end
// in the same review as a page; the copy check is for someone else's words only.

let t: TestLadle;
let ALICE: Record<string, string>;
let BOB: Record<string, string>;

beforeAll(async () => {
  t = await startTestLadle();
  ALICE = (await createTestUser(t, { name: "alice" })).headers;
  BOB = (await createTestUser(t, { name: "bob" })).headers;
});
afterAll(async () => {
  await t?.close();
});

const sourceTask = (payload: Record<string, unknown>, who = ALICE) =>
  t.json("POST", "/api/tasks", { agentType: "Ingest", payload: { mode: "Source", ...payload } }, who);

async function upload(text: string, who = ALICE) {
  const res = await t.app.request("/v1/uploads", {
    method: "POST",
    headers: { ...who, "content-type": "text/plain" },
    body: text,
  });
  return (await res.json()) as { token: string };
}

describe("Ingest tasks of mode Source", () => {
  it("pasted text ends ReviewReady with its text beside it, not copy-checked, and commits", async () => {
    const r = await sourceTask({ sourceType: "text", sourceRef: CAKE_TEXT });
    expect(r.status).toBe(202);
    const task = await t.waitTask(r.body.taskId, undefined, 30_000, ALICE);
    expect(task.status).toBe("ReviewReady");
    expect(task.result.draft.recipe.ingredients.length).toBeGreaterThan(2);
    expect(task.result.draft.similarity?.checked).toBe(false);
    const arts = await t.json("GET", `/api/tasks/${task.taskId}/artifacts`, undefined, ALICE);
    const names = arts.body.artifacts.map((a: { name: string }) => a.name);
    expect(names).toContain("source.txt");
    expect(names).not.toContain("snapshot.txt");
    const check = await t.json(
      "POST",
      "/api/recipes/check",
      { taskId: task.taskId, draftRecipe: task.result.draft.recipe },
      ALICE,
    );
    expect(check.body.guardrail.violatesPolicy).toBe(false);
    const saved = await t.json("POST", "/api/recipes/import", { taskId: task.taskId }, ALICE);
    expect(saved.status).toBe(200);
    expect(saved.body.recipe.name).toBe(task.result.draft.recipe.name);
  });

  it("a file marked as someone else's words is compared with its text", async () => {
    const up = await upload(CAKE_TEXT);
    const r = await sourceTask({ sourceType: "text", sourceRef: up.token, words: "someone_else" });
    expect(r.status).toBe(202);
    const task = await t.waitTask(r.body.taskId, undefined, 30_000, ALICE);
    expect(task.status).toBe("ReviewReady");
    const arts = await t.json("GET", `/api/tasks/${task.taskId}/artifacts`, undefined, ALICE);
    expect(arts.body.artifacts.map((a: { name: string }) => a.name)).toContain("snapshot.txt");
    const check = await t.json(
      "POST",
      "/api/recipes/check",
      { taskId: task.taskId, draftRecipe: task.result.draft.recipe },
      ALICE,
    );
    // The steps are the file's own words, word for word.
    expect(check.body.guardrail.similarity.checked).not.toBe(false);
    expect(check.body.guardrail.violatesPolicy).toBe(true);
  });

  it("refuses another user's upload at creation, and text that reads as no recipe fails in words", async () => {
    const up = await upload(CAKE_TEXT, BOB);
    const r = await sourceTask({ sourceType: "text", sourceRef: up.token });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_PAYLOAD");
    const bad = await sourceTask({ sourceType: "text", sourceRef: "We went to the sea and it rained." });
    const task = await t.waitTask(bad.body.taskId, undefined, 30_000, ALICE);
    expect(task.status).toBe("Failed");
    expect(task.error.message).toMatch(/text/);
  });
});
