import { describe, expect, it } from "vitest";
import { innerText, parseHtml, textOf } from "./dom.ts";

// The page's top element (the tree's root is a document, not an element).
const top = (html: string) => parseHtml(html).children[0]!;

describe("innerText", () => {
  it.each([
    // A number meeting a word at an inline element's edge is spaced; a unit against its number is not.
    ["<p><b>5</b>minutes</p>", "5 minutes"],
    ["<p>Add<b>2</b> eggs</p>", "Add 2 eggs"],
    ["<p><span>200</span>g flour</p>", "200g flour"],
    // Superscripts and subscripts belong to the word they follow.
    ["<p>H<sub>2</sub>O, the 10<sup>th</sup></p>", "H2O, the 10th"],
    // Blocks apart, scripts skipped.
    ["<div><p>Serves<i>4</i></p><script>x=1</script><p><i>4</i>people</p></div>", "Serves 4\n4 people"],
  ])("reads %j as %j", (html, text) => {
    expect(innerText(top(html)).trim().replace(/\n+/g, "\n")).toBe(text);
  });

  // Many inline elements in one long text (an article's body): each edge's space is still decided.
  it("spaces every edge of a long text", () => {
    const html = `<article>${Array.from({ length: 2000 }, (_, i) => `<b>${i}</b>apples`).join("")}</article>`;
    expect(textOf(top(html))).toBe(Array.from({ length: 2000 }, (_, i) => `${i} apples`).join(" "));
  });
});
