import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMealieStub, type MealieStub } from "../../../test/helpers/mealieStub.ts";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";
import { mealieBase } from "./mealieServer.ts";

describe("mealieBase", () => {
  it("takes the server's address however the user gives it", () => {
    expect(mealieBase("https://mealie.home/")).toBe("https://mealie.home");
    expect(mealieBase("https://mealie.home/api/recipes?page=2")).toBe("https://mealie.home");
    expect(mealieBase("https://home.test/mealie/g/home/r/soup")).toBe("https://home.test/mealie");
    expect(mealieBase("mealie.home")).toBeNull();
  });
});

describe("import from a live Mealie server", () => {
  let t: TestLadle;
  let mealie: MealieStub;
  let ann: TestUser;
  const TOKEN = "mealie-api-token-1";

  beforeAll(async () => {
    mealie = await startMealieStub(TOKEN);
    t = await startTestLadle({
      config: { Fetch: { AllowPrivateHosts: ["127.0.0.1"], PerDomainIntervalMs: 0, MaxRetries: 0 } },
    });
    ann = await createTestUser(t, { name: "ann" });
  });
  afterAll(async () => {
    await t?.close();
    await mealie?.close();
  });

  const start = (server: string, token: string, policy = "commit_clean") =>
    t.json("POST", "/api/collections", { mealie: { server, token }, policy }, ann.headers);
  const waitDone = async (id: string) => {
    for (;;) {
      const r = await t.json("GET", `/api/collections/${id}`, undefined, ann.headers);
      if (["completed", "cancelled", "failed"].includes(r.body.status)) return r.body;
      await new Promise((res) => setTimeout(res, 25));
    }
  };
  const report = async (id: string) =>
    (await t.json("GET", `/api/collections/${id}/report`, undefined, ann.headers)).body;

  it("lists every page of recipes, fetches each with its picture, and reports the broken one", async () => {
    const started = await start(`${mealie.origin}/api`, TOKEN);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      format: "mealie",
      name: `Mealie at ${new URL(mealie.origin).host}`,
    });
    const done = await waitDone(started.body.id);
    expect(done).toMatchObject({ status: "completed", total: 5, done: 5 });
    expect(done.counts).toMatchObject({ imported: 4, failed: 1 });
    const rep = await report(started.body.id);
    expect(rep.entries.map((e: any) => e.label)).toEqual([
      "Dish 0",
      "Broken Dish",
      "Dish 2",
      "Dish 3",
      "Dish 4",
    ]);
    const broken = rep.entries.find((e: any) => e.label === "Broken Dish");
    expect(broken.reason).toMatch(/Mealie server.*HTTP 500/);
    // The token is never shown back.
    expect(JSON.stringify(rep)).not.toContain(TOKEN);

    const dish0 = rep.entries[0];
    const recipe = await t.json("GET", `/api/recipes/${dish0.resultId}`, undefined, ann.headers);
    expect(recipe.body).toMatchObject({
      name: "Dish 0",
      source: { url: "https://mealie-source.test/dish-0" },
    });
    expect(recipe.body.ingredients.map((i: any) => i.text)).toContain("2 cans chickpeas");
    const img = await t.app.request(recipe.body.imageUrl, { headers: ann.headers });
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/webp");
    const noPic = rep.entries.find((e: any) => e.label === "Dish 2");
    const r2 = await t.json("GET", `/api/recipes/${noPic.resultId}`, undefined, ann.headers);
    expect(r2.body.imageUrl ?? null).toBeNull();
    // Every call carried the token, through the egress gateway (the list was read page by page).
    expect(mealie.hits.get("/api/recipes")).toBe(3);
    expect(mealie.auth.get("/api/recipes")).toBe(`Bearer ${TOKEN}`);

    // Again: every recipe is a duplicate of the one it made.
    const again = await start(mealie.origin, TOKEN);
    const rep2 = await report((await waitDone(again.body.id)).id);
    expect(rep2.entries.filter((e: any) => e.status === "duplicate")).toHaveLength(4);
  });

  it("says in plain words when the server refuses the token", async () => {
    const started = await start(mealie.origin, "wrong");
    await waitDone(started.body.id);
    const rep = await report(started.body.id);
    expect(rep.entries).toHaveLength(1);
    expect(rep.entries[0]).toMatchObject({
      status: "failed",
      reason: expect.stringMatching(/refused the API token/),
    });
  });

  it("refuses a server that is no web address before any job exists", async () => {
    const r = await start("mealie.home", TOKEN);
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/web address/);
  });
});
