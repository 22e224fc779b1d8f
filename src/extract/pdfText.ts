import { itemAfterEdge } from "./itemAfterEdge.ts";
import { browserLine, withoutRunningLines } from "./pdfRunningLines.ts";
import { isSectionWord } from "./textRecipe.ts";

// A PDF page's text from its text items, the page's own geometry kept in the text: a line break
// wherever the baseline moves, a blank line where the gap between lines is wider than the page's
// usual line spacing (a new paragraph: the next step), and the lines of a numbered step that wraps
// joined into its one line, so the readers see a step where the page prints one.

/** A text item as pdf.js gives it: its string, its transform (x at [4], baseline y at [5]). */
export interface PdfTextItem {
  str?: string;
  hasEOL?: boolean;
  transform?: number[];
  height?: number;
  /** The item's printed width (pdf.js gives it in the page's units). */
  width?: number;
}

interface PdfLine {
  text: string;
  x: number | null;
  y: number | null;
  /** The font's size (the transform's vertical scale). */
  size: number | null;
  /** Where the line's last item ends, when the items say how wide they are. */
  right: number | null;
}

// A line that opens an item of a list: a number, a step's label or a bullet.
const ITEM_START =
  /^(?:\(?\d{1,2}[.)]\s|(?:step|schritt|étape|paso|passo|stap|steg|etapa)\s*\d{1,2}\b|[-•*·▪◦–—]\s)/iu;
// A line that opens a numbered step.
const NUMBERED = /^(?:\(?\d{1,2}[.)]\s|(?:step|schritt|étape|paso|passo|stap|steg|etapa)\s*\d{1,2}\b)/iu;

// A line that opens with an amount: a number or a fraction ("1/4 tsp", "½ cup", "200 g").
const AMOUNT_START = /^[\d½¼¾⅓⅔⅛⅜⅝⅞]/u;
// A line that opens with a step's number before its first word ("1.-Ponga", "2) Add"): a step,
// never an ingredient, so its rest may open with a number ("3 cm", "10 min").
const STEP_NUMBER = /^\(?\d{1,2}[.)]-?\s*\p{L}/u;
// A group's label alone on its line ("For the glaze:", "Topping:"): its writer ended the line
// before it, however far the item before it ran.
const GROUP_LABEL = /^\p{Lu}[^.!?:：]{1,48}[:：]$/u;

/**
 * Whether a line opens an item of a list: not where its dash continues a range the line before
 * ended in ("… for another 10" / "- 15 minutes"), broken before the dash; nor, inside a numbered
 * step, where it carries on in lower case a sentence the line before left open ("… one at a time" /
 * "- once in the pan, squash them").
 */
const opensItem = (before: string | undefined, text: string, inStep = false): boolean =>
  ITEM_START.test(text) &&
  !(before !== undefined && /\d$/.test(before) && /^[-–—]\s\d/.test(text)) &&
  !(inStep && before !== undefined && /[\p{L}\p{N}]$/u.test(before) && /^[-–—]\s\p{Ll}/u.test(text));

function linesOf(items: PdfTextItem[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let cur: PdfLine | null = null;
  let lastY: number | null = null;
  for (const it of items) {
    if (typeof it.str !== "string") continue;
    const x = it.transform?.[4] ?? null;
    const y = it.transform?.[5] ?? null;
    if (!cur || (lastY !== null && y !== null && Math.abs(y - lastY) > 2)) {
      if (cur && cur.text.trim()) lines.push(cur);
      cur = { text: "", x, y, size: it.transform?.[3] ?? null, right: null };
    }
    cur.text += it.str;
    if (x !== null && typeof it.width === "number" && it.str.trim())
      cur.right = Math.max(cur.right ?? 0, x + it.width);
    if (it.hasEOL) {
      if (cur.text.trim()) lines.push(cur);
      cur = null;
    }
    if (y !== null) lastY = y;
  }
  if (cur && cur.text.trim()) lines.push(cur);
  return lines.map((l) => ({ ...l, text: spaceAfterNumber(l.text.replace(/\s+/g, " ").trim()) }));
}

/**
 * A list's number printed against its text ("10.Remove the beef": a two-digit marker takes the
 * room its space had) read as the number and its text, like "9. Cook" beside it. Only before a
 * capital, so "1.5 cups" and "2.5kg" stay as they are.
 */
const spaceAfterNumber = (t: string): string => t.replace(/^(\(?\d{1,2}[.)])(?=\p{Lu})/u, "$1 ");

// How much lower than the usual spacing a line may be set and still be a wrapped rest: a line's
// own box may grow a little (a fraction's glyph from another font), a block's margin is larger.
const SPACED = 1.15;

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length * q)]! : 0;
};

/**
 * Whether `next` is the rest of `prev`, wrapped by the typesetter: its first word would not have
 * fitted at the end of `prev` before the column's right edge (a line that ended short of the edge
 * with room for the next word was ended by its writer).
 */
function wrapped(prev: PdfLine, next: PdfLine, edge: number | null): boolean {
  if (edge === null || prev.right === null || next.right === null || next.x === null) return false;
  if (prev.size !== null && next.size !== null && Math.abs(prev.size - next.size) >= 0.5) return false;
  // Two lines that each open with an amount are two ingredients (unless the first breaks off
  // after a slash or a comma: "cut into 3 cm /" / "1.2" pieces"), and a heading in capitals after
  // a line in lower case opens a part of its own: neither goes on from the line before.
  if (
    AMOUNT_START.test(prev.text) &&
    AMOUNT_START.test(next.text) &&
    !STEP_NUMBER.test(prev.text) &&
    !/[/,]$/.test(prev.text)
  )
    return false;
  if (GROUP_LABEL.test(next.text) || itemAfterEdge(prev.text, next.text)) return false;
  if (
    /\p{Ll}/u.test(prev.text) &&
    next.text.length <= 40 &&
    /\p{Lu}{3}/u.test(next.text) &&
    !/\p{Ll}/u.test(next.text)
  )
    return false;
  const charWidth = (next.right - next.x) / Math.max(1, next.text.length);
  const firstWord = /^\S+/.exec(next.text)?.[0].length ?? 0;
  // A word's width from the line's mean character width, a space about a character's; a
  // character's slack for the estimate (capitals and wide letters run wider than the mean).
  return prev.right + charWidth * (firstWord + 1) > edge - charWidth;
}

/**
 * Two lines as one: a line that breaks after a hyphen ("12-" / "inch") or a range's dash ("20–" /
 * "25") joins without a space, and so does one that breaks after a slash before a number ("2 cm/"
 * / "3/4 inch"); after a slash before a word the writer's space is the likelier ("varoma/ giro").
 */
const joinWrapped = (a: string, b: string): string =>
  (/[\p{L}\p{N}][-–]$/u.test(a) && /^[\p{L}\p{N}]/u.test(b)) ||
  (/[\p{L}\p{N}]\/$/u.test(a) && /^\p{N}/u.test(b))
    ? `${a}${b}`
    : `${a} ${b}`;

/** A page's text, and what joining it to the next page needs of its geometry. */
export interface PdfPageRead {
  text: string;
  /**
   * The room left at the end of the page's last line, in characters of its font (null where the
   * page's width or the items' widths are unknown): a next page whose first word would not have
   * fitted there carries on the line the typesetter wrapped.
   */
  room: number | null;
  /**
   * With the page's height: how far the first line's baseline sits under the page's top, and the
   * last line's over its foot, in the page's units. A text that fills its page to the foot ends
   * about as far over it as the next page's starts under its top.
   */
  top?: number | null;
  bottom?: number | null;
}

/**
 * Page text from pdf.js text items (see the file's comment). With the page's width, a line the
 * typesetter wrapped is joined to the line it continues (the text column taken to have the same
 * margin right as left); without it, only a numbered step's lines are.
 */
export function pdfPageText(items: PdfTextItem[], pageWidth?: number): string {
  return readPdfPage(items, pageWidth).text;
}

/** A page's text (pdfPageText) with the room left on its last line and, with its height, its margins. */
export function readPdfPage(items: PdfTextItem[], pageWidth?: number, pageHeight?: number): PdfPageRead {
  // A browser's head and foot are set in the page's margins, left of the text: the column's edge,
  // the page's last line and its foot are the text's own without them.
  const lines = linesOf(items).filter((l) => !browserLine(l.text));
  const xs = lines.map((l) => l.x).filter((x): x is number => x !== null);
  const edge = pageWidth && xs.length ? pageWidth - Math.min(...xs) : null;
  // The usual spacing: a low fifth of the drops from one line to the next (columns and page
  // jumps aside; not the median, which is the paragraph gap itself where most paragraphs are one
  // line), in the line's font sizes where known, so a title's wider lines are no paragraph break.
  const drops: number[] = [];
  const per = (l: PdfLine) => (l.size && l.size > 0 ? l.size : 1);
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!.y;
    const b = lines[i]!.y;
    if (a !== null && b !== null && a > b) drops.push((a - b) / per(lines[i]!));
  }
  const usual = quantile(drops, 0.2);
  const out: string[] = [];
  // The numbered step being read: its number's x and its text's lines so far.
  let step: { x: number | null; size: number | null } | null = null;
  for (const [i, l] of lines.entries()) {
    const prev = i > 0 ? lines[i - 1]! : null;
    const drop = prev && prev.y !== null && l.y !== null ? (prev.y - l.y) / per(l) : null;
    const gap = drop !== null && usual > 0 && (drop > usual * 1.45 || drop < 0);
    if (gap) {
      out.push("");
      step = null;
    }
    // A line the typesetter wrapped: the rest of the line before it (a title, an ingredient, a step).
    // A wrap keeps the line's spacing: a line set lower than the usual spacing, though by less
    // than a paragraph's gap, opens a block of its own (a group's label with its margin above:
    // "… pompoenpitten" / "voor de gomasio:").
    const spaced = drop !== null && usual > 0 && drop > usual * SPACED;
    if (!gap && !spaced && prev && out.length && !opensItem(out.at(-1), l.text) && wrapped(prev, l, edge)) {
      out[out.length - 1] = joinWrapped(out[out.length - 1]!, l.text);
      continue;
    }
    if (NUMBERED.test(l.text)) {
      step = { x: l.x, size: l.size };
      out.push(l.text);
      continue;
    }
    // A line of a numbered step's paragraph that opens no item continues the step, set at or
    // right of the number (a hanging indent), never left of it.
    // A heading after the steps (another size, or a section's name) ends it.
    if (
      step &&
      !opensItem(out.at(-1), l.text, true) &&
      !isSectionWord(l.text.replace(/[:：]$/, "")) &&
      (step.size === null || l.size === null || Math.abs(step.size - l.size) < 0.5) &&
      (step.x === null || l.x === null || l.x >= step.x - 1)
    ) {
      out[out.length - 1] = joinWrapped(out[out.length - 1]!, l.text);
      continue;
    }
    step = null;
    out.push(l.text);
  }
  const last = lines.at(-1);
  const room =
    edge !== null && last?.right != null && last.x !== null
      ? (edge - last.right) / Math.max(1e-6, (last.right - last.x) / Math.max(1, last.text.length))
      : null;
  const firstY = lines[0]?.y ?? null;
  return {
    text: out
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim(),
    room,
    top: pageHeight && firstY !== null ? pageHeight - firstY : null,
    bottom: pageHeight ? (last?.y ?? null) : null,
  };
}

/**
 * A document's pages as one text, a blank line between pages, except where a page ends inside a
 * sentence that the next page carries on (it opens in lower case, or the page's last line ran to
 * the edge): the line goes on across the break. Running heads, feet and page numbers are taken
 * off first (pdfRunningLines.ts).
 */
export function joinPdfPages(pages: (string | PdfPageRead)[]): string {
  const { texts, lostLast } = withoutRunningLines(pages.map((p) => (typeof p === "string" ? p : p.text)));
  let out = "";
  let end: PdfPageRead | null = null;
  for (const [i, p] of pages.entries()) {
    const text = texts[i]!.trim();
    const before = end;
    if (!text) continue;
    end = typeof p === "string" || lostLast[i] ? null : p;
    if (!out) out = text;
    else if (before && runsOn(out, text, before, typeof p === "string" ? null : (p.top ?? null))) {
      const cut = text.indexOf("\n");
      out = joinWrapped(out, cut < 0 ? text : text.slice(0, cut));
      if (cut >= 0) out += text.slice(cut);
    }
    // A wrapped line is a long one: a short line ("salt") ends where its writer ended it.
    else if (/[\p{L}\p{N},;-]$/u.test(out) && /^\p{Ll}/u.test(text) && /[^\n]{50,}$/u.test(out))
      out = joinWrapped(out, text);
    else if (goesOnAcrossPages(out, text)) {
      const cut = text.indexOf("\n");
      out = joinWrapped(out, cut < 0 ? text : text.slice(0, cut));
      if (cut >= 0) out += text.slice(cut);
    } else out = `${out}\n\n${text}`;
  }
  return out;
}

/**
 * Whether the next page's first line is the rest of the page's last line, wrapped by the
 * typesetter: its first word would not have fitted in the room the last line left (as `wrapped`
 * judges two lines of one page), and it opens no item, label or heading of its own; nor does a
 * line that opens with an amount go on from one that does (two ingredients). A last line that
 * ends a sentence goes on only on a page its text fills to the foot: on one page the gap before
 * the next paragraph tells a paragraph's end that filled its line from a wrap; across a page, a
 * paragraph that ended with room under it for the next one's first line ended there.
 */
function runsOn(before: string, next: string, end: PdfPageRead, nextTop: number | null): boolean {
  const { room, bottom } = end;
  if (room === null) return false;
  const last = before.slice(before.lastIndexOf("\n") + 1);
  const first = next.split("\n", 1)[0]!;
  if (!last) return false;
  // Filled: the text reaches at least as far down into the page's foot as the next page's starts
  // under its top (margins alike); a paragraph that ended higher left a gap the next one's gap and
  // first line did not fit, which a text that wraps does not leave.
  const filled = bottom != null && nextTop !== null && bottom <= nextTop;
  if (/[.!?:：)"”]$/u.test(last) && !filled) return false;
  if (opensItem(last, first) || isSectionWord(first.replace(/[:：]$/, ""))) return false;
  if (GROUP_LABEL.test(first) || itemAfterEdge(last, first)) return false;
  if (AMOUNT_START.test(last) && AMOUNT_START.test(first) && !STEP_NUMBER.test(last)) return false;
  if (/\p{Lu}{3}/u.test(first) && !/\p{Ll}/u.test(first)) return false;
  const firstWord = /^\S+/.exec(first)?.[0].length ?? 0;
  return firstWord + 1 > room - 1;
}

// A paragraph of prose: long, with a sentence ended inside it.
const PROSE_LINE = /(?:^|\n)([^\n]{80,})$/u;
const NUMBER_OF = /^\(?(\d{1,2})[.)]\s/;

/**
 * Whether the next page's first line is the rest of the paragraph the page before ended with,
 * where it opens with no lower-case letter: a paragraph of prose cut inside its sentence ("…or for
 * another" / "10 minutes to enjoy warm."), or a numbered step whose last sentence the next page
 * holds alone, the next step's number (one more) right under it.
 */
function goesOnAcrossPages(before: string, next: string): boolean {
  const last = PROSE_LINE.exec(before)?.[1];
  if (!last) return false;
  const [first = "", second = ""] = next.split("\n", 2);
  if (!first || ITEM_START.test(first) || isSectionWord(first.replace(/[:：]$/, ""))) return false;
  if (/[\p{L},;]$/u.test(last) && /[.!?]\s/u.test(last) && /^[\d\p{Ll}]/u.test(first)) return true;
  const n = NUMBER_OF.exec(last)?.[1];
  const m = NUMBER_OF.exec(second)?.[1];
  return !!n && !!m && Number(m) === Number(n) + 1;
}
