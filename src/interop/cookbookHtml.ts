import type { Recipe } from "../domain/recipe.ts";
import type { RecipeLanguage } from "../domain/recipeLanguage.ts";
import { countIn, durationIn, pageWords, type PageWords } from "./pageWords.ts";
import { pageUrl, sourceWords, type ExportRecipe } from "./writeShared.ts";

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const time = (label: string, m: number, lang: RecipeLanguage) =>
  m ? `<span>${esc(label)} ${esc(durationIn(m, lang))}</span>` : "";

function grouped<T extends { section: string | null }>(
  items: T[],
  li: (x: T) => string,
  tag: "ul" | "ol",
): string {
  let html = "";
  let section: string | null | undefined;
  for (const it of items) {
    if (it.section !== section) {
      if (section !== undefined) html += `</${tag}>`;
      if (it.section) html += `<h4>${esc(it.section)}</h4>`;
      html += `<${tag}>`;
      section = it.section;
    }
    html += `<li>${li(it)}</li>`;
  }
  return section === undefined ? "" : `${html}</${tag}>`;
}

function recipeHtml(r: Recipe, img: string | null, n: number, lang: RecipeLanguage): string {
  const w: PageWords = pageWords(lang);
  const facts = [
    r.yield || r.servings ? `<span>${esc(r.yield ?? w.serves(countIn(r.servings ?? 0, lang)))}</span>` : "",
    time(w.prep, r.prepTimeMinutes, lang),
    time(w.cook, r.cookTimeMinutes, lang),
    time(w.total, r.totalTimeMinutes, lang),
  ].join("");
  const page = pageUrl(r);
  const words = sourceWords(r, lang);
  const source = page
    ? `<p class="src">${esc(w.from(page))}</p>`
    : words
      ? `<p class="src">${esc(words)}</p>`
      : "";
  return `<section class="recipe" id="r${n}">
<h2>${esc(r.name)}</h2>
${r.author ? `<p class="by">${esc(w.by(r.author))}</p>` : ""}
${img ? `<img src="${esc(img)}" alt="">` : ""}
${r.description ? `<p>${esc(r.description)}</p>` : ""}
<p class="facts">${facts}</p>
<div class="cols"><div><h3>${esc(w.ingredients)}</h3>${grouped(r.ingredients, (i) => esc(i.text), "ul")}</div>
<div><h3>${esc(w.steps)}</h3>${grouped(r.instructions, (s) => (s.title ? `<strong>${esc(s.title)}</strong> ` : "") + esc(s.text), "ol")}</div></div>
${r.tags.length ? `<p class="tags">${r.tags.map(esc).join(" · ")}</p>` : ""}
${source}
</section>`;
}

/**
 * A printable cookbook: one HTML file, a contents page, each recipe on its own page when printed;
 * Ladle's own words around the recipes in `lang` (the owner's).
 */
export function writeCookbookHtml(
  recipes: ExportRecipe[],
  title = pageWords("en").myCookbook,
  lang: RecipeLanguage = "en",
): string {
  const sorted = [...recipes].sort((a, b) => a.recipe.name.localeCompare(b.recipe.name));
  const body = sorted
    .map(({ recipe, image }, n) => {
      const img = image
        ? `data:${image.contentType};base64,${Buffer.from(image.bytes).toString("base64")}`
        : recipe.imageUrl && /^https?:/i.test(recipe.imageUrl)
          ? recipe.imageUrl
          : null;
      return recipeHtml(recipe, img, n, lang);
    })
    .join("\n");
  const toc = sorted.map(({ recipe }, n) => `<li><a href="#r${n}">${esc(recipe.name)}</a></li>`).join("");
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>
body{font:11pt/1.45 Georgia,serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:2.2rem}h2{font-size:1.6rem;margin-bottom:.2rem}h4{margin:.6rem 0 .2rem}
img{max-width:100%;max-height:18rem;object-fit:cover}
.facts span{margin-right:1rem}.by,.src,.tags{color:#555;font-size:.9rem}
.cols{display:grid;grid-template-columns:1fr 1.6fr;gap:1.5rem}
@media print{.recipe{break-before:page}a{color:inherit;text-decoration:none}}
</style></head><body>
<h1>${esc(title)}</h1>
<nav><h3>${esc(pageWords(lang).contents)}</h3><ol>${toc}</ol></nav>
${body}
</body></html>
`;
}
