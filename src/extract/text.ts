import { decodeHTML } from "entities";

// Tags that break a line when rendered: they become a space, while inline tags (<a>, <strong>,
// <em>, <span>) go without one, so "until <em>thick</em>." stays "until thick.".
const BLOCK_TAG =
  /<\/?(?:address|article|aside|blockquote|br|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul)\b[^>]*(?:>|$)/gi;

const MARKUP = /<(?:[!?/]|[a-z])/i;

/** Plain text only: comments, CDATA, declarations and tags go, closed or not. */
function stripMarkup(text: string): string {
  let t = text;
  // Dropping an inline tag can join "<" and "script>" into a new tag: strip again until none is left,
  // and past a few rounds fall back to spaces, which never join anything.
  for (let round = 0; round < 4 && MARKUP.test(t); round++) {
    t = t
      .replace(/<!--[\s\S]*?(?:-->|$)/g, " ")
      .replace(/<!\[CDATA\[[\s\S]*?(?:\]\]>|$)/g, " ")
      .replace(/<[!?][^>]*(?:>|$)/g, " ")
      .replace(BLOCK_TAG, " ")
      .replace(/<\/?[a-z][^>]*(?:>|$)/gi, round < 3 ? "" : " ");
  }
  return t;
}

/** Decodes entities (twice-encoded `&amp;amp;` once more), strips tags, collapses white space. */
export function cleanText(s: unknown): string {
  if (typeof s !== "string") return typeof s === "number" ? String(s) : "";
  let t = s;
  if (t.includes("&")) {
    t = decodeHTML(t);
    if (/&(?:[a-z]+|#\d+|#x[\da-f]+);/i.test(t)) t = decodeHTML(t);
  }
  if (t.includes("<")) t = stripMarkup(t);
  // UTF-8 read as Latin-1 once more leaves "Â" before a NBSP or a Latin-1 sign ("1Â½ cups").
  if (t.includes("Â")) t = t.replace(MOJIBAKE_A, "");
  t = t.replace(INVISIBLE, "").replace(SPACE_RUNS, " ");
  if (t.includes("((")) t = unwrapDoubled(t);
  return t.trim();
}

/**
 * A recipe plugin wraps a note in parentheses of its own, so a note that already opens and closes
 * with one reads doubled: "softened ((1/2 cup))", "water ((for 2 cups, use 1 2/3 cups (400 ml)))",
 * "pork ((butt) or belly (note 1))". A group whose text starts with "(" and ends with ")" loses its
 * outer pair; other parentheses (and unbalanced ones) stay as written.
 */
export function unwrapDoubled(s: string): string {
  let out = s;
  // Each unwrap shortens the text, so looking again at the same place ("(((x)))") ends.
  for (let at = out.indexOf("(("); at >= 0;) {
    // The ")" that closes the outer "(" at `at`.
    let depth = 0;
    let close = -1;
    for (let i = at; i < out.length; i++) {
      const c = out[i];
      if (c === "(") depth++;
      else if (c === ")" && --depth === 0) {
        close = i;
        break;
      }
    }
    if (out[at + 1] === "(" && close > at + 2 && out[close - 1] === ")")
      out = out.slice(0, at) + out.slice(at + 1, close) + out.slice(close + 1);
    else at = out.indexOf("((", at + 1);
  }
  return out;
}

// Byte-order marks, zero-width spaces and joiners, word joiners: invisible, and they split words.
// (A soft hyphen stays: the reference lists keep it as the page writes it.)
const INVISIBLE = /[\ufeff\u200b-\u200d\u2060]/g;
const MOJIBAKE_A = /Â(?=[\u00a0-\u00bf])/g;
// White space runs (NBSP included: \s has it) other than a lone space: the same result as
// /\s+/ → " ", without rewriting every space of the text.
const SPACE_RUNS = /\s{2,}|[^\S ]/g;

/**
 * An ingredient line as a cook writes it: quantity, name and note spans joined with white space
 * between them leave "garlic , minced". (Steps and descriptions keep their spacing as written.)
 */
export function tidyLine(s: string): string {
  return s.includes(" ,") ? s.replace(/(\S) +,(?=\s|$)/g, "$1,") : s;
}

/** Splits text that holds several steps or lines (HTML lists, line breaks) into clean lines. */
export function splitLines(s: string): string[] {
  return (
    s
      .replace(/<\/(li|p|div|h\d)>|<br\s*\/?>/gi, "\n")
      .split(/\n+/)
      // A list serialised with its items joined by ", " leaves that comma before each next item.
      .map((l) => cleanText(l).replace(/^[,;]\s*/, ""))
      .filter(Boolean)
  );
}

/** Markup that arrived escaped ("&lt;li&gt;Mix&lt;/li&gt;") made real, so it can be split on. */
export function unescapeMarkup(s: string): string {
  return /&lt;\/?(?:li|p|br|div|ol|ul)\b/i.test(s) ? decodeHTML(s) : s;
}

// "*" and dashes are bullets only before a space: "**Tip:**" and "-5°C" keep theirs. Check boxes,
// arrows and stars are the list markers blogs type ("☐ 2 eggs", "➤ 1 cup milk", "✔️ salt").
/** The list markers drawn before a line, as a character class's contents (genericReader reuses them). */
export const BULLET_MARKS = "•·▪▢□☐☑✅◦●○✓✔✗✘➤➢►▸▶❖◆◇★☆✦✧";
const BULLET = new RegExp(String.raw`^\s*(?:[${BULLET_MARKS}]\uFE0F?|[-*–—](?=\s))\s*`, "u");

/** A list line without the bullet or checkbox character written before it. */
export function stripBullet(s: string): string {
  return s.replace(BULLET, "");
}
