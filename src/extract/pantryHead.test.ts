import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { pantryHead } from "./pantryHead.ts";

describe("pantryHead", () => {
  it("names the group of a pantry line in English, French, Spanish and Italian", () => {
    expect(pantryHead("Make sure you have…")).toBe("Make sure you have");
    expect(pantryHead("Make sure you have on hand:")).toBe("Make sure you have on hand");
    expect(pantryHead("Assurez-vous d'avoir...")).toBe("Assurez-vous d'avoir");
    expect(pantryHead("Asegúrate de tener…")).toBe("Asegúrate de tener");
    expect(pantryHead("Assicurati di avere:")).toBe("Assicurati di avere");
  });

  it("leaves a sentence that goes on to name what to have", () => {
    expect(pantryHead("Make sure you have a sharp knife before you start.")).toBeNull();
    expect(pantryHead("2 tbsp olive oil")).toBeNull();
  });

  it("heads the pantry lines after it as a group of the list, not as an ingredient", () => {
    const r = extractRecipe({
      url: "https://cook.test/r",
      html: `<html><body><h1>Ratatouille toast</h1><h2>Ingrédients</h2>
        <p>1 tranche de pain de campagne</p><p>80 g de ratatouille</p><p>1 œuf</p>
        <p>Assurez-vous d'avoir...</p><p>Huile d'olive (1 càs)</p>
        <h2>Préparation</h2><ol><li>Faites cuire l'œuf 6 minutes dans une casserole d'eau bouillante.</li>
        <li>Réchauffez la ratatouille, toastez le pain et servez avec l'œuf et un filet d'huile.</li></ol></body></html>`,
    });
    const ingredients = r.ok ? r.recipe.ingredients : [];
    expect(ingredients.map((i) => i.text)).toEqual([
      "1 tranche de pain de campagne",
      "80 g de ratatouille",
      "1 œuf",
      "Huile d'olive (1 càs)",
    ]);
    expect(ingredients.at(-1)!.section).toBe("Assurez-vous d'avoir");
  });
});
