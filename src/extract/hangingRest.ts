// Where a recognised line goes on from the one before, whatever the text's edge: an item's rest set
// under its own text, or a rest that a parenthesis, a slash or a sentence carries on.

/** A recognised line as these rules see it (ocrText.ts's OcrLine): its words and their boxes. */
interface PlacedLine {
  words: { text: string }[];
  box?: { x0: number; x1: number };
  wordBoxes?: { x0: number }[];
}

/**
 * Whether `next` is the rest of a list item wrapped under its own text (a hanging indent): the
 * line before opened with `marks` list marks, and this one opens where that line's text did, right
 * of its mark, with a word going on in lower case ("« 1/2 vanilla bean …, more or less" / "to your
 * taste"). Such a rest is the item's wherever the item ended, and however far below it stands (a
 * tilted photo's tall boxes, or a paragraph of its own in tesseract's reading).
 */
export function hangingRest(
  prev: PlacedLine,
  marks: number,
  next: PlacedLine,
  nextText: string,
  prevText: string,
): boolean {
  const [mark, start, first] = [prev.wordBoxes?.[0], prev.wordBoxes?.[marks], next.wordBoxes?.[0]];
  if (!marks || !mark || !start || !first || !prev.box || !next.box) return false;
  if (!/^\p{Ll}/u.test(nextText) && !goesOn(prevText, nextText)) return false;
  const chars = prev.words.reduce((n, x) => n + x.text.length + 1, 0);
  const charWidth = (prev.box.x1 - prev.box.x0) / Math.max(1, chars);
  return Math.abs(first.x0 - start.x0) <= charWidth && first.x0 - mark.x0 > 1.5 * charWidth;
}

export const count = (t: string, c: string): number => t.split(c).length - 1;
// A line that opens with a step's number ("2. Stir") opens a step of its own.
const STEP_NUMBER = /^\d{1,2}[.)]\s/u;

/**
 * Whether a line that opens with a number or a parenthesis is still the rest of the line before:
 * that line left a parenthesis open or ends with a slash ("(approximately 2 cm/" then "3/4 inch)"),
 * this one closes a parenthesis it never opened ("(optional))"), or the line before is a sentence
 * going on (long, no amount first, no end: "…of uncooked rice in" then "1 2/3 cups water").
 */
export function goesOn(prevText: string, nextText: string): boolean {
  if (STEP_NUMBER.test(nextText)) return false;
  if (count(prevText, "(") > count(prevText, ")") || /\/$/u.test(prevText)) return true;
  if (count(nextText, ")") > count(nextText, "(")) return true;
  return prevText.length >= 60 && !/[.!?:;]$/u.test(prevText) && !/^[\d½¼¾⅓⅔⅛]/u.test(prevText);
}
