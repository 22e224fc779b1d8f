import { Parser, type Handler } from "htmlparser2";
import { PARSER_OPTIONS } from "./dom.ts";
import { PageText } from "./pageText.ts";

/**
 * The attributes the streaming pass reads (pageScan and the snapshot), and only those: the
 * handlers are typed with it, so reading another one is a compile error, not a silent miss.
 */
export class ScanAttribs {
  class: string | undefined = undefined;
  id: string | undefined = undefined;
  itemprop: string | undefined = undefined;
  itemtype: string | undefined = undefined;
  itemscope: string | undefined = undefined;
  typeof: string | undefined = undefined;
  type: string | undefined = undefined;
  property: string | undefined = undefined;
  name: string | undefined = undefined;
  content: string | undefined = undefined;
  href: string | undefined = undefined;
  rel: string | undefined = undefined;
}

type Key = keyof ScanAttribs;
const KEYS = Object.keys(new ScanAttribs()) as Key[];
// Lower-cased name → the same name as an internalized constant (a cheap keyed store).
const WANTED = new Map<string, Key>(KEYS.map((k) => [k, k]));
// Bit n set when some wanted name has n characters: most attribute names are rejected before
// they are sliced out of the page and lower-cased.
const LENGTHS = KEYS.reduce((bits, k) => bits | (1 << k.length), 0);

// Elements no reader of this pass looks inside (the snapshot leaves them out, and they hold no
// meta tag, JSON-LD or microdata), by name: how their end tag starts (`</svg`), as the tokenizer
// matches the end of a raw-text element, and how the next one would start. Not `<noscript>`: a
// page may put its JSON-LD in one (deliciouslyella wraps its whole main content in one).
const SKIPPED = new Map(
  ["svg", "button"].map((name) => [
    name,
    {
      end: `</${name}`,
      open: `<${name}`,
      sequence: new Uint8Array([...`</${name}`].map((c) => c.charCodeAt(0))),
    },
  ]),
);

const END_OF_NAME = /^[\s/>]$/;

/** Handlers of a streaming pass that reads only {@link ScanAttribs}. */
export interface ScanHandler {
  /** `attribs` holds during the call only: one object serves every tag (no allocation per tag). */
  onopentag(name: string, attribs: Partial<ScanAttribs>): void;
  ontext(text: string): void;
  onclosetag(name: string): void;
}

/** What the subclass reaches of htmlparser2's Parser (private in its typings). */
interface ParserState {
  attribvalue: string;
  attribs: Record<string, string> | ScanAttribs | null;
  endIndex: number;
}

/**
 * htmlparser2's Parser, for a pass that reads a dozen attributes: every other attribute is
 * skipped without slicing its name and value out of the page, and the wanted ones land in one
 * object shape (the library builds a dictionary object per tag, a third of its parse). Same
 * events, same tag names, same text; the attribute objects hold the wanted names only. The page
 * may come in pieces (see {@link PageText}): names and values are sliced by the Parser across them.
 */
class ScanParser extends Parser {
  // The attribute being read, when it is wanted.
  private want: Key | null = null;
  // The page being parsed, and the tag whose open tag is being read.
  private page: PageText = PageText.of("");
  private opening = "";

  constructor(handler: ScanHandler) {
    super(handler as unknown as Partial<Handler>, PARSER_OPTIONS);
  }

  override onopentagname(start: number, endIndex: number): void {
    super.onopentagname(start, endIndex);
    this.opening = (this as unknown as { tagname: string }).tagname;
  }

  /**
   * An element no reader here looks inside (an inline `<svg>`, a `<button>`) is read to
   * its end tag as one text, as a script is: icons and sprites alone are an eighth of a page's
   * tags. Only when its end tag follows before another of its kind opens: a nested or unclosed
   * one is read tag by tag, as before, so that nothing after it is taken for its content.
   */
  override onopentagend(endIndex: number): void {
    const skipped = SKIPPED.get(this.opening);
    this.opening = "";
    super.onopentagend(endIndex);
    if (!skipped) return;
    const end = this.page.indexOf(skipped.end, endIndex);
    // Its end tag as the tokenizer ends one: the name, then a space, `>` or `/` (not `</svgs>`).
    if (end < 0 || !END_OF_NAME.test(this.page.charAt(end + skipped.end.length))) return;
    // (Looked for between the two only: the next one opens far down the page, or never.)
    if (this.page.slice(endIndex, end).includes(skipped.open)) return;
    const t = (this as unknown as { tokenizer: { isSpecial: boolean; currentSequence: Uint8Array } })
      .tokenizer;
    t.isSpecial = true;
    t.currentSequence = skipped.sequence;
  }

  // The Parser's own slicing across the pieces it was given (private in its typings).
  private sliceOf(start: number, end: number): string {
    return (this as unknown as { getSlice(start: number, end: number): string }).getSlice(start, end);
  }

  override onattribname(start: number, endIndex: number): void {
    this.startIndex = start;
    const n = endIndex - start;
    this.want =
      n < 31 && (LENGTHS >> n) & 1 ? (WANTED.get(this.sliceOf(start, endIndex).toLowerCase()) ?? null) : null;
  }

  override onattribdata(start: number, endIndex: number): void {
    if (this.want !== null) (this as unknown as ParserState).attribvalue += this.sliceOf(start, endIndex);
  }

  override onattribentity(_cp: number): void {
    // Entities are never decoded by the tokenizer (PARSER_OPTIONS).
    throw new Error("ScanParser: the tokenizer decoded an entity");
  }

  override onattribend(_quote: unknown, endIndex: number): void {
    const p = this as unknown as ParserState;
    p.endIndex = endIndex;
    const key = this.want;
    if (key !== null) {
      const attribs = p.attribs as ScanAttribs | null;
      if (attribs && attribs[key] === undefined) attribs[key] = p.attribvalue;
      p.attribvalue = "";
      this.want = null;
    }
  }

  private readonly reused = new ScanAttribs();

  /** The one attributes object, emptied: the handlers read it during the event and keep none. */
  blank(): ScanAttribs {
    const a = this.reused;
    a.class = a.id = a.itemprop = a.itemtype = a.itemscope = a.typeof = undefined;
    a.type = a.property = a.name = a.content = a.href = a.rel = undefined;
    return a;
  }

  /** Parses the whole page, piece by piece. */
  run(page: PageText): void {
    this.page = page;
    for (const piece of page.chunks) this.write(piece);
    this.end();
  }
}

// The library creates a plain object per tag where a tag opens (including the `<p>` a stray
// `</p>` implies); ours replaces it right there, before any attribute arrives, with the parser's
// one object emptied (a tag's attributes are read before the next tag opens).
const emitOpenTag = (Parser.prototype as unknown as { emitOpenTag: (name: string) => void }).emitOpenTag;
Object.defineProperty(ScanParser.prototype, "emitOpenTag", {
  value: function (this: ParserState, name: string): void {
    emitOpenTag.call(this, name);
    if (this.attribs) this.attribs = (this as unknown as { blank(): ScanAttribs }).blank();
  },
});

/** One pass of htmlparser2 over `html` feeding `handler`, with only the {@link ScanAttribs} collected. */
export function scanHtml(html: string | PageText, handler: ScanHandler): void {
  new ScanParser(handler).run(typeof html === "string" ? PageText.of(html) : html);
}
