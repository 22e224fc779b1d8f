import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Recipe } from "../domain/recipe.ts";
import { extractRecipe } from "./extractRecipe.ts";

// The XSS corpus (test/fixtures/security, from ../shared/corpus/security; sources and licences in
// its README). Ladle keeps recipes as plain text and the web UI renders with textContent only;
// here every vector must leave no element markup and no non-http(s) URL in any extracted field.
const vectors = JSON.parse(
  readFileSync(new URL("../../test/fixtures/security/xss_vectors.json", import.meta.url), "utf8"),
) as string[];

const TAG = /<\/?[a-z][^>]*>|<![a-z-]/i;

function strings(r: Recipe): string[] {
  return [
    r.name,
    r.description,
    r.yield,
    r.cuisine,
    r.dietType,
    r.author,
    ...r.tags,
    ...r.category,
    ...r.ingredients.flatMap((i) => [i.text, i.name, i.notes, i.unit, i.section]),
    ...r.instructions.flatMap((s) => [s.text, s.section]),
    ...Object.values(r.nutrition ?? {}),
  ].filter((x): x is string => typeof x === "string");
}

describe("XSS corpus through extraction", () => {
  it("has the whole corpus", () => expect(vectors).toHaveLength(459));

  it("takes no script URL from Open Graph on pages without structured data", () => {
    const html = `<html><head><meta property="og:image" content="javascript:alert(1)"></head><body><h1>Soup</h1>
<h2>Ingredients</h2><ul><li>1 l stock</li><li>2 leeks</li></ul><h2>Method</h2><ol><li>Simmer.</li></ol></body></html>`;
    const r = extractRecipe({ html, url: "https://site.test/r" });
    expect(r.ok && r.method).toBe("Heuristic");
    expect(r.ok && r.recipe.imageUrl).toBeNull();
  });

  it.each(vectors.map((v, i) => [i, v]))("vector %i leaves no markup in extracted fields", (i, v) => {
    const ld = {
      "@type": "Recipe",
      name: `Soup ${i} ${v}`,
      description: v,
      author: { "@type": "Person", name: v },
      image: [v, "javascript:alert(1)", "https://img.test/ok.jpg"],
      keywords: v,
      recipeIngredient: [`2 cups ${v}`, v],
      recipeInstructions: [v, { "@type": "HowToStep", text: `Stir. ${v}` }],
    };
    const html = `<html><head><meta property="og:image" content="javascript:alert(1)"><script type="application/ld+json">${JSON.stringify(ld).replace(/</g, "\\u003c")}</script></head>
<body><h1>${v}</h1><div class="wprm-recipe-container"><h2 class="wprm-recipe-name">${v}</h2>
<div class="wprm-recipe-ingredients-container"><ul><li class="wprm-recipe-ingredient">${v}</li></ul></div></div>${v}</body></html>`;
    const r = extractRecipe({ html, url: "https://site.test/r" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    for (const s of strings(r.recipe)) expect(s, `vector ${i}`).not.toMatch(TAG);
    expect(r.recipe.imageUrl === null || /^https?:\/\//.test(r.recipe.imageUrl)).toBe(true);
    for (const a of r.alternates) for (const s of strings(a)) expect(s).not.toMatch(TAG);
  });
});
