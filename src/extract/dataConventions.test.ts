// Structured data read as the corpus truth reads it (issue 50: the truth is recipe-scrapers' reading
// of the page's schema.org data): a list of authors credits its first, a yield range is its top only
// when written "4-6" or "4 to 6". Each case failed before its rule.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { authorName } from "./schemaRecipe.ts";
import { parseYield } from "./yields.ts";

const ctx = { baseUrl: "https://cook.test/", byId: new Map<string, Record<string, unknown>>() };

function page(recipe: Record<string, unknown>): string {
  const data = {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Lemon Cake",
    recipeIngredient: ["1 cup flour", "2 lemons"],
    recipeInstructions: [{ "@type": "HowToStep", text: "Mix and bake." }],
    ...recipe,
  };
  return `<html><head><script type="application/ld+json">${JSON.stringify(data)}</script></head><body><h1>Lemon Cake</h1></body></html>`;
}

describe("a list of authors in structured data", () => {
  it("credits the first named author, not every name joined", () => {
    const two = [
      { "@type": "Person", name: "Ann Lee" },
      { "@type": "Person", name: "Bo Chan" },
    ];
    expect(authorName(two, ctx)).toBe("Ann Lee");
    expect(authorName([{ "@type": "Person", url: "https://cook.test/a/" }, ...two], ctx)).toBe("Ann Lee");
    const r = extractRecipe({ html: page({ author: two }), url: "https://cook.test/lemon-cake" });
    expect(r.ok && r.recipe.author).toBe("Ann Lee");
  });
});

describe("an author that names no one but points at the graph's Person", () => {
  it("reads the Person its @id or url points at, when the reference holds other keys too", () => {
    const person = { "@type": "Person", "@id": "https://cook.test/#/person/ann", name: "Ann Lee" };
    const byId = new Map<string, Record<string, unknown>>([[person["@id"], person]]);
    const c = { ...ctx, byId };
    expect(authorName({ "@type": "Person", "@id": person["@id"], url: "https://cook.test/about/" }, c)).toBe(
      "Ann Lee",
    );
    const withUrl = { ...person, url: "https://cook.test/about/" };
    const byUrl = new Map<string, Record<string, unknown>>([[person["@id"], withUrl]]);
    expect(authorName({ "@type": "Person", url: "https://cook.test/about/" }, { ...ctx, byId: byUrl })).toBe(
      "Ann Lee",
    );
    expect(
      authorName({ "@type": "Person", url: "https://cook.test/nobody/" }, { ...ctx, byId: byUrl }),
    ).toBeNull();
  });
});

describe("a yield range in structured data", () => {
  it("reads an en dash or 'or' range as its first number, a hyphen or 'to' range as its top", () => {
    expect(parseYield("4–6 servings", { data: true }).servings).toBe(4);
    expect(parseYield("Serves 4 or 6", { data: true }).servings).toBe(4);
    expect(parseYield("4 - 6", { data: true }).servings).toBe(4);
    expect(parseYield("4-6 servings", { data: true }).servings).toBe(6);
    expect(parseYield("Serves 2 to 4", { data: true }).servings).toBe(4);
    expect(parseYield(["2-4", "2 - 4 servings"], { data: true }).servings).toBe(4);
    const r = extractRecipe({
      html: page({ recipeYield: "6–8 servings" }),
      url: "https://cook.test/lemon-cake",
    });
    expect(r.ok && r.recipe.servings).toBe(6);
  });

  it("keeps the top of a count in words ('Serves eight to ten') and of a page's printed range", () => {
    expect(parseYield("Serves eight to ten", { data: true }).servings).toBe(10);
    expect(parseYield("Serves 4 or 6").servings).toBe(6);
  });
});
