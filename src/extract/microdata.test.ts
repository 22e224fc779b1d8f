import { describe, expect, it } from "vitest";
import { parseHtml } from "./dom.ts";
import { findMicrodataRecipes, renderedText } from "./microdata.ts";
import { findRdfaRecipes } from "./rdfa.ts";

const recipe = (body: string) =>
  findMicrodataRecipes(parseHtml(`<div itemscope itemtype="https://schema.org/Recipe">${body}</div>`))[0]!;

describe("renderedText", () => {
  it("collapses source line wraps and breaks lines only at blocks", () => {
    const doc = parseHtml("<ol><li>Roast for an hour,\n     turning twice.</li><li>Serve.</li></ol>");
    expect(renderedText(doc)).toBe("Roast for an hour, turning twice.\nServe.");
  });
});

describe("findMicrodataRecipes", () => {
  it("reads an <ol> of steps, one line per <li>", () => {
    const r = recipe(`<ol itemprop="recipeInstructions">
      <li>Heat the oven.</li>
      <li>Roast until the
          edges are golden.</li></ol>`);
    expect(r.recipeInstructions).toBe("Heat the oven.\nRoast until the edges are golden.");
  });

  it("takes a linked author's name rather than the link, and a lazy image's real address", () => {
    const r = recipe(
      `<a itemprop="author" href="/about/">Ann Lee</a>` +
        `<img itemprop="image" src="data:image/gif;base64,R0lGOD" data-src="/img/real.jpg">`,
    );
    expect(r.author).toBe("Ann Lee");
    expect(r.image).toBe("/img/real.jpg");
  });

  it("keeps a nested item's properties out of the recipe", () => {
    const r = recipe(
      `<span itemprop="name">Soup</span><div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating"><span itemprop="name">Rating</span></div>`,
    );
    expect(r.name).toBe("Soup");
  });
});

describe("findMicrodataRecipes, group headings and old vocabularies", () => {
  it("ends headings inside a list property with a colon so they read as group names", () => {
    const r = recipe(
      `<h2 itemprop="name">Satay</h2><div itemprop="recipeInstructions"><h4>For the sauce</h4><p>Warm it.</p></div>`,
    );
    expect(r.name).toBe("Satay");
    expect(r.recipeInstructions).toBe("For the sauce:\nWarm it.");
  });

  it("reads data-vocabulary.org recipes under schema.org names", () => {
    const doc = parseHtml(`<div itemscope itemtype="http://data-vocabulary.org/Recipe">
      <span itemprop="name">Crisp</span><img itemprop="photo" src="/c.jpg"><p itemprop="summary">Good.</p>
      <span itemprop="yield">8 servings</span>
      <li itemprop="ingredient" itemscope itemtype="http://data-vocabulary.org/RecipeIngredient">
        <span itemprop="amount">1 cup</span> <span itemprop="name">oats</span></li>
      <div itemprop="instructions"><ol><li>Mix.</li><li>Bake.</li></ol></div></div>`);
    expect(findMicrodataRecipes(doc)[0]).toMatchObject({
      name: "Crisp",
      image: "/c.jpg",
      description: "Good.",
      recipeYield: "8 servings",
      recipeIngredient: "1 cup oats",
      recipeInstructions: "Mix.\nBake.",
    });
  });
});

describe("findMicrodataRecipes, items without text properties", () => {
  it("gives a HowToStep and a Person their own text when no property holds it", () => {
    const r = recipe(
      `<span itemprop="author" itemscope itemtype="https://schema.org/Person">Mabel Stroud</span>` +
        `<li itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep"><meta itemprop="position" content="1">Cook the leeks.</li>`,
    );
    expect(r.author).toMatchObject({ name: "Mabel Stroud" });
    expect(r.recipeInstructions).toMatchObject({ position: "1", text: "Cook the leeks." });
  });
});

describe("findRdfaRecipes", () => {
  it("reads text properties of links as text", () => {
    const doc = parseHtml(
      `<div vocab="https://schema.org/" typeof="Recipe"><a property="author" href="/me/">Wynn</a><a property="url" href="/r/">here</a></div>`,
    );
    expect(findRdfaRecipes(doc)[0]).toMatchObject({ author: "Wynn", url: "/r/" });
  });
});
