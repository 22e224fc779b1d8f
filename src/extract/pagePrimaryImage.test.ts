// The page's stated main picture (issue 50, "image: another picture than the page's main one"): the
// WebPage's primaryImageOfPage that is also the page's og:image wins over the recipe card's other
// photo of the same declared size; a rendition of the same photo and a page sharing two og:images
// are left to the size ranking.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const FEATURED = "https://cook.test/uploads/cake-featured.jpg";
const CARD = "https://cook.test/uploads/cake-card.jpg";

function page(og: string[], primary: string, nested: boolean): string {
  const image = { "@type": "ImageObject", "@id": "https://cook.test/cake/#primaryimage", url: primary };
  const webPage = {
    "@type": "WebPage",
    "@id": "https://cook.test/cake/#webpage",
    // An older SEO plugin's graph sets the ImageObject under the page itself.
    ...(nested ? { image } : {}),
    primaryImageOfPage: { "@id": image["@id"] },
  };
  const recipe = {
    "@type": "Recipe",
    name: "Lemon Cake",
    image: { "@type": "ImageObject", url: CARD, width: 1200, height: 800 },
    recipeIngredient: ["1 cup flour", "2 lemons"],
    recipeInstructions: [{ "@type": "HowToStep", text: "Mix and bake." }],
  };
  const graph = {
    "@context": "https://schema.org",
    "@graph": nested ? [webPage, recipe] : [webPage, image, recipe],
  };
  const metas = og.map(
    (u) => `<meta property="og:image" content="${u}"><meta property="og:image:width" content="1200">
<meta property="og:image:height" content="800">`,
  );
  return `<html><head>${metas.join("")}<script type="application/ld+json">${JSON.stringify(graph)}</script>
</head><body><h1>Lemon Cake</h1></body></html>`;
}

const image = (html: string) => {
  const r = extractRecipe({ html, url: "https://cook.test/cake/" });
  return r.ok ? r.recipe.imageUrl : r.code;
};

describe("image: the page's stated main picture", () => {
  it("is the og:image the WebPage names as its primary image, over the card's other photo", () => {
    expect(image(page([FEATURED], FEATURED, false))).toBe(FEATURED);
    expect(image(page([FEATURED], FEATURED, true))).toBe(FEATURED);
  });

  it("leaves the card's photo where the page names no primary image or shares two", () => {
    expect(image(page([FEATURED], "https://cook.test/uploads/other.jpg", false))).toBe(CARD);
    expect(image(page([FEATURED, "https://cook.test/uploads/cake-2.jpg"], FEATURED, false))).toBe(CARD);
  });

  it("leaves the choice among one photo's renditions to the size ranking", () => {
    const full = "https://cook.test/uploads/cake-card-1536x1024.jpg";
    const html = page([full], full, false).replace(CARD, "https://cook.test/uploads/cake-card.jpg?w=1600");
    expect(image(html)).toBe("https://cook.test/uploads/cake-card.jpg?w=1600");
  });
});
