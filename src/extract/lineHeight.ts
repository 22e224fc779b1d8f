// How tall a photographed line's letters stand, from its words' boxes (paragraphGaps measures
// the lines' spacing in it).

/**
 * A line's letter height: its tallest word's, or where it has three words or more its second
 * tallest: one word's box may take in more than its letters (a sentence's last word with its stop
 * read 38 px tall among words of 23-30), and would make the line's spacing look a paragraph's less.
 */
export function lineHeight(heights: number[]): number {
  const h = [...heights].sort((a, b) => b - a);
  return (h.length >= 3 ? h[1] : h[0]) ?? 0;
}
