// A photographed card's edge, border or the table beyond it is read by text recognition as marks
// ("|", ":", "i", "§", "3") standing at the picture's own edge, far from the words of their line:
// they open or end the line ("3 Melt butter", ": - 1/2 cup orzo i") and hide its list mark and
// amount from the readers. Printed text is set in from the paper's edge, so such a word is no part
// of the recipe; a word at the edge of a tightly cropped photo stands close to its line's next word
// and is kept.

type Box = { x0: number; x1: number; y0: number; y1: number };
type Word = { text: string; bbox?: Box };
type Blocks = { paragraphs?: { lines?: { bbox?: Box; words?: Word[] }[] }[] }[];

/** How near the picture's edge (a share of its side, at least 3 px) a mark touches it. */
const NEAR_EDGE = 0.01;
/** A mark this short (characters) may be an edge's; a longer word is text cut by the crop. */
const MARK_LENGTH = 3;

/**
 * Removes, in place, each word of tesseract's blocks that touches the picture's edge, is at most a
 * few characters long and stands apart from its line's other words by more than the line's letter
 * height (or alone, or beside marks as short at the edge only); a line's box is made its remaining words' again, and a line left without words is dropped.
 */
export function dropEdgeMarks(blocks: unknown, width: number, height: number): void {
  if (!Array.isArray(blocks) || !width || !height) return;
  const [nx, ny] = [Math.max(3, NEAR_EDGE * width), Math.max(3, NEAR_EDGE * height)];
  const atEdge = (b: Box) => b.x0 <= nx || b.x1 >= width - nx || b.y0 <= ny || b.y1 >= height - ny;
  for (const block of blocks as Blocks)
    for (const p of block.paragraphs ?? []) {
      for (const l of p.lines ?? []) {
        const words = l.words ?? [];
        if (!words.length || !words.every((w) => w.bbox)) continue;
        const letters = Math.max(...words.map((w) => w.bbox!.y1 - w.bbox!.y0));
        const mark = (w: Word) => atEdge(w.bbox!) && w.text.trim().length <= MARK_LENGTH;
        // A line of such marks alone, side by side (the paper's top edge read as "A AR SE EN").
        const all = words.every(mark);
        const kept = words.filter((w, i) => {
          const b = w.bbox!;
          if (!mark(w)) return true;
          if (all) return false;
          const [prev, next] = [words[i - 1]?.bbox, words[i + 1]?.bbox];
          const gap = Math.min(prev ? b.x0 - prev.x1 : Infinity, next ? next.x0 - b.x1 : Infinity);
          return gap <= letters;
        });
        if (kept.length === words.length) continue;
        l.words = kept;
        if (kept.length)
          l.bbox = {
            x0: Math.min(...kept.map((w) => w.bbox!.x0)),
            x1: Math.max(...kept.map((w) => w.bbox!.x1)),
            y0: Math.min(...kept.map((w) => w.bbox!.y0)),
            y1: Math.max(...kept.map((w) => w.bbox!.y1)),
          };
      }
      // A line of edge marks alone is no line: its box would stretch the text to the edge.
      if (p.lines) p.lines = p.lines.filter((l) => l.words?.length);
    }
}
