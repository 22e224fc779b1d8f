import { decodeHTML } from "entities";
import type { ScanAttribs } from "./scanHtml.ts";
// What each tag is to the snapshot, one lookup per tag (a tag's name is a fresh string each time,
// hashed on its first lookup: one Map lookup instead of a Set lookup per kind).
// Never content: left out wherever they are.
const DROP = 1;
// Page furniture by its tag: left out unless it holds the page's content (a recipe card in an
// `<aside>`, the title in a `<header>`).
const FURNITURE = 2;
// Content roots: never left out, whatever their class says (`<body class="content-sidebar">`).
const ROOT = 4;
// A line of its own: headings (`# `) and list items (`- `).
const HEADING = 8;
const ITEM = 16;
// Blocks: what follows them starts a new line.
const BLOCK = 32;
// The page's own content: comment threads are marked up as articles with headings, so only the
// recipe keeps a comment-looking element, but these keep any other.
const PAGE = 64;
const TAGS = new Map<string, number>();
const mark = (bits: number, names: string[]) => {
  for (const n of names) TAGS.set(n, (TAGS.get(n) ?? 0) | bits);
};
mark(DROP, [
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "svg",
  "canvas",
  "button",
  "select",
  "input",
  "textarea",
  "head",
  "object",
  "embed",
  "video",
  "audio",
]);
mark(FURNITURE, ["nav", "header", "footer", "aside", "form", "dialog"]);
mark(ROOT, ["html", "body", "main", "article"]);
mark(HEADING, ["h1", "h2", "h3", "h4", "h5", "h6"]);
mark(ITEM, ["li"]);
mark(BLOCK, [
  "p",
  "div",
  "section",
  "article",
  "main",
  "ul",
  "ol",
  "table",
  "tr",
  "blockquote",
  "pre",
  "figure",
  "figcaption",
  "dl",
  "dt",
  "dd",
  "br",
  "hr",
]);
mark(PAGE, ["main", "h1", "article"]);
const NON_SPACE = /\S/;
// White space runs other than a lone space (same result as /\s+/ → " ", far fewer matches in prose).
const SPACE_RUNS = /\s{2,}|[^\S ]/g;
// Class/id words of page chrome that is not content.
const CHROME =
  /\b(comments?|sidebar|share|social|newsletter|related|advert|ads?|cookie|breadcrumbs?|menu|popup|modal)\b/i;
// Class/id words and microdata of the content itself (a recipe card, its lists, an article body).
// ("recipe" alone is not enough: a footer menu of recipe links is named so.)
const CONTENT_CLASS =
  /ingredient|instruction|direction|recipe-?(?:card|container|content|body|main|wrap|block|details)|wprm-recipe|tasty-recipes|mv-create|article-?body|entry-content|post-content/i;
const CONTENT_PROP = /^(?:recipeingredient|recipeinstructions|ingredients|articlebody)$/i;
const COMMENTS = /comment/i;

// A furniture element this large and this poor in links is prose, whatever its class.
const PROSE_CHARS = 1500;
const PROSE_LINK_SHARE = 0.25;

/** An element that looks like chrome, read into the snapshot until its content is known. */
interface Candidate {
  /** Element depth (in kept elements) at which it opened. */
  depth: number;
  /** Lines and the unfinished line before it opened: what the snapshot returns to when it is left out. */
  lineCount: number;
  cur: string;
  /** It holds (or is an ancestor of) the page's content. */
  content: boolean;
  /** Characters of text, and of text inside links. */
  chars: number;
  linkChars: number;
  comments: boolean;
}

/**
 * Builds the clean text snapshot from parser events, so it comes out
 * of the page's single parse: scripts, styles, navigation and page chrome removed; headings (`# `)
 * and list items (`- `) on their own lines; order preserved; white space collapsed. Deterministic
 * for the same input.
 */
export class SnapshotBuilder {
  private readonly lines: string[] = [];
  private cur = "";
  // > 0 while inside an element whose content is left out (depth below it).
  private dropDepth = 0;
  // Depth of open elements outside left-out ones, and of open links.
  private depth = 0;
  private linkDepth = 0;
  // Chrome-looking elements still open, outermost first: judged by their content when they close.
  private readonly candidates: Candidate[] = [];

  /**
   * `rawText`: the text arrives with its entities undecoded (a tokenizer pass that skips decoding,
   * which is a third of its cost); each line is decoded once when it is complete.
   */
  private readonly rawText: boolean;

  constructor(rawText = false) {
    this.rawText = rawText;
  }

  private flush(): void {
    if (!this.cur) return;
    const line = this.rawText && this.cur.includes("&") ? decodeHTML(this.cur) : this.cur;
    const t = line.replace(SPACE_RUNS, " ").trim();
    if (t && t !== "#" && t !== "-") this.lines.push(t);
    this.cur = "";
  }

  onopentag(name: string, attribs: Partial<ScanAttribs>): void {
    if (this.dropDepth) {
      this.dropDepth++;
      return;
    }
    const tag = TAGS.get(name) ?? 0;
    if (tag & DROP) {
      this.dropDepth = 1;
      return;
    }
    this.depth++;
    if (name === "a") this.linkDepth++;
    // Class and id are tested one by one: no pattern here spans a space, so testing them joined
    // by one says the same, and most tags need no joined string made.
    const cls = attribs.class;
    const id = attribs.id;
    if (!(tag & ROOT) && (tag & FURNITURE || (cls && CHROME.test(cls)) || (id && CHROME.test(id)))) {
      this.candidates.push({
        depth: this.depth,
        lineCount: this.lines.length,
        cur: this.cur,
        content: false,
        chars: 0,
        linkChars: 0,
        comments: (!!cls && COMMENTS.test(cls)) || (!!id && COMMENTS.test(id)),
      });
    }
    // The page's content inside a chrome-looking element keeps it and every element around it.
    if (this.candidates.length) {
      const recipe =
        (cls && CONTENT_CLASS.test(cls)) ||
        (id && CONTENT_CLASS.test(id)) ||
        (attribs.itemprop && CONTENT_PROP.test(attribs.itemprop)) ||
        (attribs.itemtype && /recipe/i.test(attribs.itemtype));
      // Comment threads are marked up as articles with headings: only the recipe itself keeps them.
      if (recipe || tag & PAGE) for (const c of this.candidates) if (recipe || !c.comments) c.content = true;
    }
    if (tag & (HEADING | ITEM)) {
      this.flush();
      this.cur = tag & ITEM ? "- " : "# ";
    } else if (tag & BLOCK) this.flush();
  }

  ontext(text: string): void {
    if (this.dropDepth) return;
    // White space at the start of a line is trimmed anyway; most text nodes between blocks are only that.
    if (this.cur || NON_SPACE.test(text)) this.cur += text;
    const candidates = this.candidates;
    if (candidates.length) {
      const n = text.trim().length;
      // Indexed, not for…of: this runs for every text of the page, mostly before it is optimized,
      // and each step of an iterator there is an object allocated (a fifth of the pass's garbage).
      for (let i = 0; i < candidates.length; i++) {
        const c = candidates[i]!;
        c.chars += n;
        if (this.linkDepth) c.linkChars += n;
      }
    }
  }

  onclosetag(name: string): void {
    if (this.dropDepth) {
      this.dropDepth--;
      return;
    }
    if ((TAGS.get(name) ?? 0) & (HEADING | ITEM | BLOCK)) this.flush();
    const top = this.candidates.at(-1);
    if (top && top.depth === this.depth) {
      this.candidates.pop();
      if (!this.keeps(top)) {
        this.lines.length = top.lineCount;
        this.cur = top.cur;
      }
    }
    if (name === "a" && this.linkDepth) this.linkDepth--;
    this.depth--;
  }

  /** Whether a chrome-looking element stays: it holds the content, or it reads as prose. */
  private keeps(c: Candidate): boolean {
    if (c.content) return true;
    return !c.comments && c.chars >= PROSE_CHARS && c.linkChars < c.chars * PROSE_LINK_SHARE;
  }

  /** The snapshot text; call once the parse has ended. */
  text(): string {
    // Elements left open at the end of the page close here.
    while (this.candidates.length) this.onclosetag("");
    this.flush();
    return this.lines.join("\n");
  }
}
