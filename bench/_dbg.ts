// usage: node --import tsx /tmp/ing/dbg.ts site/page [stripped|bare] [blocks]
import { loadRecipeCorpus, VARIANTS } from "/work/wt-ing/test/golden/realPages.ts";
import { extractRecipe } from "/work/wt-ing/src/extract/extractRecipe.ts";
import { pageBlocks } from "/work/wt-ing/src/extract/pageBlocks.ts";
import { parseDocument } from "htmlparser2";
const [id, variant, blocks] = process.argv.slice(2);
const page = loadRecipeCorpus().find((p) => p.id === id)!;
const html = variant && variant !== "-" ? VARIANTS[variant as "bare"].strip(page.html) : page.html;
const r = extractRecipe({ html, url: page.url });
if (r.ok) {
  console.log("yield", JSON.stringify(r.recipe.yield ?? (r.recipe as any).servings), (r.recipe as any).yields);
  for (const i of r.recipe.ingredients) console.log("ING", JSON.stringify(i.section), i.text);
} else console.log(r);
console.log("WANT", JSON.stringify(page.expected.ingredient_groups ?? page.expected.ingredients, null, 0).slice(0, 3000));
console.log("WANT yields", page.expected.yields);
if (blocks) {
  const bs = pageBlocks(parseDocument(html));
  const re = new RegExp(blocks, "i");
  const i = bs.findIndex((b) => re.test(b.text));
  for (const b of bs.slice(Math.max(0, i - 15), i + 25)) console.log(JSON.stringify(b));
}
