import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  COOKLANG_PANCAKES,
  KARAKEEP,
  NETSCAPE,
  OMNIVORE,
  PNG,
  POCKET_CSV,
  SCHEMA_ARRAY,
  mealieExport,
  nextcloudFiles,
  paprikaExport,
  tandoorExport,
} from "../../test/helpers/interopFixtures.ts";
import { MICRODATA_TWO, graphPage } from "../../test/helpers/severalRecipesPages.ts";
import { readCollection, readFolder, UnreadableCollection } from "./readCollection.ts";
import type { InteropEntry } from "./types.ts";
import { writeZip } from "./zipFiles.ts";

const recipes = (es: InteropEntry[]) => es.flatMap((e) => (e.ok && e.kind === "recipe" ? [e] : []));
const bookmarks = (es: InteropEntry[]) =>
  es.flatMap((e) => (e.ok && e.kind === "bookmark" ? [e.bookmark] : []));
const failures = (es: InteropEntry[]) => es.flatMap((e) => (e.ok ? [] : [e]));

describe("Paprika .paprikarecipes", () => {
  const read = readCollection(paprikaExport(), "export.paprikarecipes");
  it("is detected from the content and reads every good recipe with its photo", () => {
    expect(read.format).toBe("paprika");
    const [pancakes, soup] = recipes(read.entries);
    const r = pancakes!.draft.recipe;
    expect(r.name).toBe("Buttermilk Pancakes");
    expect(r.description).toBe("Fluffy weekend pancakes.\n\nNotes: Rest the batter 10 minutes.");
    expect(r.ingredients.map((i) => i.text)).toEqual([
      "2 cups flour",
      "2 tbsp sugar",
      "2 cups buttermilk",
      "1/4 cup maple syrup",
    ]);
    expect(r.ingredients[3]!.section).toBe("For the topping");
    expect(r.ingredients[0]).toMatchObject({ quantity: 2, unit: "cup", name: "flour" });
    expect(r.instructions.map((s) => s.text)).toEqual([
      "Whisk the dry ingredients.",
      "Stir in the buttermilk.",
      "Fry on a hot griddle until golden.",
    ]);
    expect([r.prepTimeMinutes, r.cookTimeMinutes, r.totalTimeMinutes, r.servings]).toEqual([10, 20, 30, 4]);
    expect(r.category).toEqual(["Breakfast", "Sweet"]);
    expect(r.nutrition).toEqual({ calories: "320 kcal", proteinContent: "9 g" });
    expect(pancakes!.draft.source.url).toBe("https://example.test/pancakes");
    expect(pancakes!.draft.source.siteName).toBe("Grandma's box");
    expect(pancakes!.images).toHaveLength(1);
    expect(pancakes!.images[0]!.contentType).toBe("image/jpeg");
    expect(soup!.draft.recipe.name).toBe("Tomato Soup");
    expect(soup!.draft.source.url).toMatch(/^urn:ladle:import:paprika:/);
    expect(soup!.images).toEqual([]);
  });
  it("reports the empty and the damaged entry as failed, with reasons", () => {
    const f = failures(read.entries);
    expect(f.map((x) => x.label).sort()).toEqual(["Broken", "Nothing Here"]);
    expect(f.find((x) => x.label === "Broken")!.reason).toMatch(/damaged/);
    expect(f.find((x) => x.label === "Nothing Here")!.reason).toMatch(/neither ingredients nor steps/);
  });
});

describe("Mealie export zip", () => {
  const read = readCollection(mealieExport());
  it("maps ingredients with their sections, steps, times, tags, nutrition and the picture", () => {
    expect(read.format).toBe("mealie");
    const chana = recipes(read.entries).find((e) => e.draft.recipe.name === "Chana Masala")!;
    const r = chana.draft.recipe;
    expect(r.ingredients.map((i) => [i.text, i.section])).toEqual([
      ["2 tbsp oil", null],
      ["1 onion chopped", "Sauce"],
      ["2 cans chickpeas", "Sauce"],
    ]);
    expect(r.instructions).toEqual([
      { text: "Fry the onion in the oil.", section: null },
      { text: "Add the chickpeas and simmer 20 minutes.", section: "Finish" },
    ]);
    expect([r.prepTimeMinutes, r.cookTimeMinutes, r.totalTimeMinutes, r.servings]).toEqual([15, 30, 45, 4]);
    expect(r.tags).toEqual(["Vegan"]);
    expect(r.category).toEqual(["Dinner"]);
    expect(r.nutrition).toEqual({ calories: "350", proteinContent: "12 g" });
    expect(r.description).toContain("Notes: Tip: Better the next day.");
    expect(chana.draft.source.url).toBe("https://example.test/chana");
    expect(chana.images[0]!.contentType).toBe("image/webp");
    expect(recipes(read.entries).map((e) => e.draft.recipe.name)).toContain("Toast");
  });
  it("reports the cut-short JSON as failed", () => {
    expect(failures(read.entries)).toEqual([
      { ok: false, label: "recipes/broken/broken.json", reason: expect.stringMatching(/not valid JSON/) },
    ]);
  });
});

describe("Tandoor export zip", () => {
  const read = readCollection(tandoorExport());
  it("reads recipe.json from each inner zip with its image", () => {
    expect(read.format).toBe("tandoor");
    const [focaccia, rice] = recipes(read.entries);
    const r = focaccia!.draft.recipe;
    expect(r.name).toBe("Focaccia");
    expect(r.ingredients.map((i) => [i.text, i.section])).toEqual([
      ["500 g flour", "Dough"],
      ["400 ml water (lukewarm)", "Dough"],
      ["salt", "Dough"],
    ]);
    expect(r.instructions).toEqual([
      { text: "Mix everything.", section: "Dough" },
      { text: "Rest 1 hour.", section: "Dough" },
      { text: "Bake 25 minutes at 220 °C.", section: null },
    ]);
    expect([r.prepTimeMinutes, r.cookTimeMinutes, r.servings, r.yield]).toEqual([20, 90, 8, "8 pieces"]);
    expect(r.tags).toEqual(["bread", "italian"]);
    expect(r.nutrition).toMatchObject({ calories: "250 kcal", proteinContent: "7 g" });
    expect(focaccia!.images[0]!.contentType).toBe("image/jpeg");
    expect(rice!.draft.recipe.name).toBe("Plain Rice");
  });
  it("reports a zip without recipe.json and a damaged zip as failed", () => {
    const f = failures(read.entries);
    expect(f.map((x) => x.label)).toEqual(["3.zip", "4.zip"]);
    expect(f[0]!.reason).toMatch(/no recipe.json/);
    expect(f[1]!.reason).toMatch(/damaged/);
  });
});

describe("Nextcloud Cookbook", () => {
  it("reads a folder of recipe.json + full.jpg and reports the empty and garbled ones", () => {
    const read = readFolder(nextcloudFiles());
    expect(read.format).toBe("nextcloud");
    const [bars, salad] = recipes(read.entries);
    const r = bars!.draft.recipe;
    expect(r.name).toBe("Lemon Bars");
    expect([r.prepTimeMinutes, r.cookTimeMinutes, r.totalTimeMinutes, r.servings]).toEqual([20, 40, 60, 16]);
    expect(r.category).toEqual(["Dessert"]);
    expect(r.tags).toEqual(["lemon", "baking"]);
    expect(r.imageUrl).toBe("https://example.test/lemon.jpg");
    expect(bars!.images.map((i) => i.name)).toEqual(["full.jpg"]);
    expect(bars!.draft.source.url).toBe("https://example.test/lemon-bars");
    expect(salad!.draft.recipe.ingredients[0]!.text).toBe("1 lettuce");
    expect(
      failures(read.entries)
        .map((f) => f.label)
        .sort(),
    ).toEqual(["Empty", "Garbled"]);
  });
  it("reads the same folder zipped", () => {
    const read = readCollection(writeZip(nextcloudFiles()));
    expect(read.format).toBe("nextcloud");
    expect(recipes(read.entries)).toHaveLength(2);
  });
});

describe("Cooklang", () => {
  it("reads a .cook file with the Cooklang parser: metadata, ingredients with amounts, steps", () => {
    const read = readCollection(strToU8(COOKLANG_PANCAKES), "pancakes.cook");
    expect(read.format).toBe("cooklang");
    const r = recipes(read.entries)[0]!.draft.recipe;
    expect(r.name).toBe("Cooklang Pancakes");
    expect(r.ingredients.map((i) => [i.quantity, i.unit, i.name])).toEqual([
      [200, "g", "flour"],
      [2, null, "eggs"],
      [300, "ml", "milk"],
      [1, "tbsp", "butter"],
    ]);
    expect(r.instructions.map((s) => s.text)).toEqual([
      "Mix flour with eggs and milk in a bowl.",
      "Fry in butter for 3 minutes per side.",
    ]);
    expect([r.servings, r.prepTimeMinutes, r.cookTimeMinutes]).toEqual([4, 10, 15]);
    expect(r.tags).toEqual(["breakfast", "sweet"]);
    expect(recipes(read.entries)[0]!.draft.source.url).toBe("https://example.test/cook-pancakes");
  });
  it("reads a zip of .cook files with pictures; a file with nothing in it fails", () => {
    const zip = zipSync({
      "Pancakes.cook": strToU8(COOKLANG_PANCAKES),
      "Pancakes.png": PNG,
      "Empty.cook": strToU8(">> title: Empty\n"),
    });
    const read = readCollection(zip);
    expect(read.format).toBe("cooklang");
    expect(recipes(read.entries)[0]!.images.map((i) => i.contentType)).toEqual(["image/png"]);
    expect(failures(read.entries)).toEqual([
      { ok: false, label: "Empty", reason: "“Empty” has neither ingredients nor steps." },
    ]);
  });
});

describe("schema.org JSON-LD", () => {
  it("reads a JSON array, with the failed non-Recipe entry", () => {
    const read = readCollection(strToU8(JSON.stringify(SCHEMA_ARRAY)), "recipes.json");
    expect(read.format).toBe("jsonld");
    expect(recipes(read.entries).map((e) => e.draft.recipe.name)).toEqual(["Guacamole", "Salsa"]);
    expect(failures(read.entries)).toHaveLength(1);
    expect(failures(read.entries)[0]!.reason).toMatch(/not a schema.org Recipe/);
  });
  it("reads a zip of JSON files and takes a relative image from beside it", () => {
    const zip = zipSync({ "salsa.json": strToU8(JSON.stringify(SCHEMA_ARRAY[1])), "salsa.png": PNG });
    const read = readCollection(zip);
    const salsa = recipes(read.entries)[0]!;
    expect(salsa.images.map((i) => i.name)).toEqual(["salsa.png"]);
    expect(salsa.draft.recipe.imageUrl).toBeNull();
  });
  it("reads a single JSON-LD @graph document", () => {
    const doc = { "@context": "https://schema.org", "@graph": [{ "@type": "WebPage" }, SCHEMA_ARRAY[0]] };
    const read = readCollection(strToU8(JSON.stringify(doc)), "page.jsonld");
    expect(recipes(read.entries).map((e) => e.draft.recipe.name)).toEqual(["Guacamole"]);
  });
});

describe("bookmarks", () => {
  it("reads a Netscape bookmark file with folders, tags and descriptions; a bookmarklet fails", () => {
    const read = readCollection(strToU8(NETSCAPE));
    expect(read.format).toBe("netscape");
    expect(bookmarks(read.entries)).toEqual([
      {
        url: "https://example.test/soup",
        title: "Best soup & bread",
        excerpt: "A warming soup.",
        tags: ["soup", "winter"],
        folder: "Recipes",
        addedAt: "2023-11-14T22:15:00.000Z",
        archived: false,
      },
      {
        url: "https://example.test/bread",
        title: "Bread",
        excerpt: null,
        tags: [],
        folder: "Recipes / Baking",
        addedAt: "2023-11-14T22:16:40.000Z",
        archived: false,
      },
      {
        url: "https://example.test/news",
        title: "News",
        excerpt: null,
        tags: [],
        folder: null,
        addedAt: null,
        archived: false,
      },
    ]);
    expect(failures(read.entries).map((f) => f.reason)).toEqual([expect.stringMatching(/not a web address/)]);
  });
  it("reads a Pocket CSV export", () => {
    const read = readCollection(strToU8(POCKET_CSV));
    expect(read.format).toBe("pocket");
    const b = bookmarks(read.entries);
    expect(b[0]).toMatchObject({
      title: "Slow cooking, explained",
      tags: ["food", "longread"],
      archived: false,
    });
    expect(b[1]).toMatchObject({ url: "https://example.test/bare", title: null, archived: true });
    expect(failures(read.entries)).toHaveLength(1);
  });
  it("reads Omnivore and Karakeep JSON", () => {
    const omni = readCollection(strToU8(JSON.stringify(OMNIVORE)));
    expect(omni.format).toBe("omnivore");
    expect(bookmarks(omni.entries)).toEqual([
      expect.objectContaining({ url: "https://example.test/knives", tags: ["skills"], archived: true }),
    ]);
    expect(failures(omni.entries)[0]!.reason).toMatch(/no web address/);
    const kk = readCollection(strToU8(JSON.stringify(KARAKEEP)));
    expect(kk.format).toBe("karakeep");
    expect(bookmarks(kk.entries)).toEqual([
      expect.objectContaining({
        url: "https://example.test/sourdough",
        excerpt: "read later",
        tags: ["bread"],
      }),
    ]);
    expect(failures(kk.entries)[0]!.reason).toMatch(/not a link/);
  });
  it("reads a list of URLs", () => {
    const read = readCollection(strToU8("# my list\nhttps://example.test/a\nhttps://example.test/b\n"));
    expect(read.format).toBe("urls");
    expect(bookmarks(read.entries).map((b) => b.url)).toEqual([
      "https://example.test/a",
      "https://example.test/b",
    ]);
  });
});

it("refuses a file that is no collection, saying which formats it reads", () => {
  expect(() => readCollection(strToU8("just some words"))).toThrow(UnreadableCollection);
  expect(() => readCollection(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toThrow(/damaged/);
});

describe("a saved page holding several recipes", () => {
  it("makes each schema.org Recipe of a JSON-LD @graph its own entry, the page's address as source", () => {
    const read = readCollection(strToU8(graphPage()), "menu.html");
    expect(read.format).toBe("webpage");
    const rs = recipes(read.entries);
    expect(rs.map((e) => e.draft.recipe.name).sort()).toEqual([
      "Chilled Tomato Soup",
      "Grilled Courgettes",
      "Lemon Posset",
    ]);
    expect(rs.every((e) => e.draft.source.url === "https://menu.test/menu")).toBe(true);
    expect(rs[0]!.label).toMatch(/\(1 of 3 in menu\.html\)$/);
    // The second and third are keyed apart from the page (not duplicates of the first).
    expect(rs.map((e) => e.part ?? null).filter(Boolean)).toHaveLength(2);
    expect(new Set(rs.map((e) => e.part ?? "")).size).toBe(3);
  });

  it("reads several microdata recipes; with no address each has its own stand-in source", () => {
    const read = readCollection(strToU8(MICRODATA_TWO), "breads.html");
    const rs = recipes(read.entries);
    expect(rs.map((e) => e.draft.recipe.name).sort()).toEqual(["Flatbread", "Soda Bread"]);
    expect(rs.map((e) => e.draft.source.extractionMethod)).toEqual(["Microdata", "Microdata"]);
    expect(new Set(rs.map((e) => e.draft.source.url)).size).toBe(2);
  });

  it("reports a saved page without a recipe as failed, with the reason", () => {
    const read = readCollection(strToU8("<!doctype html><html><body><p>Hello</p></body></html>"), "x.html");
    expect(failures(read.entries)[0]!.reason).toMatch(/Recipe/);
  });
});
