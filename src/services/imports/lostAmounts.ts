import { LIST_MARK_WORD, UNIT_WORD } from "../../extract/amountDoubt.ts";
import {
  greyOf,
  readFractionWord,
  wordPicture,
  type Blocks,
  type Box,
  type Grey,
  type TessWord,
} from "./fractionGlyphs.ts";

/**
 * A line's amount that text recognition lost whole: a printed "½" opening an item got no word at
 * all ("- stang vanilje" for "- ½ stang vanilje", "teaspoon baking soda" for "½ teaspoon …"), so
 * the line's first word (after its list mark) stands to the right of where the lines beside it
 * open, by about a glyph and a space. The blank before the word is read from the picture
 * (readFractionWord); a fraction read there is put before the word as a word read again, so the
 * line is one to check (`amount_corrected`). An indent (a wrapped step's rest) holds no ink there,
 * so it reads as nothing and stays as it was.
 */

// A line's opening word that is an amount: the list's lines open so, and this line should too. A
// step's number ("4.", "2)") is none: the rest of its step stands indented under its words.
const AMOUNT_WORD = /^\(?[\d½¼¾⅓⅔⅛](?!\d*[.)]$)/u;
// A word that opens with a letter: the amount before it was lost (a line opening with an amount
// or a mark has its own).
const LETTER_WORD = /^\p{L}/u;

// How far above the word's box the picture is read, in the letters' heights: a fraction's numerator
// rises to the digits' height, above a word of small letters' box ("½ stang": cut at a third, the
// "½" read as "¼").
const RISE = 0.6;

interface Opening {
  /** The line's words in tesseract's blocks (a word put in goes there), and those with text. */
  all: TessWord[];
  words: TessWord[];
  /** The first word after the list marks. */
  start: number;
  /** Its height: the line's letters' size. */
  h: number;
  box: Box;
}

function openingOf(all: TessWord[], words: TessWord[]): Opening | null {
  let start = 0;
  while (start < words.length - 1 && LIST_MARK_WORD.test(words[start]!.text.trim())) start++;
  const box = words[start]?.bbox;
  if (!box) return null;
  const hs = words.map((w) => w.bbox!.y1 - w.bbox!.y0).sort((a, b) => a - b);
  return { all, words, start, h: hs[Math.floor(hs.length / 2)]!, box };
}

/**
 * How much wider the line's first word's box is than its letters, as wide as the line's other
 * words' letters are (0 where no other word of letters gives the width).
 */
function wider(l: Opening): number {
  const others = l.words.slice(l.start + 1).filter((w) => /^\(?\p{L}+[,.;:)]?$/u.test(w.text.trim()));
  const chars = others.reduce((n, w) => n + w.text.trim().length, 0);
  if (others.length < 2 || chars < 8) return 0;
  const perChar = others.reduce((n, w) => n + w.bbox!.x1 - w.bbox!.x0, 0) / chars;
  return l.box.x1 - l.box.x0 - perChar * l.words[l.start]!.text.trim().length;
}

/**
 * A fraction lost in the blank between a whole number and its unit ("1 cups brown sugar" for "1½
 * cups", inside a step too): the blank is as wide as a glyph and two spaces, far wider than the
 * line's other blanks between words. Read from the picture; the whole number takes it ("1½").
 */
async function fractionInGap(l: Opening, img: Grey): Promise<number> {
  const ws = l.words;
  const gaps = ws.slice(1).map((w, i) => w.bbox!.x0 - ws[i]!.bbox!.x1);
  const usual = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
  let found = 0;
  for (let i = 0; i + 1 < ws.length; i++) {
    const [w, next, gap] = [ws[i]!, ws[i + 1]!, gaps[i]!];
    if (!/^\d+$/u.test(w.text.trim()) || !UNIT_WORD.test(next.text.trim())) continue;
    if (gaps.length < 3 || gap < 2.5 * usual || gap < 0.8 * l.h) continue;
    const box = { x0: w.bbox!.x1 + 1, x1: next.bbox!.x0 - 2, y0: w.bbox!.y0 - RISE * l.h, y1: w.bbox!.y1 };
    const pic = wordPicture(img, box);
    const read = pic && (await readFractionWord(pic));
    if (!read || !/^[½¼¾⅓⅔⅛⅜⅝⅞]$/u.test(read)) continue;
    w.read = w.text;
    w.text = `${w.text.trim()}${read}`;
    found++;
  }
  return found;
}

/**
 * Reads, from the picture, the amount lost before a line's first word where the lines above and
 * below (marked alike) open with an amount further left; returns how many lines got one.
 */
export async function readLostAmounts(png: Buffer, blocks: unknown): Promise<number> {
  if (!Array.isArray(blocks)) return 0;
  const lines: (Opening | null)[] = [];
  for (const b of blocks as Blocks)
    for (const p of b.paragraphs ?? [])
      for (const l of p.lines ?? []) {
        const words = (l.words ?? []).filter((w) => String(w.text).trim());
        lines.push(words.length && words.every((w) => w.bbox) ? openingOf(l.words!, words) : null);
      }
  let img: Grey | null = null;
  let found = 0;
  for (const [i, l] of lines.entries()) {
    if (!l || !LETTER_WORD.test(l.words[l.start]!.text.trim())) continue;
    // The lines beside it of the same list: marked alike, near above or below, opening with an amount.
    const beside = [lines[i - 1], lines[i + 1]].filter(
      (n): n is Opening =>
        !!n &&
        n.start > 0 === l.start > 0 &&
        Math.abs(n.box.y0 - l.box.y0) < 2.5 * l.h &&
        AMOUNT_WORD.test(n.words[n.start]!.text.trim()),
    );
    if (!beside.length) continue;
    const left = Math.min(...beside.map((n) => n.box.x0));
    const first = l.words[l.start]!;
    img ??= await greyOf(png);
    let done = false;
    if (l.box.x0 - left >= 0.5 * l.h) {
      // Lost in the blank before the word: a glyph and a space at least (half the letters'
      // height) further right than the lines beside it open.
      const mark = l.start > 0 ? l.words[l.start - 1]!.bbox! : null;
      const box = {
        x0: Math.max(left - 0.2 * l.h, mark ? mark.x1 + 2 : 0),
        x1: l.box.x0 - 2,
        y0: l.box.y0 - RISE * l.h,
        y1: l.box.y1,
      };
      const pic = box.x1 - box.x0 >= 0.3 * l.h && wordPicture(img, box);
      const read = pic && (await readFractionWord(pic));
      if (read) {
        // Tesseract read nothing there: the word is new, its reading empty.
        l.all.splice(l.all.indexOf(first), 0, { text: read, confidence: 0, read: "", bbox: box });
        [found, done] = [found + 1, true];
      }
    }
    if (!done && wider(l) >= 0.6 * l.h) {
      // Lost inside the word's box: the box opens where the amounts beside it do, but is wider
      // than its letters by a glyph. Its first glyphs are read as the amount before the letters.
      const box = { ...l.box, y0: l.box.y0 - RISE * l.h };
      const pic = wordPicture(img, box);
      const read = pic && (await readFractionWord(pic, true));
      if (!read) continue;
      first.read = first.text;
      first.text = `${read} ${first.text.trim()}`;
      found++;
    }
  }
  for (const l of lines) if (l) found += await fractionInGap(l, (img ??= await greyOf(png)));
  return found;
}
