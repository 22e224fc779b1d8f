import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { zRecipe } from "../../domain/recipe.ts";
import type { SearchResult } from "../../domain/search.ts";
import { parseIngredientList } from "../../extract/ingredients.ts";
import { ItemsRepo } from "../../storage/items.repo.ts";
import { RecipesRepo } from "../../storage/recipes.repo.ts";

// Search as a cook uses it: the best match first, typos forgiven, "with chickpeas and
// no dairy", articles and bookmarks beside recipes, pages that never repeat, and nothing of
// another user's unless a library shares it. Runs on PGlite and on the PostgreSQL server alike.

let t: TestLadle;
let ann: TestUser;
let bob: TestUser;
let cy: TestUser;
const ids: Record<string, string> = {};

async function saveRecipe(
  owner: TestUser,
  key: string,
  r: {
    name: string;
    lines: string[];
    steps?: string[];
    tags?: string[];
    cuisine?: string;
    minutes?: number;
    description?: string;
  },
) {
  const id = randomUUID();
  const doc = zRecipe.parse({
    name: r.name,
    description: r.description ?? null,
    ingredients: parseIngredientList(r.lines),
    instructions: (r.steps ?? ["Cook it."]).map((text) => ({ text })),
    tags: r.tags ?? [],
    cuisine: r.cuisine ?? null,
    totalTimeMinutes: r.minutes ?? 0,
  });
  await new RecipesRepo(t.ladle.database.db).insert({
    id,
    name: r.name,
    document: { ...doc, id },
    sourceUrl: `https://example.com/${key}`,
    sourceUrlKey: null,
    taskId: null,
    at: new Date(),
    ownerId: owner.id,
  });
  ids[key] = id;
}

async function saveArticle(owner: TestUser, key: string, title: string, body: string) {
  const id = randomUUID();
  const db = t.ladle.database.db;
  const at = new Date();
  await db
    .insertInto("media")
    .values({
      id,
      kind: "web_article",
      source_url: `https://news.example/${key}`,
      canonical_url: `https://news.example/${key}`,
      title,
      byline: null,
      excerpt: body.slice(0, 80),
      site_name: "News Example",
      lang: "en",
      published_time: null,
      processing_status: "ready_for_reading",
      failure_code: null,
      failure_message: null,
      failure_details_json: null,
      created_by: owner.id,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto("fragments")
    .values({
      id: randomUUID(),
      media_id: id,
      ordinal: 0,
      html_sanitized: `<p>${body}</p>`,
      canonical_text: body,
      created_at: at,
    })
    .execute();
  await db
    .insertInto("library_media")
    .values({ library_id: owner.defaultLibraryId, media_id: id, added_by: owner.id, created_at: at })
    .execute();
  ids[key] = id;
}

async function saveBookmark(owner: TestUser, key: string, title: string, url: string) {
  const id = randomUUID();
  await new ItemsRepo(t.ladle.database.db).insert({
    id,
    userId: owner.id,
    libraryId: null,
    url,
    normalizedUrl: url,
    title,
    excerpt: null,
    titleLocked: false,
    excerptLocked: false,
    previewImageUrl: null,
    pageKind: "other",
    status: "succeeded",
    error: null,
    enrichedAt: new Date(),
    at: new Date(),
  });
  ids[key] = id;
}

async function search(who: TestUser, query: Record<string, string>) {
  const res = await t.app.request(`/api/search?${new URLSearchParams(query)}`, { headers: who.headers });
  return { status: res.status, body: (await res.json()) as SearchResult & { code?: string } };
}
const hitKeys = (r: SearchResult) =>
  r.items.map((h) => Object.keys(ids).find((k) => ids[k] === h.id) ?? h.id);

beforeAll(async () => {
  t = await startTestLadle({ worker: false });
  ann = await createTestUser(t, { name: "ann" });
  bob = await createTestUser(t, { name: "bob" });
  cy = await createTestUser(t, { name: "cy" });
  await saveRecipe(ann, "curry", {
    name: "Chickpea Curry",
    lines: ["2 cans chickpeas, drained", "1 can coconut milk", "1 onion", "2 tbsp curry powder"],
    tags: ["Vegan", "Dinner"],
    cuisine: "Indian",
    minutes: 35,
  });
  await saveRecipe(ann, "korma", {
    name: "Chickpea Korma",
    lines: ["1 can chickpeas", "1/2 cup heavy cream", "2 tbsp butter", "1 onion"],
    tags: ["Dinner"],
    cuisine: "Indian",
    minutes: 50,
  });
  await saveRecipe(ann, "hummus", {
    name: "Hummus",
    lines: ["1 can chickpeas", "3 tbsp tahini", "1 lemon", "1 garlic clove"],
    tags: ["Snack"],
    cuisine: "Middle Eastern",
    minutes: 10,
  });
  await saveRecipe(ann, "salad", {
    name: "Green Salad",
    lines: ["1 head lettuce", "2 tbsp olive oil"],
    steps: ["Toss, and serve with chickpea crackers on the side."],
    minutes: 5,
  });
  await saveRecipe(ann, "ragu", {
    name: "Slow Ragu",
    lines: ["500 g pork shoulder", "1 cup whole milk", "1 can tomatoes"],
    minutes: 180,
  });
  await saveRecipe(ann, "gratin", {
    name: "Cauliflower Gratin",
    lines: ["1 cauliflower", "100 g gouda, grated", "50 g comté", "1 tbsp olive oil"],
    minutes: 45,
  });
  for (let i = 0; i < 7; i++)
    await saveRecipe(ann, `soup${i}`, {
      name: `Tomato Soup ${i + 1}`,
      lines: ["4 tomatoes", "1 onion"],
      minutes: 30,
    });
  await saveRecipe(bob, "bobs", { name: "Bob's Secret Chickpea Stew", lines: ["1 can chickpeas"] });
  await saveRecipe(bob, "shared", { name: "Shared Lentil Dal", lines: ["1 cup red lentils"] });
  await saveArticle(
    ann,
    "article",
    "Why chickpeas are the pantry hero",
    "Chickpeas keep for years and cook into stews, curries and hummus.",
  );
  await saveBookmark(
    ann,
    "bookmark",
    "Best knives for a home kitchen",
    "https://knives.example/best-chef-knife",
  );
  // Bob shares his dal into Cy's household library; Cy sees it, Ann does not.
  const lib = (await t.ladle.users.createLibrary(cy.id, "Household")).id;
  const added = await t.ladle.users.addMember(cy.id, lib, "bob", "editor");
  if (!added.ok) throw new Error(added.message);
  await new RecipesRepo(t.ladle.database.db).share(ids.shared!, lib, bob.id, new Date());
});

afterAll(async () => {
  await t?.close();
});

describe("search", () => {
  it("ranks a title match above a recipe that only mentions the word in a step", async () => {
    const { status, body } = await search(ann, { q: "chickpea" });
    expect(status).toBe(200);
    const keys = hitKeys(body);
    expect(keys.slice(0, 3)).toEqual(expect.arrayContaining(["curry", "korma"]));
    expect(keys).toContain("salad");
    expect(keys.indexOf("salad")).toBeGreaterThan(keys.indexOf("curry"));
    expect(body.fuzzy).toBe(false);
    const curry = body.items.find((h) => h.id === ids.curry)!;
    expect(curry.titleParts.some((p) => p.match && /chickpea/i.test(p.text))).toBe(true);
    expect(curry.totalTimeMinutes).toBe(35);
  });

  it("finds recipes, articles and bookmarks together, and counts each kind", async () => {
    const { body } = await search(ann, { q: "chickpeas" });
    expect(body.items.map((h) => h.type)).toEqual(expect.arrayContaining(["recipe", "article"]));
    expect(body.facets.types.article).toBe(1);
    const knives = await search(ann, { q: "knives" });
    expect(hitKeys(knives.body)).toEqual(["bookmark"]);
    const onlyArticles = await search(ann, { q: "chickpeas", type: "article" });
    expect(hitKeys(onlyArticles.body)).toEqual(["article"]);
    expect(onlyArticles.body.items[0]!.snippet.some((p) => p.match)).toBe(true);
  });

  it("forgives typos and finds partial words", async () => {
    const typo = await search(ann, { q: "chikpea curyy" });
    expect(typo.body.fuzzy).toBe(true);
    expect(hitKeys(typo.body)[0]).toBe("curry");
    const partial = await search(ann, { q: "humm" });
    expect(hitKeys(partial.body)).toContain("hummus");
  });

  it('understands "recipes with chickpeas and no dairy"', async () => {
    const { body } = await search(ann, { q: "recipes with chickpeas and no dairy" });
    const keys = hitKeys(body);
    // Coconut milk is not dairy; the korma's cream and butter are.
    expect(keys).toEqual(expect.arrayContaining(["curry", "hummus"]));
    expect(keys).not.toContain("korma");
    expect(keys).not.toContain("article");
    expect(body.understood).toMatchObject({ type: "recipe", with: ["chickpeas"], without: ["dairy"] });
    const params = await search(ann, { q: "", with: "chickpeas", without: "tahini" });
    expect(hitKeys(params.body).sort()).toEqual(["curry", "korma"]);
  });

  it('leaves dairy out of recipes whatever else the query says: "<title word> no dairy"', async () => {
    // A title word alone does not imply recipes, so the article on chickpeas stays in, but the
    // korma (cream, butter) goes: "no dairy" narrows the recipes by their ingredient lines.
    const { body } = await search(ann, { q: "chickpea no dairy" });
    const keys = hitKeys(body);
    expect(keys).toEqual(expect.arrayContaining(["curry", "hummus", "article"]));
    expect(keys).not.toContain("korma");
    expect(body.understood).toMatchObject({ type: null, without: ["dairy"] });
    // Cheeses by their names are dairy too.
    expect(hitKeys((await search(ann, { q: "gratin" })).body)).toEqual(["gratin"]);
    expect(hitKeys((await search(ann, { q: "gratin no dairy" })).body)).toEqual([]);
    const without = await search(ann, { q: "korma without cheese" });
    expect(hitKeys(without.body)).toContain("korma");
  });

  it("the without parameter leaves out butter and cream recipes beside a title word", async () => {
    const { body } = await search(ann, { q: "chickpea", without: "dairy" });
    const keys = hitKeys(body);
    expect(keys).toEqual(expect.arrayContaining(["curry", "hummus"]));
    expect(keys).not.toContain("korma");
    const nothingTyped = await search(ann, { q: "", without: "dairy" });
    expect(hitKeys(nothingTyped.body)).not.toContain("korma");
    expect(hitKeys(nothingTyped.body)).not.toContain("ragu");
    expect(hitKeys(nothingTyped.body)).toContain("curry");
  });

  it('"recipes with chickpeas" looks for chickpeas among recipes, not for the word "recipes"', async () => {
    const { body } = await search(ann, { q: "recipes with pork" });
    expect(hitKeys(body)).toEqual(["ragu"]);
    expect(body.understood).toMatchObject({ type: "recipe", with: ["pork"] });
    const alone = await search(ann, { q: "recipes" });
    expect(alone.body.understood).toMatchObject({ type: null });
  });

  it("filters by time, tag and cuisine and offers them as facets", async () => {
    const quick = await search(ann, { q: "chickpeas under 30 minutes" });
    // The salad (5 min) mentions chickpea crackers in a step: it comes after the hummus.
    expect(hitKeys(quick.body)).toEqual(["hummus", "salad"]);
    const tagged = await search(ann, { q: "chickpea", tag: "dinner" });
    expect(hitKeys(tagged.body).sort()).toEqual(["curry", "korma"]);
    const indian = await search(ann, { q: "", cuisine: "indian" });
    expect(hitKeys(indian.body).sort()).toEqual(["curry", "korma"]);
    const { body } = await search(ann, { q: "chickpeas", type: "recipe" });
    expect(body.facets.cuisines).toEqual(expect.arrayContaining([{ value: "indian", count: 2 }]));
    expect(body.facets.tags).toEqual(expect.arrayContaining([{ value: "dinner", count: 2 }]));
  });

  it("pages by cursor without repeating or skipping", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: Record<string, string> = { q: "tomato soup", limit: "3" };
      if (cursor) q.cursor = cursor;
      const { body } = await search(ann, q);
      seen.push(...body.items.map((h) => h.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const bad = await search(ann, { q: "soup", cursor: "not-a-cursor" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_CURSOR");
    const long = await search(ann, { q: "x".repeat(501) });
    expect(long.status).toBe(400);
  });

  it("never shows another user's things, and shows what a library shares", async () => {
    const anns = await search(ann, { q: "stew" });
    expect(hitKeys(anns.body)).not.toContain("bobs");
    const bobs = await search(bob, { q: "chickpea" });
    expect(hitKeys(bobs.body)).toEqual(["bobs"]);
    expect(bobs.body.facets.types).toEqual({ recipe: 1, article: 0, bookmark: 0 });
    const cys = await search(cy, { q: "dal" });
    expect(hitKeys(cys.body)).toEqual(["shared"]);
    const annDal = await search(ann, { q: "lentil" });
    expect(annDal.body.items).toHaveLength(0);
    const noAuth = await t.app.request("/api/search?q=chickpea");
    expect(noAuth.status).toBe(401);
  });

  it("finds a recipe by its new words after an edit and stops finding it once deleted", async () => {
    await t.ladle.database.db
      .updateTable("recipes")
      .set({ name: "Smoky Chickpea Curry" })
      .where("id", "=", ids.curry!)
      .execute();
    expect(hitKeys((await search(ann, { q: "smoky" })).body)).toEqual(["curry"]);
    await t.ladle.database.db
      .updateTable("recipes")
      .set({ deleted_at: new Date() })
      .where("id", "=", ids.hummus!)
      .execute();
    expect(hitKeys((await search(ann, { q: "hummus" })).body)).not.toContain("hummus");
  });
});
