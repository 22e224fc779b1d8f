// The share card's mid-sized rendition gives way to the widest the page's own srcset serves of it
// (issue 50); a WordPress original beside its sized copies, or a card whose size the page states,
// stays the share card's choice.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const PAGE = (og: string, srcset: string, size = "") => `<html><head>
<meta property="og:image" content="${og}">${size}</head><body>
<h1>Roasted cauliflower tagine</h1>
<picture><source type="image/jpeg" srcset="${srcset}"><img src="/img/placeholder.png" alt=""></picture>
<h2>Ingredients</h2><ul><li>1 cauliflower, in florets</li><li>400 g chickpeas</li><li>2 tbsp harissa</li></ul>
<h2>Method</h2><ol><li>Roast the cauliflower with the harissa until golden at the edges.</li>
<li>Simmer it with the chickpeas for 20 minutes and serve.</li></ol></body></html>`;

const image = (html: string) => {
  const r = extractRecipe({ html, url: "https://cooktest.com/recipes/tagine.html" });
  return r.ok ? r.recipe.imageUrl : r.code;
};

describe("image: the shared picture's widest rendition in the page's srcset", () => {
  it("steps up from the share card's rendition to the widest the page lists (commas without spaces)", () => {
    const set =
      "/img/placeholder.png 8w,/img/tagine_v-small.jpg 256w,/img/tagine_v-contentxl.jpg 1067w,/img/tagine_v-fullhd.jpg 1920w";
    expect(image(PAGE("https://cooktest.com/img/tagine_v-contentxl.jpg", set))).toBe(
      "https://cooktest.com/img/tagine_v-fullhd.jpg",
    );
  });

  it("keeps a WordPress original shared beside a wider sized copy", () => {
    const set = "/up/tagine.jpg 780w, /up/tagine-200x300.jpg 200w, /up/tagine-1024x1536.jpg 1024w";
    expect(image(PAGE("https://cooktest.com/up/tagine.jpg", set))).toBe("https://cooktest.com/up/tagine.jpg");
  });

  it("keeps a sized copy shared beside its original", () => {
    const set = "/up/tagine-scaled-683x1024.jpg 683w, /up/tagine-scaled.jpg 1707w";
    expect(image(PAGE("https://cooktest.com/up/tagine-scaled-683x1024.jpg", set))).toBe(
      "https://cooktest.com/up/tagine-scaled-683x1024.jpg",
    );
  });

  it("keeps a share card whose size the page states", () => {
    const set = "/img/tagine-1200x0.jpg 1200w, /img/tagine-3840x0.jpg 3840w";
    const size = `<meta property="og:image:width" content="1200">`;
    expect(image(PAGE("https://cooktest.com/img/tagine-1200x0.jpg", set, size))).toBe(
      "https://cooktest.com/img/tagine-1200x0.jpg",
    );
  });
});
