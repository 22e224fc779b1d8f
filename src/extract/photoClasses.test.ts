import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { textToHtml } from "./textRecipe.ts";

// The classes of photographed recipes left after the OCR fixes (issue 50), each on a minimal text as
// the OCR gives it back: what a cook reads on the card must come out of the import the same.

const read = (text: string) => {
  const r = extractRecipe({ html: textToHtml(text), url: "https://import.invalid/photo/1" });
  if (!r.ok) throw new Error(r.message);
  return {
    ingredients: r.recipe.ingredients.map((i) => i.text),
    steps: r.recipe.instructions.map((s) => s.text),
  };
};

describe("photographed recipes", () => {
  it("keeps a list group whose first item is a long line (a wrapped line joined back)", () => {
    const long =
      "1 cup homemade chicken stock, or use a good quality store-bought low sodium stock, warmed through gently in a small saucepan first";
    const card = (item: string) =>
      `Lemon Chicken\n\nIngredients\nFor the chicken:\n- 2 chicken breasts\n- 1 tsp salt\nFor the sauce:\n- ${item}\n- 2 tbsp lemon juice\n- 1 tbsp butter\n\nMethod\n1. Season the chicken with the salt and leave it for ten minutes.\n2. Fry the chicken until golden, then add the sauce and simmer.\n`;
    const r = read(card(long));
    // Read as the same card with a short line there is: the sauce's group stays whole.
    const short = read(card("1 cup stock")).ingredients;
    expect(r.ingredients).toEqual(short.map((l) => (l === "1 cup stock" ? long : l)));
    expect(r.ingredients).toContain("1 tbsp butter");
    expect(r.steps).toHaveLength(2);
  });
});
