import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";

let t: TestLadle;
beforeAll(async () => {
  t = await startTestLadle({
    config: { Auth: { Users: [{ name: "ada", role: "user", token: "ada-token-0123456789" }] } },
    worker: false,
  });
});
afterAll(async () => t?.close());

describe("bearer tokens", () => {
  it("requires a valid token once users are configured", async () => {
    const none = await t.json("GET", "/api/recipes");
    expect(none).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
    const wrong = await t.json("GET", "/api/recipes", undefined, { authorization: "Bearer nope" });
    expect(wrong.status).toBe(401);
    const ok = await t.json("GET", "/api/recipes", undefined, {
      authorization: "Bearer ada-token-0123456789",
    });
    expect(ok.status).toBe(200);
  });

  it("records who asked for a task", async () => {
    const r = await t.json(
      "POST",
      "/api/tasks",
      { agentType: "Ingest", payload: { mode: "Url", url: "http://127.0.0.1:9/x" } },
      { authorization: "Bearer ada-token-0123456789" },
    );
    expect(r.status).toBe(202);
    const task = await t.json("GET", `/api/tasks/${r.body.taskId}`, undefined, {
      authorization: "Bearer ada-token-0123456789",
    });
    expect(task.body.metadata.requestedBy).toBe("ada");
  });
});
