// The site's name a page's title gives after the dish, read as the author of a recipe that names
// none (issue 50: "author not read though the page names one"): with its edition in brackets
// ("… | Cook Test (UK)"), the name is the site's without the edition.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { titledSiteName } from "./siteName.ts";

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
    // Another name in brackets is no edition of this site's.
    expect(titledSiteName("Creamy Kale Salad | Cook (Test Kitchen)", "https://cooktest.com/x")).toBeNull();
  });

  it("names the publication of a recipe that names no writer", () => {
    expect(author("Creamy Kale Salad | Cook Test (UK)")).toBe("Cook Test");
    expect(author("Creamy Kale Salad | Cook Test")).toBe("Cook Test");
  });
});
