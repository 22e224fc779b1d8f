// Finding a highlight again in an article's text: the W3C Web Annotation model's
// TextPositionSelector (start, end) and TextQuoteSelector (exact, prefix, suffix). Hand-written:
// the maintained libraries (dom-anchor-text-quote and friends) work on a browser DOM, and the
// server anchors against plain text; this is an exact search plus a score for the context.

export interface TextSelector {
  quote: string;
  prefix: string;
  suffix: string;
  start: number;
  end: number;
}

export type Anchored = { start: number; end: number; how: "exact" | "moved" } | { how: "lost" };

/** How many words of context are kept on each side of a quote. */
export const CONTEXT_CHARS = 32;

/** The context of `text[start, end)`: the characters before and after it. */
export function contextOf(text: string, start: number, end: number): { prefix: string; suffix: string } {
  return {
    prefix: text.slice(Math.max(0, start - CONTEXT_CHARS), start),
    suffix: text.slice(end, end + CONTEXT_CHARS),
  };
}

/** Characters `a` ends with that `b` ends with too. */
function commonTail(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

function commonHead(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** Every index where `quote` occurs in `text` (at most 1000). */
function occurrences(text: string, quote: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(quote); i >= 0 && out.length < 1000; i = text.indexOf(quote, i + 1)) out.push(i);
  return out;
}

/** Whitespace-insensitive text: runs of white space become one space; `map[i]` is where char i came from. */
function squeeze(s: string): { text: string; map: number[] } {
  let text = "";
  const map: number[] = [];
  let space = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (/\s/.test(c)) {
      if (space) continue;
      space = true;
      text += " ";
    } else {
      space = false;
      text += c;
    }
    map.push(i);
  }
  map.push(s.length);
  return { text, map };
}

function best(text: string, sel: TextSelector, quote: string, hits: number[], origin: number): number | null {
  let pick: number | null = null;
  let score = -Infinity;
  for (const i of hits) {
    const context =
      commonTail(text.slice(Math.max(0, i - sel.prefix.length), i), sel.prefix) +
      commonHead(text.slice(i + quote.length, i + quote.length + sel.suffix.length), sel.suffix);
    // Context decides; among equals, the one nearest the old position.
    const s = context * 1e7 - Math.abs(i - origin);
    if (s > score) {
      score = s;
      pick = i;
    }
  }
  return pick;
}

/**
 * Where `sel` is in `text` now: at its position when the quote is still there with its context,
 * else at the occurrence of the quote whose surrounding words match best (white space may differ),
 * else lost.
 */
export function anchor(text: string, sel: TextSelector): Anchored {
  if (!sel.quote) return { how: "lost" };
  const at = text.slice(sel.start, sel.end) === sel.quote;
  if (
    at &&
    text.slice(Math.max(0, sel.start - sel.prefix.length), sel.start).endsWith(sel.prefix) &&
    text.slice(sel.end).startsWith(sel.suffix)
  )
    return { start: sel.start, end: sel.end, how: "exact" };
  const exact = best(text, sel, sel.quote, occurrences(text, sel.quote), sel.start);
  if (exact !== null) {
    const end = exact + sel.quote.length;
    return { start: exact, end, how: exact === sel.start ? "exact" : "moved" };
  }
  const sq = squeeze(text);
  const quote = squeeze(sel.quote).text.trim();
  if (!quote) return { how: "lost" };
  const s = best(
    sq.text,
    { ...sel, prefix: squeeze(sel.prefix).text, suffix: squeeze(sel.suffix).text },
    quote,
    occurrences(sq.text, quote),
    sel.start,
  );
  if (s === null) return { how: "lost" };
  return { start: sq.map[s]!, end: sq.map[s + quote.length - 1]! + 1, how: "moved" };
}
