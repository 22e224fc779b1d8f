import { describe, expect, it } from "vitest";
import { innerText, parseHtml, textOf, textSurelyLonger } from "./dom.ts";

// The page's top element (the tree's root is a document, not an element).
const top = (html: string) => parseHtml(html).children[0]!;

describe("innerText", () => {
  it.each([
    // A number meeting a word at an inline element's edge is spaced; a unit against its number is not.
    ["<p><b>5</b>minutes</p>", "5 minutes"],
    ["<p>Add<b>2</b> eggs</p>", "Add 2 eggs"],
    ["<p><span>200</span>g flour</p>", "200g flour"],
    // An amount with its unit in one element, the name (or a note) in the next: apart on screen
    // (stacked or styled apart), spaced. A word's letters split by markup stay one word.
    ["<div><span>~15 g</span><span>a splash</span></div>", "~15 g a splash"],
    ["<div><b>1 cup</b><span>sugar</span></div>", "1 cup sugar"],
    ["<p>Add 2 <b>egg</b>s and mix</p>", "Add 2 eggs and mix"],
    // A name's element, then a note of words in the next ("to taste"): apart on screen, spaced. A
    // word split by sibling elements (a drop cap's letter, "Straw" + "berry jam") stays one.
    ["<div><a><b>beni shouga</b></a><u>to taste</u></div>", "beni shouga to taste"],
    ["<div><span>S</span><span>alt and pepper</span></div>", "Salt and pepper"],
    ["<div><b>Straw</b><b>berry</b> jam</div>", "Strawberry jam"],
    // Superscripts and subscripts belong to the word they follow.
    ["<p>H<sub>2</sub>O, the 10<sup>th</sup></p>", "H2O, the 10th"],
    // Blocks apart, scripts skipped.
    ["<div><p>Serves<i>4</i></p><script>x=1</script><p><i>4</i>people</p></div>", "Serves 4\n4 people"],
    // An empty div is a spacer, no line of its own: the texts around it meet as the page writes them.
    ["<div><span>Juicy.</span><div></div><span>Set aside.</span></div>", "Juicy.Set aside."],
  ])("reads %j as %j", (html, text) => {
    expect(innerText(top(html)).trim().replace(/\n+/g, "\n")).toBe(text);
  });

  // Many inline elements in one long text (an article's body): each edge's space is still decided.
  it("spaces every edge of a long text", () => {
    const html = `<article>${Array.from({ length: 2000 }, (_, i) => `<b>${i}</b>apples`).join("")}</article>`;
    expect(textOf(top(html))).toBe(Array.from({ length: 2000 }, (_, i) => `${i} apples`).join(" "));
  });
});

describe("textSurelyLonger", () => {
  // Sure only where the cleaned text is longer; never sure of a text cleaning may shorten a lot.
  it.each([
    ["<p>By Ann Lee</p>", 10, false],
    ["<p>By Ann Lee, cook</p>", 10, true],
    // White space runs, invisible characters and "((…))" shrink: counted out, so not sure.
    ["<p>a  b \u200b c d e f g h i j</p>", 10, false],
    ["<p>((a b c d e f g h i j))</p>", 10, false],
    // An entity or a tag inside the text may be taken out by cleaning: not sure, however long.
    ["<p>&amp;amp;lt;b&amp;amp;gt; and a long text after it</p>", 10, false],
    // Across elements, scripts and styles skipped as innerText skips them.
    ["<div><p>Ann</p><script>var a = 1234567890;</script><span>Lee</span></div>", 10, false],
    ["<div><p>Ann Lee</p><ul><li>Recipes</li></ul></div>", 10, true],
  ])("%j longer than %d: %s", (html, limit, sure) => {
    const el = top(html);
    expect(textSurelyLonger(el, limit)).toBe(sure);
    if (sure) expect(textOf(el).length).toBeGreaterThan(limit);
  });
});
