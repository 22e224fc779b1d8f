import type { AnyNode } from "domhandler";
import { Parser } from "htmlparser2";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { decodeHtml, decodeHtmlPieces, PIECE_BYTES } from "./decodeBody.ts";
import { parseHtml, PARSER_OPTIONS } from "./dom.ts";
import { extractRecipe } from "./extractRecipe.ts";
import { scanPage } from "./pageScan.ts";
import { PageText } from "./pageText.ts";
import { readRecipePage } from "./readRecipePage.ts";

// A page read in pieces must read exactly as the same page in one string: these pages put a tag,
// attribute values with entities, a comment, script bodies (JSON-LD and not), entities in text,
// chrome-looking elements (their text is measured trimmed) and characters outside Latin-1 at
// every possible boundary.
const WITH_JSON_LD = `<!DOCTYPE html><html><head><title>Crème &amp; brûlée</title>
<meta property="og:image" content="https://x.test/a.jpg?w=1200&amp;h=800"><meta property="og:image:width" content="1200">
<meta name="description" content='Une crème — “brûlée” &eacute;t&eacute;'>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Crème brûlée",
"recipeIngredient":["2 œufs","500 ml crème","Pour le caramel","100 g sucre"],
"recipeInstructions":[{"@type":"HowToStep","text":"Battre les œufs </b> avec le sucre."},{"@type":"HowToStep","text":"Cuire 40 min à 150 °C."}]}</script>
<!-- a comment with <p>tags</p> and -- dashes -->
<link rel="license" href="/cc?by&amp;sa">
</head><body class="content-sidebar"><nav class="menu"><a href="/">Home</a> <a href="/r">Recettes</a></nav>
<article><h1>Crème brûlée</h1><p>Texte   avec&nbsp;espaces &amp; entités &#233;t&#xE9; — 日本語 😀</p>
<h3>Ingredients</h3><ul><li>2 œufs</li><li>500 ml crème</li><li><strong>Pour le caramel</strong></li><li>100 g sucre</li></ul>
<script>var s = "</div>"; if (a < b && c > d) {}</script><style>p{color:red}</style>
<ol><li>Battre les œufs avec le sucre.</li><li>Cuire 40 min à 150 °C.</li></ol></article>
<aside class="sidebar"><p>Newsletter &amp; promo</p></aside></body></html>`;

const WITHOUT_JSON_LD = `<html><head><meta property="og:title" content="Gâteau &quot;maison&quot;"></head>
<body><div class="share social">Partager <a href="/p">Pinterest</a></div>
<div itemscope itemtype="https://schema.org/Recipe"><h2 itemprop="name">Gâteau « maison »</h2>
<img itemprop="image" src="/g.jpg?a=1&amp;b=2" alt="Gâteau">
<!--[if IE]><p>old</p><![endif]-->
<ul><li itemprop="recipeIngredient">200 g farine</li><li itemprop="recipeIngredient">3 œufs &amp; 1 pincée de sel</li></ul>
<div itemprop="recipeInstructions"><p>Mélanger la farine et les œufs.</p><p>Cuire 30 min à 180&deg;C.</p></div>
<script>document.write("<p>x</p>")</script></div>
<footer>© 2026 — 食谱</footer></body></html>`;

// What the tokenizer reads in other states: RCDATA, processing instructions, CDATA, bogus comments,
// a stray `<`, an unclosed script, plain text to the end.
const EDGES = [
  `<?xml version="1.0"?><title>A &amp; <b>B</b></title><textarea>x</textarea><p>1 < 2 &lt; 3</p><![CDATA[c]]><!x-y>tail`,
  `<p>x</p><script>if (a </s) {} </scri`,
  `<p>x<!-- unclosed comment --`,
  `<p>text then <plaintext>all <b>of</b> this & more`,
];
const PAGES = { WITH_JSON_LD, WITHOUT_JSON_LD };

/** The page cut at the given offsets. */
const cut = (html: string, at: number[]) =>
  new PageText([0, ...at].map((from, i) => html.slice(from, at[i] ?? html.length)));
/** The page in pieces of `n` characters. */
const every = (html: string, n: number) =>
  new PageText(Array.from({ length: Math.ceil(html.length / n) }, (_, i) => html.slice(i * n, i * n + n)));

/** A tree as plain data. */
function tree(n: AnyNode): unknown {
  const x = n as unknown as {
    type: string;
    name?: string;
    attribs?: Record<string, string>;
    data?: string;
    children?: AnyNode[];
  };
  return [x.type, x.name, x.attribs, x.data, x.children?.map(tree)];
}

/** What scanPage gives, as plain data (its tree included). */
function scanned(html: string | PageText) {
  const s = scanPage(html);
  return { ...s, meta: [...s.meta], source: s.source.slice(0), doc: tree(s.doc()) };
}

/** Every parser event, as htmlparser2 emits them with our options. */
function events(html: string | PageText): string[] {
  const out: string[] = [];
  const p = new Parser(
    {
      onopentag: (name, attribs) => out.push(`<${name} ${JSON.stringify(attribs)}>`),
      ontext: (t) => out.push(`text ${t}`),
      oncomment: (t) => out.push(`comment ${t}`),
      onclosetag: (name) => out.push(`</${name}>`),
      onprocessinginstruction: (name, data) => out.push(`pi ${name} ${data}`),
    },
    PARSER_OPTIONS,
  );
  if (typeof html === "string") p.end(html);
  else {
    for (const c of html.chunks) p.write(c);
    p.end();
  }
  return out;
}

describe("a page in pieces reads as the page in one string", () => {
  it.each(Object.entries(PAGES))("%s: parser events, cut at every offset", (_, html) => {
    const whole = events(html);
    expect(whole.some((e) => e.startsWith("comment"))).toBe(true);
    for (let i = 1; i < html.length; i++) expect(events(cut(html, [i])), `cut at ${i}`).toEqual(whole);
    for (const n of [1, 2, 3]) expect(events(every(html, n)), `pieces of ${n}`).toEqual(whole);
  });

  it.each(EDGES)("parser events and the streaming pass, cut at every offset: %s", (html) => {
    const whole = events(html);
    const scan = scanned(html);
    for (let i = 1; i < html.length; i++) {
      expect(events(cut(html, [i])), `cut at ${i}`).toEqual(whole);
      expect(scanned(cut(html, [i])), `cut at ${i}`).toEqual(scan);
    }
    expect(events(every(html, 1))).toEqual(whole);
  });

  it.each(Object.entries(PAGES))("%s: the streaming pass and the tree, cut at every offset", (_, html) => {
    const whole = scanned(html);
    expect(whole.snapshot).toMatch(/^# .*\n- /m);
    for (let i = 1; i < html.length; i++) expect(scanned(cut(html, [i])), `cut at ${i}`).toEqual(whole);
    for (const n of [1, 2, 3, 7]) expect(scanned(every(html, n)), `pieces of ${n}`).toEqual(whole);
    expect(tree(parseHtml(every(html, 5)))).toEqual(tree(parseHtml(html)));
  });

  it.each(Object.entries(PAGES))("%s: the extraction", (_, html) => {
    const url = "https://x.test/r";
    const whole = JSON.stringify(extractRecipe({ html, url }));
    expect(JSON.parse(whole)).toMatchObject({ ok: true });
    for (let i = 1; i < html.length; i += 11)
      expect(JSON.stringify(extractRecipe({ html: cut(html, [i]), url })), `cut at ${i}`).toBe(whole);
    for (const n of [1, 2, 3, 7])
      expect(JSON.stringify(extractRecipe({ html: every(html, n), url })), `pieces of ${n}`).toBe(whole);
  });

  it("the group heading shown in the page is found across a boundary", () => {
    // "Pour le caramel" is a flattened group heading: its section comes from searching the source.
    const html = WITH_JSON_LD;
    const whole = extractRecipe({ html, url: "https://x.test/r" });
    expect(whole.ok && whole.recipe.ingredients.at(-1)?.section).toBe("Pour le caramel");
    const at = html.indexOf("Pour le caramel</strong>") + 4;
    const split = extractRecipe({ html: cut(html, [at, at + 9]), url: "https://x.test/r" });
    expect(split).toEqual(whole);
  });
});

describe("PageText", () => {
  const s = "abcabcXYZ<p>ld+JSON</p>éé😀abc";
  it("searches and slices across pieces as String does", () => {
    for (let i = 1; i < s.length; i++)
      for (let j = i; j < s.length; j += 3) {
        const t = cut(s, j > i ? [i, j] : [i]);
        expect(t.length).toBe(s.length);
        for (const needle of ["abc", "cX", "XYZ<p>l", "😀", "éé😀a", "zz", s])
          for (const from of [0, 1, 3, 9, 20, s.length, s.length + 2])
            expect(t.indexOf(needle, from), `${needle} from ${from} in ${t.chunks.join("|")}`).toBe(
              s.indexOf(needle, from),
            );
        expect(t.slice(2, 15)).toBe(s.slice(2, 15));
        expect(t.charAt(i)).toBe(s.charAt(i));
        expect(t.charAt(-1)).toBe("");
        expect(t.test(/ld\+json/i, 7)).toBe(true);
        expect(t.test(/json<\/p>x/i, 9)).toBe(false);
      }
  });
});

describe("PageText#includesFolded", () => {
  // What /ld\+json/i says, found from the engine's indexOf of "+" instead of a case-insensitive
  // pattern tried at every character (a full scan of every page without structured data).
  const pages = [
    "<script type='application/LD+Json'>",
    "ld+json",
    "xld+jsonx",
    "Ld+JSON",
    "ld+jso",
    "d+json",
    "ld +json",
    "ld+js0n",
    "l+d+json",
    "++ld+json",
    "ſd+json l\u212a+json",
    "\u00cc\u00c4+json lD+jsoN",
    "a+b+c+d+ld+jsoN+",
    "",
  ];
  it("finds a needle in any ASCII case where the case-insensitive pattern does, across pieces", () => {
    for (const s of pages)
      for (let i = 1; i <= s.length; i++)
        for (let j = i; j <= s.length; j += 2) {
          const t = cut(s, j > i ? [i, j] : [i]);
          expect(t.includesFolded("ld+json"), `${t.chunks.join("|")}`).toBe(/ld\+json/i.test(s));
        }
    expect(PageText.of("").includesFolded("ld+json")).toBe(false);
  });
});

describe("decodeHtmlPieces", () => {
  const utf8 = Buffer.from(
    "<p>Crème brûlée — “Süß” 日本語 😀 𝄞</p>\u00e9\ufeff<b>x</b>".repeat(3) + "€",
    "utf8",
  );
  // Truncated sequences, stray continuation bytes, overlong forms, surrogates, bytes never valid.
  const invalid = Buffer.from([
    0x61, 0xe2, 0x82, 0x62, 0x80, 0x80, 0x80, 0x80, 0x80, 0x63, 0xf0, 0x9f, 0x98, 0xc0, 0xaf, 0xed, 0xa0,
    0x80, 0xff, 0xfe, 0xf4, 0x90, 0x80, 0x80, 0xe0, 0x80, 0xaf, 0xf0, 0x9f, 0x98, 0x80, 0xc3,
  ]);

  it("UTF-8: any piece size gives decodeHtml's text, a multi-byte character never split", () => {
    for (const body of [utf8, invalid, Buffer.concat([invalid, utf8, invalid])])
      for (let n = 1; n <= 9; n++) {
        const { pieces, charset } = decodeHtmlPieces(body, null, n);
        expect(charset).toBe("utf-8");
        expect(pieces.join(""), `pieces of ${n} bytes`).toBe(decodeHtml(body, null).text);
        if (body === utf8) for (const p of pieces) expect(p).not.toContain("\ufffd");
      }
  });

  it("UTF-8: random bytes in random pieces give decodeHtml's text", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 256;
    for (let t = 0; t < 200; t++) {
      // Mostly high bytes: every kind of sequence, valid and not.
      const body = Buffer.from(
        Array.from({ length: 64 }, () => (rand() < 64 ? 0x61 : 0x80 + (rand() % 128))),
      );
      for (const n of [1, 2, 3, 5, 13])
        expect(decodeHtmlPieces(body, null, n).pieces.join("")).toBe(decodeHtml(body, null).text);
    }
  });

  it.each(["shift_jis", "gbk", "big5", "euc-kr", "windows-1252", "utf-16le"])(
    "%s: a character split between pieces is decoded whole",
    (charset) => {
      const text = "<p>肉じゃが 宫保鸡丁 牛肉麵 김치찌개 Crème “Süß”</p>".repeat(2);
      const encodable = iconv.decode(iconv.encode(text, charset), charset);
      const bom = charset === "utf-16le" ? [Buffer.from([0xff, 0xfe])] : [];
      const body = Buffer.concat([...bom, iconv.encode(text, charset)]);
      const type = charset === "utf-16le" ? null : `text/html; charset=${charset}`;
      for (let n = 1; n <= 5; n++) {
        const { pieces, charset: used } = decodeHtmlPieces(body, type, n);
        expect(used).toBe(charset);
        expect(pieces.join("")).toBe(decodeHtml(body, type).text);
        expect(pieces.join("")).toBe(encodable);
      }
    },
  );
});

describe("readRecipePage over bytes", () => {
  it("reads a page longer than a piece, a character on the boundary, as its decoded text", () => {
    // The JSON-LD, then enough text to put "é" (two bytes) across the first piece's end.
    const head = WITH_JSON_LD.slice(0, WITH_JSON_LD.indexOf("<!-- a comment"));
    const filler = "<p>Une crème</p>\n";
    let pad = "";
    while (Buffer.byteLength(head + pad + filler) < PIECE_BYTES - 40) pad += filler;
    const before = head + pad + "<p>";
    pad += "<p>" + "x".repeat(PIECE_BYTES - Buffer.byteLength(before) - 1) + "é</p>";
    const body = Buffer.from(head + pad + WITH_JSON_LD.slice(head.length), "utf8");
    expect(body.subarray(PIECE_BYTES - 1, PIECE_BYTES + 1).toString()).toBe("é");
    expect(decodeHtmlPieces(body, null).pieces.length).toBe(2);
    const url = "https://x.test/r";
    const fromBytes = readRecipePage({ url, body, contentType: null });
    expect(fromBytes.ok).toBe(true);
    // The same answer, with the charset the bytes were decoded with (page.meta's).
    const { charset, ...read } = fromBytes;
    expect(charset).toBe("utf-8");
    expect(read).toEqual(readRecipePage({ url, html: decodeHtml(body, null).text }));
  });

  it("reads a page in a charset other than UTF-8", () => {
    const html = WITHOUT_JSON_LD.replace("<head>", '<head><meta charset="gbk">').replace(
      "Gâteau « maison »",
      "宫保鸡丁",
    );
    const body = iconv.encode(html, "gbk");
    const url = "https://x.test/r";
    const fromBytes = readRecipePage({ url, body, contentType: null });
    expect(fromBytes.ok && fromBytes.recipe.name).toBe("宫保鸡丁");
    const { charset, ...read } = fromBytes;
    expect(charset).toBe("gbk");
    expect(read).toEqual(readRecipePage({ url, html: decodeHtml(body, null).text }));
  });
});
