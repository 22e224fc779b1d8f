// Minimal pages for the steps classes of issue 50 on pages without structured data: lines at the
// ends of the method that are the page's, not the cook's (an icon font's glyphs, a print button's
// word). Shapes many sites share, each with no site's names in it.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const LIST = `<h1>Falscher Hase</h1>
<h2>Zutaten</h2><ul><li>2 Brötchen</li><li>500 g Hackfleisch</li><li>2 Eier</li><li>1 Zwiebel</li></ul>`;

const steps = (html: string): string[] => {
  const r = extractRecipe({ html: `<html><body>${html}</body></html>`, url: "https://cook.test/r" });
  return r.ok ? r.recipe.instructions.map((s) => s.text) : [];
};

describe("steps: an icon font's glyphs beside the method's times are no steps", () => {
  it("reads no step from an icon element holding a private-use glyph", () => {
    const html = `${LIST}<h2>Zubereitung</h2>
<div><i class="i">\ue96f</i><div>1 Std. 25 Min.</div><div>Gesamtzeit</div></div>
<div><i class="i">\ue907</i><div>40 Min.</div><div>Arbeitszeit</div></div>
<div><span>1</span><p>Die Brötchen einweichen, ausdrücken und mit dem Hackfleisch und den Eiern mischen.</p></div>
<div><span>2</span><p>Zu einem Laib formen und im Ofen 45 Minuten backen.</p></div>`;
    expect(steps(html)).toEqual([
      "Die Brötchen einweichen, ausdrücken und mit dem Hackfleisch und den Eiern mischen.",
      "Zu einem Laib formen und im Ofen 45 Minuten backen.",
    ]);
  });
});

describe("steps: the page's own words after the last step", () => {
  const method = `<div><h3>Modo de preparo</h3><div>
<p>Em uma panela com o azeite, refogue a cebola e o alho até murchar.</p>
<p>Junte os cogumelos e cozinhe por 10 minutos.</p></div></div>`;
  const want = [
    "Em uma panela com o azeite, refogue a cebola e o alho até murchar.",
    "Junte os cogumelos e cozinhe por 10 minutos.",
  ];
  const list = `<h1>Estrogonofe</h1><h2>Ingredientes</h2><ul><li>300 g de cogumelos</li><li>1 cebola</li><li>2 colheres de azeite</li></ul>`;

  it("drops a print button's word in the imperative the site's language uses ('Imprima', 'Imprime')", () => {
    expect(
      steps(`${list}${method}<div><div><img alt="Imprima esta receita"><p>imprima</p></div></div>`),
    ).toEqual(want);
    expect(steps(`${list}${method}<div><div><p>Imprime</p></div></div>`)).toEqual(want);
  });
});

describe("steps: a post's tags after the method, in Cyrillic as in Latin letters", () => {
  it("ends the method at a 'Тэги:' / 'Теги:' line", () => {
    const page = (label: string) => `<h1>Маффины</h1><h2>Ингредиенты</h2><ul><li>200 г муки</li>
<li>100 г сахара</li><li>2 яйца</li></ul><h2>Приготовление</h2><div><div>
<p>Смешать муку, сахар и яйца до однородности.</p>
<p>Выпекать около 20 минут.</p></div></div>
${label} <span><a href="/t/1">Выпечка</a></span> <span><a href="/t/2">шоколад</a></span>`;
    for (const label of ["Тэги:", "Теги:"])
      expect(steps(page(label))).toEqual([
        "Смешать муку, сахар и яйца до однородности.",
        "Выпекать около 20 минут.",
      ]);
  });
});

describe("steps: a call to start the method names no part of it", () => {
  const page = (call: string) => `<h1>Polpette vegan</h1><h2>Ingredienti</h2><ul><li>200 g di cous cous</li>
<li>150 g di tofu</li><li>100 g di piselli</li></ul><h2>Preparazione</h2>
<h3>${call}</h3><ol><li>Versate l'acqua bollente sul cous cous e lasciate riposare 10 minuti.</li>
<li>Frullate il tofu con i piselli e formate le polpette.</li></ol>
<h3>Prepariamo la crema</h3><ol><li>Scaldate il latte con lo zafferano finché si addensa.</li></ol>`;
  const flat = (html: string) => {
    const r = extractRecipe({ html: `<html><body>${html}</body></html>`, url: "https://cook.test/r" });
    return r.ok ? r.recipe.instructions.map((s) => [s.section, s.text.slice(0, 12)]) : [];
  };

  it("reads the steps under 'Si cucina!' or 'Let's get cooking...' without that heading", () => {
    for (const call of ["Si cucina!", "Let's get cooking...", "À vos fourneaux !"])
      expect(flat(page(call))).toEqual([
        [null, "Versate l'ac"],
        [null, "Frullate il "],
        ["Prepariamo la crema", "Scaldate il "],
      ]);
  });

  it("keeps a part's own name ('Prepariamo le polpette')", () => {
    expect(flat(page("Prepariamo le polpette"))[0]).toEqual(["Prepariamo le polpette", "Versate l'ac"]);
  });
});

describe("steps: where the method ends (issue 50: another section read as the method)", () => {
  const list = `<h1>Pasta salade</h1><h2>Ingrediënten</h2><ul><li>300 g pasta</li><li>2 aubergines</li><li>1 ui</li></ul>`;
  const method = `<h2>Bereiding</h2><div><div><p>Kook de pasta volgens de aanwijzingen op de verpakking.</p></div>
<div><p>Roerbak de aubergine 10 minuten op hoog vuur en meng met de pasta.</p></div></div>`;
  const want = [
    "Kook de pasta volgens de aanwijzingen op de verpakking.",
    "Roerbak de aubergine 10 minuten op hoog vuur en meng met de pasta.",
  ];

  it("ends the method at a box the page names as tips, by its class or by its label alone", () => {
    const tip = `<div><span>bereidingstip</span>Deze salade kun je een dag van tevoren maken. Bewaar in de koelkast.</div>`;
    expect(steps(`${list}${method}<div class="recipe-tips_root">${tip}</div>`)).toEqual(want);
    expect(steps(`${list}${method}<div aria-label="tips">${tip}</div>`)).toEqual(want);
  });

  it("ends the method at a prompt to export the recipe or to follow the site", () => {
    for (const prompt of [
      "EXPORTAR LA RECETA A TU COOKIDOO®",
      "Síguenos en Flipboard para descubrir nuevas recetas y nuestras revistas llenas de ideas.",
      "Follow us on Instagram for more easy dinners like this one!",
      "Save the Recipe!",
    ])
      expect(
        steps(
          `${list}${method}<div><p>${prompt}</p><p>Copia la URL de la receta y pulsa en el botón para exportarla.</p></div>`,
        ),
      ).toEqual(want);
  });

  it("keeps a step that only starts like a prompt ('Follow the instructions on the packet')", () => {
    const own = `<h2>Bereiding</h2><div><p>Follow the instructions on the packet to cook the pasta al dente.</p>
<p>Roerbak de aubergine 10 minuten op hoog vuur en meng met de pasta.</p></div>`;
    expect(steps(`${list}${own}`)).toHaveLength(2);
  });
});

describe("steps: a note paragraph inside a step is the page's aside", () => {
  it("drops an 'Information:' or 'Note:' paragraph after a step's sentence in its list item", () => {
    const page = (
      label: string,
    ) => `<h1>Chilli con carne</h1><h2>Ingredients</h2><ul><li>500g minced beef</li>
<li>1 onion, chopped</li><li>400g chopped tomatoes</li></ul><h2>Method</h2><ol>
<li><p>Heat a large saucepan and brown the minced beef. Add the onion and cook for 3 minutes.</p>
<div><span>${label}</span><p>Turkey mince also makes an excellent chilli, and it is lower in fat too.</p></div></li>
<li><p>Add the chopped tomatoes and simmer gently for 15 to 20 minutes.</p></li></ol>`;
    for (const label of ["Information: ", "Note: "])
      expect(steps(page(label))).toEqual([
        "Heat a large saucepan and brown the minced beef. Add the onion and cook for 3 minutes.",
        "Add the chopped tomatoes and simmer gently for 15 to 20 minutes.",
      ]);
  });
});

describe("steps: a step's label with its title, the number and the title set apart by a space alone", () => {
  it("reads the text under 'Step 1 Toast the bread' as the step, the heading as its title, no section", () => {
    const html = `<h1>Avocado toast</h1><h2>Ingredients</h2><ul><li>2 slices bread</li><li>1 avocado</li>
<li>50 g feta</li></ul><h3>How to make Avocado Toast</h3>
<h4>Step 1 Toast the bread for 2 minutes</h4><ul><li>Preheat the oven to 150°C and toast the bread gently for 2 minutes.</li></ul>
<h5>Step 2 Prepare the Avocado Mix</h5><ul><li>Mash the avocado coarsely and add lemon juice, salt and pepper.</li></ul>
<h6>Step 3 Garnish the toast</h6><ul><li>Spread the avocado mash on the toast and crumble the feta on top.</li></ul>
<h6>Step 4 Optional garnishing</h6><ul><li>For more protein, you can also add a poached egg on top.</li></ul>
<p>Comments(0)</p>`;
    const r = extractRecipe({ html: `<html><body>${html}</body></html>`, url: "https://cook.test/r" });
    // No step's title heads a section of the method.
    expect(r.ok && r.recipe.instructions.map((s) => s.section)).toEqual([null, null, null, null]);
    expect(steps(html)).toEqual([
      "Preheat the oven to 150°C and toast the bread gently for 2 minutes.",
      "Mash the avocado coarsely and add lemon juice, salt and pepper.",
      "Spread the avocado mash on the toast and crumble the feta on top.",
      "For more protein, you can also add a poached egg on top.",
    ]);
  });
});

describe("steps: the method's word with a duration is the card's time, not the method's heading", () => {
  it("reads the steps under 'Procedimento' and the heading titling them, not from the card's 'Preparazione: 20 min'", () => {
    const html = `<h1>Tortino cuore caldo</h1><p>Il tortino dal cuore caldo è una delle ricette dolci che preferisco.</p>
<ul><li>Ingredienti per 6 tortini</li><li>2 uova</li><li>100 gr di zucchero</li><li>110 gr di burro</li><li>50 gr di farina</li></ul>
<ul><li>Preparazione: 20 min</li><li>Cottura: 15 min</li><li>Totale: 35 min</li></ul>
<div>Tortino cuore caldo</div><div>Procedimento</div><h2>Come fare il Tortino cuore caldo</h2>
<p>Montate i tuorli e le uova fino a renderle spumose.<br><img src="1.jpg">Poi aggiungete lo zucchero<br></p><p>Versate l'impasto in 6 stampini imburrati e infornate a 190° per 15 minuti.</p>
<h2>Ricette correlate</h2>`;
    expect(steps(html)).toEqual([
      "Montate i tuorli e le uova fino a renderle spumose.",
      "Poi aggiungete lo zucchero",
      "Versate l'impasto in 6 stampini imburrati e infornate a 190° per 15 minuti.",
    ]);
  });
});

describe("steps: an icon font's ligature between the steps is no step", () => {
  it("drops 'lightbulb_outline', the name an icon font draws as its glyph", () => {
    const html = `${LIST}<h2>Zubereitung</h2><div><span>Die Brötchen einweichen und mit dem Hackfleisch mischen.</span>
<div><span>lightbulb_outline</span></div></div><div><span>Zu einem Laib formen und im Ofen 45 Minuten backen.</span></div>`;
    expect(steps(html)).toEqual([
      "Die Brötchen einweichen und mit dem Hackfleisch mischen.",
      "Zu einem Laib formen und im Ofen 45 Minuten backen.",
    ]);
  });
});

describe("steps: the page turning to its reader after the method", () => {
  const list = `<h1>Estrogonofe</h1><h2>Ingredientes</h2><ul><li>300 g de cogumelos</li><li>1 cebola</li><li>2 colheres de azeite</li></ul>`;
  const method = `<h2>Modo de preparo</h2><div><p>Em uma panela com o azeite, refogue a cebola e o alho até murchar.</p>
<p>Junte os cogumelos e cozinhe por 10 minutos.</p>`;
  const want = [
    "Em uma panela com o azeite, refogue a cebola e o alho até murchar.",
    "Junte os cogumelos e cozinhe por 10 minutos.",
  ];

  it("ends the method at a short question ('Sobraram ingredientes?', 'Wat vond je van dit recept?')", () => {
    for (const q of ["Sobraram ingredientes?", "Wat vond je van dit recept?"])
      expect(
        steps(
          `${list}${method}<p>${q}</p><p>Geef je mening en help anderen om de perfecte keuze te maken!</p></div>`,
        ),
      ).toEqual(want);
  });

  it("ends it at a nutrition footnote ('Not incl. in nutrient facts')", () => {
    expect(steps(`${list}${method}<p>Not incl. in nutrient facts</p></div>`)).toEqual(want);
  });
});
