import { describe, expect, it } from "vitest";
import { authorName, parseInstructions, stripStepLabel, type MapContext } from "./schemaRecipe.ts";

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
