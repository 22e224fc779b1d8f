// Durations written in English words ("forty minutes", "Cook time: half an hour", "an hour and a
// half", "one to two hours"), rewritten in digits so every time reader reads them as it reads "40
// minutes" (issue 50: times not read where the page prints them). Only a count right before a time
// unit changes: "two eggs" or "a few minutes" stay as written.
import { NUMBER_WORDS, ROUND_NUMBER_WORDS, wordAlternation } from "./numberWords.ts";

const TENS: Readonly<Record<string, number>> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SMALL: Readonly<Record<string, number>> = {
  ...NUMBER_WORDS,
  ...ROUND_NUMBER_WORDS,
  thirteen: 13,
  fourteen: 14,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const UNIT_WORD = "one|two|three|four|five|six|seven|eight|nine";
// A count in words: "forty-five", "twenty five", "twelve"; an article only before the unit itself.
const COUNT = `(?:(?:${wordAlternation(TENS)})(?:[ -](?:${UNIT_WORD}))?|${wordAlternation(SMALL)})`;
const GAP = "[ \\t]+";
const TIME_UNIT = "hours?|hrs?|minutes?|mins?|seconds?|secs?";

const TIME_IN_WORDS = new RegExp(
  String.raw`(?<![\p{L}\d-])(?:` +
    // "an hour and a half", "one hour and a half"
    `(?<hourHalf>an?|one)${GAP}hour${GAP}and${GAP}a${GAP}half` +
    // "three quarters of an hour", "a quarter of an hour", "quarter hour"
    `|(?<quarter>three${GAP}quarters|a${GAP}quarter|quarter)${GAP}(?:of${GAP})?(?:an${GAP})?hour` +
    // "half an hour", "a half hour", "half hour"
    `|(?<half>(?:a${GAP})?half${GAP}(?:an${GAP})?hour)` +
    // "forty minutes", "one and a half hours", "two to three hours", "an hour", "a minute"
    `|(?<n>${COUNT}|an?)(?<andHalf>${GAP}and${GAP}a${GAP}half)?` +
    `(?:(?<sep>[ \\t]*(?:-|–|to|or)[ \\t]*)(?<m>${COUNT}))?(?<gap>${GAP}|-)(?<unit>${TIME_UNIT})` +
    `)(?![\\p{L}])`,
  "giu",
);
// Cheap gate: no time unit, nothing to rewrite.
const ANY_UNIT = /hour|min|sec/i;

/** The count a word or compound stands for ("forty-five" 45, "an" 1), or null. */
function countOf(word: string): number | null {
  const w = word.toLowerCase().replace(/[ -]+/g, " ");
  if (w === "a" || w === "an") return 1;
  if (SMALL[w] !== undefined) return SMALL[w]!;
  const [tens, unit] = w.split(" ");
  const t = TENS[tens!];
  if (t === undefined) return null;
  return unit ? t + (NUMBER_WORDS[unit] ?? 0) : t;
}

/** `text` with every duration written in words in digits ("forty minutes" → "40 minutes"). */
export function timeWordsInDigits(text: string): string {
  if (!ANY_UNIT.test(text)) return text;
  return text.replace(TIME_IN_WORDS, (whole, ...args: unknown[]) => {
    const g = args.at(-1) as Record<string, string | undefined>;
    if (g.hourHalf) return "90 minutes";
    if (g.quarter) return /^three/i.test(g.quarter) ? "45 minutes" : "15 minutes";
    if (g.half) return "30 minutes";
    const n = countOf(g.n!);
    const m = g.m ? countOf(g.m) : null;
    if (n === null || (g.m && m === null)) return whole;
    // "a minute or two": an article is no range's end.
    if (m !== null && /^an?$/i.test(g.n!)) return whole;
    const first = g.andHalf ? `${n}.5` : String(n);
    return `${first}${m !== null ? `${g.sep}${m}` : ""}${g.gap}${g.unit}`;
  });
}
