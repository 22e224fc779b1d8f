import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { toolsLine } from "./toolsLine.ts";

describe("toolsLine", () => {
  it("knows a label over tools only, in several languages", () => {
    for (const t of [
      "Außerdem: breite, ofenfeste Pfanne, Fleischthermometer",
      "Außerdem: Springform (26 cm Ø), Backpapier",
      "You will need: a skillet, a thermometer",
      "You'll also need: a large, heavy skillet and a baking sheet lined with parchment",
      "Il vous faut : un moule à manqué, du papier sulfurisé",
      "Inoltre: una teglia, carta da forno",
    ])
      expect(toolsLine(t), t).toBe(true);
  });

  it("keeps a line that names an ingredient, or has no such label", () => {
    for (const t of [
      "Außerdem: Salz, Pfeffer",
      "Außerdem: Öl für die Form",
      "Also: butter, a heavy skillet",
      "You will need: a jar of pesto",
      "Also: gelatin",
      "Pfanne, Fleischthermometer",
      "2 tbsp butter, for the pan",
    ])
      expect(toolsLine(t), t).toBe(false);
  });

  it("drops the tools line from the ingredient list of a page without structured data", () => {
    const r = extractRecipe({
      url: "https://cook.test/r",
      html: `<html><body><h1>Pepper steak</h1><h2>Zutaten</h2>
        <p>2 Rumpsteaks</p><p>1 EL bunte Pfefferkörner</p><p>2 EL Olivenöl</p>
        <p>Außerdem: breite, ofenfeste Pfanne, Fleischthermometer</p>
        <h2>Zubereitung</h2><ol><li>Die Pfefferkörner im Mörser zerstoßen und die Steaks damit einreiben.</li>
        <li>Das Öl in der Pfanne erhitzen und die Steaks von beiden Seiten je 2 Minuten braten.</li></ol></body></html>`,
    });
    expect(r.ok && r.recipe.ingredients.map((i) => i.text)).toEqual([
      "2 Rumpsteaks",
      "1 EL bunte Pfefferkörner",
      "2 EL Olivenöl",
    ]);
  });
});
