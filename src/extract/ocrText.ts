import type { Recipe } from "../domain/recipe.ts";
import type { LineToCheck } from "../domain/draft.ts";

// Text recognition's lines made into recipe text that says where it may be wrong: the list marks it
// reads as letters dropped, amounts no recipe line writes ("11/2 cups") read as the mixed number
// they were ("1 1/2 cups") and flagged, and each line's own confidence kept, so the review can
// point at the lines to check. An amount is never changed without a flag.

/** A word as text recognition gives it, with how sure it is (0..100). */
export interface OcrWord {
  text: string;
  confidence: number;
}

/** A line as text recognition gives it: its words; a paragraph's last line ends its paragraph. */
export interface OcrLine {
  words: OcrWord[];
  paragraphEnd?: boolean;
}

/** A line the recipe should not take on trust: what was read, what it was made into, and why. */
export interface UnsureLine {
  /** The line as it goes on into the recipe text. */
  text: string;
  /** As text recognition read it, before any correction. */
  read: string;
  /** The line's confidence: its least sure word (0..100). */
  confidence: number;
  reason: "low_confidence" | "amount_corrected";
}

export interface OcrReading {
  text: string;
  unsure: UnsureLine[];
}

/** Below this a word's reading is a guess worth a look (tesseract's scale, 0..100). */
export const UNSURE_BELOW = 70;

// A list mark read as a character of its own before the line: a bullet, a dash, a guillemet, a
// box; the letters "e", "o" and "©" only before an amount (a round bullet read as a letter).
const MARK_CHARS = "«»•·*▪◦●○■□▢☐✓✔►▶>+~=–—-";
const AMOUNT_NEXT = "(?=[\\d½¼¾⅓⅔⅛])";
const LIST_MARK = new RegExp(`^[${MARK_CHARS}]+\\s+|^[eo©®°¢]\\s+${AMOUNT_NEXT}`, "u");
// A word that is only a list mark, before the next word.
const MARK_WORD = new RegExp(`^(?:[${MARK_CHARS}]+|[eo©®°¢]) ${AMOUNT_NEXT}|^[${MARK_CHARS}]+ `, "u");
// An improper fraction where a mixed number was written ("11/2", "13/4", "21/2 cups"): the space
// between the whole and the fraction was lost.
const LOST_SPACE = /(^|\s)(\d)(1|3|5|7)\/(2|3|4|8)(?=\s|$)/u;
// The usual fractions read with a letter for the one ("l/2", "I/4") or as "V2", "Y2" for "½".
const LETTER_ONE = /(^|\s)(?:[lI|]\/(2|3|4|8)|[VY]2)(?=\s|$)/u;

function fractionOk(numerator: number, denominator: number): boolean {
  return numerator < denominator;
}

/** One recognised line cleaned: its list mark dropped, an amount no line writes corrected (and said so). */
export function cleanOcrLine(line: string): { text: string; corrected: boolean } {
  let t = line.replace(/\s+/g, " ").trim();
  // Several marks may be read in a row ("« • 2 eggs").
  for (let i = 0; i < 3 && LIST_MARK.test(t); i++) t = t.replace(LIST_MARK, "");
  let corrected = false;
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

/**
 * Recognised lines → the recipe text (a paragraph's end as a blank line, so sections stay apart)
 * and the lines to check: a word read with little confidence, or an amount corrected.
 */
export function readOcrLines(lines: OcrLine[], unsureBelow = UNSURE_BELOW): OcrReading {
  const out: string[] = [];
  const unsure: UnsureLine[] = [];
  for (const l of lines) {
    const words = l.words.filter((w) => w.text.trim());
    // A list mark read as a word of its own is no part of the line, nor of its confidence.
    while (words.length > 1 && MARK_WORD.test(`${words[0]!.text.trim()} ${words[1]!.text.trim()}`))
      words.shift();
    if (words.length) {
      const read = words.map((w) => w.text.trim()).join(" ");
      const { text, corrected } = cleanOcrLine(read);
      // The least sure word is the line's: one misread amount spoils a line of sure words.
      const confidence = Math.round(Math.min(...words.map((w) => w.confidence)));
      if (text) {
        out.push(text);
        if (corrected) unsure.push({ text, read, confidence, reason: "amount_corrected" });
        else if (confidence < unsureBelow && /[\p{L}\d]/u.test(text))
          unsure.push({ text, read, confidence, reason: "low_confidence" });
      }
    }
    if (l.paragraphEnd) out.push("");
  }
  return {
    text: out
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim(),
    unsure,
  };
}

/** Tesseract.js's blocks (paragraphs of lines of words) as lines; null when it gave none. */
export function ocrLinesOf(blocks: unknown): OcrLine[] | null {
  if (!Array.isArray(blocks)) return null;
  const lines: OcrLine[] = [];
  for (const b of blocks as { paragraphs?: { lines?: { words?: OcrWord[] }[] }[] }[])
    for (const p of b.paragraphs ?? []) {
      const ls = p.lines ?? [];
      ls.forEach((l, i) =>
        lines.push({
          words: (l.words ?? []).map((w) => ({ text: String(w.text), confidence: Number(w.confidence) })),
          paragraphEnd: i === ls.length - 1,
        }),
      );
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
  for (const u of unsure) {
    const k = key(u.text);
    if (!k) continue;
    for (const [field, texts] of fields) {
      const index = texts.findIndex((t) => key(t).includes(k));
      if (index < 0) continue;
      if (!out.some((o) => o.field === field && o.index === index && o.reason === u.reason))
        out.push({
          field,
          index,
          text: texts[index]!,
          read: u.read,
          confidence: u.confidence,
          reason: u.reason,
        });
      break;
    }
  }
  return out;
}

/** A line to check in words, for a recipe saved without review ("Check ingredient 1 against …"). */
export function checkWarning(c: LineToCheck): string {
  const what = `${c.field === "ingredients" ? "ingredient" : "step"} ${c.index + 1}`;
  return c.reason === "amount_corrected"
    ? `Check the amount of ${what} against the original: it was read as “${c.read}”.`
    : `Check ${what} against the original: it was hard to read.`;
}
