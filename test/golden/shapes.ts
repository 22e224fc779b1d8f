// Renders a golden recipe into the page shapes found in the wild (markup written for Ladle).
import { HEADINGS, RECIPES, type GoldenRecipe } from "./recipes.ts";

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const iso = (m: number) =>
  `PT${Math.floor(m / 60) ? `${Math.floor(m / 60)}H` : ""}${m % 60 ? `${m % 60}M` : ""}`;
const minutes = (r: GoldenRecipe, m: number) =>
  r.lang === "de" || r.lang === "nl"
    ? `${m} Minuten`
    : r.lang === "sv"
      ? `${m} minuter`
      : r.lang === "it"
        ? `${m} minuti`
        : r.lang === "es" || r.lang === "pt"
          ? `${m} minutos`
          : `${m} minutes`;

function page(r: GoldenRecipe, head: string, body: string): string {
  return `<!doctype html><html lang="${r.lang}"><head><meta charset="utf-8"><title>${esc(r.name)} | Golden Kitchen</title>
<meta property="og:site_name" content="Golden Kitchen"><meta property="og:title" content="${esc(r.name)}">
<meta property="og:description" content="${esc(r.description)}"><meta property="og:image" content="${r.image}">
<meta name="author" content="${esc(r.author)}">${head}</head>
<body><header><nav><a href="/">Home</a> <a href="/recipes">Recipes</a> <a href="/about">About</a></nav></header>
<main><article>${body}</article></main><aside class="sidebar"><h3>Newsletter</h3><p>Sign up for weekly recipes.</p></aside>
<footer><p>© Golden Kitchen</p></footer></body></html>`;
}

function ld(r: GoldenRecipe, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: r.name,
    description: r.description,
    author: { "@type": "Person", name: r.author },
    image: r.image,
    prepTime: iso(r.prep),
    cookTime: iso(r.cook),
    totalTime: iso(r.total),
    recipeYield: [String(r.servings), r.yieldText],
    recipeIngredient: r.ingredients.map((i) => i.line),
    recipeInstructions: r.steps.map((text) => ({ "@type": "HowToStep", text })),
    ...extra,
  };
}

const story = `<p>We cooked this on a grey afternoon and it disappeared within minutes. It keeps well and reheats even better.</p>`;

export const SHAPES: Record<string, (r: GoldenRecipe) => string> = {
  jsonld: (r) =>
    page(
      r,
      `<script type="application/ld+json">${JSON.stringify(ld(r))}</script>`,
      `<h1>${esc(r.name)}</h1>${story}`,
    ),
  "jsonld-graph": (r) =>
    page(
      r,
      `<script type="application/ld+json">${JSON.stringify({
        "@context": "https://schema.org",
        "@graph": [
          { "@type": "WebSite", "@id": "https://golden.test/#site", name: "Golden Kitchen" },
          { "@type": "Person", "@id": "https://golden.test/#author", name: r.author },
          {
            ...ld(r),
            "@context": undefined,
            author: { "@id": "https://golden.test/#author" },
            image: [
              { "@type": "ImageObject", url: r.image.replace(".jpg", "-small.jpg"), width: 300, height: 200 },
              { "@type": "ImageObject", url: r.image, width: 1200, height: 800 },
            ],
            recipeInstructions: [
              {
                "@type": "HowToSection",
                name: "Method",
                itemListElement: r.steps.map((text) => ({ "@type": "HowToStep", text })),
              },
            ],
          },
        ],
      })}</script>`,
      `<h1>${esc(r.name)}</h1>${story}`,
    ),
  "jsonld-broken": (r) =>
    page(
      r,
      `<script type="application/ld+json">
{
  // exported by an old plugin
  "@context": "https://schema.org", "@type": "Recipe",
  "name": ${JSON.stringify(r.name)},
  "description": "${r.description.replace(". ", ".\n")}",
  "author": ${JSON.stringify(r.author)},
  "image": "${r.image}",
  "prepTime": "${iso(r.prep)}", "cookTime": "${iso(r.cook)}", "totalTime": "${iso(r.total)}",
  "recipeYield": "${r.yieldText}",
  "recipeIngredient": [${r.ingredients.map((i) => JSON.stringify(i.line)).join(",\n")},],
  "recipeInstructions": [${r.steps.map((s) => JSON.stringify(s)).join(",")},],
};
</script>`,
      `<h1>${esc(r.name)}</h1>`,
    ),
  microdata: (r) =>
    page(
      r,
      "",
      `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">${esc(r.name)}</h1>
<p itemprop="description">${esc(r.description)}</p><img itemprop="image" src="${r.image}" alt="">
<p>By <span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">${esc(r.author)}</span></span></p>
<meta itemprop="prepTime" content="${iso(r.prep)}"><meta itemprop="cookTime" content="${iso(r.cook)}"><meta itemprop="totalTime" content="${iso(r.total)}">
<p><span itemprop="recipeYield">${esc(r.yieldText)}</span></p>
<ul>${r.ingredients.map((i) => `<li itemprop="recipeIngredient">${esc(i.line)}</li>`).join("")}</ul>
<ol>${r.steps.map((s) => `<li itemprop="recipeInstructions">${esc(s)}</li>`).join("")}</ol></div>`,
    ),
  rdfa: (r) =>
    page(
      r,
      "",
      `<div vocab="https://schema.org/" typeof="Recipe"><h1 property="name">${esc(r.name)}</h1>
<p property="description">${esc(r.description)}</p><img property="image" src="${r.image}" alt="">
<p property="author" typeof="Person"><span property="name">${esc(r.author)}</span></p>
<meta property="prepTime" content="${iso(r.prep)}"><meta property="cookTime" content="${iso(r.cook)}"><meta property="totalTime" content="${iso(r.total)}">
<span property="recipeYield">${esc(r.yieldText)}</span>
<ul>${r.ingredients.map((i) => `<li property="recipeIngredient">${esc(i.line)}</li>`).join("")}</ul>
<ol>${r.steps.map((s) => `<li property="recipeInstructions">${esc(s)}</li>`).join("")}</ol></div>`,
    ),
  wprm: (r) =>
    page(
      r,
      "",
      `<h1>${esc(r.name)}</h1>${story}<div class="wprm-recipe-container"><div class="wprm-recipe wprm-recipe-template-x">
<h2 class="wprm-recipe-name">${esc(r.name)}</h2><div class="wprm-recipe-summary">${esc(r.description)}</div>
<span class="wprm-recipe-author">${esc(r.author)}</span>
<div class="wprm-recipe-prep_time-container"><span class="wprm-recipe-details-label">Prep Time</span> ${r.prep} mins</div>
<div class="wprm-recipe-cook_time-container"><span class="wprm-recipe-details-label">Cook Time</span> ${r.cook} mins</div>
<div class="wprm-recipe-total_time-container"><span class="wprm-recipe-details-label">Total Time</span> ${r.total} mins</div>
<div class="wprm-recipe-servings-container">Servings: <span class="wprm-recipe-servings">${r.servings}</span></div>
<div class="wprm-recipe-ingredients-container"><h3>Ingredients</h3><ul class="wprm-recipe-ingredients">${r.ingredients.map((i) => `<li class="wprm-recipe-ingredient">${esc(i.line)}</li>`).join("")}</ul></div>
<div class="wprm-recipe-instructions-container"><h3>Instructions</h3><ul class="wprm-recipe-instructions">${r.steps.map((s) => `<li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">${esc(s)}</div></li>`).join("")}</ul></div>
</div></div>`,
    ),
  tasty: (r) =>
    page(
      r,
      "",
      `<h1>${esc(r.name)}</h1><div class="tasty-recipes"><h2 class="tasty-recipes-title">${esc(r.name)}</h2>
<div class="tasty-recipes-description"><p>${esc(r.description)}</p></div>
<ul><li>Author: <span class="tasty-recipes-author-name">${esc(r.author)}</span></li>
<li>Prep Time: <span class="tasty-recipes-prep-time">${r.prep} minutes</span></li><li>Cook Time: <span class="tasty-recipes-cook-time">${r.cook} minutes</span></li>
<li>Total Time: <span class="tasty-recipes-total-time">${r.total} minutes</span></li><li>Yield: <span class="tasty-recipes-yield">${esc(r.yieldText)}</span></li></ul>
<div class="tasty-recipes-ingredients"><h3>Ingredients</h3><ul>${r.ingredients.map((i) => `<li>${esc(i.line)}</li>`).join("")}</ul></div>
<div class="tasty-recipes-instructions"><h3>Instructions</h3><ol>${r.steps.map((s) => `<li>${esc(s)}</li>`).join("")}</ol></div></div>`,
    ),
  mediavine: (r) =>
    page(
      r,
      "",
      `<h1>${esc(r.name)}</h1><div class="mv-create-card"><h2 class="mv-create-title">${esc(r.name)}</h2>
<div class="mv-create-description">${esc(r.description)}</div><div class="mv-create-author">${esc(r.author)}</div>
<div class="mv-create-time-prep">Prep Time: ${r.prep} minutes</div><div class="mv-create-time-active">Cook Time: ${r.cook} minutes</div>
<div class="mv-create-time-total">Total Time: ${r.total} minutes</div><div class="mv-create-yield">Yield: ${esc(r.yieldText)}</div>
<div class="mv-create-ingredients"><h3>Ingredients</h3><ul>${r.ingredients.map((i) => `<li>${esc(i.line)}</li>`).join("")}</ul></div>
<div class="mv-create-instructions"><h3>Instructions</h3><ol>${r.steps.map((s) => `<li>${esc(s)}</li>`).join("")}</ol></div></div>`,
    ),
  zip: (r) =>
    page(
      r,
      "",
      `<div id="zlrecipe-container-wrapper"><div id="zlrecipe-container"><h2 id="zlrecipe-title">${esc(r.name)}</h2>
<div id="zlrecipe-summary">${esc(r.description)}</div>
<p id="zlrecipe-prep-time">Prep Time: ${r.prep} minutes</p><p id="zlrecipe-cook-time">Cook Time: ${r.cook} minutes</p>
<p id="zlrecipe-total-time">Total Time: ${r.total} minutes</p><p id="zlrecipe-yield">Yield: ${esc(r.yieldText)}</p>
<ul id="zlrecipe-ingredients-list">${r.ingredients.map((i) => `<li class="ingredient">${esc(i.line)}</li>`).join("")}</ul>
<ol id="zlrecipe-instructions-list">${r.steps.map((s) => `<li class="instruction">${esc(s)}</li>`).join("")}</ol></div></div>`,
    ),
  generic: (r) => {
    const h = HEADINGS[r.lang];
    return page(
      r,
      "",
      `<h1>${esc(r.name)}</h1><p class="byline">${esc(r.author)}</p>${story}
<p>${h.prep}: ${minutes(r, r.prep)} | ${h.cook}: ${minutes(r, r.cook)} | ${h.serves}: ${r.lang === "en" || r.lang === "fr" || r.lang === "pt" ? esc(r.yieldText) : r.servings}</p>
<h2>${h.ingredients}</h2><ul>${r.ingredients.map((i) => `<li>${esc(i.line)}</li>`).join("")}</ul>
<h2>${h.steps}</h2><ol>${r.steps.map((s) => `<li>${esc(s)}</li>`).join("")}</ol>
<h2>Comments</h2><p>Lovely, made it twice!</p>`,
    );
  },
};

export interface GoldenPage {
  id: string;
  shape: string;
  url: string;
  html: string;
  recipe: GoldenRecipe;
}

/** Every golden page: English recipes in every shape, the others as JSON-LD, microdata and plain pages. */
export function goldenPages(): GoldenPage[] {
  const pages: GoldenPage[] = [];
  for (const r of RECIPES) {
    const shapes = r.lang === "en" ? Object.keys(SHAPES) : ["jsonld", "microdata", "generic"];
    for (const shape of shapes) {
      pages.push({
        id: `${r.slug}/${shape}`,
        shape,
        url: `https://golden.test/${r.lang}/${r.slug}/`,
        html: SHAPES[shape]!(r),
        recipe: r,
      });
    }
  }
  return pages;
}
