import { describe, expect, it } from "vitest";
import { findRecipeNodes, parseJsonLdText } from "./jsonld.ts";

const name = (text: string) => (parseJsonLdText(text)[0] as { name?: string } | undefined)?.name;

describe("parseJsonLdText", () => {
  it("repairs JavaScript \\x escapes, doubled commas and markup left after the JSON", () => {
    expect(name(`{"@type":"Recipe","name":"Tom\\x27s Soup"}`)).toBe("Tom's Soup");
    expect(name(`{"@type":"Recipe",,"name":"Pie"}`)).toBe("Pie");
    expect(name(`{"@type":"Recipe","name":"Pie"}\n</div>`)).toBe("Pie");
    expect(name(`var schema = {"@type":"Recipe","name":"Pie"};`)).toBe("Pie");
  });

  it("unwraps CDATA with // comments, HTML comments and reads concatenated objects", () => {
    expect(name(`//<![CDATA[\n{"@type":"Recipe", // note\n"name":"Posset"}\n//]]>`)).toBe("Posset");
    expect(name(`<!-- {"@type":"Recipe","name":"Nana\\'s Bread"} -->`)).toBe("Nana's Bread");
    expect(parseJsonLdText(`{"@type":"WebSite"}\n{"@type":"Recipe","name":"Pie"}`)).toHaveLength(2);
  });

  it("keeps raw line breaks inside strings as line breaks", () => {
    const [r] = parseJsonLdText(`{"@type":"Recipe","recipeInstructions":"Mix.\nBake."}`) as {
      recipeInstructions: string;
    }[];
    expect(r!.recipeInstructions).toBe("Mix.\nBake.");
  });
});

describe("findRecipeNodes", () => {
  it("ranks a full recipe above related-recipe stubs listed before it", () => {
    const { recipes } = findRecipeNodes([
      `[{"@type":"Recipe","name":"Stub","url":"/a/"}]`,
      `{"@type":"Recipe","name":"Main","recipeIngredient":["1 egg"],"recipeInstructions":"Boil."}`,
    ]);
    expect(recipes.map((r) => r.name)).toEqual(["Main", "Stub"]);
  });

  it("prefers, among equally complete recipes, the one describing the page", () => {
    const full = (name: string, url: string) =>
      JSON.stringify({
        "@type": "Recipe",
        name,
        url,
        recipeIngredient: ["1 egg"],
        recipeInstructions: "Boil.",
      });
    const scripts = [
      `[${full("Sidebar", "https://site.test/other/")},${full("Main", "https://www.site.test/main")}]`,
    ];
    expect(findRecipeNodes(scripts, "https://site.test/main/#recipe").recipes[0]!.name).toBe("Main");
    expect(findRecipeNodes(scripts).recipes[0]!.name).toBe("Sidebar");
  });

  it("finds recipes inside a top-level array, mainEntity and ItemList items", () => {
    const { recipes } = findRecipeNodes([
      `[{"@type":"Organization"},{"@type":"WebPage","mainEntity":{"@type":"Recipe","name":"A"}}]`,
      `{"@type":"ItemList","itemListElement":[{"@type":"ListItem","item":{"@type":["Recipe","NewsArticle"],"name":"B"}}]}`,
    ]);
    expect(recipes.map((r) => r.name)).toEqual(["A", "B"]);
  });
});
