import { decodeHTML } from "entities";
const DROP = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "nav",
  "header",
  "footer",
  "aside",
  "form",
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
  "dialog",
]);
const NON_SPACE = /\S/;
// White space runs other than a lone space (same result as /\s+/ → " ", far fewer matches in prose).
const SPACE_RUNS = /\s{2,}|[^\S ]/g;
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const BLOCKS = new Set([
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
// Class/id words of page chrome that is not content.
const CHROME =
  /\b(comments?|sidebar|share|social|newsletter|related|advert|ads?|cookie|breadcrumbs?|menu|popup|modal)\b/i;

/**
 * Builds the clean text snapshot (recipe-ingest-agent.md §10.2) from parser events, so it comes out
 * of the page's single parse: scripts, styles, navigation and page chrome removed; headings (`# `)
 * and list items (`- `) on their own lines; order preserved; white space collapsed. Deterministic
 * for the same input.
 */
export class SnapshotBuilder {
  private readonly lines: string[] = [];
  private cur = "";
  // > 0 while inside an element whose content is left out (depth below it).
  private dropDepth = 0;

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

  onopentag(name: string, attribs: Record<string, string>): void {
    if (this.dropDepth) {
      this.dropDepth++;
      return;
    }
    if (DROP.has(name)) {
      this.dropDepth = 1;
      return;
    }
    const cls = attribs.class || attribs.id ? `${attribs.class ?? ""} ${attribs.id ?? ""}` : "";
    if (cls && CHROME.test(cls) && !/recipe|ingredient|instruction/i.test(cls)) {
      this.dropDepth = 1;
      return;
    }
    if (HEADINGS.has(name) || name === "li") {
      this.flush();
      this.cur = name === "li" ? "- " : "# ";
    } else if (BLOCKS.has(name)) this.flush();
  }

  ontext(text: string): void {
    // White space at the start of a line is trimmed anyway; most text nodes between blocks are only that.
    if (!this.dropDepth && (this.cur || NON_SPACE.test(text))) this.cur += text;
  }

  onclosetag(name: string): void {
    if (this.dropDepth) {
      this.dropDepth--;
      return;
    }
    if (HEADINGS.has(name) || name === "li" || BLOCKS.has(name)) this.flush();
  }

  /** The snapshot text; call once the parse has ended. */
  text(): string {
    this.flush();
    return this.lines.join("\n");
  }
}
