import { describe, expect, it } from "vitest";
import { captionsToText, looksLikeCaptions } from "./captions.ts";
import { extractRecipe } from "./extractRecipe.ts";
import { recipeStartPage, textToHtml } from "./textRecipe.ts";
import { videoPageText } from "./videoPage.ts";

const read = (text: string) => {
  const r = extractRecipe({ html: textToHtml(text), url: "https://import.invalid/text/1" });
  if (!r.ok) throw new Error(r.message);
  return {
    name: r.recipe.name,
    ingredients: r.recipe.ingredients.map((i) => i.text),
    steps: r.recipe.instructions.map((s) => s.text),
  };
};

// One recipe per language the extractor knows, each with that language's section headings.
const LANGS: [string, string, string, string][] = [
  ["en", "Pancakes", "Ingredients:", "Method:"],
  ["de", "Pfannkuchen", "Zutaten", "Zubereitung"],
  ["fr", "Crêpes", "Ingrédients", "Préparation"],
  ["es", "Tortitas", "Ingredientes", "Preparación"],
  ["it", "Frittelle", "Ingredienti", "Preparazione"],
  ["nl", "Pannenkoeken", "Ingrediënten", "Bereiding"],
  ["pt", "Panquecas", "Ingredientes", "Modo de preparo"],
  ["sv", "Pannkakor", "Ingredienser", "Gör så här"],
];

describe("textToHtml", () => {
  it.each(LANGS)("reads a pasted %s recipe by its headings", (_lang, title, ing, steps) => {
    const text = `${title}\n\n${ing}\n- 200 g flour\n- 3 eggs\n- 500 ml milk\n\n${steps}\n1. Whisk everything\ninto a smooth batter.\n2. Fry thin pancakes in butter.\n`;
    const r = read(text);
    expect(r.name).toBe(title);
    expect(r.ingredients).toEqual(["200 g flour", "3 eggs", "500 ml milk"]);
    // A wrapped step line continues its step.
    expect(r.steps).toEqual(["Whisk everything into a smooth batter.", "Fry thin pancakes in butter."]);
  });

  it("reads a recipe of one ingredient and one step under their headings (the example in docs/api.md)", () => {
    expect(read("Lemon Cake\nIngredients\n- 2 eggs\nMethod\n1. Mix.")).toEqual({
      name: "Lemon Cake",
      ingredients: ["2 eggs"],
      steps: ["Mix."],
    });
    expect(read("Toast\n\nIngredients\n2 slices bread\n\nMethod\n1. Toast the bread.").ingredients).toEqual([
      "2 slices bread",
    ]);
  });

  it("keeps every group of the method: a heading inside it that names no section heads its next steps", () => {
    const r = extractRecipe({
      html: textToHtml(
        "Plum Cake\n\nINGREDIENTS\n2 eggs\n1 cup flour\n\nMETHOD\nTo Make the Filling:\n\nStir the plums with sugar.\n\nTo Make the Cake:\n\nWhisk the eggs.\n\nBake for 45 minutes.\n",
      ),
      url: "https://import.invalid/text/1",
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.recipe.instructions.map((s) => [s.section, s.text])).toEqual([
      ["To Make the Filling:", "Stir the plums with sugar."],
      ["To Make the Cake:", "Whisk the eggs."],
      ["To Make the Cake:", "Bake for 45 minutes."],
    ]);
  });

  it("reads a numbered label of the method ('1. To Make the Filling:') as its group's name", () => {
    const r = extractRecipe({
      html: textToHtml(
        "Plum Cake\n\nIngredients\n2 eggs\n1 cup flour\n\nMethod\n1. To Make the Filling:\n2. Stir the plums with sugar.\n3. To Make the Cake:\n4. Whisk the eggs.\n5. Bake for 45 minutes.\n",
      ),
      url: "https://import.invalid/text/1",
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.recipe.instructions.map((s) => [s.section, s.text])).toEqual([
      ["To Make the Filling:", "Stir the plums with sugar."],
      ["To Make the Cake:", "Whisk the eggs."],
      ["To Make the Cake:", "Bake for 45 minutes."],
    ]);
  });

  it("reads markdown headings, bullets and step labels", () => {
    const r = read(
      "# Tomato Soup\n\n## Ingredients\n* 1 kg tomatoes\n* 1 onion\n\n## Directions\nStep 1: Chop the onion and soften it.\nStep 2: Add the tomatoes and simmer for 20 minutes.",
    );
    expect(r.name).toBe("Tomato Soup");
    expect(r.ingredients).toEqual(["1 kg tomatoes", "1 onion"]);
    expect(r.steps).toHaveLength(2);
  });

  it("splits a recipe without headings by line shape", () => {
    const r = read(
      "Quick Pancakes\n2 cups flour\n1 cup milk\n2 eggs\nWhisk everything together until smooth.\nCook on a hot griddle until golden on both sides.",
    );
    expect(r.ingredients).toEqual(["2 cups flour", "1 cup milk", "2 eggs"]);
    expect(r.steps).toHaveLength(2);
  });

  it("escapes markup in the text", () => {
    expect(textToHtml("<script>x</script>\nIngredients\n- 1 <b>egg</b>")).not.toContain("<script>");
  });

  it("finds the page a recipe starts on", () => {
    expect(recipeStartPage(["Cover", "Lemon Cake\nIngredients\n- 1 egg"])).toBe(1);
    expect(recipeStartPage(["Lemon Cake", "Ingredients\n- 1 egg"])).toBe(0);
    expect(recipeStartPage(["Preface", "Nothing"])).toBe(0);
  });
});

describe("captions and video pages", () => {
  it("reads WebVTT and SubRip cues as lines, dropping timings, markup and rolling repeats", () => {
    const vtt =
      "WEBVTT\n\nNOTE made by hand\n\n1\n00:00:01.000 --> 00:00:02.000 align:start\n<v Chef>Add <b>2 eggs</b>\n\n00:00:02.000 --> 00:00:03.000\nAdd 2 eggs\n\n00:00:03.000 --> 00:00:04.000\nWhisk well";
    expect(looksLikeCaptions(vtt)).toBe(true);
    expect(captionsToText(vtt)).toBe("Add 2 eggs\nWhisk well");
    const srt = "1\n00:00:01,000 --> 00:00:02,000\nHello\n\n2\n00:00:02,000 --> 00:00:03,000\nWorld\n";
    expect(looksLikeCaptions(srt)).toBe(true);
    expect(captionsToText(srt)).toBe("Hello\nWorld");
    expect(looksLikeCaptions("Just text\nwith lines")).toBe(false);
  });

  it("takes a VideoObject's transcript, then its description, then the meta description", async () => {
    const ld = (o: object) => `<script type="application/ld+json">${JSON.stringify(o)}</script>`;
    expect(
      await videoPageText(
        ld({ "@graph": [{ "@type": "VideoObject", name: "V", description: "d", transcript: "t" }] }),
      ),
    ).toEqual({
      title: "V",
      text: "t",
      origin: "VideoObject.transcript",
    });
    expect((await videoPageText(ld({ "@type": "VideoObject", description: "d" })))?.origin).toBe(
      "VideoObject.description",
    );
    expect(await videoPageText('<meta property="og:description" content="m"><title>T</title>')).toEqual({
      title: "T",
      text: "m",
      origin: "meta.description",
    });
    expect(await videoPageText("<p>nothing</p>")).toBeNull();
  });
});

describe("one reader for every text: times and yields as a cook writes them", () => {
  const BODY =
    "\n\nIngredients\n- 200 g flour\n- 3 eggs\n- 500 ml milk\n\nMethod\n1. Whisk everything into a smooth batter.\n2. Fry thin pancakes in butter.\n";
  const facts = (head: string) => {
    const r = extractRecipe({
      html: textToHtml(`Pancakes\n${head}${BODY}`),
      url: "https://import.invalid/text/1",
    });
    if (!r.ok) throw new Error(r.message);
    const x = r.recipe;
    return {
      prep: x.prepTimeMinutes ?? null,
      cook: x.cookTimeMinutes ?? null,
      total: x.totalTimeMinutes ?? null,
      servings: x.servings ?? null,
    };
  };

  it("reads two times written as one line of prose", () => {
    expect(facts("Prep 15 minutes, cook 45 minutes\nServes 4")).toEqual({
      prep: 15,
      cook: 45,
      total: 60,
      servings: 4,
    });
  });

  it("counts baking as cooking, so the total adds it", () => {
    expect(facts("Prep 3 min. Bake 12 min.")).toMatchObject({ prep: 3, cook: 12, total: 15 });
    expect(facts("Prep: 3 min\nBake: 12 min")).toMatchObject({ prep: 3, cook: 12, total: 15 });
    expect(facts("Bake 12 min")).toMatchObject({ cook: 12 });
  });

  it("reads hours and minutes together, and seconds as seconds", () => {
    expect(facts("Prep time: 10 mins\nCook time: 1 hr 10 mins")).toMatchObject({
      prep: 10,
      cook: 70,
      total: 80,
    });
    // 40 seconds is under a minute: never 40 minutes.
    expect(facts("Cook time: 40 seconds")).toMatchObject({ cook: 1 });
    expect(facts("Cook time: 1 min 40 s")).toMatchObject({ cook: 2 });
  });

  it.each([
    ["Serves eight to ten", 10],
    ["Serves 2 to 4", 4],
    ["Serves: 4-5", 5],
    ["Serves six or eight", 8],
  ])("reads the top of a yield's range: %s", (line, servings) => {
    expect(facts(line).servings).toBe(servings);
  });
});

describe("a card's details on lines of their own", () => {
  it("keeps 'Serves 4' apart from the times under it, so the yield is said once", () => {
    const r = extractRecipe({
      html: textToHtml(
        "Pear Crumble\nServes 4\nPrep 15 minutes, cook 45 minutes\n\nIngredients\n- 4 pears\n- 100 g oats\n\nMethod\n1. Slice the pears.\n2. Bake.",
      ),
      url: "https://import.invalid/text/1",
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.recipe.yield).toBe("Serves 4");
    expect(r.recipe.servings).toBe(4);
    expect(r.recipe.totalTimeMinutes).toBe(60);
  });
});

describe("a cook's typed text keeps the cook's lines", () => {
  const BODY = "\n\nIngredients\n- 2 cups flour\n- 1 cup butter\n- 1/2 cup sugar\n\n";
  const steps = (text: string) => read(text).steps;

  it("keeps a numbered tip and note under the method as the steps they are", () => {
    expect(
      steps(
        `Spaghetti${BODY}Method\n1. Cook the spaghetti.\n2. Stir in the sauce.\n3. Tip: add a little truffle oil at the end.\n`,
      ),
    ).toEqual(["Cook the spaghetti.", "Stir in the sauce.", "Tip: add a little truffle oil at the end."]);
    // A paragraph written under the method, as a magazine sets it.
    expect(
      steps(
        `Chicken Milanese${BODY}METHOD\nPound the chicken thin.\n\nFry until golden.\n\nNote: adapted from a newspaper's recipe.\n`,
      ),
    ).toEqual(["Pound the chicken thin.", "Fry until golden.", "Note: adapted from a newspaper's recipe."]);
  });

  it("keeps the yield that ends the last step and the ingredients a step lists after its sentence", () => {
    expect(
      steps(
        `Butter Cookies${BODY}Method\n1. Beat the butter and sugar until smooth. 1 cup butter, 1/2 cup sugar\n2. Fold in the flour and bake. Serves 12.\n`,
      ),
    ).toEqual([
      "Beat the butter and sugar until smooth. 1 cup butter, 1/2 cup sugar",
      "Fold in the flour and bake. Serves 12.",
    ]);
  });

  it("reads a 'Step 2' line as the label of the lines under it, whatever their script", () => {
    const r = read(
      "Gol Gappay\n\nIngredients\n- میدہ 1 کپ\n- تیل 1 کھانے کا چمچ\n\nDirections\nStep 1\nمیدے میں تیل ملا کر گوندھ لیں۔\nStep 2\nآئل گرم کر کے فرائی کر لیں۔\n",
    );
    expect(r.steps).toEqual(["میدے میں تیل ملا کر گوندھ لیں۔", "آئل گرم کر کے فرائی کر لیں۔"]);
  });

  it("reads a group heading in capitals with a digit inside a word, never an amount in capitals", () => {
    const r = read(
      "Smash Burger Tacos\n\nINGREDIENTS\nWHOLE30 TACOS\n1 lb ground beef\n8 lettuce leaves\nSAUCE\n1 cup oil\n2 EGGS\n\nMETHOD\nFry the beef.\n\nServe in the leaves.\n",
    );
    // The headings name the groups; "2 EGGS" is a line of the list.
    expect(r.ingredients).toEqual(["1 lb ground beef", "8 lettuce leaves", "1 cup oil", "2 EGGS"]);
    expect(textToHtml("Tacos\n\nINGREDIENTS\nWHOLE30 TACOS\n2 EGGS\n")).toContain("<h3>WHOLE30 TACOS</h3>");
  });

  it("reads Danish and Norwegian time labels, hours as 't', and a yield given by weight", () => {
    const r = extractRecipe({
      html: textToHtml(
        `Fastelavnsboller\n\n12 personer\nForberedelsestid: 1 t\nTilberedningstid: 12 min\nSamlet tid: 1 t 15 min${BODY}Fremgangsmåde\n1. Bag bollerne.\n`,
      ),
      url: "https://import.invalid/text/1",
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.recipe).toMatchObject({ prepTimeMinutes: 60, cookTimeMinutes: 12, totalTimeMinutes: 75 });
    const starter = extractRecipe({
      html: textToHtml(`Sourdough Starter\n\nMakes 250 grams${BODY}Method\n1. Mix and wait a week.\n`),
      url: "https://import.invalid/text/2",
    });
    if (!starter.ok) throw new Error(starter.message);
    expect(starter.recipe.yield).toBe("Makes 250 grams");
  });

  it("reads a heading inside the ingredients as a group of the list, its lines kept without amounts", () => {
    const r = read(
      "Pesto Pasta\n\nIngredients:\n• 2 cups penne\n• 1 tbsp pesto\nGarnish:\n• Basil leaves\n\nMethod\n1. Cook the penne.\n2. Stir in the pesto and garnish with basil.\n",
    );
    expect(r.ingredients).toEqual(["2 cups penne", "1 tbsp pesto", "Basil leaves"]);
  });

  it("reads headings that name the method and its part as groups of one method", () => {
    const r = extractRecipe({
      html: textToHtml(
        "Tarte aux fraises\n\nINGRÉDIENTS\n250 g de farine\n500 g de fraises\nLA CRÈME PÂTISSIÈRE DE LA TARTE AUX FRAISES\n50 cl de lait\n\nMETHOD\nPréparation de la pâte sablée\nFaire la pâte et la cuire 20 minutes.\n\nPréparation de la crème pâtissière\nFaire chauffer le lait.\n\nRéalise le montage :\nDéposer la crème puis les fraises.\n",
      ),
      url: "https://import.invalid/text/1",
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.recipe.ingredients.map((i) => i.text)).toEqual([
      "250 g de farine",
      "500 g de fraises",
      "50 cl de lait",
    ]);
    expect(r.recipe.instructions.map((s) => [s.section, s.text])).toEqual([
      ["Préparation de la pâte sablée", "Faire la pâte et la cuire 20 minutes."],
      ["Préparation de la crème pâtissière", "Faire chauffer le lait."],
      // The group's colon as the cook spaced it.
      ["Réalise le montage :", "Déposer la crème puis les fraises."],
    ]);
  });

  it("reads a heading after the ingredients that the word lists lack as the method when sentences follow", () => {
    const r = read(
      "Soup\n\nIngredients\n- 2 leeks\n- 1 l stock\nHOW WE DO IT\nSlice the leeks and sweat them in butter.\n\nPour in the stock and simmer for 20 minutes.\n",
    );
    expect(r.ingredients).toEqual(["2 leeks", "1 l stock"]);
    expect(r.steps).toEqual([
      "Slice the leeks and sweat them in butter.",
      "Pour in the stock and simmer for 20 minutes.",
    ]);
  });

  it("keeps a card's bare label the cook numbered as a step, and a list typed twice", () => {
    expect(
      steps(`Cookies${BODY}Method\n1. Mix the dough.\n2. Bake\n3. Bake for 12 minutes until golden.\n`),
    ).toEqual(["Mix the dough.", "Bake", "Bake for 12 minutes until golden."]);
    expect(
      read(
        "Popcorn\n\nIngredients:\n• 20 g Öl\n• 50 g Mais\n• 3 EL Zucker\n• 20 g Öl\n• 50 g Mais\n• 3 EL Zucker\n\nMethod\n1. Pop the corn twice.\n",
      ).ingredients,
    ).toEqual(["20 g Öl", "50 g Mais", "3 EL Zucker", "20 g Öl", "50 g Mais", "3 EL Zucker"]);
  });

  it("keeps a group whose first item is a short name with a long note, and the groups after it", () => {
    expect(
      read(
        "Oat Bowls\n\nIngredients:\nPumpkin:\n• 1 cup pumpkin puree\nBlueberry Lemon:\n• zest from 1 lemon (add after cooking base recipe)\n• 1-2 cups blueberries\nChocolate:\n• 1 tablespoon cocoa powder\n\nMethod\n1. Cook the oats in the water for 25 minutes.\n2. Stir in the toppings.\n",
      ).ingredients,
    ).toEqual([
      "1 cup pumpkin puree",
      "zest from 1 lemon (add after cooking base recipe)",
      "1-2 cups blueberries",
      "1 tablespoon cocoa powder",
    ]);
  });

  it("keeps a group in capitals whose first unbulleted line has no amount and a long note, and the groups after it", () => {
    // A magazine's list (no bullets) or a photo of one: "BLUEBERRY LEMON" over "zest from 1 lemon (…)".
    expect(
      read(
        "Oat Bowls\n\nINGREDIENTS\nPUMPKIN\n1 cup pumpkin puree\n2 tablespoons pumpkin seeds\nBLUEBERRY LEMON\nzest from 1 lemon (add after cooking base recipe)\n1-2 cups blueberries\nCHOCOLATE\n1 tablespoon cocoa powder\n\nMETHOD\nCook the oats in the water for 25 minutes.\n\nStir in the toppings.\n",
      ).ingredients,
    ).toEqual([
      "1 cup pumpkin puree",
      "2 tablespoons pumpkin seeds",
      "zest from 1 lemon (add after cooking base recipe)",
      "1-2 cups blueberries",
      "1 tablespoon cocoa powder",
    ]);
  });

  it("reads a label the cook bulleted as a group's name without its bullet", () => {
    const r = extractRecipe({
      html: textToHtml(
        "Pesto Pasta\n\nIngredients:\n- 2 cups penne\n- 1 tbsp pesto\n\nMethod\n- Cook the penne.\n- To finish:\n- Stir in the pesto.\n",
      ),
      url: "https://import.invalid/text/1",
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.recipe.instructions.map((s) => [s.section, s.text])).toEqual([
      [null, "Cook the penne."],
      ["To finish:", "Stir in the pesto."],
    ]);
  });

  it("reads a group's label with a long note in brackets as its heading, colon-ended or in capitals", () => {
    const note = "(number of required ingredients will vary depending on the size of each bar piece.)";
    for (const label of [`Decoration ${note}:`, `DECORATION ${note.toUpperCase()}`])
      expect(
        read(
          `Nut Bars\n\nIngredients\n• 1 cup rice puffs\n• 1/8 tsp fine sea salt\n${label}\n• 1 Tbsp pine nuts\n\nMethod\n1. Mix and press into a tin.\n`,
        ).ingredients,
      ).toEqual(["1 cup rice puffs", "1/8 tsp fine sea salt", "1 Tbsp pine nuts"]);
  });

  it("keeps a step's opening words in bold as written, never half their stars", () => {
    expect(
      read(
        "Bread\n\nIngredients\n- 500 g flour\n- 300 ml water\n\nMethod\n1. **Con thermomix,** ponemos agua en el vaso.\n2. *Sin thermomix, calentamos el agua.\n",
      ).steps,
    ).toEqual(["**Con thermomix,** ponemos agua en el vaso.", "Sin thermomix, calentamos el agua."]);
  });

  it("keeps a last group of one long unmeasured item the cook listed, no sentence of a method", () => {
    expect(
      read(
        "Caramel Pork\n\nIngredients\n• 1 kg pork belly\n• 1 1/2 tbsp fish sauce\nGarnishes:\n• Red chilli and finely sliced shallots/green onions\n\nMethod\n1. Simmer the pork in the sauce for 1 hour.\n",
      ).ingredients,
    ).toEqual([
      "1 kg pork belly",
      "1 1/2 tbsp fish sauce",
      "Red chilli and finely sliced shallots/green onions",
    ]);
  });
});
