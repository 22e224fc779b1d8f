import { describe, expect, it } from "vitest";
import {
  authorName,
  chooseImage,
  mapSchemaRecipe,
  parseInstructions,
  stripStepLabel,
  type MapContext,
} from "./schemaRecipe.ts";

const ctx = (entries: [string, Record<string, unknown>][] = []): MapContext => ({
  baseUrl: "https://site.test/r/",
  byId: new Map(entries),
});

describe("stripStepLabel", () => {
  it.each([
    ["Step 1: Heat the oven.", "Heat the oven."],
    ["Step 2 - Whisk.", "Whisk."],
    ["STEP 3 Fold in the flour.", "Fold in the flour."],
    ["3. Heat the ghee.", "Heat the ghee."],
    ["4) Serve.", "Serve."],
    ["Schritt 2: Backen.", "Backen."],
  ])("%s → %s", (text, want) => expect(stripStepLabel(text)).toBe(want));

  it.each([["1.5 kg potatoes go in."], ["10 minutes before serving, add salt."], ["2-3 tomatoes, sliced."]])(
    "keeps %s",
    (text) => expect(stripStepLabel(text)).toBe(text),
  );

  it("drops numbering from HowToSteps and skips steps that were only a label", () => {
    const steps = parseInstructions(
      [
        { "@type": "HowToStep", text: "Step 1: Mix." },
        { "@type": "HowToStep", text: "Step 2" },
        { "@type": "HowToStep", text: "2. Bake." },
      ],
      ctx(),
    );
    expect(steps.map((s) => s.text)).toEqual(["Mix.", "Bake."]);
  });
});

describe("authorName", () => {
  it("reads a name given as an array, a byline string and given/family names", () => {
    expect(authorName({ "@type": "Person", name: ["Giulia Ferri"] }, ctx())).toBe("Giulia Ferri");
    expect(authorName("by Sunny Pardell", ctx())).toBe("Sunny Pardell");
    expect(authorName("Recipe by: Ana Ruiz", ctx())).toBe("Ana Ruiz");
    expect(authorName({ "@type": "Person", givenName: "Tove", familyName: "Lind" }, ctx())).toBe("Tove Lind");
  });

  it("gives no name for a Person with only a url, or a profile URL string", () => {
    expect(authorName({ "@type": "Person", url: "https://site.test/author/x/" }, ctx())).toBeNull();
    expect(authorName("https://site.test/author/x/", ctx())).toBeNull();
  });

  it("follows an @id reference to an Organization", () => {
    const org = { "@type": "Organization", "@id": "#org", name: "Rice & Shine" };
    expect(authorName({ "@id": "#org" }, ctx([["#org", org]]))).toBe("Rice & Shine");
  });
});

describe("parseInstructions", () => {
  it("reads an ItemList of ListItems: the item's step, or the ListItem's own text", () => {
    const steps = parseInstructions(
      {
        "@type": "ItemList",
        itemListElement: [
          { "@type": "ListItem", position: 1, item: { "@type": "HowToStep", text: "Pack the jar." } },
          { "@type": "ListItem", position: 2, text: "Heat the brine." },
          { "@type": "ListItem", position: 3, item: { "@type": "HowToStep", name: "Pour over." } },
        ],
      },
      ctx(),
    );
    expect(steps.map((s) => s.text)).toEqual(["Pack the jar.", "Heat the brine.", "Pour over."]);
  });

  it("keeps a step's title with its aside in brackets (over 80 characters) as the title over it", () => {
    const title = "Make the meringue (you may skip this step if you prefer the tart without meringue)";
    const steps = parseInstructions(
      [
        { "@type": "HowToStep", name: "Bake the tart", text: "Bake for 30 minutes." },
        { "@type": "HowToStep", name: title, text: "Whisk the whites with the sugar." },
      ],
      ctx(),
    );
    expect(steps.map((s) => s.section)).toEqual(["Bake the tart", title]);
  });
});

describe("parseInstructions, several steps in one", () => {
  it('splits one string numbered "1. … 2. …" or "Step 1: … Step 2: …"', () => {
    const a = parseInstructions("1. Mix the flour. 2. Bake for 20 minutes. 3. Cool.", ctx());
    expect(a.map((s) => s.text)).toEqual(["Mix the flour.", "Bake for 20 minutes.", "Cool."]);
    const b = parseInstructions("Step 1: Mix the flour. Step 2: Bake it.", ctx());
    expect(b.map((s) => s.text)).toEqual(["Mix the flour.", "Bake it."]);
  });

  // The reference lists of the real-page corpus keep a HowToStep's lines together (10 pages to 2).
  it("keeps a HowToStep whose text runs over several lines as one step; its list items are steps", () => {
    const steps = parseInstructions([{ "@type": "HowToStep", text: "Roast.\nBlend.\n\nSeason." }], ctx());
    expect(steps.map((s) => s.text)).toEqual(["Roast. Blend. Season."]);
    const listed = parseInstructions(
      [{ "@type": "HowToStep", text: "<ol><li>Roast.</li><li>Blend.</li></ol>" }],
      ctx(),
    );
    expect(listed.map((s) => s.text)).toEqual(["Roast.", "Blend."]);
  });
});

describe("mapSchemaRecipe ingredients", () => {
  it("splits entries that join several ingredients with <br>", () => {
    const r = mapSchemaRecipe(
      { "@type": "Recipe", recipeIngredient: ["1 onion<br>2 tbsp oil", "300 g rice", "1 l stock<br />"] },
      ctx(),
    );
    expect(r.ingredients?.map((i) => i.text)).toEqual(["1 onion", "2 tbsp oil", "300 g rice", "1 l stock"]);
  });
});

describe("chooseImage", () => {
  it("takes the largest ImageObject, reading sizes written as text or QuantitativeValue", () => {
    const images = [
      { "@type": "ImageObject", url: "https://site.test/s.jpg", width: "300px", height: "200px" },
      {
        "@type": "ImageObject",
        url: "",
        contentUrl: "/l.jpg",
        width: { value: 1600 },
        height: { value: 900 },
      },
    ];
    expect(chooseImage(images, ctx())).toBe("https://site.test/l.jpg");
  });

  it("resolves protocol-relative and relative addresses", () => {
    expect(chooseImage("//cdn.site.test/a.jpg", ctx())).toBe("https://cdn.site.test/a.jpg");
    expect(chooseImage(["img/b.jpg"], ctx())).toBe("https://site.test/r/img/b.jpg");
  });
});

describe("mapSchemaRecipe keys and legacy fields", () => {
  it("reads keys written in another case and falls back from an empty recipeIngredient", () => {
    const r = mapSchemaRecipe(
      {
        "@type": "Recipe",
        Name: "Beans",
        recipeyield: "4 servings",
        preptime: "PT5M",
        recipeIngredient: [],
        ingredients: ["• 400 g beans", "- 1 tbsp oil", "▢ 1 tsp salt"],
      },
      ctx(),
    );
    expect(r).toMatchObject({ name: "Beans", servings: 4, prepTimeMinutes: 5 });
    expect(r.ingredients?.map((i) => i.text)).toEqual(["400 g beans", "1 tbsp oil", "1 tsp salt"]);
  });

  it("splits instructions given as HTML-escaped list markup", () => {
    const steps = parseInstructions(
      "&lt;ol&gt;&lt;li&gt;Mix.&lt;/li&gt;&lt;li&gt;Bake.&lt;/li&gt;&lt;/ol&gt;",
      ctx(),
    );
    expect(steps.map((s) => s.text)).toEqual(["Mix.", "Bake."]);
  });
});
