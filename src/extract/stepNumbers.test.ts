// Minimal pages for issue 50's "steps: same words, other boundaries" class on pages without
// structured data: a step's number the page draws apart from its text, alone on its line over the
// step's paragraphs or glued to a short first word. Shapes only, no site's names.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const read = (html: string) => {
  const r = extractRecipe({ html: `<html><body>${html}</body></html>`, url: "https://cook.test/r" });
  return r.ok ? r.recipe.instructions.map((s) => s.text) : [];
};

const LIST = `<h1>Pesce spada</h1>
<h2>Ingredienti</h2><ul><li>4 fette di pesce spada</li><li>300 g di pomodorini</li>
<li>500 g di patatine novelle</li></ul>`;

describe("steps: a number alone over the step's paragraphs", () => {
  it("reads the paragraphs under one number as one step, a <br> inside it too", () => {
    const html = `${LIST}<h2>Preparazione</h2>
<div><span>1</span><p>Iniziate la preparazione del pesce spada marinando le fette con il miele.</p></div>
<div><span>2</span><p>Intanto tagliate a cubetti i pomodorini e conditeli con olio e sale.</p></div>
<div><span>3</span><p>Infine, incorporate il tutto ai pomodori e fate riposare.<br> Sbollentate le patatine in acqua salata.</p>
<p>Insaporitele in padella con un filo d'olio per qualche minuto.</p></div>
<div><span>4</span><p>Disponete le fette di pesce spada sul piatto da portata con le patatine.</p></div>`;
    expect(read(html)).toEqual([
      "Iniziate la preparazione del pesce spada marinando le fette con il miele.",
      "Intanto tagliate a cubetti i pomodorini e conditeli con olio e sale.",
      "Infine, incorporate il tutto ai pomodori e fate riposare. Sbollentate le patatine in acqua salata. Insaporitele in padella con un filo d'olio per qualche minuto.",
      "Disponete le fette di pesce spada sul piatto da portata con le patatine.",
    ]);
  });

  it("joins no short line after the last step to it (a section's tag further down the page)", () => {
    const html = `${LIST}<h2>Preparazione</h2>
<div><span>1</span><p>Iniziate la preparazione del pesce spada marinando le fette con il miele.</p></div>
<div><span>2</span><p>Disponete le fette di pesce spada sul piatto da portata con le patatine.</p></div>
<p>new!</p>`;
    expect(read(html).slice(0, 2)).toEqual([
      "Iniziate la preparazione del pesce spada marinando le fette con il miele.",
      "Disponete le fette di pesce spada sul piatto da portata con le patatine.",
    ]);
  });

  it("keeps paragraphs apart when the numbers do not count on from 1", () => {
    const html = `${LIST}<h2>Preparazione</h2>
<p>2</p><p>Iniziate la preparazione del pesce spada marinando le fette con il miele.</p>
<p>Intanto tagliate a cubetti i pomodorini e conditeli con olio e sale.</p>
<p>5</p><p>Disponete le fette di pesce spada sul piatto da portata con le patatine.</p>`;
    expect(read(html)).toEqual([
      "Iniziate la preparazione del pesce spada marinando le fette con il miele.",
      "Intanto tagliate a cubetti i pomodorini e conditeli con olio e sale.",
      "Disponete le fette di pesce spada sul piatto da portata con le patatine.",
    ]);
  });
});

describe("steps: a step's number glued to a short first word", () => {
  it("reads '<span>3</span>In einem Topf…' as the step's text, its number apart", () => {
    const html = `<h1>Gnocchi</h1>
<h2>Zutaten</h2><ul><li>500 g Gnocchi</li><li>1 Zwiebel</li><li>100 g Parmesan</li></ul>
<h2>Zubereitung</h2><ol><li><span>1</span>Das Universalmesser einsetzen. Den Parmesan fein zerkleinern.</li>
<li><span>2</span>Die Zwiebel schälen, halbieren und in den Topf geben.</li>
<li><span>3</span>In einem Kochtopf reichlich Salzwasser zum Kochen bringen.</li>
<li><span>4</span>Den Deckel schließen und die Zwiebeln andünsten.</li></ol>`;
    expect(read(html)).toEqual([
      "Das Universalmesser einsetzen. Den Parmesan fein zerkleinern.",
      "Die Zwiebel schälen, halbieren und in den Topf geben.",
      "In einem Kochtopf reichlich Salzwasser zum Kochen bringen.",
      "Den Deckel schließen und die Zwiebeln andünsten.",
    ]);
  });
});
