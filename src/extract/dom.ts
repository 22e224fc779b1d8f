import { DomHandler, type AnyNode, type Document, type Element } from "domhandler";
import { decodeHTML, decodeHTMLAttribute } from "entities";
import { Parser } from "htmlparser2";
import { FastTokenizer } from "./fastTokenizer.ts";
import type { PageText } from "./pageText.ts";
import { cleanText } from "./text.ts";

export type { Document, Element };

// The tokenizer never decodes entities: decoding inline makes it read the page one character at a
// time, where without it the engine's indexOf skips from tag to tag. What reads the text decodes
// it: the tree below, the snapshot per line, meta values.
export const PARSER_OPTIONS = {
  decodeEntities: false,
  lowerCaseAttributeNames: true,
  Tokenizer: FastTokenizer,
} as const;
// Elements whose text the HTML tokenizer keeps as written (raw text): never decoded.
const RAW_TEXT = new Set(["script", "style", "iframe", "noembed", "noframes", "xmp", "plaintext"]);

/**
 * The tree a decoding parser builds, from a tokenizer that does not decode: text and attribute
 * values are decoded here (raw-text elements' text kept as written). `text` sees each decoded text.
 */
export class DecodingDomHandler extends DomHandler {
  // Inside a raw-text element (its text is the next event).
  private rawText = false;

  override onopentag(name: string, attribs: Record<string, string>): void {
    for (const k in attribs) {
      const v = attribs[k]!;
      if (v.includes("&")) attribs[k] = decodeHTMLAttribute(v);
    }
    this.rawText = RAW_TEXT.has(name);
    super.onopentag(name, attribs);
  }

  override ontext(data: string): void {
    const text = !this.rawText && data.includes("&") ? decodeHTML(data) : data;
    super.ontext(text);
    this.text(text);
  }

  /** Each text as the tree holds it (for subclasses that read the page as it is built). */
  protected text(_data: string): void {}

  override onclosetag(_name?: string): void {
    this.rawText = false;
    super.onclosetag();
  }
}

/** Parses HTML once; every extractor shares the tree. */
export function parseHtml(html: string | PageText): Document {
  const handler = new DecodingDomHandler();
  parseInto(handler, html);
  return handler.root;
}

/** One parse of the page into `handler`, piece by piece when it is in pieces (same events). */
export function parseInto(handler: DomHandler, html: string | PageText): void {
  const parser = new Parser(handler, PARSER_OPTIONS);
  if (typeof html === "string") parser.end(html);
  else {
    for (const piece of html.chunks) parser.write(piece);
    parser.end();
  }
}

export function isElement(n: AnyNode): n is Element {
  return n.type === "tag" || n.type === "script" || n.type === "style";
}

/** Depth-first walk over elements; `visit` returning false skips the subtree. */
export function walk(root: AnyNode, visit: (el: Element) => boolean | void): void {
  const stack: AnyNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (isElement(n) && visit(n) === false) continue;
    const kids = (n as { children?: AnyNode[] }).children;
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
}

/** All elements matching a predicate, in document order. */
export function findAll(root: AnyNode, pred: (el: Element) => boolean): Element[] {
  const out: Element[] = [];
  walk(root, (el) => {
    if (pred(el)) out.push(el);
  });
  return out;
}

/**
 * The first element matching a predicate, in document order, or null: the walk stops there (most
 * callers ask whether a page has an h1 or a title, found near its start, not for every one).
 */
export function findFirst(root: AnyNode, pred: (el: Element) => boolean): Element | null {
  const stack: AnyNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (isElement(n) && pred(n)) return n;
    const kids = (n as { children?: AnyNode[] }).children;
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return null;
}

/** Raw text of a node (script contents included). */
export function rawText(n: AnyNode): string {
  if (n.type === "text" || n.type === "cdata" || n.type === "comment")
    return (n as unknown as { data: string }).data ?? "";
  const kids = (n as { children?: AnyNode[] }).children;
  if (!kids) return "";
  let s = "";
  for (const k of kids) s += k.type === "text" ? (k as unknown as { data: string }).data : rawText(k);
  return s;
}

const BLOCK = new Set([
  "p",
  "div",
  "li",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "tr",
  "section",
  "article",
  "ul",
  "ol",
  "dt",
  "dd",
  "blockquote",
]);

// A number and a word in two inline elements side by side ("<span>2</span><span>eggs</span>",
// "<b>Shiitake</b><i>6</i>") are set apart on screen by the page's styles, never meant as one token.
// Only the last character of what came before is looked at (an end-anchored regex would try every
// position of the text gathered so far, at every inline element).
const DIGIT = /[0-9]/;
const LETTER = /\p{L}/u;
// A word, not a unit written against its number ("200g", "250mL", "150gr" stay as the page writes them);
// a capital and a small letter alone open a sentence's short first word ("<span>3</span>In einem
// Topf…", "Em uma panela…": a step's number drawn beside its text), no unit.
const WORD_START = /^(?:\p{L}{3}|\p{Lu}\p{Ll}(?!\p{L}))/u;
// An amount with its unit ("1 cup", "~15 g", "120g") ending one element's text.
const AMOUNT_END = /\d\s?\p{L}{1,5}$/u;
// A note of two words or more opening an element's text ("to taste", "as needed", "a pinch"), and a
// word of two letters at least ending the text before it: a name's element, then its note's, which
// the page sets apart (stacked, or in a column of their own). A drop cap's letter ("S" + "alt and
// pepper") ends no such word; a word split by markup ("Straw" + "berry") opens no such note.
const NOTE_START = /^\p{L}+\s+\p{L}/u;
const WORD_END = /\p{L}{2}$/u;
// How much of the text before an edge the rules read.
export const EDGE_TAIL = 12;
/**
 * The space two inline elements' texts need between them: a number meeting a word; and, when
 * `siblings` (one element closed and the next opened, no text between), an amount with its unit
 * meeting a word ("<span>~15 g</span><span>a splash</span>": stacked or styled apart on screen), or a
 * word meeting a note of words ("<b>salt</b><u>to taste</u>", NOTE_START). Not at one element's edge
 * alone, where markup splits a word ("2 <b>egg</b>s").
 */
export function edgeSpace(before: string, next: string, siblings = false): string {
  const last = before.slice(-1);
  if (!last) return "";
  return (DIGIT.test(last) && WORD_START.test(next)) ||
    (LETTER.test(last) && DIGIT.test(next.charAt(0))) ||
    (siblings && LETTER.test(next.charAt(0)) && AMOUNT_END.test(before.slice(-EDGE_TAIL))) ||
    (siblings && WORD_END.test(before.slice(-2)) && NOTE_START.test(next))
    ? " "
    : "";
}
// Superscripts and subscripts belong to the word they follow ("10th", "H2O", "m²").
const RAISED = new Set(["sup", "sub"]);

/** Visible text of an element, blocks separated by newlines, scripts and styles skipped. */
export function innerText(n: AnyNode, skip?: ReadonlySet<AnyNode>): string {
  let s = "";
  // The last EDGE_TAIL characters of `s`, all edgeSpace reads of it: `s` is built by appending, and
  // slicing its end flattened (copied) the whole text so far at every edge, quadratic in an
  // article's body (2,000 inline edges: 260 ms).
  let last = "";
  // At an inline element's start or end: the next text may need a space (edgeSpace).
  let edge = false;
  // An inline element closed since the last text, and one opened after it (siblings meeting).
  let closed = false;
  let opened = false;
  const rec = (x: AnyNode) => {
    if (x.type === "text") {
      const d = (x as unknown as { data: string }).data;
      if (edge && d) s += edgeSpace(last, d, closed && opened);
      if (d) {
        edge = false;
        closed = opened = false;
        last = d.length >= EDGE_TAIL ? d.slice(-EDGE_TAIL) : (last + d).slice(-EDGE_TAIL);
      }
      s += d;
    } else if (isElement(x)) {
      if (x.name === "script" || x.name === "style" || x.name === "noscript" || x.name === "template") return;
      if (skip?.has(x)) return;
      // An empty div set between two texts only spaces them on screen ("juicy.</span><div></div>
      // <span>Set"): a card's structured data, which the page's text should read as, joins them.
      if (x.name === "div" && !x.children.length) return;
      const block = BLOCK.has(x.name);
      const spaced = !block && !RAISED.has(x.name);
      if (block) s += "\n";
      else if (spaced) {
        edge = true;
        opened = closed;
      }
      if (block) last = "\n";
      for (const k of x.children) rec(k);
      if (block) s += "\n";
      else if (spaced) {
        edge = closed = true;
        opened = false;
      }
      if (block) last = "\n";
    }
  };
  rec(n);
  return s;
}

/** Clean single-line text of an element. */
export function textOf(n: AnyNode, skip?: ReadonlySet<AnyNode>): string {
  return cleanText(innerText(n, skip));
}

// Characters `cleanText` may drop or shrink (white space of `\s`, the invisible ones, a mojibake
// "Â", the parentheses of "((…))"), besides "&" and "<", which may start an entity or a tag.
const MAY_GO = /[\s\u00c2\u200b-\u200d\u2060\ufeff()]/;

/**
 * Whether `textOf(n)` (cleaned once more or not) is sure to be longer than `limit` characters,
 * from as much of `n`'s text as that takes: the characters cleaning keeps whatever their
 * neighbours, counted until there are more than `limit`. A text with "&" or "<" (an entity or a
 * tag cleaning may take out) is not sure. A block's whole text made and cleaned only to be found
 * too long, for every block of a page and its blocks inside, was most of the byline's text search.
 */
export function textSurelyLonger(n: AnyNode, limit: number): boolean {
  let count = 0;
  const stack: AnyNode[] = [n];
  while (stack.length) {
    const x = stack.pop()!;
    if (x.type === "text") {
      const d = (x as unknown as { data: string }).data;
      for (let i = 0; i < d.length; i++) {
        const c = d.charCodeAt(i);
        if (c === 38 || c === 60) return false;
        if (c > 32 && (c < 127 ? c !== 40 && c !== 41 : !MAY_GO.test(d[i]!)) && ++count > limit) return true;
      }
    } else if (isElement(x)) {
      // What innerText skips.
      if (x.name === "script" || x.name === "style" || x.name === "noscript" || x.name === "template")
        continue;
      for (let i = x.children.length - 1; i >= 0; i--) stack.push(x.children[i]!);
    }
  }
  return false;
}
