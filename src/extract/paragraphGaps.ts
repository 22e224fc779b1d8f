/** What of a recognised line (ocrText's OcrLine) its spacing is measured by. */
export interface SpacedLine {
  box?: { y0: number; y1: number };
  textHeight?: number;
  paragraphEnd?: boolean;
}

// Where a photographed text's paragraphs end, from how far apart its lines stand: a magazine's
// steps are paragraphs set a little apart, which tesseract may read as one paragraph.

// A space between two lines this many times their usual spacing parts paragraphs.
const PARAGRAPH_SPACING = 1.4;
// Two sets of spacings inside one paragraph this many times apart: its lines, and its paragraphs.
const CLUSTERS_APART = 1.5;

/**
 * How far apart two lines stand, from the middle of one's box to the middle of the other's, in
 * their letters' heights (a title's lines are as far apart for their size as the text's).
 */
export const apart = (a: SpacedLine, b: SpacedLine): number =>
  a.box && b.box && a.textHeight && b.textHeight
    ? ((b.box.y0 + b.box.y1) / 2 - (a.box.y0 + a.box.y1) / 2) / Math.max(a.textHeight, b.textHeight)
    : 0;

/**
 * How far below the one line the other stands, in pixels: inside one paragraph, of one print, a
 * line's box height varies with its letters and the tilt more than the lines' spacing does.
 */
const below = (a: SpacedLine, b: SpacedLine): number =>
  a.box && b.box ? (b.box.y0 + b.box.y1 - a.box.y0 - a.box.y1) / 2 : 0;

/** The usual spacing of consecutive lines (the median of those going down the page), or 0. */
function usualSpacing(lines: SpacedLine[]): number {
  const d = lines
    .slice(1)
    .map((l, i) => apart(lines[i]!, l))
    .filter((x) => x > 0)
    .sort((x, y) => x - y);
  return d.length >= 3 ? d[Math.floor(d.length / 2)]! : 0;
}

/**
 * The lines a paragraph opens at though tesseract may not have ended one before them: those standing
 * wider than the text's usual spacing from the line before, or, inside one of tesseract's paragraphs,
 * in the wider of two clearly parted sets of its spacings (the widest step from one spacing to the
 * next, sorted, half as wide again or more, two spacings at least under it). A text whose
 * paragraphs are mostly one line (a short method's steps) has its usual spacing between
 * paragraphs; a tilted photo's spacings vary too much to part (no such step), and are left be.
 */
export function paragraphGaps<L extends SpacedLine>(lines: L[]): Set<L> {
  const gaps = new Set<L>();
  const spacing = usualSpacing(lines);
  if (spacing)
    lines.forEach((l, i) => {
      if (i && apart(lines[i - 1]!, l) > PARAGRAPH_SPACING * spacing) gaps.add(l);
    });
  let start = 0;
  lines.forEach((l, i) => {
    if (!l.paragraphEnd && i < lines.length - 1) return;
    const p = lines.slice(start, i + 1);
    start = i + 1;
    const d = p.slice(1).map((x, k) => below(p[k]!, x));
    const sorted = d.filter((x) => x > 0).sort((x, y) => x - y);
    let at = -1;
    for (let k = 1; k < sorted.length - 1; k++)
      if (
        sorted[k + 1]! >= CLUSTERS_APART * sorted[k]! &&
        (at < 0 || sorted[k + 1]! / sorted[k]! > sorted[at + 1]! / sorted[at]!)
      )
        at = k;
    if (at < 0) return;
    d.forEach((x, k) => {
      if (x >= sorted[at + 1]!) gaps.add(p[k + 1]!);
    });
  });
  return gaps;
}
