import { createRequire } from "node:module";
import type * as CssSelect from "css-select";
import type { AnyNode, Element } from "domhandler";
import { describe, expect, it } from "vitest";
import { cardQuery, matches, selectAll, selectOne } from "./cardSelector.ts";
import { parseHtml } from "./dom.ts";

const css = createRequire(import.meta.url)("css-select") as typeof CssSelect;

// A box inside a paragraph, itself inside an ".instructions" block: a selector with a combinator
// reads differently when compiled against the box than when compiled alone.
const doc = parseHtml(
  `<div class="instructions"><p id="box" class="box"><strong>Glaze:</strong><span>
  <li class="a">one</li><p><strong>Cake</strong></p><li id="b">two</li></span></p></div>`,
);
const box = selectOne("#box", doc)!;

describe("cardQuery", () => {
  it("compiles a list of compound selectors once", () => {
    const q = cardQuery(".a, #b, li, p.box");
    expect(typeof q).toBe("function");
    expect(cardQuery(".a, #b, li, p.box")).toBe(q);
  });

  it("leaves a selector with a combinator, a pseudo-class or an attribute test as text", () => {
    for (const sel of ["p > strong", ".instructions li", "li:first-child", "[data-x]", "h4, p > b"])
      expect(cardQuery(sel)).toBe(sel);
  });

  it("selects what css-select selects from the selector's text", () => {
    for (const sel of [".a, #b", "li", "strong", "p > strong", ".instructions li", "p.box, li"]) {
      const want = css.selectAll<AnyNode, Element>(sel, box);
      expect(selectAll(sel, box)).toEqual(want);
      expect(selectOne(sel, box)).toBe(css.selectOne<AnyNode, Element>(sel, box));
      for (const el of want) expect(matches(el, sel)).toBe(css.is(el, sel));
    }
    expect(selectAll("p.box", doc)).toEqual(css.selectAll<AnyNode, Element>("p.box", doc));
  });
});
