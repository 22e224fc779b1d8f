// A recipe's name with the site's suffix (issue 50: "title: a page's title with its site suffix"),
// where the site's name as og:site_name or the host spell it does not say so.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const name = (head: string, body: string, graph = "") => {
  const ld = graph
    ? `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[${graph}]}</script>`
    : "";
  const r = extractRecipe({
    html: `<html><head>${head}${ld}</head><body>${body}</body></html>`,
    url: "https://www.cook.test/r/lemon-cake",
  });
  return r.ok ? r.recipe.name : r.code;
};
const recipe = (n: string) =>
  `{"@type":"Recipe","name":${JSON.stringify(n)},"recipeIngredient":["5 eggs","150 g flour"],"recipeInstructions":["Whisk the eggs with the flour and bake."]}`;

describe("a site's suffix after the dish", () => {
  it("is cut when the structured data names a publisher so ('Lemon Cake | Bake Test Kitchen')", () => {
    const org = `{"@type":"Organization","@id":"https://www.cook.test/#org","name":"Bake Test Kitchen"}`;
    expect(name("", "<h1>Lemon Cake</h1>", `${org},${recipe("Lemon Cake | Bake Test Kitchen")}`)).toBe(
      "Lemon Cake",
    );
  });

  it("is cut when it is og:site_name written with or without its accents ('Bon Appétit')", () => {
    const head = `<meta property="og:site_name" content="Bon Appetit">`;
    expect(name(head, "<h1>Lemon Cake</h1>", recipe("Lemon Cake - Bon Appétit"))).toBe("Lemon Cake");
  });

  it("is cut from the shared title a nameless recipe takes when the page's heading is the dish alone", () => {
    const head = `<meta property="og:title" content="Lemon Cake | Bake Test Kitchen">`;
    const nameless = recipe("").replace(`"name":"",`, "");
    expect(name(head, `<h1>Lemon Cake</h1>`, nameless)).toBe("Lemon Cake");
    expect(name(head, `<h1>Lemon Cake | Bake Test Kitchen</h1>`, nameless)).toBe(
      "Lemon Cake | Bake Test Kitchen",
    );
  });

  it("stays in structured data's own name, which the heading does not overrule ('Lasagna | Recipes')", () => {
    expect(name("", "<h1>Lasagna</h1>", recipe("Lasagna | Recipes"))).toBe("Lasagna | Recipes");
  });
});
