// Minimal pages for issue 50's steps classes on pages without structured data: a method written
// in parts, each under a heading of the same rank worded as the first ("How to make the glaze",
// "How to make the cake"). Shapes only, no site's names.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const read = (html: string) => {
  const r = extractRecipe({ html: `<html><body>${html}</body></html>`, url: "https://cook.test/r" });
  return r.ok ? r.recipe.instructions.map((s) => (s.section ? `${s.section} | ${s.text}` : s.text)) : [];
};

const LIST = `<h1>Bolo de coco</h1>
<h2>Ingredientes do bolo</h2><ul><li>2 xícaras de açúcar</li><li>100 g de coco ralado</li>
<li>3 ovos</li><li>200 ml de leite de coco</li></ul>`;

describe("steps: a method in parts, each under a heading worded as the first", () => {
  it("reads every part, each named by its heading", () => {
    const html = `${LIST}
<h2>Como preparar a Calda</h2><p>Modo de Preparo em 2 passos.</p>
<ol><li><h3>Passo 1</h3><p>Em uma panela coloque o açúcar e leve em fogo médio até derreter;</p></li>
<li><h3>Passo 2</h3><p>Reserve a forma com a calda.</p></li></ol>
<h2>Como preparar o Bolo</h2><p>Modo de Preparo em 2 passos.</p>
<ol><li><h3>Passo 1</h3><p>No liquidificador bata os ovos, o leite de coco e o açúcar por 2 minutos;</p></li>
<li><h3>Passo 2</h3><p>Leve para assar em forno pré aquecido a 180ºC por cerca de 40 minutos.</p></li></ol>
<h2>Assista o vídeo desta receita</h2>`;
    expect(read(html)).toEqual([
      "Como preparar a Calda | Em uma panela coloque o açúcar e leve em fogo médio até derreter;",
      "Como preparar a Calda | Reserve a forma com a calda.",
      "Como preparar o Bolo | No liquidificador bata os ovos, o leite de coco e o açúcar por 2 minutos;",
      "Como preparar o Bolo | Leve para assar em forno pré aquecido a 180ºC por cerca de 40 minutos.",
    ]);
  });

  it("ends the method at a heading of its rank worded otherwise", () => {
    const html = `${LIST}
<h2>Como preparar a Calda</h2>
<ol><li><p>Em uma panela coloque o açúcar e leve em fogo médio até derreter;</p></li>
<li><p>Reserve a forma com a calda e deixe esfriar bem.</p></li></ol>
<h2>Uma receita da vovó para o domingo</h2><p>Esta receita vem da minha avó, que fazia todo domingo.</p>`;
    expect(read(html)).toEqual([
      "Em uma panela coloque o açúcar e leve em fogo médio até derreter;",
      "Reserve a forma com a calda e deixe esfriar bem.",
    ]);
  });
});

describe("steps: a footnote's star before the page's words after the method", () => {
  it("ends the method at '* not incl. in nutrient facts'", () => {
    const html = `<h1>Pretzel cookies</h1>
<h2>Ingredients</h2><ul><li>2 cups flour</li><li>1 cup sugar</li><li>2 eggs</li><li>1 cup crushed pretzels *</li></ul>
<h2>Directions</h2><p>Preheat oven to 350°F.</p><p>Bake for 10 to 15 minutes, until golden.</p>
<small>* not incl. in nutrient facts</small>`;
    expect(read(html)).toEqual(["Preheat oven to 350°F.", "Bake for 10 to 15 minutes, until golden."]);
  });
});

describe("steps: parts with no list or method heading, each a small heading over its lines then its steps", () => {
  it("reads the steps of every part, not the first part's alone", () => {
    const part = (name: string, lines: string[], steps: string[]) =>
      `<h3>${name}</h3><dl>${lines.map((l) => `<dt>${l}</dt>`).join("")}</dl>` +
      `<ul>${steps.map((s) => `<li>${s}</li>`).join("")}</ul>`;
    const html = `<h1>Chickpea pancakes</h1><p>Our favourite weekend breakfast, ready in twenty minutes.</p>
${part(
  "pancakes",
  ["chickpea flour 85 g", "water 320 ml", "salt 1 g", "sesame oil 10 ml"],
  [
    "In a bowl, whisk the flour, water and salt into a smooth batter.",
    "Fry a ladle of batter in the oil for 5 minutes a side.",
  ],
)}
${part(
  "sauce",
  ["soy sauce 60 ml", "mirin 60 ml", "sugar 15 g"],
  [
    "In a small bowl, mix the soy sauce, mirin and sugar.",
    "Heat it in a pan for 2 minutes until it thickens.",
  ],
)}`;
    expect(read(html)).toEqual([
      "In a bowl, whisk the flour, water and salt into a smooth batter.",
      "Fry a ladle of batter in the oil for 5 minutes a side.",
      "In a small bowl, mix the soy sauce, mirin and sugar.",
      "Heat it in a pan for 2 minutes until it thickens.",
    ]);
  });
});

describe("steps: the method headed 'How to make …' in the languages it is written in", () => {
  it("reads the steps under 'Come preparare: …', not the card's time labelled 'Preparazione'", () => {
    const html = `<h1>Pesce spada al miele millefiori, pomodorini e patatine novelle</h1>
<p>Preparazione</p><p>30 min</p><p>facile</p><p>VOTO MEDIO</p><h6>Quanto ti è piaciuta?</h6>
<h4>Ingredienti</h4><ul><li>4 fette di pesce spada</li><li>20 patatine novelle</li><li>1 spicchio d'aglio</li></ul>
<p>Un secondo di pesce semplice e profumato, ottimo per l'estate.</p>
<h2>Come preparare: Pesce spada al miele millefiori, pomodorini e patatine novelle</h2>
<p>1</p><p>Mettete a marinare le fette di pesce con l'aglio e un giro d'olio per dieci minuti.</p>
<p>2</p><p>Sbollentate le patatine in acqua salata e servitele con il pesce.</p>
<h2>Scopri altre ricette simili</h2>`;
    expect(read(html)).toEqual([
      "Mettete a marinare le fette di pesce con l'aglio e un giro d'olio per dieci minuti.",
      "Sbollentate le patatine in acqua salata e servitele con il pesce.",
    ]);
  });
});
