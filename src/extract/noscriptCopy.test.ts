import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

// A recipe only the page's script shows, its head printed for readers without script inside
// <noscript>, and a teaser of another dish with its own time in the page text around it.
const state = (o: unknown) => JSON.stringify(o).replace(/</g, "\\u003c");
const data = {
  props: {
    pageProps: {
      recipe: {
        title: "Kale salad",
        ingredient_sections: [
          {
            title: "",
            ingredients: [
              { title: "sweet potatoes", unit: "", quantity: "2" },
              { title: "kale", unit: "g", quantity: "200" },
            ],
          },
        ],
        method: [{ section: "", steps: [{ step: "Roast the potatoes." }, { step: "Toss with the kale." }] }],
      },
    },
  },
};
const page = (card: string) => `<html><body>
  <nav><p>Recipe of the day</p><p>Orzo traybake</p><p>Ready in 45 mins</p></nav>
  <main><noscript><div><h1>Kale salad</h1><div>7 January 2020</div>
    ${card}
    <p>A salad of roasted sweet potatoes and massaged kale, dressed with a creamy tahini sauce and parsley: a lunch that keeps for days in the fridge and travels well.</p></div></noscript>
  <div id="__next"></div>
  <script id="__NEXT_DATA__" type="application/json">${state(data)}</script></main></body></html>`;

describe("noscriptCopy", () => {
  it("reads the yield and total a <noscript> copy prints, label and value in separate elements", () => {
    const r = extractRecipe({
      html: page(`<div><div>Total Time<div></div>35<!-- --> Mins</div><div>Serves<div></div>4</div></div>`),
      url: "https://cook.test/r",
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.recipe.ingredients.map((i) => i.text)).toEqual(["2 sweet potatoes", "200 g kale"]);
    expect(r.recipe.servings).toBe(4);
    expect(r.recipe.totalTimeMinutes).toBe(35);
  });
});
