// Method headings worded as a question's answer (issue 50, "nothing read at all"): "How to make it"
// heads a method as "How to make" did; without it a page whose lists carry no class names read none.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { isStepsWord } from "./sectionWords.ts";

describe("method heading: 'How to make it'", () => {
  it("names the method", () => {
    expect(isStepsWord("How to make it")).toBe(true);
    expect(isStepsWord("How to cook them:")).toBe(true);
    expect(isStepsWord("How to make it rise")).toBe(false);
  });

  it("heads a page's steps", () => {
    const html = `<html><head><title>Slow Cooker Chicken</title></head><body><h1>Slow Cooker Chicken</h1>
<h2>Ingredients</h2><ul><li>3 chicken breasts, diced</li><li>2 cups baby carrots, diced</li><li>1 can biscuit dough</li></ul>
<h2>How to make it</h2><ul><li>Place the chicken and carrots in a slow cooker and season well.</li>
<li>Cook on high for 3 hours, then drop the dough over the chicken and cook an hour more.</li></ul></body></html>`;
    const r = extractRecipe({ html, url: "https://cooktest.com/recipes/slow-cooker-chicken" });
    expect(r.ok && r.recipe.instructions.map((s) => s.text)).toEqual([
      "Place the chicken and carrots in a slow cooker and season well.",
      "Cook on high for 3 hours, then drop the dough over the chicken and cook an hour more.",
    ]);
  });
});

describe("method and notes headings in Russian: 'Метод', 'Примечания'", () => {
  it("heads a page's steps in paragraphs over a list of related posts", () => {
    const html = `<html><head><title>Куриное филе</title></head><body><h1>Куриное филе с сыром</h1>
<p>ИНГРЕДИЕНТЫ</p><ul><li>куриное филе - 4 шт.</li><li>сыр пармезан - 75 г</li><li>сливочное масло - 50 г</li></ul>
<p>МЕТОД</p><p>Разогреть духовку до 190 градусов С.</p>
<p>Обмазать куриное филе смесью сыра и масла и выложить в форму.</p><p>Запекать в духовке 20 минут и подать немедленно.</p>
<p>ПРИМЕЧАНИЯ</p><p>Рецепт из книжки о средиземноморской кухне, с моими изменениями.</p>
<section><div>Похожее</div><ul>
<li><article><h4><a href="/p1">Феттучини с курицей</a></h4><span>17 февраля, 2006|Паста, Птица</span>
<p>Это облегченный вариант знаменитого соуса, не такой жирный, но вкусный и ароматный.</p></article></li>
<li><article><h4><a href="/p2">Рыба на пару с имбирём</a></h4><span>6 июня, 2006|Рыба</span>
<p>Нежная рыба на пару с имбирём и зелёным луком готовится за пятнадцать минут.</p></article></li>
</ul></section></body></html>`;
    const r = extractRecipe({ html, url: "https://cooktest.com/recipes/kurica" });
    expect(r.ok && r.recipe.instructions.map((s) => s.text)).toEqual([
      "Разогреть духовку до 190 градусов С.",
      "Обмазать куриное филе смесью сыра и масла и выложить в форму.",
      "Запекать в духовке 20 минут и подать немедленно.",
    ]);
  });
});
