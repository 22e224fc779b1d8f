import {
  amountWordsInDoubt,
  BEFORE_INCH,
  LIST_MARK_WORD,
  UNIT_WORD,
  Y_UNIT,
} from "../../extract/amountDoubt.ts";

/**
 * Printed vulgar fractions ("½", "¼", "¾", "⅓", "⅔", "⅛" …) read from the picture itself where text
 * recognition read a mark or a letter for them: tesseract's English model has no such glyphs ("½"
 * comes back as "%", "y", "¥"). The word's box is cut out of the photo, split into its glyphs at
 * the blank columns between them, and each glyph is compared with the fractions and digits drawn in
 * the fonts at hand (@napi-rs/canvas). Hand-written (a nearest-template matcher of a few dozen
 * small pictures): no package on npm reads these glyphs, and re-reading the word alone with
 * tesseract (single word, digits only, enlarged) gave other wrong readings ("73", "Ya", "13").
 */

/** The glyphs a word's pieces are compared with: the fractions, the digits and what stands around an amount. */
const FRACTIONS = "½¼¾⅓⅔⅛⅜⅝⅞";
const GLYPHS = [...`${FRACTIONS}0123456789()`];
// Fonts a printed recipe is likely set in, as fontconfig names them (a missing one falls back to
// the system's default face, which then counts once more).
const FONTS = ["DejaVu Sans", "DejaVu Serif", "Liberation Sans", "Liberation Serif", "sans-serif", "serif"];
/** The side of the square every glyph is drawn to before comparing (pixels). */
const SIDE = 20;

interface Template {
  glyph: string;
  /** Ink (0..1) over SIDE×SIDE, the glyph's ink box stretched to the square. */
  ink: Float32Array;
  /** The ink box's width over its height. */
  aspect: number;
  bold: boolean;
}

/** A grey picture's pixels, one byte each, row after row. */
export interface Grey {
  data: Uint8Array | Buffer;
  width: number;
  height: number;
}

/** The ink box of pixels darker than `threshold` within columns [c0, c1), or null when none. */
function inkBox(g: Grey, threshold: number, c0 = 0, c1 = g.width) {
  let [x0, x1, y0, y1] = [Infinity, -1, Infinity, -1];
  for (let y = 0; y < g.height; y++)
    for (let x = c0; x < c1; x++)
      if (g.data[y * g.width + x]! < threshold) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
  return x1 < 0 ? null : { x0, x1: x1 + 1, y0, y1: y1 + 1 };
}

/**
 * The ink box of columns [c0, c1) cut to its thickest band of rows: ink of the lines above or
 * below (a tilted photo's) is parted from the glyph by blank rows.
 */
function band(g: Grey, threshold: number, c0: number, c1: number) {
  const b = inkBox(g, threshold, c0, c1);
  if (!b) return null;
  const rows: number[] = [];
  for (let y = b.y0; y < b.y1; y++) {
    let n = 0;
    for (let x = c0; x < c1; x++) if (g.data[y * g.width + x]! < threshold) n++;
    rows.push(n);
  }
  // Bands of rows holding ink; two blank rows end one (one may be the blur's gap inside a glyph).
  const bands: { y0: number; y1: number; ink: number }[] = [];
  let [cur, blank] = [null as { y0: number; y1: number; ink: number } | null, 0];
  rows.forEach((n, i) => {
    if (n) {
      cur ??= { y0: b.y0 + i, y1: b.y0 + i + 1, ink: 0 };
      [cur.y1, cur.ink, blank] = [b.y0 + i + 1, cur.ink + n, 0];
    } else if (cur && ++blank >= 2) [bands[bands.length], cur] = [cur, null];
  });
  if (cur) bands.push(cur);
  const best = bands.reduce((x, y) => (y.ink > x.ink ? y : x));
  return { ...xsOf(g, threshold, c0, c1, best), y0: best.y0, y1: best.y1 };
}

/**
 * A picture cut to its thickest band of rows holding ink (the rows of its word, not the foot of
 * a line above nor the top of one below, parted from it by blank rows).
 */
function ownRows(g: Grey, threshold: number): Grey {
  const b = band(g, threshold, 0, g.width);
  if (!b || (b.y0 === 0 && b.y1 === g.height)) return g;
  return { data: g.data.subarray(b.y0 * g.width, b.y1 * g.width), width: g.width, height: b.y1 - b.y0 };
}

/** The ink's left and right edges within columns [c0, c1) and rows [y0, y1). */
function xsOf(g: Grey, threshold: number, c0: number, c1: number, r: { y0: number; y1: number }) {
  let [x0, x1] = [Infinity, -1];
  for (let y = r.y0; y < r.y1; y++)
    for (let x = c0; x < c1; x++)
      if (g.data[y * g.width + x]! < threshold) [x0, x1] = [Math.min(x0, x), Math.max(x1, x)];
  return x1 < 0 ? { x0: c0, x1: c1 } : { x0, x1: x1 + 1 };
}

/** The box's ink stretched to SIDE×SIDE by averaging (each target cell the mean of its source area). */
function stretched(g: Grey, threshold: number, b: { x0: number; x1: number; y0: number; y1: number }) {
  const out = new Float32Array(SIDE * SIDE);
  const [w, h] = [b.x1 - b.x0, b.y1 - b.y0];
  for (let ty = 0; ty < SIDE; ty++)
    for (let tx = 0; tx < SIDE; tx++) {
      const [sx0, sx1] = [b.x0 + Math.floor((tx * w) / SIDE), b.x0 + Math.ceil(((tx + 1) * w) / SIDE)];
      const [sy0, sy1] = [b.y0 + Math.floor((ty * h) / SIDE), b.y0 + Math.ceil(((ty + 1) * h) / SIDE)];
      let [sum, n] = [0, 0];
      for (let y = sy0; y < sy1; y++)
        for (let x = sx0; x < sx1; x++) {
          sum += g.data[y * g.width + x]! < threshold ? 1 : 0;
          n++;
        }
      out[ty * SIDE + tx] = n ? sum / n : 0;
    }
  return out;
}

let templates: Promise<Template[]> | null = null;

/** Every glyph drawn in every font, once a process. */
function glyphTemplates(): Promise<Template[]> {
  templates ??= (async () => {
    const { createCanvas } = await import("@napi-rs/canvas");
    const out: Template[] = [];
    // At a photo's sizes as well as large: a small glyph's strokes are thick for its size. Bold
    // too: a list's amounts set in bold join a fraction's strokes, far from the regular face's.
    for (const px of [18, 26, 38, 96])
      for (const font of FONTS)
        for (const weight of ["", "bold "])
          for (const glyph of GLYPHS) {
            const side = Math.ceil(px * 1.6);
            const c = createCanvas(side, side);
            const g = c.getContext("2d");
            g.fillStyle = "#fff";
            g.fillRect(0, 0, side, side);
            g.fillStyle = "#000";
            g.font = `${weight}${px}px "${font}"`;
            g.fillText(glyph, px * 0.2, px * 1.25);
            const rgba = g.getImageData(0, 0, side, side).data;
            const grey: Grey = { data: new Uint8Array(side * side), width: side, height: side };
            for (let i = 0; i < grey.data.length; i++) grey.data[i] = rgba[i * 4]!;
            const b = inkBox(grey, 128);
            if (!b) continue;
            out.push({
              glyph,
              ink: stretched(grey, 128, b),
              aspect: (b.x1 - b.x0) / (b.y1 - b.y0),
              bold: weight !== "",
            });
          }
    return out;
  })();
  return templates;
}

/** Otsu's threshold of a grey picture: the level that best parts ink from paper. */
export function otsu(g: Grey): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of g.data) hist[v]!++;
  const total = g.data.length;
  const sumAll = hist.reduce((s, n, v) => s + n * v, 0);
  let [best, bestVar, wB, sumB] = [128, -1, 0, 0];
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (!wB || wB === total) continue;
    sumB += t * hist[t]!;
    const [mB, mF] = [sumB / wB, (sumAll - sumB) / (total - wB)];
    const between = wB * (total - wB) * (mB - mF) ** 2;
    if (between > bestVar) [best, bestVar] = [t + 1, between];
  }
  return best;
}

/**
 * A word's glyphs as runs of columns holding ink (darker than `threshold`), parted by blank
 * columns; each run's ink, and the most any run holds (a speck of grain holds little beside it).
 */
export function inkRuns(
  word: Grey,
  threshold: number,
): { runs: [number, number][]; inkOf: (r: [number, number]) => number; most: number } {
  const cols: number[] = [];
  for (let x = 0; x < word.width; x++) {
    let n = 0;
    for (let y = 0; y < word.height; y++) if (word.data[y * word.width + x]! < threshold) n++;
    cols.push(n);
  }
  const runs: [number, number][] = [];
  for (let x = 0; x < cols.length; x++)
    if (cols[x]) {
      if (runs.length && runs[runs.length - 1]![1] === x) runs[runs.length - 1]![1] = x + 1;
      else runs.push([x, x + 1]);
    }
  const inkOf = ([a, b]: [number, number]) => cols.slice(a, b).reduce((sum, n) => sum + n, 0);
  return { runs, inkOf, most: Math.max(0, ...runs.map(inkOf)) };
}

// A fraction's numerator stands at the top left of its square and its denominator at the bottom
// right: what tells "½" from "⅓" or "¾" from "¼" is there, so those corners weigh as much as the
// whole (which the slash they share makes alike).
const HALF = SIDE / 2;
const corner = (ink: Float32Array, t: Float32Array, x0: number, y0: number): number => {
  let d = 0;
  for (let y = y0; y < y0 + HALF; y++)
    for (let x = x0; x < x0 + HALF; x++) d += Math.abs(ink[y * SIDE + x]! - t[y * SIDE + x]!);
  return d / (HALF * HALF);
};

/** How far a glyph is from a template: the ink apart, the two corners' ink apart, and the proportions. */
const distance = (ink: Float32Array, aspect: number, t: Template): number => {
  let d = 0;
  for (let i = 0; i < ink.length; i++) d += Math.abs(ink[i]! - t.ink[i]!);
  const whole = d / ink.length;
  const corners = (corner(ink, t.ink, 0, 0) + corner(ink, t.ink, HALF, HALF)) / 2;
  return (whole + corners) / 2 + 0.25 * Math.abs(Math.log(aspect / t.aspect));
};

/** Below this distance a glyph is taken as its nearest template, and the next glyph must be this much farther. */
export const GLYPH_MATCH_BELOW = 0.25;
export const GLYPH_MARGIN = 0.02;
/**
 * The distance allowed where tesseract read marks only ("%", "¥»", "Y%"), so its reading is
 * surely not the amount: a small printed fraction, soft in a photo, is farther from
 * its drawing (the line is flagged as corrected all the same).
 */
export const GLYPH_MATCH_BELOW_NO_DIGIT = 0.3;

/**
 * Of two fractions nearest a glyph (`a` the nearer), the one whose numerator and denominator (the
 * square's top left and bottom right) are nearer: "¾" and "¼" share their slash and "4", so the
 * whole is as near to both. `a` when its corners are nearer too; `b` only when its corners are
 * nearer by half the margin; else null.
 */
function byCorners(ink: Float32Array, tpl: Template[], a: string, b: string): string | null {
  const near = (g: string) =>
    Math.min(
      ...tpl
        .filter((t) => t.glyph === g)
        .map((t) => (corner(ink, t.ink, 0, 0) + corner(ink, t.ink, HALF, HALF)) / 2),
    );
  const [da, db] = [near(a), near(b)];
  return da < db ? a : db < da - GLYPH_MARGIN / 2 ? b : null;
}

/**
 * What a word's picture reads as, glyph by glyph, when it is an amount with a vulgar fraction
 * ("½", "1½", "(¾"); null when a glyph is like none of them, or two glyphs are as alike, or the
 * word holds no fraction (its digits were read already). With `prefix`, the amount its first
 * glyphs read as, when glyphs that are none follow (a unit's letters: "½ tsp" read as "tsp").
 */
export async function readFractionWord(
  word: Grey,
  prefix = false,
  noDigitRead = false,
  dash = false,
): Promise<string | null> {
  const all = await glyphTemplates();
  // The bold drawings only where the regular ones read nothing: beside them, a regular fraction
  // blurred in a photo was nearer a bold one of another kind ("½" read "⅓").
  return (
    readWith(
      all.filter((t) => !t.bold),
      word,
      prefix,
      noDigitRead,
      dash,
    ) ?? readWith(all, word, prefix, noDigitRead, dash)
  );
}

// A whole number, its dash and a fraction ("1-½ inches"): the dash read as the word was.
// A range's first fraction and its dash ("¼-"), the range's rest a word of its own.
const DASHED_READ = new RegExp(`^\\d+-[${FRACTIONS}]$|^[${FRACTIONS}]-$`, "u");
const FRACTION_ONLY = new RegExp(`^[${FRACTIONS}]$`, "u");

function readWith(
  tpl: Template[],
  word: Grey,
  prefix: boolean,
  noDigitRead: boolean,
  /** The word was read with a dash after its digits ("1-%"): a flat glyph after them is that dash. */
  dash = false,
): string | null {
  const below = noDigitRead ? GLYPH_MATCH_BELOW_NO_DIGIT : GLYPH_MATCH_BELOW;
  if (!tpl.length || word.width < 2 || word.height < 6) return null;
  const threshold = otsu(word);
  // The word's own rows: its box is widened above it for a numerator, and so may hold the foot
  // of the line above ("20" over "1½"), whose ink would join the glyphs' columns into one run.
  word = ownRows(word, threshold);
  const { runs, inkOf, most } = inkRuns(word, threshold);
  // Specks of grain are no glyphs: a run with little ink beside the word's largest.
  let [text, rest] = ["", false];
  const glyphs = runs.filter((r) => inkOf(r) >= 0.08 * most);
  if (listDot(word, threshold, glyphs)) glyphs.shift();
  const bands = dash ? glyphs.map((r) => band(word, threshold, r[0], r[1])) : [];
  const tallest = Math.max(0, ...bands.map((x) => (x ? x.y1 - x.y0 : 0)));
  for (const [at, run] of glyphs.entries()) {
    const b = band(word, threshold, run[0], run[1]);
    // The dash after the whole number: a glyph much wider than high, far lower than the digits.
    // The dash after a range's first fraction ("¼- ½ cup", read "Y-"): the word's last glyph.
    const fraction = FRACTION_ONLY.test(text);
    if (
      dash &&
      b &&
      (/^\d+$/u.test(text) || fraction) &&
      b.x1 - b.x0 >= 1.5 * (b.y1 - b.y0) &&
      b.y1 - b.y0 <= 0.3 * tallest
    ) {
      if ((at === glyphs.length - 1) !== fraction) return null;
      text += "-";
      continue;
    }
    if (!b || b.y1 - b.y0 < 4) {
      if (!prefix || !text) return null;
      rest = true;
      break;
    }
    const ink = stretched(word, threshold, b);
    const aspect = (b.x1 - b.x0) / (b.y1 - b.y0);
    const best = new Map<string, number>();
    for (const t of tpl) best.set(t.glyph, Math.min(best.get(t.glyph) ?? Infinity, distance(ink, aspect, t)));
    const [first, second] = [...best].sort((a, b) => a[1] - b[1]);
    // Two fractions as near: their corners tell them apart, or nothing does.
    const tied =
      first &&
      second &&
      second[1] - first[1] < GLYPH_MARGIN &&
      FRACTIONS.includes(first[0]) &&
      FRACTIONS.includes(second[0])
        ? byCorners(ink, tpl, first[0], second[0])
        : null;
    if (!first || first[1] > below || (second && second[1] - first[1] < GLYPH_MARGIN && !tied)) {
      if (!prefix || !text) return null;
      rest = true;
      break;
    }
    // Before a unit's letters, a glyph that would spoil the amount read so far is the unit's
    // first letter ("½ cup": a "c" is near a parenthesis).
    if (prefix && AMOUNT_READ.test(text) && !AMOUNT_READ.test(text + (tied ?? first[0]))) {
      rest = true;
      break;
    }
    text += tied ?? first[0];
  }
  if (prefix !== rest) return null;
  return AMOUNT_READ.test(text) || (dash && DASHED_READ.test(text)) ? text : null;
}

/**
 * Whether the word's first glyph is a list's round bullet inside its box ("•¼" read as "1"): a dot
 * about as wide as high, under half the height of the glyphs after it, standing clear of the line's
 * foot (a decimal point sits on it).
 */
function listDot(word: Grey, threshold: number, glyphs: [number, number][]): boolean {
  if (glyphs.length < 2) return false;
  const boxes = glyphs.map(([a, b]) => band(word, threshold, a, b));
  const [dot, rest] = [boxes[0], boxes.slice(1)];
  if (!dot || rest.some((b) => !b)) return false;
  const top = Math.min(...rest.map((b) => b!.y0));
  const foot = Math.max(...rest.map((b) => b!.y1));
  const [w, h] = [dot.x1 - dot.x0, dot.y1 - dot.y0];
  return h < 0.5 * (foot - top) && w < 1.6 * h && h < 1.6 * w && dot.y1 < foot - 0.15 * (foot - top);
}

// What a word read from the picture must be: an amount with a vulgar fraction ("½", "1½", "(¾").
const AMOUNT_READ = new RegExp(`^\\(?\\d*[${FRACTIONS}]\\)?$`, "u");

/** A PNG's grey pixels, decoded once for all its words. */
export async function greyOf(png: Buffer): Promise<Grey> {
  const sharp = (await import("sharp")).default;
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The grey pixels of a box of a picture, for readFractionWord. */
export function wordPicture(img: Grey, box: { x0: number; x1: number; y0: number; y1: number }): Grey | null {
  const left = Math.max(0, Math.floor(box.x0));
  const top = Math.max(0, Math.floor(box.y0));
  const width = Math.min(img.width, Math.ceil(box.x1)) - left;
  const height = Math.min(img.height, Math.ceil(box.y1)) - top;
  if (width < 2 || height < 2) return null;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    data.set(
      img.data.subarray((top + y) * img.width + left, (top + y) * img.width + left + width),
      y * width,
    );
  return { data, width, height };
}

// A word read as marks only, or a "y" with marks ("%", "(%", "¥»", "Y%"): no amount nor word.
const MARKS_ONLY = /^(?:[^\p{L}\d]|[yY](?=[^\p{L}\d]))+$|^[^\p{L}\d]+[yY]?$/u;

/** A box of tesseract's blocks, in the picture's pixels. */
export type Box = { x0: number; x1: number; y0: number; y1: number };
/** A word of tesseract's blocks (`read`: its text before a re-read from the picture). */
export type TessWord = { text: string; confidence: number; bbox?: Box; read?: string };
/** Tesseract's blocks as the readers of the picture use them. */
export type Blocks = { paragraphs?: { lines?: { bbox?: Box; words?: TessWord[] }[] }[] }[];

/**
 * Reads again, from the picture, each word of tesseract's blocks where a printed fraction may have
 * been read as a mark or a letter (amountWordsInDoubt): a word read as a fraction takes the
 * fraction as its text and keeps what was read (`read`), so its line is one to check. The word's
 * box is widened to the blank beside its neighbours and to the line's height, as tesseract's box
 * may hold only part of the glyph (its denominator).
 */
export async function rereadFractions(png: Buffer, blocks: unknown): Promise<number> {
  if (!Array.isArray(blocks)) return 0;
  let img: Grey | null = null;
  let changed = 0;
  for (const b of blocks as Blocks)
    for (const p of b.paragraphs ?? [])
      for (const l of p.lines ?? []) {
        const words = (l.words ?? []).filter((w) => String(w.text).trim());
        if (!l.bbox || !words.every((w) => w.bbox)) continue;
        for (const i of amountWordsInDoubt(words)) {
          const w = words[i]!;
          const [box, prev, next] = [w.bbox!, words[i - 1]?.bbox, words[i + 1]?.bbox];
          // Up to the blank beside the neighbours, and as high as they stand and a little above
          // (a fraction's numerator rises to the digits' height; the line's own box is no help on
          // a tilted photo, where it spans the tilt).
          const near = [box, prev, next].filter((x): x is Box => !!x);
          const [top, bottom] = [Math.min(...near.map((x) => x.y0)), Math.max(...near.map((x) => x.y1))];
          const h = bottom - top;
          // A unit after a list mark: the fraction lost before it stands anywhere in the blank
          // after the mark ("+ cup": the "½" between them was read as nothing).
          const afterMark =
            prev && LIST_MARK_WORD.test(words[i - 1]!.text.trim()) && UNIT_WORD.test(w.text.trim());
          const wide = {
            x0: Math.min(box.x0, prev ? Math.max(prev.x1 + 3, afterMark ? 0 : box.x0 - h) : box.x0 - h / 3),
            x1: Math.max(box.x1, next ? Math.min(next.x0 - 3, box.x1 + h) : box.x1 + h / 3),
            y0: top - 0.3 * h,
            y1: bottom,
          };
          img ??= await greyOf(png);
          const pic = wordPicture(img, wide);
          // A unit alone is read for the amount before it, and so is a unit a fraction read as
          // "y" runs on into ("yitspsalt": its unit's letters kept); a word, as the amount it is.
          const ran = Y_UNIT.test(w.text.trim());
          const unit = ran || UNIT_WORD.test(w.text.trim());
          // A fraction before an inch mark: its glyphs read as the amount, the mark's kept as printed.
          const inch = BEFORE_INCH.exec(w.text.trim());
          const marks = MARKS_ONLY.test(inch ? inch[1]! : w.text.trim());
          // A whole number and a fraction with a dash between ("1-% inches"): the dash kept.
          // A range's first fraction read as marks or a "Y" before its dash ("Y-" for "¼-").
          const dashed = /^\d+[-–]\D|^[^\p{L}\d]{1,2}[-–]$|^[yY][-–]$/u.test(w.text.trim());
          const read = pic && (await readFractionWord(pic, unit || !!inch, marks, dashed));
          if (!read) continue;
          w.read = w.text;
          w.text = inch ? `${read}${inch[2]}` : unit ? `${read} ${w.text.trim().replace(Y_UNIT, "")}` : read;
          changed++;
        }
      }
  return changed;
}
