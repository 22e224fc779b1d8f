// Minimal pages for issue 50's page-text classes (no structured data): a card's time after the
// ingredient list read as ingredients, the dish's name over the method read as a part of it.
// Shapes many sites share, each with no site's names in it.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const read = (html: string) => {
  const r = extractRecipe({ html: `<html><body>${html}</body></html>`, url: "https://cook.test/r" });
  if (!r.ok) throw new Error(r.code);
  return r.recipe;
};

const METHOD = `<h2>Modo de preparo</h2><ol>
<li>Refogue a cebola e o alho no azeite até dourarem.</li>
<li>Junte o arroz e a água e deixe cozinhar por 18 minutos.</li></ol>`;

describe("ingredients: a card's time after the list ends it", () => {
  it("leaves the time, its label and what follows out of the list", () => {
    const r = read(`<h1>Arroz de tomate</h1><h2>Ingredientes</h2><ul>
<li>240 g cebola</li><li>70 g azeite</li><li>350 g arroz agulha</li><li>sal, q.b.</li></ul>
<h5>1h 18min:</h5><div>Bimby® 1h 18min Total</div><h5>Fácil</h5><div>Bimby®</div>${METHOD}`);
    expect(r.ingredients.map((i) => i.text)).toEqual([
      "240 g cebola",
      "70 g azeite",
      "350 g arroz agulha",
      "sal, q.b.",
    ]);
  });

  it("keeps a worded group heading without a number ('Baking:') and the lines under it", () => {
    const r = read(`<h1>Buns</h1><h2>Ingredients</h2><ul>
<li>500 g flour</li><li>20 g fresh yeast</li></ul><h4>Baking:</h4><ul><li>1 egg, beaten</li><li>2 tbsp sugar</li></ul>
<h2>Method</h2><ol><li>Knead the flour with the yeast and leave the dough to rise for an hour.</li>
<li>Shape the buns, brush them with the egg, sprinkle with sugar and bake them for 20 minutes.</li></ol>`);
    expect(r.ingredients.map((i) => i.text)).toEqual([
      "500 g flour",
      "20 g fresh yeast",
      "1 egg, beaten",
      "2 tbsp sugar",
    ]);
  });
});

describe("steps: the dish's name over the method is the page's title again, not a part", () => {
  it("reads the steps under a heading repeating the dish's name without a section", () => {
    const r = read(`<h1>Arroz de tomate</h1><h2>Ingredientes</h2><ul>
<li>240 g cebola</li><li>70 g azeite</li><li>350 g arroz agulha</li></ul>
<h2>Modo de preparo</h2><h3>Arroz de tomate</h3><ol>
<li>Refogue a cebola e o alho no azeite até dourarem.</li>
<li>Junte o arroz e a água e deixe cozinhar por 18 minutos.</li></ol>`);
    expect(r.instructions.map((s) => [s.section, s.text])).toEqual([
      [null, "Refogue a cebola e o alho no azeite até dourarem."],
      [null, "Junte o arroz e a água e deixe cozinhar por 18 minutos."],
    ]);
  });

  it("keeps a part named otherwise, and the dish's name heading a later part", () => {
    const r = read(`<h1>Arroz de tomate</h1><h2>Ingredientes</h2><ul>
<li>240 g cebola</li><li>70 g azeite</li><li>350 g arroz agulha</li></ul>
<h2>Modo de preparo</h2><h3>Molho</h3><ol><li>Refogue a cebola e o alho no azeite até dourarem.</li></ol>
<h3>Arroz de tomate</h3><ol><li>Junte o arroz e a água e deixe cozinhar por 18 minutos.</li></ol>`);
    expect(r.instructions.map((s) => s.section)).toEqual(["Molho", "Arroz de tomate"]);
  });
});

describe("sections: headings the word lists lacked", () => {
  it("reads the method under 'Instructies', 'Istruzioni', 'So wird es gemacht:'", () => {
    for (const head of ["Instructies", "Istruzioni", "Instruções", "So wird es gemacht:"]) {
      const r = read(`<h1>Soep</h1><h2>Ingrediënten</h2><ul>
<li>1 ui</li><li>2 wortels</li><li>1 l bouillon</li></ul>
<h2>Benodigdheden</h2><p>Een grote pot, een staafmixer, een zeef en een pollepel om mee te roeren.</p>
<h2>${head}</h2><h3>De soep</h3><p>Snijd de ui en de wortels in stukken.</p>
<p>Kook ze 20 minuten in de bouillon en mix de soep glad.</p>`);
      expect(
        r.instructions.map((s) => s.text),
        head,
      ).toEqual([
        "Snijd de ui en de wortels in stukken.",
        "Kook ze 20 minuten in de bouillon en mix de soep glad.",
      ]);
    }
  });
});

describe("ingredients: an 'in addition' heading under the list heads its last group", () => {
  it("keeps the items under 'Außerdem' after the list's groups", () => {
    const r = read(`<h1>Kürbiskuchen</h1><p>Zutaten für 10 Stücke</p>
<h3>Für den Teig</h3><ul><li>200 g Weizenmehl</li><li>120 g Butter, kalt</li></ul>
<h3>Für die Füllung</h3><ul><li>750 g Hokkaidokürbis</li><li>3 Eier</li></ul>
<h3>Außerdem</h3><ul><li>Butter, zum Fetten</li><li>Weizenmehl, zum Bearbeiten</li></ul>
<h2>Zubereitung</h2><ol><li>Mehl, Butter und Zucker zu einem Teig verkneten und kalt stellen.</li>
<li>Den Kürbis garen, pürieren, mit den Eiern mischen und auf dem Teig 50 Minuten backen.</li></ol>`);
    expect(r.ingredients.map((i) => i.text)).toEqual([
      "200 g Weizenmehl",
      "120 g Butter, kalt",
      "750 g Hokkaidokürbis",
      "3 Eier",
      "Butter, zum Fetten",
      "Weizenmehl, zum Bearbeiten",
    ]);
  });
});
