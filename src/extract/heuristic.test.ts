import { describe, expect, it } from "vitest";
import { parseHtml } from "./dom.ts";
import { extractHeuristic } from "./heuristic.ts";
import { pageBlocks } from "./pageBlocks.ts";
import { scanPage } from "./pageScan.ts";

const run = (body: string, head = "") =>
  extractHeuristic(scanPage(`<html><head>${head}</head><body>${body}</body></html>`));

describe("pageBlocks", () => {
  it("splits <br> lines, marks bold-only lines as labels and list items as items", () => {
    const doc = parseHtml(
      "<body><p><b>Ingredients:</b><br>2 eggs<br>1 cup milk</p><ul><li>a</li></ul><table><tr><th>x</th></tr><tr><td>1 g</td><td>salt</td></tr></table></body>",
    );
    expect(pageBlocks(doc)).toEqual([
      { text: "Ingredients:", level: 7, item: false },
      { text: "2 eggs", level: 0, item: false },
      { text: "1 cup milk", level: 0, item: false },
      { text: "a", level: 0, item: true, opensList: true },
      { text: "1 g salt", level: 0, item: true },
    ]);
  });

  it("skips navigation, sidebars and comments", () => {
    const doc = parseHtml(
      '<body><nav><li>Home</li></nav><div class="comments-area"><p>Hi</p></div><div id="sidebar"><p>Ad</p></div><p>kept</p></body>',
    );
    expect(pageBlocks(doc).map((b) => b.text)).toEqual(["kept"]);
  });

  // Two elements side by side, an amount with its unit in the first (dom.ts edgeSpace): apart on
  // screen, so spaced; a word split by markup ("egg</b>s") stays one.
  it("spaces an amount's element from the next element's word", () => {
    const doc = parseHtml(
      "<body><ul><li><span>~15 g</span><span>a splash</span></li><li><b>1 cup</b><span>sugar</span></li><li>2 <b>egg</b>s</li></ul></body>",
    );
    expect(pageBlocks(doc).map((b) => b.text)).toEqual(["~15 g a splash", "1 cup sugar", "2 eggs"]);
  });

  it("spaces a name's element from a note of words in the next element (issue 50)", () => {
    const doc = parseHtml(
      "<body><ul><li><a><b>beni shouga</b></a><u>to taste</u></li><li><span>S</span><span>alt and pepper</span></li></ul></body>",
    );
    expect(pageBlocks(doc).map((b) => b.text)).toEqual(["beni shouga to taste", "Salt and pepper"]);
  });
});

describe("generic reader", () => {
  it("reads lists whose headings sit in their own wrapper, dropping 'Step 1' labels", () => {
    const r = run(
      "<h1>Soup</h1><div><div><h2>What you'll need</h2></div><ul><li>1 onion</li><li>2 cups stock</li></ul></div>" +
        "<div><div><h2>How to make it</h2></div><p><strong>Step 1</strong></p><p>Chop.</p><p><strong>Step 2</strong></p><p>Simmer.</p></div>",
    );
    expect(r?.ingredients?.map((i) => i.text)).toEqual(["1 onion", "2 cups stock"]);
    expect(r?.instructions?.map((s) => s.text)).toEqual(["Chop.", "Simmer."]);
  });

  it("keeps sub-headings as ingredient sections and stops at Notes", () => {
    const r = run(
      "<h3>Ingredients</h3><h4>For the dough</h4><ul><li>500 g flour</li><li>1 egg</li></ul><h4>For the filling</h4><ul><li>2 tsp cinnamon</li></ul>" +
        "<h3>Instructions</h3><ol><li>Mix.</li><li>Bake.</li></ol><h3>Notes</h3><ul><li>Freezes well.</li></ul>",
    );
    expect(r?.ingredients?.map((i) => [i.section, i.name])).toEqual([
      ["For the dough", "flour"],
      ["For the dough", "egg"],
      ["For the filling", "cinnamon"],
    ]);
    expect(r?.instructions?.map((s) => s.text)).toEqual(["Mix.", "Bake."]);
  });

  it("does not read a 'Préparation : 15 min' label as the steps heading", () => {
    const r = run(
      "<h1>Clafoutis</h1><p><strong>Préparation :</strong> 15 min</p><p>Pour 6 personnes</p><h2>Ingrédients</h2><ul><li>3 œufs</li><li>100 g de sucre</li></ul><h2>Préparation</h2><ol><li>Fouettez.</li><li>Cuisez 40 minutes.</li></ol>",
    );
    expect(r).toMatchObject({ prepTimeMinutes: 15, servings: 6, name: "Clafoutis" });
    expect(r?.instructions).toHaveLength(2);
  });

  it("drops metadata and post chrome lines after the steps", () => {
    const r = run(
      "<p><b>Ingredients:</b><br>250 g oats<br>125 g butter</p><p><b>Method:</b><br>1. Melt.<br>2. Bake.</p><p>Makes 12 squares.</p><div>Labels: baking</div>",
    );
    expect(r?.instructions?.map((s) => s.text)).toEqual(["Melt.", "Bake."]);
    expect(r?.servings).toBe(12);
  });
});

describe("times and yields as text", () => {
  const body = (meta: string) =>
    `<p>${meta}</p><h2>Ingredients</h2><ul><li>1 egg</li><li>2 cups milk</li></ul><h2>Method</h2><ol><li>Cook 10 minutes until soft.</li></ol>`;
  it.each([
    ["Serves 4", "servings", 4],
    ["4 personen", "servings", 4],
    ["8 portioner", "servings", 8],
    ["Dosi per 4 persone", "servings", 4],
    ["Rendimento: 12 porções", "servings", 12],
    ["Arbeitszeit: 20 Min.", "prepTimeMinutes", 20],
    ["Tiempo de cocción: 30 minutos", "cookTimeMinutes", 30],
    ["Ready in 1 hr 15 mins", "totalTimeMinutes", 75],
  ])("%s", (meta, key, value) => {
    expect(run(body(meta))).toMatchObject({ [key]: value });
  });

  it("does not take a step ('Cook 10 minutes until soft') or a measure ('per 100 g') as metadata", () => {
    const r = run(body("Calories per 100 g: 90"));
    expect(r?.cookTimeMinutes).toBeUndefined();
    expect(r?.servings).toBeUndefined();
  });
});

describe("title", () => {
  it("prefers the post title over a site-name h1 and strips the og:title site suffix", () => {
    const lists =
      "<h2>Ingredients</h2><ul><li>1 egg</li><li>1 cup milk</li></ul><h2>Method</h2><ol><li>Mix.</li></ol>";
    expect(run(`<h1 class="site-title">My Blog</h1><h2 class="entry-title">Loaf</h2>${lists}`)?.name).toBe(
      "Loaf",
    );
    expect(
      run(
        lists,
        '<meta property="og:title" content="Loaf | My Blog"><meta property="og:site_name" content="My Blog">',
      )?.name,
    ).toBe("Loaf");
  });
});
