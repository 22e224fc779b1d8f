import { strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import type { Recipe } from "../domain/recipe.ts";
import { parseIngredientList } from "../extract/ingredients.ts";
import { JPEG } from "../../test/helpers/interopFixtures.ts";
import { writeBookmarksJson, writeNetscape, type ExportBookmark } from "./bookmarkWriters.ts";
import { writeCookbookHtml } from "./cookbookHtml.ts";
import { toCooklang, writeCooklang } from "./cooklangWriter.ts";
import { writeJsonLd } from "./jsonldWriter.ts";
import { paprikaEntry } from "./paprikaReader.ts";
import { writePaprika } from "./paprikaWriter.ts";
import { readCollection } from "./readCollection.ts";
import { makeDraft, type InteropEntry } from "./types.ts";

/** A recipe as Ladle keeps one, with every field filled. */
function fullRecipe(): Recipe {
  const r = makeDraft(
    {
      name: "Lemon Chicken Traybake",
      description: "A weeknight traybake with lemon and thyme.",
      ingredients: parseIngredientList([
        "1.5 kg chicken thighs",
        "2 lemons",
        "For the potatoes:",
        "800 g potatoes",
        "3 tbsp olive oil",
      ]),
      instructions: [
        { text: "Heat the oven to 200 °C.", section: null },
        { text: "Toss the chicken thighs with the lemons.", section: "Chicken" },
        { text: "Halve the potatoes and coat them in olive oil.", section: "Potatoes" },
        { text: "Roast 45 minutes.", section: "Potatoes" },
      ],
      cuisine: "British",
      dietType: "GlutenFree",
      prepTimeMinutes: 15,
      cookTimeMinutes: 45,
      totalTimeMinutes: 60,
      servings: 4,
      yield: "4 servings",
      nutrition: { calories: "540 kcal", proteinContent: "38 g", fatContent: "24 g" },
      tags: ["chicken", "traybake"],
      category: ["Dinner"],
      imageUrl: "https://example.test/traybake.jpg",
      author: "Sam Cook",
    },
    { url: "https://example.test/traybake", siteName: "Example Kitchen" },
  ).recipe;
  return r;
}

function onlyRecipe(
  entries: InteropEntry[],
): Recipe & { images: number; sourceUrl: string; site: string | null } {
  expect(entries.filter((e) => !e.ok)).toEqual([]);
  const e = entries[0]!;
  if (!e.ok || e.kind !== "recipe") throw new Error("no recipe");
  return {
    ...e.draft.recipe,
    images: e.images.length,
    sourceUrl: e.draft.source.url,
    site: e.draft.source.siteName,
  };
}

const ingredientFields = (r: Recipe) =>
  r.ingredients.map((i) => ({
    text: i.text,
    quantity: i.quantity,
    unit: i.unit,
    name: i.name,
    section: i.section,
  }));

describe("round trips: export → import reproduces every field the format carries", () => {
  const original = fullRecipe();
  const image = { name: "photo.jpg", contentType: "image/jpeg", bytes: JPEG };

  it("schema.org JSON-LD (zip with images): every Ladle recipe field", () => {
    const back = onlyRecipe(readCollection(writeJsonLd([{ recipe: original, image }])).entries);
    expect(ingredientFields(back)).toEqual(ingredientFields(original));
    expect(back.instructions).toEqual(original.instructions);
    for (const k of [
      "name",
      "description",
      "cuisine",
      "dietType",
      "prepTimeMinutes",
      "cookTimeMinutes",
      "totalTimeMinutes",
      "servings",
      "yield",
      "nutrition",
      "tags",
      "category",
      "author",
    ] as const)
      expect(back[k], k).toEqual(original[k]);
    expect(back.images).toBe(1);
    expect(back.sourceUrl).toBe("https://example.test/traybake");
    expect(back.site).toBe("Example Kitchen");
    // Without a stored picture the image URL itself goes out and comes back.
    expect(onlyRecipe(readCollection(writeJsonLd([{ recipe: original }])).entries).imageUrl).toBe(
      original.imageUrl,
    );
  });

  it("schema.org JSON-LD and the cookbook keep a step's title inside its section", () => {
    const titled: Recipe = {
      ...original,
      instructions: [
        { text: "Heat the oven to 200 °C.", section: null },
        { text: "Halve the potatoes and coat them in olive oil.", section: "Potatoes", title: "Prepare" },
        { text: "Roast 45 minutes.", section: "Potatoes" },
      ],
    };
    const back = onlyRecipe(readCollection(writeJsonLd([{ recipe: titled }])).entries);
    expect(back.instructions).toEqual(titled.instructions);
    expect(writeCookbookHtml([{ recipe: titled }])).toContain(
      "<h4>Potatoes</h4><ol><li><strong>Prepare</strong> Halve the potatoes",
    );
  });

  it("Paprika keeps a step's title inside its section: a heading line over the step", () => {
    const titled: Recipe = {
      ...original,
      instructions: [
        { text: "Heat the oven to 200 °C.", section: null },
        { text: "Toss the chicken thighs with the lemons.", section: "Chicken", title: "Marinate" },
        { text: "Halve the potatoes and coat them in olive oil.", section: "Potatoes", title: "Prepare" },
        { text: "Roast 45 minutes.", section: "Potatoes" },
      ],
    };
    const back = onlyRecipe(readCollection(writePaprika([{ recipe: titled }])).entries);
    expect(back.instructions).toEqual(titled.instructions);
  });

  it("Paprika: a file whose sections are all heading lines reads each as a section", () => {
    const back = onlyRecipe([
      paprikaEntry(
        { name: "Pie", directions: "# Dough\nRub in the butter.\n\n# Filling\nSlice the apples.\n\nBake." },
        "pie",
      ),
    ]);
    expect(back.instructions).toEqual([
      { text: "Rub in the butter.", section: "Dough" },
      { text: "Slice the apples.", section: "Filling" },
      { text: "Bake.", section: "Filling" },
    ]);
  });

  it("Paprika: name, description, ingredients and sections, steps and sections, times, yield, categories, nutrition, source, photo", () => {
    const back = onlyRecipe(readCollection(writePaprika([{ recipe: original, image }])).entries);
    expect(ingredientFields(back)).toEqual(ingredientFields(original));
    expect(back.instructions).toEqual(original.instructions);
    for (const k of [
      "name",
      "description",
      "prepTimeMinutes",
      "cookTimeMinutes",
      "totalTimeMinutes",
      "servings",
      "yield",
      "nutrition",
      "category",
      "imageUrl",
    ] as const)
      expect(back[k], k).toEqual(original[k]);
    expect(back.images).toBe(1);
    expect(back.sourceUrl).toBe("https://example.test/traybake");
    expect(back.site).toBe("Example Kitchen");
  });

  it("Cooklang: metadata, ingredient amounts, units and names, step texts", () => {
    const text = toCooklang(original);
    expect(text).toContain("@chicken thighs{1.5%kg}");
    const back = onlyRecipe(readCollection(writeCooklang([{ recipe: original, image }])).entries);
    expect(back.ingredients.map((i) => [i.quantity, i.unit, i.name])).toEqual(
      original.ingredients.map((i) => [i.quantity, i.unit, i.name]),
    );
    expect(back.instructions.map((s) => s.text)).toEqual(original.instructions.map((s) => s.text));
    for (const k of [
      "name",
      "description",
      "cuisine",
      "dietType",
      "prepTimeMinutes",
      "cookTimeMinutes",
      "totalTimeMinutes",
      "servings",
      "tags",
      "category",
      "author",
      "imageUrl",
    ] as const)
      expect(back[k], k).toEqual(original[k]);
    expect(back.images).toBe(1);
    expect(back.sourceUrl).toBe("https://example.test/traybake");
  });

  it("Cooklang keeps ingredient order when the steps name them in another order", () => {
    const r = {
      ...original,
      instructions: [{ text: "Roast the potatoes, then the chicken thighs.", section: null }],
    };
    const back = onlyRecipe(readCollection(strToU8(toCooklang(r)), "x.cook").entries);
    expect(back.ingredients.map((i) => i.name)).toEqual(r.ingredients.map((i) => i.name));
    expect(back.instructions.map((s) => s.text)).toEqual(["Roast the potatoes, then the chicken thighs."]);
  });

  it("bookmarks: Netscape HTML and JSON read back to the same bookmarks, tags, folders and dates", () => {
    const items: ExportBookmark[] = [
      {
        url: "https://example.test/a",
        title: "A & B",
        excerpt: "Notes",
        tags: ["x", "y"],
        folder: null,
        addedAt: "2024-01-01T00:00:00.000Z",
        archived: false,
        type: "bookmark",
      },
      {
        url: "https://example.test/soup",
        title: "Soup",
        excerpt: null,
        tags: ["winter"],
        folder: "Recipes / Soups",
        addedAt: "2023-11-14T22:15:00.000Z",
        archived: true,
        type: "bookmark",
      },
      {
        url: "https://example.test/stew",
        title: "Stew",
        excerpt: null,
        tags: [],
        folder: "Recipes / Soups",
        addedAt: null,
        archived: false,
        type: "bookmark",
      },
      {
        url: "https://example.test/b",
        title: "Long read",
        excerpt: null,
        tags: [],
        folder: "Recipes",
        addedAt: null,
        archived: false,
        type: "article",
      },
    ];
    const same = (b: ExportBookmark, archived: boolean) =>
      expect.objectContaining({
        url: b.url,
        title: b.title,
        excerpt: b.excerpt,
        tags: b.tags,
        folder: b.folder,
        addedAt: b.addedAt,
        archived,
      });
    const json = readCollection(strToU8(writeBookmarksJson(items)));
    expect(json.entries.map((e) => (e.ok && e.kind === "bookmark" ? e.bookmark : e))).toEqual(
      items.map((b) => same(b, b.archived)),
    );
    // A browser's bookmark file has no "archived": everything else comes back (in folder order).
    const html = readCollection(strToU8(writeNetscape(items)));
    const byUrl = new Map(html.entries.map((e) => [e.ok && e.kind === "bookmark" ? e.bookmark.url : "", e]));
    for (const b of items)
      expect(byUrl.get(b.url), b.url).toMatchObject({ ok: true, bookmark: same(b, false) });
    expect(html.entries).toHaveLength(items.length);
  });

  it("the printable cookbook holds every recipe with its picture and escapes text", () => {
    const html = writeCookbookHtml([
      { recipe: { ...original, name: "Fish <& chips>" }, image },
      { recipe: original },
    ]);
    expect(html).toContain("Fish &lt;&amp; chips&gt;");
    expect(html).toContain("data:image/jpeg;base64,");
    expect(html).toContain("<h4>For the potatoes</h4>");
    expect(html.match(/<section class="recipe"/g)).toHaveLength(2);
    expect(html).toContain("<h3>Ingredients</h3>");
  });

  it("the printable cookbook says its own words in the owner's language", () => {
    const html = writeCookbookHtml(
      [{ recipe: { ...original, servings: 4, yield: null, prepTimeMinutes: 15 } }],
      "Kochbuch von Ann",
      "de",
    );
    expect(html).toContain('<html lang="de">');
    expect(html).toContain("<h3>Zutaten</h3>");
    expect(html).toContain("<h3>Inhalt</h3>");
    expect(html).toContain("Für 4 Personen");
    // Times as German writes them (Intl.DurationFormat), the number kept with its unit.
    expect(html).toContain("Vorbereitung 15\u00a0Min.");
    expect(html).not.toMatch(/Serves|Ingredients|Contents|Prep /);
  });
});
