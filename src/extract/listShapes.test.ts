// Minimal pages for issue 50's ingredient classes on unseen pages, read by the page-text reader
// (pages without structured data): shapes many sites share, with no site's names in them.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const read = (html: string) => {
  const r = extractRecipe({
    html: `<html><body><h1>Shortcake</h1>${html}</body></html>`,
    url: "https://cook.test/r",
  });
  return r.ok ? r.recipe.ingredients.map((i) => [i.section, i.text]) : [];
};

const METHOD = `<h2>Directions</h2><ol><li>Heat the oven to 190 °C and line a baking sheet with paper.</li>
<li>Whisk the flour and the sugar, stir in the milk and bake for 15 minutes.</li></ol>`;

describe("ingredients: group headings set as plain lines are no items", () => {
  it("reads each group's name over its measured lines as its heading: one the method makes ('Make Shortcakes'), one titled between lower-case lines", () => {
    const p = (t: string) => `<p>${t}</p>`;
    expect(
      read(`<h2>You Will Need</h2><div><span>Shortcakes</span><span>${p("2 cups (250g) all-purpose flour")}${p("1/4 cup (50g) sugar")}${p("1 cup (236ml) whole milk")}</span>
<span>Strawberry Filling</span><span>${p("2 pounds (907g) fresh strawberries")}${p("1 cup (200g) sugar")}</span>
<span>Whipped Cream</span><span>${p("1 cup (240ml) cold heavy cream")}${p("3 tablespoons (38g) sugar")}</span></div>
<h2>Directions</h2><ol><li>Make Shortcakes: heat the oven to 190 °C, whisk the flour and the sugar, stir in the milk.</li>
<li>Bake them for 15 minutes, then fill them with the strawberries and the cream.</li></ol>`),
    ).toEqual([
      ["Shortcakes", "2 cups (250g) all-purpose flour"],
      ["Shortcakes", "1/4 cup (50g) sugar"],
      ["Shortcakes", "1 cup (236ml) whole milk"],
      ["Strawberry Filling", "2 pounds (907g) fresh strawberries"],
      ["Strawberry Filling", "1 cup (200g) sugar"],
      ["Whipped Cream", "1 cup (240ml) cold heavy cream"],
      ["Whipped Cream", "3 tablespoons (38g) sugar"],
    ]);
  });

  it("keeps an unmeasured ingredient among measured lines as a line ('Salt', 'Fresh Basil' in a list written so)", () => {
    const li = (t: string) => `<li>${t}</li>`;
    expect(
      read(
        `<h2>Ingredients</h2><ul>${li("Salt")}${li("2 cups flour")}${li("1 cup milk")}${li("Fresh Basil")}${li("2 Eggs")}${li("1 Cup Sugar")}</ul>${METHOD}`,
      ).map(([, t]) => t),
    ).toEqual(["Salt", "2 cups flour", "1 cup milk", "Fresh Basil", "2 Eggs", "1 Cup Sugar"]);
  });

  it("keeps a list's first ingredient unmeasured ('Baguette') and a line of vulgar fractions as lines beside a named group", () => {
    const li = (t: string) => `<li>${t}</li>`;
    expect(
      read(`<h2>Ingredients</h2><ul>${li("Baguette")}${li("1 chicken breast")}${li("3 slices bacon")}${li("¾ cup salted butter")}
${li("1 ½ cups sugar")}${li("2 eggs")}</ul><h3>Sauce</h3><ul>${li("1 cup plain yogurt")}${li("1/3 cup buttermilk")}</ul>${METHOD}`),
    ).toEqual([
      [null, "Baguette"],
      [null, "1 chicken breast"],
      [null, "3 slices bacon"],
      [null, "¾ cup salted butter"],
      [null, "1 ½ cups sugar"],
      [null, "2 eggs"],
      ["Sauce", "1 cup plain yogurt"],
      ["Sauce", "1/3 cup buttermilk"],
    ]);
  });
});

describe("ingredients: a serving selector's word glued to the list's first amount", () => {
  it("reads 'Für 4 Portionen' over amounts set above their names as the selector, not as a line", () => {
    const pair = (a: string, n: string) => `<span>${a}</span> <p>${n}</p>`;
    expect(
      read(`<h2>Zutaten</h2><section><span>Für</span><div>4</div><span>Portionen</span> <span>200</span> <p>g Nudeln</p>
${pair("2", "Paprikaschoten (rot oder gelb)")}${pair("100", "g Cocktailtomaten")}${pair("6", "EL Olivenöl")}</section>
<h2>Zubereitung</h2><ol><li>Die Nudeln in Salzwasser 8 Minuten garen und abgießen.</li><li>Paprika und Tomaten schneiden und mit dem Öl mischen.</li></ol>`).map(
        ([, t]) => t,
      ),
    ).toEqual(["200 g Nudeln", "2 Paprikaschoten (rot oder gelb)", "100 g Cocktailtomaten", "6 EL Olivenöl"]);
  });
});

describe("ingredients: each step's own lines set over it, marked as the list's first lines are", () => {
  it("reads every marked line, measured or not, as the list's, and the steps between them", () => {
    const html = `<html><body><h1>Piccata</h1><p><strong>2 Portionen</strong></p>
<p><em>• 15 g Parmesan am Stück<br />• 1/2 Zitrone<br />• 1 Ei<br />• 1 EL Wasser<br />• Salz, Pfeffer aus der Mühle</em></p>
<p>1 Parmesan sehr fein reiben, ebenfalls die Schale der halben Zitrone. Mit den weiteren Zutaten mischen.</p>
<p><em>• 2 Kalbsschnitzel à ca. 125 g</em></p>
<p>2 Fleisch in kleinere Stücke schneiden und zwischen Klarsichtfolie leicht plattieren, nicht zu dünn.</p>
<p><em>• Salz<br />• Weizenmehl</em></p>
<p>3 Fleisch trocknen und würzen, im Mehl wenden, dann durch den Teig ziehen und ausbacken.</p>
<footer>© Koch</footer></body></html>`;
    const r = extractRecipe({ html, url: "https://cook.test/r" });
    expect(r.ok && r.recipe.ingredients.map((i) => i.text)).toEqual([
      "15 g Parmesan am Stück",
      "1/2 Zitrone",
      "1 Ei",
      "1 EL Wasser",
      "Salz, Pfeffer aus der Mühle",
      "2 Kalbsschnitzel à ca. 125 g",
      "Salz",
      "Weizenmehl",
    ]);
    expect(r.ok && r.recipe.instructions.length).toBe(3);
  });
});

describe("ingredients: a nutrition table's rows per ingredient after the list", () => {
  it("ends the list at a row giving an ingredient's weight and energy", () => {
    expect(
      read(`<h2>Ingredients</h2><ul><li>500 g flour</li><li>3 dl milk</li><li>70 g butter</li></ul>
<ul><li>83g flour 303 kcal</li><li>50g milk 28 kcal</li><li>12g butter 84 kcal</li></ul>${METHOD}`).map(
        ([, t]) => t,
      ),
    ).toEqual(["500 g flour", "3 dl milk", "70 g butter"]);
  });
});

describe("ingredients: small headings over a list's groups, no heading over the list", () => {
  const li = (t: string) => `<li>${t}</li>`;
  const page = (head: string) => `<p>Serves 4</p>
${head.replace("$", "Sauce")}<ul>${li("3 poblano peppers")}${li("2 teaspoons olive oil")}${li("1 tablespoon miso")}${li("Salt to taste")}</ul>
${head.replace("$", "Skewers")}<ul>${li("8 ounces paneer")}${li("1 medium zucchini")}${li("1/2 teaspoon kosher salt")}</ul>
<p>Heat the grill to medium-high and char the peppers on every side for about 10 minutes.</p>
<p>Thread the paneer and the zucchini onto the skewers and grill them for 8 minutes, turning once.</p>`;

  it("reads each heading as its group's name, not as an item, and keeps every group's items", () => {
    expect(read(page("<h5>$</h5>"))).toEqual([
      ["Sauce", "3 poblano peppers"],
      ["Sauce", "2 teaspoons olive oil"],
      ["Sauce", "1 tablespoon miso"],
      ["Sauce", "Salt to taste"],
      ["Skewers", "8 ounces paneer"],
      ["Skewers", "1 medium zucchini"],
      ["Skewers", "1/2 teaspoon kosher salt"],
    ]);
  });

  it("keeps a bold line as an item where the list's own items are bold too", () => {
    const b = (t: string) => `<p><strong>${t}</strong></p>`;
    expect(
      read(`${b("4 tbsp cornflour")}<p>225g smoked tofu, drained</p>${b("3 tbsp gochujang")}${b("Rapeseed oil")}
<p>1 large leek, finely sliced</p>${b("250g ramen noodles")}
<p>Press the tofu with kitchen paper, then cut it into cubes and toss them in the cornflour.</p>
<p>Fry the leek in the oil for five minutes, then add the noodles and the sauce and toss well.</p>`).map(
        ([, t]) => t,
      ),
    ).toEqual([
      "4 tbsp cornflour",
      "225g smoked tofu, drained",
      "3 tbsp gochujang",
      "Rapeseed oil",
      "1 large leek, finely sliced",
      "250g ramen noodles",
    ]);
  });
});

describe("ingredients: a row of tags set as a list after the lines is no part of them (issue 50)", () => {
  it("ends the list at three items or more that are a link's text alone, without an amount", () => {
    const tag = (t: string) => `<li><a href="/tag/${t}">${t}</a></li>`;
    const lines = `<li>2 cups flour</li><li>1 cup <a href="/milk">milk</a></li><li><a href="/salt">Salt</a></li>`;
    expect(
      read(
        `<h2>Ingredients</h2><ul>${lines}</ul><ul>${tag("weekend")}${tag("french")}${tag("dinner")}</ul>${METHOD}`,
      ),
    ).toEqual([
      [null, "2 cups flour"],
      [null, "1 cup milk"],
      [null, "Salt"],
    ]);
  });
});

describe("ingredients: the list's last lines without an amount, right over the method (issue 50)", () => {
  const p = (t: string) => `<p>${t}</p>`;
  const steps = `${p("Press the tofu with kitchen paper, then cut it into cubes and toss them in the cornflour.")}
${p("Fry the leek in the oil for five minutes, then add the noodles and the sauce and toss well.")}`;
  const list = [
    "225g smoked tofu, drained",
    "4 tbsp cornflour",
    "1 large leek, finely sliced",
    "250g ramen noodles",
  ];

  it("keeps a plain line set between the measured lines and the first step as the list's", () => {
    expect(
      read(`${list.map(p).join("")}${p("Cooked jasmine rice, to serve")}${steps}`).map(([, t]) => t),
    ).toEqual([...list, "Cooked jasmine rice, to serve"]);
  });

  it("leaves a bold label over the steps out of the list", () => {
    expect(read(`${list.map(p).join("")}<p><strong>Method</strong></p>${steps}`).map(([, t]) => t)).toEqual(
      list,
    );
  });

  it("leaves a label in capitals, or a paragraph after a list's items, out of the list", () => {
    expect(read(`${list.map(p).join("")}${p("METHOD")}${steps}`).map(([, t]) => t)).toEqual(list);
    const items = `<ul>${list.map((t) => `<li>${t}</li>`).join("")}</ul>`;
    expect(read(`${items}${p("Serve it warm")}${steps}`).map(([, t]) => t)).toEqual(list);
  });
});

describe("ingredients: a long measured line in a list written as a paragraph's lines (issue 50)", () => {
  const steps = `<p>1 Split the broccoli into florets and boil them in salted water until tender, about five minutes.</p>
<p>2 Warm the oil in a frying pan and fry the garlic and the chilli gently for a few minutes.</p>
<p>3 Add the broccoli and the pasta, toss them well and serve them with a grind of pepper.</p>`;
  const lines = [
    "1kg broccoli",
    "2 garlic cloves",
    "1 dried red chilli",
    "6 tbsp olive oil, plus more to finish",
  ];
  const serve =
    "500g short pasta, penne, casarecce, fusilli, orecchiette, cavatelli, or grilled sausages, fried eggs, garlic rubbed toast";

  it("keeps a group's item opening with its amount and unit past the usual length, and the plain line before it", () => {
    expect(
      read(
        `<p><strong>Serves 4</strong><br>${lines.join("<br>")}<br>Salt and black pepper</p><p><strong>To serve</strong><br>${serve}</p>${steps}`,
      ).map(([, t]) => t),
    ).toEqual([...lines, "Salt and black pepper", serve]);
  });

  it("leaves a long line with a sentence in it to the method", () => {
    const told =
      "500g short pasta, cooked in the broccoli water. Lift it into the pan and toss it with the sauce";
    expect(
      read(`<p><strong>Serves 4</strong><br>${lines.join("<br>")}</p><p>${told}</p>${steps}`).map(
        ([, t]) => t,
      ),
    ).toEqual(lines);
  });
});
