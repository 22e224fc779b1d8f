// Titles under a story's headline (issue 50, "title: a heading other than the dish"): a newspaper
// heads its page with a sentence about the recipe and names the dish in a heading over the list.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { isStoryHeadline } from "./headlineDish.ts";

const title = (html: string) => {
  const r = extractRecipe({ html, url: "https://newstest.com/food/2024/vegan-noodles" });
  return r.ok ? r.recipe.name : r.code;
};

const page = (h1: string, h2: string) => `<html><head><title>${h1} | Food</title></head><body>
<h1>${h1}</h1><p>Dinner and a film is how we end the week, and this bowl is a great match.</p>
<h2>${h2}</h2><p>Prep 10 min<br>Cook 40 min<br>Serves 4</p>
<p><strong>225g smoked tofu</strong>, drained<br><strong>4 tbsp cornflour</strong><br>
<strong>250g ramen noodles</strong><br><strong>300g broccoli</strong>, trimmed</p>
<h3>Method</h3><ol><li>Press the tofu with kitchen paper, cut into cubes and toss in the cornflour.</li>
<li>Cook the noodles, fry the tofu until crisp, then toss everything with the broccoli.</li></ol>
<h2>Most viewed</h2></body></html>`;

describe("title: the dish under a story's headline", () => {
  it("is the heading over the ingredient lines, not the headline", () => {
    expect(
      title(
        page(
          "Meera's vegan recipe for ram-don noodles, with smoked tofu and broccoli",
          "Ram-don with smoked tofu",
        ),
      ),
    ).toBe("Ram-don with smoked tofu");
  });

  it("a dish's name in title case stays the title", () => {
    expect(title(page("Easy Ram-Don Noodles Recipe for Busy Weeknights", "Ram-don with smoked tofu"))).toBe(
      "Easy Ram-Don Noodles Recipe for Busy Weeknights",
    );
  });

  it("a heading sharing no word with the headline is no dish's name", () => {
    expect(
      title(
        page("Meera's vegan recipe for ram-don noodles, with smoked tofu and broccoli", "Our weekly box"),
      ),
    ).toBe("Meera's vegan recipe for ram-don noodles, with smoked tofu and broccoli");
  });

  it("tells a sentence from title case", () => {
    expect(isStoryHeadline("Double take: a twice-cooked broccoli recipe direct from Rome")).toBe(true);
    expect(isStoryHeadline("Zucchini Relish Recipe for Canning")).toBe(false);
    expect(isStoryHeadline("Chilli con carne recipe")).toBe(false);
  });
});
