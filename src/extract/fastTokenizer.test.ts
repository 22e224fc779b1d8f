import render from "dom-serializer";
import { DomHandler, Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { FastTokenizer } from "./fastTokenizer.ts";

/** The tree htmlparser2 builds with its own tokenizer or with ours, serialized for comparison. */
function tree(html: string, fast: boolean): string {
  const handler = new DomHandler();
  const opts = { decodeEntities: false, lowerCaseAttributeNames: true };
  new Parser(handler, fast ? { ...opts, Tokenizer: FastTokenizer } : opts).end(html);
  return render(handler.root, { decodeEntities: false });
}

// The tokenizer replaces a private method of the library: an upgrade that changes its contract
// must fail here, not change what every page extracts.
describe("FastTokenizer", () => {
  const pages = [
    "<p>plain text &amp; an entity</p>",
    `<a href="x?a=1&b='2'" title='say "hi"' data-x=bare>link</a>`,
    "<script>if (a < b && c > d) { x('</p>') }</script><p>after</p>",
    "<style>p > a { color: red }</style><!-- a comment < with > signs --><p>t</p>",
    "<svg><![CDATA[ raw <text> ]]></svg><textarea>a <b> c</textarea>",
    "<div>unclosed <span>tags <b>here",
    "text at the end with no tag",
    '<p attr="unterminated value>broken',
    '<title>T</title><script type="application/ld+json">{"a":"<b>"}</script>',
    '<DIV Class="x"  data-a=1 =odd hidden/><Br/></DIV\t ><p\nid=a>t</P >',
    "<section><strong>s</strong></section><scripts>x</scripts><styles a>y</styles>",
    "<p>cut in a tag name <secti",
    '<p>cut in an attribute name <div class="a" data-lo',
    "<p>cut in a closing tag name</p",
  ];
  it.each(pages)("builds the same tree as the library's own tokenizer: %s", (html) => {
    expect(tree(html, true)).toBe(tree(html, false));
  });
});
