// Pages that hold several schema.org recipes, written for these tests (no copy of a real site).

const recipe = (name: string, extra: Record<string, unknown> = {}) => ({
  "@type": "Recipe",
  name,
  recipeIngredient: [`200 g ${name.toLowerCase()} base`, "1 tsp salt", "2 tbsp olive oil"],
  recipeInstructions: [
    { "@type": "HowToStep", text: `Warm the oil and stir in the ${name.toLowerCase()} base.` },
    { "@type": "HowToStep", text: "Season with the salt, cover and let it rest before serving." },
  ],
  recipeYield: "4 servings",
  ...extra,
});

/** A menu page: an @graph with a WebPage and three Recipes. */
export function graphPage(origin = "https://menu.test"): string {
  const ld = {
    "@context": "https://schema.org",
    "@graph": [
      { "@type": "WebPage", "@id": `${origin}/menu`, name: "A summer menu" },
      recipe("Chilled Tomato Soup", { image: `${origin}/soup.jpg` }),
      recipe("Grilled Courgettes"),
      recipe("Lemon Posset"),
    ],
  };
  return `<!doctype html><html><head><meta charset="utf-8"><title>A summer menu</title>
<link rel="canonical" href="${origin}/menu">
<script type="application/ld+json">${JSON.stringify(ld)}</script></head>
<body><h1>A summer menu</h1><p>Three dishes for a warm evening.</p></body></html>`;
}

/** A page with two microdata recipes and no JSON-LD. */
export const MICRODATA_TWO = `<!doctype html><html><head><meta charset="utf-8"><title>Two breads</title></head><body>
${["Soda Bread", "Flatbread"]
  .map(
    (n) => `<article itemscope itemtype="https://schema.org/Recipe">
  <h2 itemprop="name">${n}</h2>
  <ul><li itemprop="recipeIngredient">500 g flour</li><li itemprop="recipeIngredient">1 tsp salt</li>
  <li itemprop="recipeIngredient">300 ml buttermilk</li></ul>
  <ol><li itemprop="recipeInstructions">Mix the flour, the salt and the buttermilk into a soft dough.</li>
  <li itemprop="recipeInstructions">Shape it and bake until it sounds hollow underneath.</li></ol>
</article>`,
  )
  .join("\n")}
</body></html>`;
