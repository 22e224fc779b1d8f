import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { PARSER_OPTIONS } from "./dom.ts";
import { ScanAttribs, scanHtml } from "./scanHtml.ts";

const WANTED = Object.keys(new ScanAttribs());

/** Every event as a line; attributes reduced to the ones the streaming pass reads, set ones only. */
function events(html: string, ours: boolean): string[] {
  const out: string[] = [];
  const handler = {
    onopentag(name: string, attribs: Record<string, string | undefined>) {
      const kept = WANTED.filter((k) => attribs[k] !== undefined).map((k) => `${k}=${attribs[k]}`);
      out.push(`<${name} ${kept.join(" ")}>`);
    },
    ontext(text: string) {
      out.push(text);
    },
    onclosetag(name: string) {
      out.push(`</${name}>`);
    },
  };
  if (ours) scanHtml(html, handler);
  else new Parser(handler, PARSER_OPTIONS).end(html);
  return out;
}

// The scan parser overrides the library's attribute handling (part of it private): an upgrade
// that changes its contract must fail here, not change what every page extracts.
describe("scanHtml", () => {
  const pages = [
    `<div CLASS="a b" Id=main itemscope itemtype="https://schema.org/Recipe" data-x="1">t</div>`,
    `<meta property="og:image" content="x.jpg?a=1&amp;b=2"><meta name=description content='say "hi"'>`,
    `<a href="/l" rel="license" class="x" class="second">l</a><link rel=license href=/y>`,
    `<p>one</p></p><p class=after>two`,
    `<script type="application/ld+json">{"a":"<b>"}</script><span typeof="Recipe" style="x">s</span>`,
    `<img src=a.jpg alt="no wanted attribute" width=3><br/><input type=text name=q value=v>`,
    `<div class="unterminated>broken`,
    `<b content>empty</b><svg/><i>after a self-closed svg</i>`,
    // A noscript is read tag by tag: a page may put its JSON-LD in one.
    `<noscript><script type="application/ld+json">{"@type":"Recipe"}</script><img src=x.gif></noscript>`,
    // An svg never closed is read tag by tag, and one whose only end is another name's.
    `<p>a</p><svg class="icon"><use href="#i"/><p>never closed</p>`,
    `<svg><title>t</title></svgs><p>no end tag of its own</p>`,
  ];
  it.each(pages)("gives the same events and read attributes as htmlparser2: %s", (html) => {
    expect(events(html, true)).toEqual(events(html, false));
  });

  // Icons, sprites and buttons are an eighth of a page's tags, and nothing this pass
  // reads is inside them: their content is one text, as a script's is.
  it("reads an svg or a button to its end tag as one text, then goes on as htmlparser2", () => {
    const html = `<p>a</p><svg class="icon" viewBox="0 0 1 1"><title>Pin</title><path d="M0"/></svg><p>b</p><button class=save><span>Save</span></button><p class=c>c</p>`;
    expect(events(html, true)).toEqual([
      "<p >",
      "a",
      "</p>",
      "<svg class=icon>",
      `<title>Pin</title><path d="M0"/>`,
      "</svg>",
      "<p >",
      "b",
      "</p>",
      "<button class=save>",
      "<span>Save</span>",
      "</button>",
      "<p class=c>",
      "c",
      "</p>",
    ]);
    // Of nested ones, the innermost: its end tag is the first to come.
    expect(events(`<svg><g><svg><title>x</title></svg></g></svg><p>p</p>`, true)).toEqual([
      "<svg >",
      "<g >",
      "<svg >",
      "<title>x</title>",
      "</svg>",
      "</g>",
      "</svg>",
      "<p >",
      "p",
      "</p>",
    ]);
  });
});
