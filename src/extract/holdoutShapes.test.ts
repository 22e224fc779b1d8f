// Minimal pages for the step and ingredient shapes found on one half of the corpus's sites and
// checked on the other (`npm run eval -- recipes --holdout`): each a shape many sites share.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const read = (body: string) => {
  const r = extractRecipe({ html: `<html><body>${body}</body></html>`, url: "https://cook.test/r" });
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.recipe;
};

describe("steps: the method ends at the page's footer", () => {
  it("leaves out a modal's lines set after the footer", () => {
    const r = read(`<main><h1>Apple pancake</h1>
<h2>Ingredients</h2><ul><li>200 g flour</li><li>2 eggs</li><li>2 apples</li></ul>
<h2>Preparation</h2>
<p>Whisk the flour with the eggs and a pinch of salt until smooth.</p>
<p>Fry the batter in butter for 5 minutes, turn it and fry 5 minutes more.</p></main>
<footer><p>About us</p><p>Contact</p></footer>
<div><span>Reminder for</span><p>Sorry, something went wrong, please try again later.</p>
<p>We have sent a confirmation link to your e-mail address, please confirm it.</p></div>`);
    expect(r.instructions.map((s) => s.text)).toEqual([
      "Whisk the flour with the eggs and a pinch of salt until smooth.",
      "Fry the batter in butter for 5 minutes, turn it and fry 5 minutes more.",
    ]);
  });
});

describe("ingredients: structured names shorter than the table's", () => {
  it("reads each row of an amount, measure and ingredient table whose name holds the structured one", () => {
    const ld = `<script type="application/ld+json">{"@type":"Recipe","name":"Pretzel bars",
      "recipeIngredient":["flour","butter","eggs"],"recipeInstructions":["Mix and bake."]}</script>`;
    const row = (amount: string, measure: string, name: string, note = "") =>
      `<tr><td>${amount}</td><td>${measure}</td><td><a href="/i">${name}</a><br><small>${note}</small></td><td> * </td></tr>`;
    const r = read(`${ld}<h1>Pretzel bars</h1><h2>Ingredients</h2><table>
<thead><tr><th>Amount</th><th>Measure</th><th>Ingredient</th><th>Features</th></tr></thead><tbody>
${row("1 ½", "cups", "all-purpose flour")}${row("1", "stick", "butter", "room temp.")}${row("2", "", "large eggs")}
</tbody></table>`);
    expect(r.ingredients.map((i) => i.text)).toEqual([
      "1 ½ cups all-purpose flour",
      "1 stick butter room temp.",
      "2 large eggs",
    ]);
  });
});

describe("ingredients: structured names, one holding a number of its own", () => {
  it("reads the list's items, the amount and the name in one text", () => {
    const ld = `<script type="application/ld+json">{"@type":"Recipe","name":"Burger",
      "recipeIngredient":["Sojasauce","Mozzarella à je 25 g","Rindshackfleisch"],"recipeInstructions":["Mix and grill."]}</script>`;
    const r = read(`${ld}<h1>Burger</h1><h2>Zutaten</h2><ul><li> 2 EL Sojasauce </li>
<li> 6 Kugel Mozzarella à je 25 g </li><li> 500 g Rindshackfleisch </li></ul>`);
    expect(r.ingredients.map((i) => i.text)).toEqual([
      "2 EL Sojasauce",
      "6 Kugel Mozzarella à je 25 g",
      "500 g Rindshackfleisch",
    ]);
  });
});

describe("ingredients: one structured line gluing the page's list", () => {
  it("reads the page's items when they, joined, are the structured line", () => {
    const ld = `<script type="application/ld+json">{"@type":"Recipe","name":"Tofu stew",
      "recipeIngredient":"3 tablespoons of red pepper powder 2 tablespoons sesame oil2 small onions, chopped.3 cloves of garlic, minced.1 case of silken tofu, cubed.",
      "recipeInstructions":["Fry the onions in the oil, add the rest and simmer for 10 minutes."]}</script>`;
    const r =
      read(`${ld}<h1>Tofu stew</h1><h2>Ingredients</h2><ul><li>3 tablespoons of red pepper powder <br /></li>
<li>2 tablespoons sesame oil</li><li>2 small onions, chopped.</li><li>3 cloves of garlic, minced.</li>
<li>1 case of silken tofu, cubed.</li></ul>`);
    expect(r.ingredients.map((i) => i.text)).toEqual([
      "3 tablespoons of red pepper powder",
      "2 tablespoons sesame oil",
      "2 small onions, chopped.",
      "3 cloves of garlic, minced.",
      "1 case of silken tofu, cubed.",
    ]);
  });
});

describe("steps: a titled step inside a named section", () => {
  it("keeps the step's title as a heading under the section's, and the section's name once", () => {
    const step = (name: string, text: string) => ({ "@type": "HowToStep", name, text });
    const ld = JSON.stringify({
      "@type": "Recipe",
      name: "Beef stew",
      recipeIngredient: ["1 kg beef", "2 onions"],
      recipeInstructions: [
        step("Brown the meat", "Brown the beef in batches in a hot pot."),
        {
          "@type": "HowToSection",
          name: "To serve:",
          itemListElement: [
            step("Serve the stew", "Ladle the stew into warm bowls."),
            step("Toppings", "Top with diced onion and coriander."),
            step("", "Serve with lime wedges."),
          ],
        },
        {
          "@type": "HowToSection",
          name: "Make the glaze",
          itemListElement: [step("Make the glaze:", "Whisk the sugar with the juice.")],
        },
      ],
    });
    const r = read(`<script type="application/ld+json">${ld}</script><h1>Beef stew</h1>`);
    expect(r.instructions.map((s) => [s.section, s.title ?? null, s.text])).toEqual([
      ["Brown the meat", null, "Brown the beef in batches in a hot pot."],
      ["To serve:", "Serve the stew", "Ladle the stew into warm bowls."],
      ["To serve:", "Toppings", "Top with diced onion and coriander."],
      ["To serve:", null, "Serve with lime wedges."],
      ["Make the glaze", null, "Whisk the sugar with the juice."],
    ]);
  });
});

describe("ingredients: an advertisement's label among the lines", () => {
  it("leaves out the label a page sets over an ad slot inside or after the list", () => {
    const r = read(`<main><h1>Feta salad</h1>
<h2>Zutaten</h2><ul><li>200 g Feta</li><li>2 Tomaten</li><li>Anzeige</li><li>6 EL Olivenöl</li></ul>
<div>Advertisement</div>
<h2>Zubereitung</h2>
<p>Die Tomaten würfeln und mit dem zerbröckelten Feta in eine Schüssel geben.</p>
<p>Mit dem Olivenöl beträufeln, salzen und sofort servieren.</p></main>`);
    expect(r.ingredients.map((i) => i.text)).toEqual(["200 g Feta", "2 Tomaten", "6 EL Olivenöl"]);
  });
});

describe("ingredients: a measure's conversion note after the list", () => {
  it("leaves out the lines that say what a measure holds ('1 cup* = 180 ml')", () => {
    const r = read(`<main><h1>Sweet rice</h1>
<h2>Ingredients</h2><ul><li>2 cups glutinous rice</li><li>1/4 cup raisins</li><li>2 tbsp honey</li></ul>
<p>Measurement</p><ul><li>1 cup* = 180 ml (using a rice measuring cup).</li><li>1 tbsp = 15 ml, 1/4 cup = 60 ml</li></ul>
<h2>Instructions</h2>
<p>Soak the rice overnight, drain it and steam it for 30 minutes until tender.</p>
<p>Stir in the raisins and the honey, press into a dish and leave to set before slicing.</p></main>`);
    expect(r.ingredients.map((i) => i.text)).toEqual([
      "2 cups glutinous rice",
      "1/4 cup raisins",
      "2 tbsp honey",
    ]);
  });
});

describe("ingredients: a last group of unmeasured items with their notes", () => {
  it("reads the toppings group whose items end in a note ('Chopped chives (optional)')", () => {
    const r = read(`<main><h1>Potato soup</h1>
<h2>Ingredients</h2><ul><li>4 cups diced potatoes</li><li>3 cups chicken broth</li><li>1 cup shredded cheddar</li></ul>
<h4>For Topping:</h4><ul><li>Cooked crumbled bacon (optional)</li><li>Chopped fresh chives (optional)</li></ul>
<h2>Instructions</h2>
<p>Simmer the potatoes in the broth for 20 minutes, until they are tender.</p>
<p>Stir in the cheddar until melted and serve with the toppings.</p></main>`);
    expect(r.ingredients.map((i) => i.text)).toEqual([
      "4 cups diced potatoes",
      "3 cups chicken broth",
      "1 cup shredded cheddar",
      "Cooked crumbled bacon (optional)",
      "Chopped fresh chives (optional)",
    ]);
    expect(r.ingredients.at(-1)?.section).toBe("For Topping");
  });
});
