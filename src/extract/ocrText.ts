import type { Recipe } from "../domain/recipe.ts";
import type { LineToCheck } from "../domain/draft.ts";
import { amountDoubt, Y_UNIT } from "./amountDoubt.ts";
import { count, goesOn, hangingRest } from "./hangingRest.ts";
import { gramAsDigit } from "./gramAsDigit.ts";
import { itemAfterEdge } from "./itemAfterEdge.ts";
import { lineHeight } from "./lineHeight.ts";
import { paragraphGaps } from "./paragraphGaps.ts";
import { shortLineEnds } from "./shortLineEnds.ts";
import { writtenElsewhere } from "./ocrWrittenElsewhere.ts";
import {
  amountSpaces,
  cupRunOn,
  lostA,
  lettersAsDigits,
  METRIC_ON,
  metricRunOn,
  metricSpacing,
  oneAsI,
  rangeSpacing,
  rnAsM,
  stepDots,
} from "./ocrTextFixes.ts";

// Text recognition's lines made into recipe text that says where it may be wrong: the list marks it
// reads as letters dropped, amounts no recipe line writes ("11/2 cups") read as the mixed number
// they were ("1 1/2 cups") and flagged, and each line's own confidence kept, so the review can
// point at the lines to check. An amount is never changed without a flag.

/** A word as text recognition gives it, with how sure it is (0..100). */
export interface OcrWord {
  text: string;
  confidence: number;
  /** What text recognition read, where the picture was read again (a printed "½" read as "%"). */
  read?: string;
}

/** A line as text recognition gives it: its words; a paragraph's last line ends its paragraph. */
export interface OcrLine {
  words: OcrWord[];
  paragraphEnd?: boolean;
  /** Where the line lies in the image (pixels), and its words' left and right edges. */
  box?: { x0: number; x1: number; y0: number; y1: number };
  wordBoxes?: { x0: number; x1: number; y0?: number; y1?: number }[];
  /** Its tallest word's height (pixels): a tilted photo's line box is taller than its letters. */
  textHeight?: number;
}

/**
 * Whether `next` is the rest of `prev`, wrapped where the text met its column's right edge: its
 * first word would not have fitted after `prev` (a line ended with room to spare was ended by its
 * writer). Never a line that opens with an amount, a number or a mark: those open lines of their own.
 */
function wrappedOcr(prev: OcrLine, next: OcrLine, edge: Edge, nextText: string, prevText: string): boolean {
  const [a, b, w] = [prev.box, next.box, next.wordBoxes?.[0]];
  // A note in parentheses ("(see notes)") may be a rest too, and so may a name's "& lentils".
  if (!a || !b || !w || !(/^(?:\(|& )?\p{L}/u.test(nextText) || goesOn(prevText, nextText))) return false;
  if (itemAfterEdge(prevText, nextText)) return false;
  // A parenthesis the line before left open and this one closes: the same line, wherever it ended.
  if (count(prevText, "(") > count(prevText, ")") && count(nextText, ")") > count(nextText, "(")) return true;
  const chars = prev.words.reduce((n, x) => n + x.text.length + 1, 0);
  const charWidth = (a.x1 - a.x0) / Math.max(1, chars);
  // The letters' heights where known: a tilted photo's long line has a box far taller than its
  // letters ("…cool on a" 42 px, its rest "wire rack." 24 px, letters 22-23 px both).
  const [ha, hb] = [prev.textHeight ?? a.y1 - a.y0, next.textHeight ?? b.y1 - b.y0];
  if (Math.abs(ha - hb) > 0.3 * Math.max(ha, hb)) {
    // A line's box is as tall as its letters: a short last line ("toast") may have no descender
    // nor capital. Its letters' width says whether it is the same print (a title's are wider), and
    // tesseract's paragraph must go on (a heading after a paragraph starts one of its own).
    const nextChars = Math.max(1, next.words.reduce((n, x) => n + x.text.length + 1, 0) - 1);
    const nextWidth = (b.x1 - b.x0) / nextChars;
    if (
      prev.paragraphEnd ||
      hb > ha ||
      Math.abs(charWidth - nextWidth) > 0.25 * Math.max(charWidth, nextWidth)
    )
      return false;
  }
  return edge.of(prev) + charWidth + (w.x1 - w.x0) > edge.max - charWidth;
}

/**
 * The text's right edge, where its longest lines end, on a photo that may be tilted: the page's
 * tilt (the median climb of a line's words from its first to its last) moves that edge left or
 * right down the page, so each line's end is measured as if the page stood upright.
 */
interface Edge {
  /** Where a line ends, upright. */
  of(l: OcrLine): number;
  /** The farthest a line ends, upright. */
  max: number;
}

function textEdge(lines: OcrLine[]): Edge {
  const slopes: number[] = [];
  for (const l of lines) {
    const [f, z] = [l.wordBoxes?.[0], l.wordBoxes?.[l.wordBoxes.length - 1]];
    if (!f || !z || (l.wordBoxes?.length ?? 0) < 3 || f.y0 === undefined || z.y0 === undefined) continue;
    const dx = (z.x0 + z.x1 - f.x0 - f.x1) / 2;
    if (dx < 10 * (l.textHeight ?? Infinity)) continue;
    slopes.push((z.y0 + (z.y1 ?? z.y0) - f.y0 - (f.y1 ?? f.y0)) / 2 / dx);
  }
  slopes.sort((x, y) => x - y);
  // A line climbing `tilt` a pixel to the right has the edge move `tilt` a pixel left going down.
  const tilt = slopes.length >= 3 ? slopes[Math.floor(slopes.length / 2)]! : 0;
  const of = (l: OcrLine) => (l.box ? l.box.x1 + tilt * ((l.box.y0 + l.box.y1) / 2) : 0);
  return { of, max: Math.max(0, ...lines.map(of)) };
}

/** A line the recipe should not take on trust: what was read, what it was made into, and why. */
export interface UnsureLine {
  /** The line as it goes on into the recipe text. */
  text: string;
  /** As text recognition read it, before any correction. */
  read: string;
  /** The line's confidence: its least sure word (0..100). */
  confidence: number;
  reason: "low_confidence" | "amount_corrected" | "amount_unsure";
}

export interface OcrReading {
  text: string;
  unsure: UnsureLine[];
}

/** Below this a word's reading is a guess worth a look (tesseract's scale, 0..100). */
export const UNSURE_BELOW = 70;
export { UNSURE_AMOUNT_BELOW } from "./amountDoubt.ts";

// A middle dot or bar between a card's details ("Serves 4 · Prep 15 min") read as a mark of its own,
// or as two ("+:", "-.": another language's model reads the dot otherwise); a detail gives its
// figure within two words ("Prep 20 min", "Ready in 1 hr"), a step's "+ bake" none.
const DETAIL_WORD =
  /^(?:prep|preparation|cook|cooking|bake|baking|total|ready|serves|makes|yield|yields|active|rest|chill)\b/iu;
const SEPARATOR_WORD = /^[-–—«»•·*+~=|]$|^[-–—«»•·*+~=|:;.,]{2}$/u;

// A list mark read as a character of its own before the line: a bullet, a dash, a guillemet, a
// box; the letters "e", "o", "c" and "©" (one or two) only before an amount (a round bullet read
// as letters: "eo 3 eggs").
const MARK_CHARS = "«»•·*▪◦●○■□▢☐✓✔►▶<>+~=–—-";
const AMOUNT_NEXT = "(?=[\\d½¼¾⅓⅔⅛])";
// A round bullet read as one or two letters or marks of more than one kind ("eo", "°*") before an amount.
const LIST_MARK = new RegExp(`^[${MARK_CHARS}]+\\s+|^[ceo©®°¢${MARK_CHARS}]{1,2}\\s+${AMOUNT_NEXT}`, "u");
const GLUED_MARK = /^[«»•·▪◦●○■□▢☐✓✔►▶]+(?=[\p{L}\d])/u;
// A dash glued to the amount opening a line ("-2 colheres"): a list mark, as no line opens with a
// negative amount.
const GLUED_DASH = /^[-–—](?=\d)/u;
// A word that is only a list mark, before the next word; a dash or dot read as a lone "." or ","
// before a word (". zest from 1 lemon").
const MARK_WORD = new RegExp(
  `^(?:[${MARK_CHARS}]+|[ceo©®°¢]{1,2}) ${AMOUNT_NEXT}|^[${MARK_CHARS}]+ |^[.,] (?=\\p{L})|^[ceo©®°¢]{1,2} (?=${Y_UNIT.source.slice(1)})`,
  "u",
);
// An improper fraction where a mixed number was written ("11/2", "13/4", "21/2 cups"): the space
// between the whole and the fraction was lost.
const LOST_SPACE = /(^|\s)(\d)(1|3|5|7)\/(2|3|4|8)(?=\s|$)/u;
// The usual fractions read with a letter for the one ("l/2", "I/4") or as "V2", "Y2", "y2" for "½",
// a unit hyphened on too ("y2-inch cubes").
const LETTER_ONE = /(^|\s)(?:[lI|]\/(2|3|4|8)|[VYy]2)(?=\s|$|-\p{Ll})/u;

// A line's amount run on into its next word ("1teaspoon", "2large", "1.5tsp", "1c"): the space was
// lost. A metric unit written on to its amount ("200g", "20ml") is as cooks write it and stays.
// A capital after the amount is a space lost too ("3Eggs", "1Tbsp"); an ordinal ("1st") is a word.
const GLUED_WORD =
  /^(\d+(?:[.,/]\d+)?)(?!(?:g|gr|grams?|kg|ml|l|dl|cl|oz|lbs?|cm|mm|x|st|nd|rd|th)(?:\P{L}|$))(\p{L}{2,}|c\b)/iu;
// The letter "o" of "oz" read as a zero after an amount ("3 0z", "(12 fl. 0z./375 ml)").
const ZERO_OZ = /(\d\s?|fl\.?\s)0z\b/gu;
// The "l" of "lb" read as a one after an amount ("1 1b ground beef"): spacing of a unit's letter.
const ONE_LB = /(\d\s)1b(s?)\b/gu;
// The same run on into the amount ("(11b./500 g)"): the amount may be "1" or "11", so it is said.
const GLUED_ONE_LB = /(^|[\s(])(\d+)1b(s?\.?)(?=[\s/,)]|$)/u;
// The "l" of "lb" read as an "i" after an amount ("1 ib", "1 Ib", "1.1 ibs"): no word is written so.
const I_LB = /(\d\s?)[iI]b(s?)\b/gu;
// A unit no word opens with run on into the name after it ("4 ozred grapes", "2 dlvand").
const GLUED_UNIT_NAME = /(\d\s?)(oz|ml|dl|kg)(\p{Ll}{3,})/u;
// Millilitres' "l" read as an "i" after a line's amount ("20 mi verjus", "20 mI"): no word opens a line so.
const ML_AS_MI = /^(\d+(?:[.,]\d+)?) m[iI](?= \p{L})/u;
// A whole number run on into the parenthesis after it ("1(8-11 pounds) ham").
const GLUED_PAREN = /^(\d+)\((?=\d)/u;
// A lone "0" between two numbers is the "o" ("or") of "2 o 3 cm": no amount is written so.
const ZERO_OR = /(\d) 0 (?=\d)/gu;
// An amount's zero read as the letter "o" before its decimals ("o.5 tl", "O.5TL").
const O_ZERO = /^[oO](?=[.,]\d)/u;
// A spoon's unit run on into the name after it ("½ tspsalt"): no word starts so.
const GLUED_SPOON = /(^|\s)(tsp|tbsp|tsk|spsk)(\p{Ll}{3,})/u;
// A capital "I" read as a bar between words ("cheese, | like to use"), after a sentence's end
// ("recipes. | recommend") or ending a line after a word (the line wraps on: "sauce that |").
// After an opening parenthesis too ("( | used"). A bar opening a line may be a list mark.
const BAR_I = /(\p{L}[,;:.!?]? |\( ?)\|(?= \p{L}|$)/gu;
// Letters read as others where no word is written so: "thsp", "Thsp", "tbhsp" (tbsp), an "l" read
// as "!" inside a sentence ("a bow! or cup": an exclamation goes on with a capital).
const TBSP = /\b([tT])b?hsp(s?\.?)(?=\s|$)/gu;
const L_AS_BANG = /(\p{Ll})!(?= \p{Ll})/gu;
// A "1" read as "l", "I" or a bar before its unit, apart or run on ("l cup", "lcup", "Itsp"): no
// word is written so, and the one is given back (and said, as the amount changed).
const ONE_AS_LETTER_UNIT =
  /^[lI|] ?(?=(?:cups?|tablespoons?|teaspoons?|tbsps?|tsps?|tbs|Tbsps?|Tsps?|Tbs|ounces?|oz|pounds?|lbs?)\b)/u;

// A step's number run on into its first word ("11.Ajouter"): the space after the dot was lost.
const GLUED_STEP_NUMBER = /^(\d{1,2})\.(?=\p{Lu}\p{Ll})/u;

// An "ñ" read as "ii" between vowels ("jalapeiio", "pequeiia"): no word writes "eii", "oii" or "uii"
// before a vowel ("Hawaiian" and "skiing" keep theirs).
const ENYE = /(?<=\p{L})([eouEOU])ii(?=[aeiou])/gu;
// The article "l'" read as a capital "I" ("Rapez I'emmental"): English's "I'm", "I've", "I'll",
// "I'd" stay.
const ARTICLE_L = /(^|[\s(])I(['’])(?=\p{Ll})(?!(?:m|ve|ll|d|re|s)\b)/gu;

function fractionOk(numerator: number, denominator: number): boolean {
  return numerator < denominator;
}

/** One recognised line cleaned: its list mark dropped, an amount no line writes corrected (and said so). */
export function cleanOcrLine(line: string): { text: string; corrected: boolean } {
  let t = line.replace(/\s+/g, " ").trim();
  // Several marks may be read in a row ("« • 2 eggs").
  for (let i = 0; i < 3 && LIST_MARK.test(t); i++) t = t.replace(LIST_MARK, "");
  // A bullet read glued to the line's first word ("«sea salt"): no word starts with one.
  t = t.replace(GLUED_MARK, "").replace(GLUED_DASH, "");
  let corrected = false;
  if (O_ZERO.test(t)) {
    t = t.replace(O_ZERO, "0");
    corrected = true;
  }
  // Spacing only: the amount stays as read (its doubts are amountDoubt's).
  t = t.replace(GLUED_WORD, "$1 $2").replace(ZERO_OZ, "$1oz").replace(ONE_LB, "$1lb$2");
  t = t.replace(I_LB, "$1lb$2").replace(GLUED_UNIT_NAME, "$1$2 $3").replace(GLUED_PAREN, "$1 (");
  t = t.replace(ZERO_OR, "$1 o ").replace(ML_AS_MI, "$1 ml");
  t = t.replace(BAR_I, "$1I").replace(GLUED_SPOON, "$1$2 $3").replace(GLUED_STEP_NUMBER, "$1. ");
  t = t.replace(ARTICLE_L, "$1l$2").replace(TBSP, "$1bsp$2").replace(L_AS_BANG, "$1l").replace(ENYE, "$1ñ");
  if (ONE_AS_LETTER_UNIT.test(t)) {
    t = t.replace(ONE_AS_LETTER_UNIT, "1 ");
    corrected = true;
  }
  const digits = lettersAsDigits(t);
  [t, corrected] = [digits.text, corrected || digits.corrected];
  const spaces = amountSpaces(t);
  [t, corrected] = [spaces.text, corrected || spaces.corrected];
  const lb = GLUED_ONE_LB.exec(t);
  if (lb) {
    t = `${t.slice(0, lb.index)}${lb[1]}${lb[2]} lb${lb[3]}${t.slice(lb.index + lb[0].length)}`;
    corrected = true;
  }
  const lost = LOST_SPACE.exec(t);
  if (lost && fractionOk(Number(lost[3]), Number(lost[4]))) {
    t = `${t.slice(0, lost.index)}${lost[1]}${lost[2]} ${lost[3]}/${lost[4]}${t.slice(lost.index + lost[0].length)}`;
    corrected = true;
  }
  const letter = LETTER_ONE.exec(t);
  if (letter) {
    t = `${t.slice(0, letter.index)}${letter[1]}1/${letter[2] ?? "2"}${t.slice(letter.index + letter[0].length)}`;
    corrected = true;
  }
  return { text: t, corrected };
}

/** The text's last line written so far (past a paragraph's blank line). */
const lastText = (out: string[]): string =>
  (out[out.length - 1] === "" ? out[out.length - 2] : out[out.length - 1]) ?? "";

// A line that is a label and its number alone ("Step 3", "Schritt 2"), or a group's heading (a
// capital, six words at most, a colon: "Topping:", "For the yoghurt and ouzo dressing:"): never
// the rest of a line.
const LABEL_LINE = /^\p{L}+\s+\d+[.:]?$|^\p{Lu}\S*(?:\s\S+){0,5}:$/u;
// A list written "name - amount" ("beurre - 20 grammes"), and a line of it whose spaces around the
// dash were lost ("courgette-1", "échalote -1"): a name has no digits, the amount opens the rest.
const NAME_DASH_AMOUNT = /^(\D*\p{L}) - \d/u;
const NAME_DASH_LOST = /^(\D*\p{L}) ?- ?(?=\d)/u;

/** Lines of a "name - amount" list (two lines or more so written) given back their dash's spaces. */
function nameDashAmount(lines: string[]): string[] {
  if (lines.filter((l) => NAME_DASH_AMOUNT.test(l)).length < 2) return lines;
  return lines.map((l) => (NAME_DASH_AMOUNT.test(l) ? l : l.replace(NAME_DASH_LOST, "$1 - ")));
}

// A "1" read as "l", "I" or a bar run on into the word after it ("legg"), where a line opens.
const ONE_RUN_ON = /^[lI|](\p{Ll}{2,})([,;:]?)$/u;
const bareWord = (t: string): string => t.toLowerCase().replace(/^\P{L}+|\P{L}+$/gu, "");

/**
 * The line's first word as the "1" and the word it was, when a "1" read as a letter ran on into
 * it: the word read is written nowhere else in the text, and the word after the "1" is (as it is,
 * or one "s" more or less: "legg" and "the eggs"). A word read as the recipe writes it stays.
 */
function oneRunOn(first: string, vocabulary: Map<string, number>): string | null {
  const m = ONE_RUN_ON.exec(first.trim());
  if (!m || (vocabulary.get(bareWord(first)) ?? 0) > 1) return null;
  const rest = m[1]!;
  const known = [rest, `${rest}s`, rest.replace(/s$/u, "")].some((w) => vocabulary.has(w));
  return known ? `1 ${rest}${m[2]}` : null;
}

/**
 * Recognised lines → the recipe text (a paragraph's end as a blank line, so sections stay apart)
 * and the lines to check: an amount corrected, an amount that may not be the one printed, or a
 * word read with little confidence.
 */
export function readOcrLines(lines: OcrLine[], unsureBelow = UNSURE_BELOW): OcrReading {
  const out: string[] = [];
  const unsure: UnsureLine[] = [];
  const edge = textEdge(lines);
  const gaps = paragraphGaps(lines);
  // The text's words and how often each is read, for a "1" read as a letter (oneRunOn).
  const vocabulary = new Map<string, number>();
  for (const l of lines)
    for (const w of l.words) {
      const b = bareWord(w.text);
      if (b) vocabulary.set(b, (vocabulary.get(b) ?? 0) + 1);
    }
  const elsewhere = writtenElsewhere(lines);
  const grams = gramAsDigit(lines);
  let prev: OcrLine | null = null;
  // How many list marks opened the line before (dropped from its words).
  let prevMarks = 0;
  for (const l of lines) {
    // A wider space than the lines' usual before this one, or a line ended short before one that
    // runs to the edge: a paragraph ends there, whether or not tesseract saw it.
    const first = l.words.find((w) => w.text.trim())?.text.trim() ?? "";
    const gap =
      prev &&
      (gaps.has(l) ||
        (!prev.paragraphEnd && shortLineEnds(prev, l, first, edge.of(prev), edge.of(l), edge.max)));
    if (gap && out.length && out[out.length - 1] !== "") out.push("");
    const words = l.words.filter((w) => w.text.trim());
    // A list mark read as a word of its own is no part of the line, nor of its confidence.
    while (words.length > 1 && MARK_WORD.test(`${words[0]!.text.trim()} ${words[1]!.text.trim()}`))
      words.shift();
    // A detail's separator read as a mark of its own: the dot it was, so the details read apart.
    for (let i = 1; i < words.length - 1; i++)
      if (
        SEPARATOR_WORD.test(words[i]!.text.trim()) &&
        DETAIL_WORD.test(words[i + 1]!.text.trim()) &&
        words.slice(i + 2, i + 4).some((w) => /\d/u.test(w.text))
      )
        words[i] = { ...words[i]!, text: "·" };
    const one = words.length && words[0]!.read === undefined ? oneRunOn(words[0]!.text, vocabulary) : null;
    if (one) words[0] = { ...words[0]!, text: one, read: words[0]!.text };
    if (words.length) {
      const line = cleanOcrLine(words.map((w) => w.text.trim()).join(" "));
      const clean = grams(line.text);
      const cleaned = line.corrected || clean.corrected;
      const text = elsewhere(
        oneAsI(
          lostA(rnAsM(cupRunOn(metricRunOn(clean.text, vocabulary), vocabulary), vocabulary), vocabulary),
          vocabulary,
        ),
      );
      // A word read again from the picture changed the amount: the cook checks it.
      const corrected = cleaned || words.some((w) => w.read !== undefined);
      const read = words.map((w) => (w.read ?? w.text).trim()).join(" ");
      // The least sure word is the line's: one misread amount spoils a line of sure words.
      const confidence = Math.round(Math.min(...words.map((w) => w.confidence)));
      // An amount that may not be the one printed is the cook's to check, whatever the confidence.
      const reason = corrected
        ? "amount_corrected"
        : amountDoubt(words)
          ? "amount_unsure"
          : confidence < unsureBelow
            ? "low_confidence"
            : null;
      // A line that opened with a list mark is an item of its own.
      const marked = words.length < l.words.filter((w) => w.text.trim()).length;
      if (
        text &&
        prev &&
        !marked &&
        !LABEL_LINE.test(text) &&
        ((!gap && wrappedOcr(prev, l, edge, text, lastText(out))) ||
          hangingRest(prev, prevMarks, l, text, lastText(out)))
      ) {
        // The rest of the line before: joined to it (over the paragraph's end tesseract saw there).
        if (out[out.length - 1] === "") out.pop();
        out[out.length - 1] = /[\p{L}\p{N}]-$/u.test(out[out.length - 1]!)
          ? `${out[out.length - 1]}${text}`
          : `${out[out.length - 1]} ${text}`;
        if (reason) unsure.push({ text, read, confidence, reason });
      } else if (text) {
        out.push(text);
        if (reason && /[\p{L}\d]/u.test(text)) unsure.push({ text, read, confidence, reason });
      }
    }
    if (words.length) [prev, prevMarks] = [l, l.words.length - words.length];
    if (l.paragraphEnd) out.push("");
  }
  const written = rangeSpacing(metricSpacing(stepDots(nameDashAmount(out))));
  // A line to check is named as the text now writes it, its unit set apart too ("209g mehl").
  const spaced = written.some((l, i) => METRIC_ON.test(out[i] ?? "") && l !== out[i]);
  return {
    text: written
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim(),
    unsure: spaced
      ? metricSpacing(
          unsure.map((u) => u.text),
          out,
        ).map((text, i) => ({ ...unsure[i]!, text }))
      : unsure,
  };
}

// The marks of writing direction tesseract puts around a right-to-left word: no letters of it.
const DIRECTION_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** Tesseract.js's blocks (paragraphs of lines of words) as lines; null when it gave none. */
export function ocrLinesOf(blocks: unknown): OcrLine[] | null {
  if (!Array.isArray(blocks)) return null;
  const lines: OcrLine[] = [];
  type Box = { x0: number; x1: number; y0: number; y1: number };
  type Word = OcrWord & { bbox?: Box };
  for (const b of blocks as { paragraphs?: { lines?: { words?: Word[]; bbox?: Box }[] }[] }[])
    for (const p of b.paragraphs ?? []) {
      const ls = p.lines ?? [];
      ls.forEach((l, i) => {
        const words = (l.words ?? []).filter((w) => String(w.text).replace(DIRECTION_MARKS, "").trim());
        lines.push({
          words: words.map((w) => ({
            text: String(w.text).replace(DIRECTION_MARKS, ""),
            confidence: Number(w.confidence),
            ...(typeof w.read === "string" ? { read: w.read } : {}),
          })),
          paragraphEnd: i === ls.length - 1,
          ...(l.bbox && words.every((w) => w.bbox)
            ? {
                box: l.bbox,
                wordBoxes: words.map((w) => ({
                  x0: w.bbox!.x0,
                  x1: w.bbox!.x1,
                  y0: w.bbox!.y0,
                  y1: w.bbox!.y1,
                })),
                textHeight: lineHeight(words.map((w) => w.bbox!.y1 - w.bbox!.y0)),
              }
            : {}),
        });
      });
    }
  return lines;
}

const key = (t: string): string =>
  t
    .toLowerCase()
    .replace(/[^\p{L}\p{N}/]+/gu, " ")
    .trim();

/**
 * The recipe's lines that hold an unsure line of the text: each ingredient or step that contains
 * one (a step joins wrapped lines), with the reason. Lines the recipe does not hold are not listed.
 */
export function linesToCheck(
  recipe: Pick<Recipe, "ingredients" | "instructions">,
  unsure: UnsureLine[],
): LineToCheck[] {
  if (!unsure.length) return [];
  const out: LineToCheck[] = [];
  const fields = [
    ["ingredients", recipe.ingredients.map((i) => i.text)],
    ["instructions", recipe.instructions.map((s) => s.text)],
  ] as const;
  // Lines are found in order: of two alike ("Y teaspoon salt" twice), the next one is meant.
  const from = { ingredients: 0, instructions: 0 };
  for (const u of unsure) {
    const k = key(u.text);
    if (!k) continue;
    for (const [field, texts] of fields) {
      const has = (t: string) => key(t).includes(k);
      let index = texts.findIndex((t, i) => i >= from[field] && has(t));
      if (index < 0) index = texts.findIndex(has);
      if (index < 0) continue;
      // A whole line is not met again; a step's wrapped part may be followed by the step's next.
      from[field] = key(texts[index]!) === k ? index + 1 : index;
      const c: LineToCheck = {
        field,
        index,
        text: texts[index]!,
        read: u.read,
        confidence: u.confidence,
        reason: u.reason,
      };
      // One note a line: an amount to check says more than a line hard to read (a step's wrapped
      // lines each give theirs).
      const at = out.findIndex((o) => o.field === field && o.index === index);
      if (at < 0) out.push(c);
      else if (out[at]!.reason === "low_confidence" && c.reason !== "low_confidence") out[at] = c;
      break;
    }
  }
  return out;
}

/** A line to check in words, for a recipe saved without review ("Check ingredient 1 against …"). */
export function checkWarning(c: LineToCheck): string {
  const what = `${c.field === "ingredients" ? "ingredient" : "step"} ${c.index + 1}`;
  return c.reason !== "low_confidence"
    ? `Check the amount of ${what} against the original: it was read as “${c.read}”.`
    : `Check ${what} against the original: it was hard to read.`;
}
