// Where a photographed paragraph ends though neither tesseract nor the lines' spacing said so: a
// line its writer ended with room to spare before a line that runs on to the text's edge (a tilted
// photo's spacings vary too much to part its paragraphs, "…ani ta prvá...." / "upečené palacinky…").

/** A recognised line as this rule sees it (ocrText.ts's OcrLine): its words and their boxes. */
interface PlacedLine {
  words: { text: string }[];
  box?: { x0: number; x1: number };
  wordBoxes?: { x0: number; x1: number }[];
}

/**
 * Whether `next` opens a paragraph after `prev`: `next` opens with a letter and reaches the text's
 * edge (within two of prev's letters), and prev ended where `next`'s first word and three letters
 * more would still have fitted. `prevEnd`, `nextEnd` and `edge` are where the lines and the text
 * end, upright (ocrText's textEdge).
 */
export function shortLineEnds(
  prev: PlacedLine,
  next: PlacedLine,
  nextText: string,
  prevEnd: number,
  nextEnd: number,
  edge: number,
): boolean {
  const [a, w] = [prev.box, next.wordBoxes?.[0]];
  if (!a || !w || !/^\p{L}/u.test(nextText)) return false;
  const chars = prev.words.reduce((n, x) => n + x.text.length + 1, 0);
  const charWidth = (a.x1 - a.x0) / Math.max(1, chars);
  return nextEnd >= edge - 2 * charWidth && prevEnd + charWidth + (w.x1 - w.x0) + 3 * charWidth < edge;
}
