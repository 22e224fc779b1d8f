import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { zRecipe } from "../../domain/recipe.ts";
import type { SearchResult } from "../../domain/search.ts";
import { parseIngredientList } from "../../extract/ingredients.ts";
import { RecipesRepo } from "../../storage/recipes.repo.ts";

// Recipes searched in their own language: a German recipe is stemmed in German, so an inflected
// word finds it; an English one still answers to English words. PGlite and PostgreSQL alike.

let t: TestLadle;
let ann: TestUser;
const ids: Record<string, string> = {};

async function saveRecipe(key: string, name: string, lines: string[], steps: string[], pageLang?: string) {
  const id = randomUUID();
  const doc = zRecipe.parse({
    name,
    ingredients: parseIngredientList(lines),
    instructions: steps.map((text) => ({ text })),
  });
  await new RecipesRepo(t.ladle.database.db).insert({
    id,
    name,
    document: { ...doc, id },
    sourceUrl: `https://example.com/${key}`,
    sourceUrlKey: null,
    taskId: null,
    at: new Date(),
    ownerId: ann.id,
    pageLang: pageLang ?? null,
  });
  ids[key] = id;
}

async function found(q: string): Promise<string[]> {
  const res = await t.app.request(`/api/search?${new URLSearchParams({ q, type: "recipe" })}`, {
    headers: ann.headers,
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as SearchResult;
  return body.items.map((h) => Object.keys(ids).find((k) => ids[k] === h.id) ?? h.id);
}

beforeAll(async () => {
  t = await startTestLadle({ worker: false });
  ann = await createTestUser(t, { name: "ann" });
  await saveRecipe(
    "suppe",
    "Kartoffelsuppe mit Zwiebeln",
    ["500 g Kartoffeln", "2 Zwiebeln", "1 l Gemüsebrühe"],
    [
      "Die Zwiebeln schneiden und in der Butter andünsten.",
      "Die Kartoffeln dazu geben und mit der Brühe 20 Minuten kochen.",
    ],
  );
  await saveRecipe(
    "soup",
    "Potato Soup with Onions",
    ["500 g potatoes", "2 onions", "1 l vegetable stock"],
    [
      "Chop the onions and soften them in the butter.",
      "Add the potatoes and the stock and simmer for 20 minutes.",
    ],
  );
  // The page said French; its few words would not have.
  await saveRecipe("tarte", "Tarte aux pommes", ["4 pommes"], ["Cuire."], "fr-FR");
});

afterAll(async () => {
  await t?.close();
});

describe("recipes searched in their own language", () => {
  it("keeps each recipe's language: from its words, else what the page said", async () => {
    const rows = await t.ladle.database.db.selectFrom("recipes").select(["id", "lang"]).execute();
    const lang = (k: string) => rows.find((r) => r.id === ids[k])?.lang;
    expect(lang("suppe")).toBe("de");
    expect(lang("soup")).toBe("en");
    expect(lang("tarte")).toBe("fr");
  });

  it("finds the German recipe by an inflected word", async () => {
    expect(await found("Zwiebel")).toEqual(["suppe"]);
    expect(await found("Kartoffel Zwiebel")).toEqual(["suppe"]);
    expect(await found("schneiden")).toEqual(["suppe"]);
  });

  it("still finds the English recipe by English words, singular or plural", async () => {
    expect(await found("onions")).toEqual(["soup"]);
    expect(await found("onion")).toEqual(["soup"]);
    expect(await found("potato")).toEqual(["soup"]);
  });

  it("stems the French recipe in French", async () => {
    expect(await found("pomme")).toEqual(["tarte"]);
  });
});
