// Collection files built from each app's documented export format (never copies of a real
// collection), each with broken entries beside good ones.
import { gzipSync, strToU8, zipSync } from "fflate";

/** The smallest bytes Ladle takes for a JPEG / PNG (their magic numbers and some padding). */
export const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
]);
export const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82,
]);

const json = (v: unknown) => strToU8(JSON.stringify(v));

/** One Paprika recipe as its app writes it (`.paprikarecipe`: gzipped JSON, photo as base64). */
export function paprikaRecipe(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    uid: "5C6A2A0E-0000-4000-8000-000000000001",
    name: "Buttermilk Pancakes",
    ingredients: "2 cups flour\n2 tbsp sugar\n2 cups buttermilk\nFor the topping:\n1/4 cup maple syrup",
    directions: "Whisk the dry ingredients.\nStir in the buttermilk.\n\nFry on a hot griddle until golden.",
    description: "Fluffy weekend pancakes.",
    notes: "Rest the batter 10 minutes.",
    nutritional_info: "Calories: 320 kcal\nProtein: 9 g",
    servings: "4 servings",
    prep_time: "10 mins",
    cook_time: "20 mins",
    total_time: "30 mins",
    source: "Grandma's box",
    source_url: "https://example.test/pancakes",
    image_url: "",
    photo: "pancakes.jpg",
    photo_data: Buffer.from(JPEG).toString("base64"),
    photos: [],
    categories: ["Breakfast", "Sweet"],
    rating: 5,
    difficulty: "Easy",
    created: "2024-03-01 08:00:00",
    hash: "abc",
    ...over,
  };
}

/** A `.paprikarecipes` export: two good recipes, one empty one, one damaged file. */
export function paprikaExport(): Uint8Array {
  return zipSync({
    "Buttermilk Pancakes.paprikarecipe": gzipSync(json(paprikaRecipe())),
    "Tomato Soup.paprikarecipe": gzipSync(
      json(
        paprikaRecipe({
          uid: "2",
          name: "Tomato Soup",
          ingredients: "1 kg tomatoes\n1 onion",
          directions: "Simmer everything 30 minutes.\nBlend.",
          photo_data: "",
          source_url: "",
          categories: [],
        }),
      ),
    ),
    "Nothing Here.paprikarecipe": gzipSync(
      json(paprikaRecipe({ uid: "3", name: "Nothing Here", ingredients: "", directions: "" })),
    ),
    "Broken.paprikarecipe": new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3]),
  });
}

/** A Mealie recipe JSON (v1 export shape). */
export function mealieRecipe(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "0b0c2f8e-0000-4000-8000-000000000001",
    groupId: "g1",
    name: "Chana Masala",
    slug: "chana-masala",
    description: "Chickpeas in a spiced tomato sauce.",
    recipeYield: "4 servings",
    recipeServings: 4,
    totalTime: "45 minutes",
    prepTime: "15 minutes",
    performTime: "30 minutes",
    recipeCategory: [{ name: "Dinner", slug: "dinner" }],
    tags: [{ name: "Vegan", slug: "vegan" }],
    tools: [{ name: "Pot" }],
    recipeIngredient: [
      {
        title: "",
        note: "",
        display: "2 tbsp oil",
        originalText: "2 tbsp oil",
        quantity: 2,
        unit: { name: "tbsp" },
        food: { name: "oil" },
      },
      {
        title: "Sauce",
        note: "chopped",
        display: "",
        originalText: "",
        quantity: 1,
        unit: null,
        food: { name: "onion" },
      },
      {
        title: "",
        note: "",
        display: "",
        originalText: "2 cans chickpeas",
        quantity: 0,
        unit: null,
        food: null,
      },
    ],
    recipeInstructions: [
      { title: "", text: "Fry the onion in the oil." },
      { title: "Finish", text: "Add the chickpeas and simmer 20 minutes." },
    ],
    nutrition: { calories: "350", proteinContent: "12 g", fatContent: null },
    orgURL: "https://example.test/chana",
    notes: [{ title: "Tip", text: "Better the next day." }],
    dateAdded: "2024-01-01",
    ...over,
  };
}

/** A Mealie export zip: `<slug>/<slug>.json` with `images/original.webp`, plus a broken JSON. */
export function mealieExport(): Uint8Array {
  const webp = new Uint8Array([...strToU8("RIFF"), 0, 0, 0, 0, ...strToU8("WEBP"), 0, 0]);
  return zipSync({
    "recipes/chana-masala/chana-masala.json": json(mealieRecipe()),
    "recipes/chana-masala/images/original.webp": webp,
    "recipes/toast/toast.json": json(
      mealieRecipe({
        name: "Toast",
        slug: "toast",
        recipeIngredient: ["1 slice bread"],
        recipeInstructions: [{ text: "Toast it." }],
        orgURL: null,
      }),
    ),
    "recipes/broken/broken.json": strToU8('{"name": "Broken", "slug": '),
  });
}

/** A Tandoor recipe.json (its default export). */
export function tandoorRecipe(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Focaccia",
    description: "Airy olive-oil bread.",
    keywords: [{ name: "bread" }, { name: "italian" }],
    steps: [
      {
        name: "Dough",
        instruction: "Mix everything.\n\nRest 1 hour.",
        ingredients: [
          {
            food: { name: "flour" },
            unit: { name: "g" },
            amount: 500,
            note: "",
            is_header: false,
            no_amount: false,
          },
          {
            food: { name: "water" },
            unit: { name: "ml" },
            amount: 400,
            note: "lukewarm",
            is_header: false,
            no_amount: false,
          },
          { food: { name: "salt" }, unit: null, amount: 0, note: "", is_header: false, no_amount: true },
        ],
        time: 60,
        order: 0,
        show_as_header: true,
      },
      { name: "", instruction: "Bake 25 minutes at 220 °C.", ingredients: [], time: 25, order: 1 },
    ],
    working_time: 20,
    waiting_time: 90,
    internal: true,
    nutrition: { calories: 250, proteins: 7, fats: 8, carbohydrates: 38, source: "" },
    servings: 8,
    servings_text: "pieces",
    source_url: "",
    ...over,
  };
}

/** A Tandoor export zip: one inner zip per recipe (recipe.json + image.jpg), and a damaged one. */
export function tandoorExport(): Uint8Array {
  return zipSync({
    "1.zip": zipSync({ "recipe.json": json(tandoorRecipe()), "image.jpg": JPEG }),
    "2.zip": zipSync({
      "recipe.json": json(
        tandoorRecipe({
          name: "Plain Rice",
          keywords: [],
          steps: [
            {
              name: "",
              instruction: "Cook the rice.",
              ingredients: [{ food: { name: "rice" }, unit: { name: "g" }, amount: 200 }],
            },
          ],
          working_time: 0,
          waiting_time: 0,
          nutrition: null,
        }),
      ),
    }),
    "3.zip": zipSync({ "notes.txt": strToU8("no recipe here") }),
    "4.zip": new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
  });
}

/** A Nextcloud Cookbook recipe.json (schema.org fields as the app stores them). */
export function nextcloudRecipe(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    "@context": "http://schema.org",
    "@type": "Recipe",
    id: "12345",
    name: "Lemon Bars",
    description: "Shortbread with lemon curd.",
    url: "https://example.test/lemon-bars",
    image: "https://example.test/lemon.jpg",
    imageUrl: "/apps/cookbook/webapp/recipes/12345/image?size=full",
    prepTime: "PT0H20M0S",
    cookTime: "PT0H40M0S",
    totalTime: "PT1H0M0S",
    recipeCategory: "Dessert",
    keywords: "lemon,baking",
    recipeYield: 16,
    tool: ["9x13 pan"],
    recipeIngredient: ["1 cup butter", "2 cups flour", "4 eggs", "1/2 cup lemon juice"],
    recipeInstructions: ["Bake the crust 20 minutes.", "Pour on the filling and bake 20 minutes more."],
    nutrition: { "@type": "NutritionInformation", calories: "210 kcal" },
    dateCreated: "2024-02-02T10:00:00+0000",
    ...over,
  };
}

/** A Nextcloud Cookbook folder as files: one folder per recipe with recipe.json + full.jpg. */
export function nextcloudFiles(): Map<string, Uint8Array> {
  return new Map([
    ["Recipes/Lemon Bars/recipe.json", json(nextcloudRecipe())],
    ["Recipes/Lemon Bars/full.jpg", JPEG],
    ["Recipes/Lemon Bars/thumb.jpg", JPEG],
    [
      "Recipes/Salad/recipe.json",
      json(
        nextcloudRecipe({
          name: "Salad",
          url: "",
          recipeIngredient: ["1 lettuce"],
          recipeInstructions: ["Toss."],
          image: "",
        }),
      ),
    ],
    ["Recipes/Empty/recipe.json", json({ name: "Empty", recipeIngredient: [], recipeInstructions: [] })],
    ["Recipes/Garbled/recipe.json", strToU8("{not json")],
  ]);
}

export const COOKLANG_PANCAKES = `>> title: Cooklang Pancakes
>> servings: 4
>> tags: breakfast, sweet
>> source: https://example.test/cook-pancakes
>> prep time: 10 minutes
>> cook time: 15 minutes

Mix @flour{200%g} with @eggs{2} and @milk{300%ml} in a #bowl{}.

Fry in @butter{1%tbsp} for ~{3%minutes} per side.
`;

/** A browser's bookmark export with folders, tags, a description and a javascript: bookmarklet. */
export const NETSCAPE = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file. -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 ADD_DATE="1700000000">Recipes</H3>
    <DL><p>
        <DT><A HREF="https://example.test/soup" ADD_DATE="1700000100" TAGS="soup,winter">Best soup &amp; bread</A>
        <DD>A warming soup.
        <DT><H3>Baking</H3>
        <DL><p>
            <DT><A HREF="https://example.test/bread" ADD_DATE="1700000200">Bread</A>
        </DL><p>
    </DL><p>
    <DT><A HREF="javascript:alert(1)">Bookmarklet</A>
    <DT><A HREF="https://example.test/news">News</A>
</DL><p>
`;

export const POCKET_CSV = `title,url,time_added,tags,status
"Slow cooking, explained",https://example.test/slow,1700000000,food|longread,unread
https://example.test/bare,https://example.test/bare,1700000500,,archive
Broken row,not a url,1700000600,,unread
`;

export const OMNIVORE = [
  {
    id: "1",
    slug: "a",
    title: "Knife skills",
    description: "How to hold a knife",
    url: "https://example.test/knives",
    state: "Archived",
    labels: ["skills"],
    savedAt: "2024-01-05T10:00:00.000Z",
  },
  { id: "2", slug: "b", title: "No link", url: "", labels: [], savedAt: "2024-01-06T10:00:00.000Z" },
];

export const KARAKEEP = {
  bookmarks: [
    {
      createdAt: 1700000000,
      title: "Sourdough guide",
      tags: ["bread"],
      content: { type: "link", url: "https://example.test/sourdough" },
      note: "read later",
      archived: false,
    },
    {
      createdAt: 1700000100,
      title: "A note",
      tags: [],
      content: { type: "text", text: "buy flour" },
      note: null,
      archived: false,
    },
  ],
};

/** A schema.org JSON array: two recipes and an entry that is not a Recipe. */
export const SCHEMA_ARRAY = [
  {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Guacamole",
    url: "https://example.test/guac",
    recipeIngredient: ["3 avocados", "1 lime"],
    recipeInstructions: [{ "@type": "HowToStep", text: "Mash everything." }],
    recipeYield: "4",
  },
  {
    "@type": "Recipe",
    name: "Salsa",
    recipeIngredient: ["4 tomatoes"],
    recipeInstructions: "Chop and mix.",
    image: "salsa.png",
  },
  { "@type": "Person", name: "Not a recipe" },
];
