// The site's name a page's title gives after the dish, read as the author of a recipe that names
// none (issue 50: "author not read though the page names one"): with its edition in brackets
// ("… | Cook Test (UK)"), the name is the site's without the edition.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { titledSiteName, withoutSiteName } from "./siteName.ts";

const PAGE = (title: string) => `<html><head><title>${title}</title></head><body>
<h1>Creamy kale salad</h1>
<h2>Ingredients</h2><ul><li>200 g kale</li><li>2 tbsp tahini</li><li>1 lemon, juiced</li></ul>
<h2>Method</h2><ol><li>Massage the kale with the lemon juice until it softens.</li>
<li>Whisk the tahini with a little water and toss it through the kale.</li></ol>
</body></html>`;

const author = (title: string) => {
  const r = extractRecipe({ html: PAGE(title), url: "https://www.cooktest.com/recipes/kale-salad" });
  return r.ok ? r.recipe.author : r.code;
};

describe("the site's name in the page's title", () => {
  it("is read without the edition in brackets after it", () => {
    expect(titledSiteName("Creamy Kale Salad | Cook Test (UK)", "https://cooktest.com/x")).toBe("Cook Test");
    expect(titledSiteName("Creamy Kale Salad | Cook Test [AU]", "https://cooktest.com/x")).toBe("Cook Test");
    expect(titledSiteName("Creamy Kale Salad | Cook Test", "https://cooktest.com/x")).toBe("Cook Test");
    // A short host spelt by the name's initials; lower-case words or another name are none.
    expect(titledSiteName("Vegan pasta salad - Allerhande | Albert Heijn", "https://www.ah.nl/x")).toBe(
      "Albert Heijn",
    );
    expect(titledSiteName("Vegan pasta salad | albert heijn", "https://www.ah.nl/x")).toBeNull();
    expect(titledSiteName("Vegan pasta salad | Allerhande", "https://www.ah.nl/x")).toBeNull();
    // Another name in brackets is no edition of this site's.
    expect(titledSiteName("Creamy Kale Salad | Cook (Test Kitchen)", "https://cooktest.com/x")).toBeNull();
  });

  it("names the publication of a recipe that names no writer", () => {
    expect(author("Creamy Kale Salad | Cook Test (UK)")).toBe("Cook Test");
    expect(author("Creamy Kale Salad | Cook Test")).toBe("Cook Test");
  });
});

// A title's site suffix after any dash a page writes (issue 50: "Dish ﹣ Site", U+FE63 small
// hyphen-minus, and the other dashes of Unicode's dash class).
describe("site name after a dash of any kind", () => {
  it("cuts the site's name after a small, full-width or figure dash", () => {
    for (const dash of ["﹣", "－", "‒", "―", "‐", "–"]) {
      expect(withoutSiteName(`Carrot Soup ${dash} Cook Test`, "Cook Test")).toBe("Carrot Soup");
    }
    expect(withoutSiteName("Carrot Soup﹣Cook Test", "Cook Test")).toBe("Carrot Soup");
    expect(titledSiteName("Carrot Soup ﹣ Cook Test", "https://cooktest.com/soup")).toBe("Cook Test");
  });

  it("keeps a hyphen that joins words", () => {
    expect(withoutSiteName("Stir-Fry-Cook Test", "Cook Test")).toBe("Stir-Fry-Cook Test");
  });
});
