import { LIST_MARK_WORD } from "../../extract/amountDoubt.ts";
import {
  greyOf,
  inkRuns,
  otsu,
  wordPicture,
  type Blocks,
  type Grey,
  type TessWord as Word,
} from "./fractionGlyphs.ts";

/**
 * The spaces around a range's dash, measured on the picture: tesseract reads "8 - 10 cups" as one
 * word "8-10" (the spaces beside a dash between short numbers are narrow), and the text alone
 * cannot say whether the cook wrote them. Between the glyphs of a number and a dash set tight, the
 * blank is a sliver; a space adds a third of a digit's height or more. Hand-written: it measures
 * columns of ink, as fractionGlyphs.ts does.
 */

// A range opening a line, read as one word: its numbers and the dash between.
const TIGHT_RANGE = /^(\d+(?:[.,]\d+)?)([-–])(\d+(?:[.,]\d+)?)$/u;
/** A blank wider than this share of the digits' height is a space. */
const SPACE_OF_HEIGHT = 0.3;

/**
 * The word's text with the spaces the picture shows around its dash ("8 - 10", "2 -3"), and where
 * each of its three parts lies (columns of the picture); null when the glyphs cannot be told
 * apart (touching, or specks between them).
 */
export function rangeSpacesOf(
  word: Grey,
  text: string,
): { parts: string[]; spaced: string; cols: [number, number][] } | null {
  const m = TIGHT_RANGE.exec(text);
  if (!m) return null;
  const threshold = otsu(word);
  const { runs, inkOf } = inkRuns(word, threshold);
  const [n1, n2] = [m[1]!.length, m[3]!.length];
  // Specks of grain are no glyphs; a dot or comma of a decimal is small but counted as a glyph.
  const glyphsOf = (rs: [number, number][]) => {
    const most = Math.max(0, ...rs.map(inkOf));
    return rs.filter((r) => inkOf(r) >= 0.04 * most);
  };
  let glyphs = glyphsOf(runs);
  // A dash set tight to the digit after it may share a column with its curl ("-3"): the columns
  // parted where their ink does not touch, tried only where the runs of columns did not give the
  // glyphs (a glyph broken by grain stays one run of columns).
  if (glyphs.length !== n1 + 1 + n2) glyphs = glyphsOf(runs.flatMap((r) => apart(word, threshold, r)));
  if (glyphs.length !== n1 + 1 + n2) return null;
  // The digits' height: the tallest glyph's rows of ink.
  let height = 0;
  for (const [a, b] of glyphs) {
    let [y0, y1] = [Infinity, -1];
    for (let y = 0; y < word.height; y++)
      for (let x = a; x < b; x++)
        if (word.data[y * word.width + x]! < threshold) [y0, y1] = [Math.min(y0, y), Math.max(y1, y)];
    height = Math.max(height, y1 - y0 + 1);
  }
  const dash = glyphs[n1]!;
  const before = dash[0] - glyphs[n1 - 1]![1] > SPACE_OF_HEIGHT * height;
  const after = glyphs[n1 + 1]![0] - dash[1] > SPACE_OF_HEIGHT * height;
  return {
    parts: [m[1]!, m[2]!, m[3]!],
    spaced: `${m[1]}${before ? " " : ""}${m[2]}${after ? " " : ""}${m[3]}`,
    cols: [[glyphs[0]![0], glyphs[n1 - 1]![1]], dash, [glyphs[n1 + 1]![0], glyphs[glyphs.length - 1]![1]]],
  };
}

/** A run of columns parted where a column's ink and the next one's do not touch (rows a pixel apart at most). */
function apart(word: Grey, threshold: number, [a, b]: [number, number]): [number, number][] {
  const inkRows = (x: number) => {
    const rows: number[] = [];
    for (let y = 0; y < word.height; y++) if (word.data[y * word.width + x]! < threshold) rows.push(y);
    return rows;
  };
  const out: [number, number][] = [[a, a + 1]];
  let prev = inkRows(a);
  for (let x = a + 1; x < b; x++) {
    const rows = inkRows(x);
    const touch = rows.some((y) => prev.some((p) => Math.abs(p - y) <= 1));
    if (touch) out[out.length - 1]![1] = x + 1;
    else out.push([x, x + 1]);
    prev = rows;
  }
  return out;
}

/**
 * A range read as one word where a line's amount stands (its first word, past a list mark) is
 * given the spaces around its dash that the picture shows, as three words ("8", "-", "10"), so
 * the readers see it as written. The amount is as read: only its spacing changes.
 */
export async function spaceRanges(png: Buffer, blocks: unknown): Promise<number> {
  if (!Array.isArray(blocks)) return 0;
  let img: Grey | null = null;
  let changed = 0;
  for (const b of blocks as Blocks)
    for (const p of b.paragraphs ?? [])
      for (const l of p.lines ?? []) {
        const words = l.words ?? [];
        let i = 0;
        while (i < words.length - 1 && LIST_MARK_WORD.test(words[i]!.text.trim())) i++;
        const w = words[i];
        if (!w?.bbox || !TIGHT_RANGE.test(w.text.trim())) continue;
        img ??= await greyOf(png);
        const pic = wordPicture(img, w.bbox);
        const r = pic && rangeSpacesOf(pic, w.text.trim());
        if (!r || r.spaced === w.text.trim()) continue;
        const x0 = Math.max(0, Math.floor(w.bbox.x0));
        const parts = r.parts.map((text, k) => ({
          ...w,
          text,
          bbox: { ...w.bbox!, x0: x0 + r.cols[k]![0], x1: x0 + r.cols[k]![1] },
        }));
        // Glued on the side the picture shows no space ("2 -3"): one word there, as printed.
        const [before, after] = [r.spaced.includes(` ${r.parts[1]}`), r.spaced.includes(`${r.parts[1]} `)];
        const joined = (a: Word, c: Word): Word => ({
          ...a,
          text: a.text + c.text,
          bbox: { ...a.bbox!, x1: c.bbox!.x1 },
        });
        const out = !before
          ? [joined(parts[0]!, parts[1]!), parts[2]!]
          : !after
            ? [parts[0]!, joined(parts[1]!, parts[2]!)]
            : parts;
        words.splice(i, 1, ...out);
        changed++;
      }
  return changed;
}
