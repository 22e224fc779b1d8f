/**
 * A deterministic stand-in for a typical recipe blog page (~330 KB, the median the extraction
 * issue names): a large inline stylesheet and scripts, a Yoast-style JSON-LD graph, a navigation
 * menu with inline SVG icons, a long story with responsive images and ad slots, a recipe card,
 * comments and a footer. Written for Ladle's benchmarks; no site's markup is copied.
 */
export function blogPage(targetBytes = 330_000): string {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const words =
    "butter sugar flour morning kitchen oven golden crisp tender family summer garden market slowly gently bright warm whisk fold bake simmer season fresh lemon garlic onion pepper salt honey cream".split(
      " ",
    );
  const sentence = (n: number) => {
    const w = Array.from({ length: n }, () => pick(words));
    return w[0]![0]!.toUpperCase() + w.join(" ").slice(1) + ".";
  };
  const css = Array.from(
    { length: 900 },
    (_, i) =>
      `.c-${i.toString(36)}{margin:${i % 7}px ${i % 5}rem;padding:0 ${i % 3}em;color:#${(i * 2654435761).toString(16).slice(0, 6)};display:${pick(["flex", "grid", "block"])}}`,
  ).join("\n");
  const js = Array.from(
    { length: 700 },
    (_, i) =>
      `window.__cfg_${i}={"id":${i},"slot":"ad-${i % 40}","sizes":[[300,250],[728,90]],"lazy":${i % 2 === 0}};`,
  ).join("\n");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8z"/></svg>`;
  const cls = () => Array.from({ length: 5 }, () => `c-${Math.floor(rnd() * 900).toString(36)}`).join(" ");
  const ingredients = [
    "2 1/4 cups (280 g) all-purpose flour",
    "1 teaspoon baking soda",
    "1 teaspoon fine sea salt",
    "1 cup (226 g) unsalted butter, softened",
    "3/4 cup (150 g) granulated sugar",
    "3/4 cup (165 g) packed brown sugar",
    "2 large eggs, at room temperature",
    "2 teaspoons vanilla extract",
    "2 cups (340 g) semisweet chocolate chips",
  ];
  const steps = [
    "Heat the oven to 375°F and line two baking sheets with parchment.",
    "Whisk the flour, baking soda and salt together in a bowl.",
    "Beat the butter and both sugars until pale and fluffy, about 3 minutes.",
    "Beat in the eggs one at a time, then the vanilla.",
    "Mix in the dry ingredients on low speed, then fold in the chips.",
    "Scoop 2-tablespoon balls onto the sheets and bake 9 to 11 minutes.",
  ];
  const ld = {
    "@context": "https://schema.org",
    "@graph": [
      { "@type": "WebSite", "@id": "https://blog.test/#website", name: "Bench Kitchen" },
      {
        "@type": "Article",
        "@id": "https://blog.test/cookies/#article",
        headline: "Chewy Chocolate Chip Cookies",
        author: { "@id": "https://blog.test/#/schema/person/1" },
      },
      { "@type": "Person", "@id": "https://blog.test/#/schema/person/1", name: "Robin Baker" },
      {
        "@type": "Recipe",
        name: "Chewy Chocolate Chip Cookies",
        author: { "@id": "https://blog.test/#/schema/person/1" },
        description: "Thick, chewy cookies with crisp edges and pools of chocolate.",
        image: ["https://blog.test/img/cookies-1200x1200.jpg", "https://blog.test/img/cookies-1200x900.jpg"],
        recipeYield: ["36", "36 cookies"],
        prepTime: "PT15M",
        cookTime: "PT10M",
        totalTime: "PT25M",
        recipeIngredient: ingredients,
        recipeInstructions: steps.map((text) => ({ "@type": "HowToStep", text })),
      },
    ],
  };
  const head = [
    `<meta charset="utf-8"><title>Chewy Chocolate Chip Cookies - Bench Kitchen</title>`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta property="og:title" content="Chewy Chocolate Chip Cookies"><meta property="og:site_name" content="Bench Kitchen">`,
    `<meta property="og:image" content="https://blog.test/img/cookies-1200x1200.jpg">`,
    ...Array.from(
      { length: 30 },
      (_, i) => `<link rel="preload" href="https://cdn.blog.test/assets/${i}.js" as="script">`,
    ),
    `<style id="theme-css">${css}</style>`,
    `<script>${js}</script>`,
    `<script type="application/ld+json">${JSON.stringify(ld)}</script>`,
  ].join("\n");
  const nav = `<header class="site-header ${cls()}"><nav class="menu">${Array.from(
    { length: 60 },
    (_, i) =>
      `<li class="menu-item ${cls()}"><a href="/category/${i}/" class="${cls()}">${svg}<span>${pick(words)} ${i}</span></a></li>`,
  ).join("")}</nav></header>`;
  const story: string[] = [];
  for (let i = 0; i < 24; i++) {
    story.push(`<p class="${cls()}">${Array.from({ length: 4 }, () => sentence(14)).join(" ")}</p>`);
    if (i % 3 === 0)
      story.push(
        `<figure class="wp-block-image ${cls()}"><img src="https://blog.test/img/step-${i}.jpg" srcset="${[300, 600, 900, 1200].map((w) => `https://blog.test/img/step-${i}-${w}.jpg ${w}w`).join(", ")}" sizes="(max-width: 600px) 100vw, 600px" alt="${sentence(6)}" loading="lazy" width="1200" height="800"></figure>`,
        `<div class="ad-slot ${cls()}" data-slot="content-${i}" style="min-height:250px"><div id="ad-${i}"></div></div>`,
      );
  }
  const card = `<div class="wprm-recipe-container"><div class="wprm-recipe ${cls()}"><h2 class="wprm-recipe-name">Chewy Chocolate Chip Cookies</h2>
<ul class="wprm-recipe-ingredients">${ingredients.map((l) => `<li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-name">${l}</span></li>`).join("")}</ul>
<ul class="wprm-recipe-instructions">${steps.map((s) => `<li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">${s}</div></li>`).join("")}</ul></div></div>`;
  const comments: string[] = [];
  const footer = `<footer class="site-footer ${cls()}">${Array.from({ length: 40 }, (_, i) => `<a href="/page/${i}/" class="${cls()}">${pick(words)}</a>`).join(" ")}</footer>`;
  const tail = `<script>${js.slice(0, 20_000)}</script>`;
  const build = () =>
    `<!doctype html><html lang="en"><head>${head}</head><body class="${cls()}">${nav}<main><article>${story.join("\n")}${card}</article><section class="comments">${comments.join("\n")}</section></main>${footer}${tail}</body></html>`;
  let html = build();
  while (html.length < targetBytes) {
    comments.push(
      `<div class="comment ${cls()}"><div class="comment-author">${svg}<b>${pick(words)}</b></div><div class="comment-body"><p>${sentence(18)} ${sentence(12)}</p></div><a class="reply" href="#c">Reply</a></div>`,
    );
    if (comments.length % 20 === 0) html = build();
  }
  return build();
}
