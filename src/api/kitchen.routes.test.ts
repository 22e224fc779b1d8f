import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, type TestUser } from "../../test/helpers/users.ts";
import { startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";
import { parseIngredientList } from "../extract/ingredients.ts";
import { zRecipe, zStoredRecipe } from "../domain/recipe.ts";
import { RecipesRepo } from "../storage/recipes.repo.ts";

// The kitchen over HTTP: a recipe scaled and converted, a week's plan, its shopping list checked
// off by another member of the library, the pantry, and a public link its owner turns off. Another
// user's plan, list and links answer 404.

let t: TestLadle;
let alice: TestUser;
let bob: TestUser;
let eve: TestUser;
let pancakes: string;
let soup: string;
let home: string;

async function saveRecipe(owner: TestUser, name: string, servings: number, lines: string[], steps: string[]) {
  const id = randomUUID();
  const at = new Date();
  const doc = zRecipe.parse({
    name,
    servings,
    ingredients: parseIngredientList(lines),
    instructions: steps.map((text) => ({ text })),
  });
  await new RecipesRepo(t.ladle.database.db).insert({
    id,
    name,
    // The whole stored recipe, as a commit writes it (GET /api/recipes/{id} answers the document).
    document: zStoredRecipe.parse({
      ...doc,
      id,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
      taskId: null,
    }),
    sourceUrl: null,
    sourceUrlKey: null,
    taskId: null,
    at,
    ownerId: owner.id,
  });
  return id;
}

beforeAll(async () => {
  t = await startTestLadle({ worker: false });
  alice = await createTestUser(t, { name: "alice" });
  bob = await createTestUser(t, { name: "bob" });
  eve = await createTestUser(t, { name: "eve" });
  // Bob shares Alice's household library.
  home = (await t.ladle.users.createLibrary(alice.id, "Home")).id;
  const added = await t.ladle.users.addMember(alice.id, home, "bob", "member");
  if (!added.ok) throw new Error(added.message);
  pancakes = await saveRecipe(
    alice,
    "Pancakes",
    4,
    ["2 cups all-purpose flour", "2 tbsp sugar", "2 large eggs", "1 1/2 cups milk", "Salt to taste"],
    ["Heat the griddle to 375°F.", "Whisk the flour, sugar, eggs and milk.", "Cook 2-3 minutes a side."],
  );
  soup = await saveRecipe(
    alice,
    "Soup",
    2,
    ["1 onion, chopped", "2 cloves garlic", "500 ml stock", "1 cup milk", "salt"],
    ["Soften the onion and garlic for 5 minutes.", "Add the stock and milk and simmer 20 minutes."],
  );
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/recipes/{id} scaled and converted", () => {
  it("scales by servings and converts to metric", async () => {
    const r = await t.json(
      "GET",
      `/api/recipes/${pancakes}?servings=8&units=metric`,
      undefined,
      alice.headers,
    );
    expect(r.status).toBe(200);
    expect(r.body.scaling).toMatchObject({ factor: 2, servings: 8, units: "metric", basis: "servings" });
    expect(r.body.ingredients.map((i: { display: string }) => i.display)).toEqual([
      "500 g all-purpose flour",
      "4 tbsp sugar",
      "4 large eggs",
      "720 ml milk",
      "Salt to taste",
    ]);
    expect(r.body.instructions[0].text).toBe("Heat the griddle to 190°C.");
    expect(r.body.instructions[2].timers[0]).toMatchObject({ seconds: 120, maxSeconds: 180 });
    expect(r.body.instructions[1].ingredients).toEqual([0, 1, 2, 3]);
  });

  it("scales to what the cook has, and says what is wrong with a bad request", async () => {
    const r = await t.json("GET", `/api/recipes/${pancakes}?ingredient=2&have=3`, undefined, alice.headers);
    expect(r.body.scaling.factor).toBe(1.5);
    const bad = await t.json("GET", `/api/recipes/${pancakes}?units=imperial`, undefined, alice.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("SCALE_INVALID");
    const plain = await t.json("GET", `/api/recipes/${pancakes}`, undefined, alice.headers);
    expect(plain.body.scaling).toBeUndefined();
  });
});

describe("meal plan and shopping list", () => {
  it("plans a week, builds its shopping list, and shares it with the library's members only", async () => {
    const add = (day: string, recipeId: string, servings?: number) =>
      t.json(
        "POST",
        "/api/plans",
        { day, recipeId, libraryId: home, ...(servings ? { servings } : {}) },
        alice.headers,
      );
    expect((await add("2026-06-01", pancakes)).status).toBe(201);
    expect((await add("2026-06-02", soup, 4)).status).toBe(201);
    const outside = await add("2026-06-10", soup);
    expect(outside.status).toBe(201);

    const week = await t.json("GET", "/api/plans?from=2026-06-01&to=2026-06-07", undefined, bob.headers);
    expect(week.body.meals.map((m: { recipeName: string }) => m.recipeName)).toEqual(["Pancakes", "Soup"]);
    const eveWeek = await t.json("GET", "/api/plans?from=2026-06-01&to=2026-06-07", undefined, eve.headers);
    expect(eveWeek.body.meals).toEqual([]);
    expect((await t.json("DELETE", `/api/plans/${outside.body.id}`, undefined, eve.headers)).status).toBe(
      404,
    );
    expect((await t.json("DELETE", `/api/plans/${outside.body.id}`, undefined, bob.headers)).status).toBe(
      200,
    );
    // Eve cannot plan Alice's recipe.
    expect(
      (await t.json("POST", "/api/plans", { day: "2026-06-01", recipeId: soup }, eve.headers)).status,
    ).toBe(404);

    expect(
      (await t.json("POST", "/api/pantry", { name: "Salt", libraryId: home }, alice.headers)).status,
    ).toBe(201);
    const made = await t.json(
      "POST",
      "/api/shopping-lists",
      { from: "2026-06-01", to: "2026-06-07", libraryId: home },
      alice.headers,
    );
    expect(made.status).toBe(201);
    const items = made.body.items as { id: string; text: string; pantry: boolean; aisle: string }[];
    const text = (needle: string) => items.find((i) => i.text.includes(needle))?.text;
    // Milk: 1½ cups for pancakes + 1 cup × 2 for the soup at 4 servings.
    expect(text("milk")).toBe("3½ cups milk");
    expect(text("garlic")).toBe("4 cloves garlic");
    expect(items.find((i) => /^salt/i.test(i.text))?.pantry).toBe(true);

    // Bob, a member, ticks a line; Eve cannot see or tick it.
    const flour = items.find((i) => i.text.includes("flour"))!;
    const path = `/api/shopping-lists/${made.body.id}/items/${flour.id}`;
    expect((await t.json("PATCH", path, { checked: true }, eve.headers)).status).toBe(404);
    expect((await t.json("GET", `/api/shopping-lists/${made.body.id}`, undefined, eve.headers)).status).toBe(
      404,
    );
    expect((await t.json("PATCH", path, { checked: true }, bob.headers)).status).toBe(200);
    const seen = await t.json("GET", `/api/shopping-lists/${made.body.id}`, undefined, alice.headers);
    expect(seen.body.items.find((i: { id: string }) => i.id === flour.id).checked).toBe(true);
    expect((await t.json("GET", "/api/shopping-lists", undefined, eve.headers)).body.lists).toEqual([]);

    const res = await t.app.request(`/api/shopping-lists/${made.body.id}/text`, { headers: bob.headers });
    const exported = await res.text();
    // The dates as the plan screen says them, not as the API takes them.
    expect(exported).toMatch(/^Shopping for Jun 1 – Jun 7\n/);
    expect(exported).toContain("[x] 2 cups all-purpose flour");
    expect(exported).not.toMatch(/\bsalt\b/i);
    // Its aisles in the language asked for, else in the reader's own from their settings.
    const inGerman = await t.app.request(`/api/shopping-lists/${made.body.id}/text?lang=de`, {
      headers: bob.headers,
    });
    expect(await inGerman.text()).toMatch(/\nBackzutaten\n/);
    expect((await t.json("PATCH", "/api/session/settings", { language: "fr" }, bob.headers)).status).toBe(
      200,
    );
    const inFrench = await t.app.request(`/api/shopping-lists/${made.body.id}/text`, {
      headers: bob.headers,
    });
    expect(await inFrench.text()).toMatch(/\nPâtisserie\n/);
    await t.json("PATCH", "/api/session/settings", { language: null }, bob.headers);
  });

  it("builds a list from chosen recipes at their servings", async () => {
    const r = await t.json(
      "POST",
      "/api/shopping-lists",
      {
        recipes: [{ recipeId: pancakes, servings: 2 }, { recipeId: soup }],
        units: "metric",
        excludePantry: false,
      },
      alice.headers,
    );
    expect(r.status).toBe(201);
    expect(r.body.items.find((i: { text: string }) => i.text.includes("milk")).text).toBe("420 ml milk");
    // The name Ladle gives it is in the language asked in (the web app's), else English.
    expect(r.body.name).toMatch(/^Shopping for /);
    const inGerman = await t.json(
      "POST",
      "/api/shopping-lists",
      { recipes: [{ recipeId: soup }], units: "metric", excludePantry: false },
      { ...alice.headers, "accept-language": "de-DE,de;q=0.9" },
    );
    expect(inGerman.body.name).toMatch(/^Einkauf für /);
    expect(
      (await t.json("POST", "/api/shopping-lists", { recipes: [{ recipeId: soup }] }, eve.headers)).status,
    ).toBe(404);
  });
});

describe("public recipe links", () => {
  it("opens a recipe read-only from an unguessable link until its owner turns it off", async () => {
    const made = await t.json("POST", "/api/recipe-shares", { recipeId: pancakes }, alice.headers);
    expect(made.status).toBe(201);
    const url: string = made.body.url;
    // 32 random bytes: 43 base64url characters.
    expect(url).toMatch(/^\/shared\/[A-Za-z0-9_-]{43}$/);
    const open = await t.app.request(url);
    expect(open.status).toBe(200);
    expect(open.headers.get("x-robots-tag")).toContain("noindex");
    const body = await open.text();
    expect(body).toContain("<h1>Pancakes</h1>");
    expect(body).toContain("2 cups all-purpose flour");
    expect(body).toContain("<h2>Ingredients</h2>");
    // A reader whose browser asks in German reads Ladle's own words in German (the recipe's as written).
    const inGerman = await (
      await t.app.request(url, { headers: { "accept-language": "de-DE,de;q=0.9" } })
    ).text();
    expect(inGerman).toContain('<html lang="de">');
    expect(inGerman).toContain("<h2>Zutaten</h2>");
    expect(inGerman).toContain("Geteilt aus Ladle. Nur zum Lesen.");
    expect(inGerman).toMatch(/Für \d+ Personen/);
    expect(inGerman).not.toMatch(/Serves|Ingredients|Read only/);

    // Nobody else can list or turn off the link; a guessed token opens nothing.
    expect(
      (await t.json("DELETE", `/api/recipe-shares/${made.body.id}`, undefined, eve.headers)).status,
    ).toBe(404);
    expect((await t.json("POST", "/api/recipe-shares", { recipeId: pancakes }, eve.headers)).status).toBe(
      404,
    );
    expect((await t.app.request(`/shared/${"A".repeat(43)}`)).status).toBe(404);
    const listed = await t.json("GET", `/api/recipe-shares?recipeId=${pancakes}`, undefined, alice.headers);
    expect(listed.body.shares).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(url.split("/").pop());

    expect(
      (await t.json("DELETE", `/api/recipe-shares/${made.body.id}`, undefined, alice.headers)).status,
    ).toBe(200);
    const after = await t.app.request(url);
    expect(after.status).toBe(404);
    expect(await after.text()).toContain("does not exist or was turned off");
    const offInFrench = await t.app.request(url, { headers: { "accept-language": "fr" } });
    expect(await offInFrench.text()).toContain("Ce lien ne fonctionne pas");
  });

  it("a link ends when its recipe is deleted, and restoring the recipe from the trash does not bring it back", async () => {
    const made = await t.json("POST", "/api/recipe-shares", { recipeId: soup }, alice.headers);
    expect(made.status).toBe(201);
    expect((await t.app.request(made.body.url)).status).toBe(200);
    expect((await t.json("DELETE", `/api/recipes/${soup}`, undefined, alice.headers)).status).toBe(200);
    expect((await t.app.request(made.body.url)).status).toBe(404);
    expect((await t.json("POST", `/api/recipes/${soup}/restore`, {}, alice.headers)).status).toBe(200);
    expect((await t.app.request(made.body.url)).status).toBe(404);
    const listed = await t.json("GET", `/api/recipe-shares?recipeId=${soup}`, undefined, alice.headers);
    expect(listed.body.shares).toEqual([]);
  });
});
