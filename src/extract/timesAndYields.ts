import { parseDuration } from "./durations.ts";
import type { PartialRecipe } from "./schemaRecipe.ts";
import { cleanText } from "./text.ts";
import { wordAlternation } from "./numberWords.ts";
import { timeWordsInDigits } from "./timeWordsInDigits.ts";
import { FOREIGN_SERVED, parseYield, tensInDigits, TENS_WORDS, YIELD_NUMBER_WORDS } from "./yields.ts";
import { isIngredientsWord } from "./sectionWords.ts";
import { wordsAhead } from "./wordsAhead.ts";
import { finalAhead } from "./finalAhead.ts";
import { CaselessScan, caseText } from "./caselessScan.ts";
import { CaselessWords } from "./caselessWords.ts";

// Times and yields from labelled text ("Prep: 15 min", "Serves 4"), for every heuristic reader.

// A duration right after its label: "15 min", "1 hr 15 mins", "2 hours, 25 minutes", "1h30", "1 Std.
// 30 Min.", a fraction of an hour ("1 1/2 hours", "1½ hours", "½ hour") or a range ("8-10 minutes",
// read as its top). Its second part stays on its line: the value on the next line is another's
// ("Cook Time 40 minutes" over a resting "30 minutes"); after a comma or an abbreviation's stop
// ("1 hr. 10 min.", "49 minutes, 59 seconds") it names its unit.
const AMOUNT =
  "(?:\\d+(?:[.,]\\d+)?(?:[ \\t]+\\d\\/\\d|[ \\t]*[½¼¾⅓⅔]|[ \\t]*[-–][ \\t]*\\d+(?:[.,]\\d+)?|[ \\t]+(?:to|bis|tot|à)[ \\t]+\\d+(?:[.,]\\d+)?)?|\\d\\/\\d|[½¼¾⅓⅔])";
const DURATION =
  "(?:ca\\.?|about|around|approx\\.?|approximately|roughly|environ|circa|cerca de|ungefär|ong\\.?|około|ok\\.|up to|até|bis zu|hasta|fino a)?\\s?" +
  AMOUNT +
  "\\s*(?:days?|hours?|hrs?|hr|h|stunden?|std\\.?|heures?|horas?|ore|uur|u|timmar?|timer?|tim|t|minutes?|mins?|min\\.?|mn|minuten?|minutos?|minuti|minuter|minutter|min[uú]t[ya]?|perc|godz(?:in[ay]?)?\\.?|hod(?:in[ay]?|\\.)?|óra|saat|dakika|dk\\.?|m|seconds?|secs?|sec\\.?|sekund(?:en|er|e)?|sek\\.?|segundos?|secondes?|seconden?|secondi|s)(?![\\p{L}])(?:[,.][ \\t]*\\d{1,2}[ \\t]*(?:minutes?|mins?|min\\.?|seconds?|secs?|sec\\.?)(?![\\p{L}])|[ \\t]*(?:and|et|y|e|und|en|och|,?[ \\t]*plus)?[ \\t]*\\d{1,2}(?:\\s*(?:minutes?|mins?|min\\.?|minuten?|minutos?|minuti|minuter|minutter|min[uú]t[ya]?|perc|dakika|dk\\.?|m|seconds?|secs?|sec\\.?|s)(?![\\p{L}]))?)?";
// A clock after its label ("Prep Time: 00:20", "Cook Time: 01:00"): hours and minutes.
const CLOCK = "\\d{1,2}:[0-5]\\d(?![\\d:])";
// Labels, not words inside other words ("cooked" is not "cook"); the value may sit on the next line,
// after a colon or a separator a card prints between the two ("Prep time | 15 minutes", "Cook – 20 min").
const label = (words: string) =>
  new CaselessScan(
    new RegExp(
      `${wordsAhead(words)}(?<![\\p{L}])(${words})(?![\\p{L}])[ \\t]*([:：=|–—]|-(?=[ \\t]))?[ \\t]*(?:\\n[ \\t]*){0,2}${finalAhead(`${DURATION}|${CLOCK}`, 3)}`,
      "gu",
    ),
  );
const PREP_WORDS =
  "prep(?:aration|\\.)?(?:[ -]time)?(?: in)?|prepare|active time|hands-on time|vorbereitung(?:szeit)?|(?:aktive )?arbeitszeit|zubereitungszeit|préparation|temps de préparation|preparación|preparacion|elaboración|elaboracion|preparo|preparação|preparazione|tempo di preparazione|voorbereiding(?:stijd)?|förberedelse(?:tid)?|forberedelses?(?:tid)?|czas przygotowania|příprava|príprava|vorbereiten|haz[ıi]rl(?:ama|ık) s[üu]res[i\\u0130]";
const COOK_WORDS =
  "cook(?:s|ing)?(?:[ -]time)?(?: in)?|bake(?:[ -]time)?|baking(?:[ -]time)?|kochzeit|backzeit|garzeit|cuisson|temps de cuisson|cocción|coccion|cottura|cozimento|bereidingstijd|kooktijd|baktijd|oventijd|tillagningstid|ugnstid|tilberedningstid|czas gotowania|czas pieczenia|backdauer|kochdauer|koketid|steketid|bagetid|baketid|koch-?[ \\t]*\\/[ \\t]*backzeit|zubereiten|p[i\\u0130]ş[i\\u0130]rme s[üu]res[i\\u0130]";
const TOTAL_WORDS =
  "total(?:[ -]time)?(?: in)?|tempo tot\\.|durée totale|ready in|fertig in|prête? en|klaar in|list[oa] en|pront[oa] in|pront[oa] em|gesamtzeit|temps total|tiempo total|tempo totale|tempo total|totale tijd|total tid|samlet tid|tid i alt|całkowity czas(?: przygotowania)?|czas całkowity|celkový čas|gesamtdauer|dauer|toplam s[üu]re(?:s[i\\u0130])?|elkészítési id(?:ő|eje)";
const TIME_PATTERNS: [keyof PartialRecipe, CaselessScan][] = [
  ["prepTimeMinutes", label(PREP_WORDS)],
  ["cookTimeMinutes", label(COOK_WORDS)],
  // "Time: 30 mins", "Ready 12 hours", "Tempo / 60 min": a bare "Time:", "Ready" or Italian and
  // Portuguese "Tempo" label opening its line is the total ("time" alone is as often an icon's name:
  // only a heading "# Time" over its value, or a definition list's "Time" glued to it, is a label).
  [
    "totalTimeMinutes",
    label(
      `${TOTAL_WORDS}|(?<=^|\\n)[ \\t]*(?:#{1,6}[ \\t]+time(?=[ \\t]*\\n)|time(?=[ \\t]*:|\\d)|ready|tempo)`,
    ),
  ],
];
// The value over its label, or before it on one line ("40 Min." then "Arbeitszeit", "25 minuten
// bereidingstijd", a clock's "0:15 Prep"): the duration opens its line and the label ends the next
// or the same one.
const after = (words: string) =>
  new CaselessScan(
    new RegExp(
      `(?:^|\\n)[ \\t]*(${DURATION}|${CLOCK})${finalAhead(`[ \\t]*\\n?[ \\t]*(?:${words})[ \\t]*(?=\\n|$)`, 2)}`,
      "gu",
    ),
  );
const TIME_AFTER: [keyof PartialRecipe, CaselessScan][] = [
  ["prepTimeMinutes", after(PREP_WORDS)],
  ["cookTimeMinutes", after(COOK_WORDS)],
  ["totalTimeMinutes", after(TOTAL_WORDS)],
];
// The value before a one-word label inside a line of times ("10 mins prep + 45 mins cook", "15 min
// prep · 1 hr total", "5 mins to prepare and 25 mins to cook"): the label then ends the line or a
// separator or "and" follows it. One pattern for the
// three labels, opening on the value's digits: it runs over the whole page text. A clock is a value
// too ("0:15 To Prep", "0:30 To Cook", after an icon's title).
const TIME_INLINE =
  /(?<![\p{L}\d.,])((?:\d+(?:[.,]\d+)?[ \t]*(?:hours?|hrs?|hr|h|minutes?|mins?|min\.?|m)(?:[ \t]*\d{1,2}[ \t]*(?:minutes?|mins?|min\.?|m))?)(?![\p{L}])|\d{1,2}:[0-5]\d(?![\d:]))(?:[ \t]*(?:mins?|minutes?))?[ \t]+(prep|cook|bake|total|to[ \t]+(?:prep(?:are)?|cook|bake))(?![\p{L}])(?=[ \t]*(?:$|\n|[+|,·•/]|and[ \t]))/giu;
// A card's full label with a bare number closing its line ("Prep Time: 15" over "Cook Time: 45", the
// unit dropped with the element that printed it): minutes, as cards count them. The label is the
// whole "… time:" with its colon, so a step's "cook 15" or a count after a word stays unread.
const UNITLESS = /(?<=^|\n)[ \t]*(prep|cook|total)[ \t]+time[ \t]*:[ \t]*(\d{1,3})[ \t]*(?=\n|$)/giu;
const INLINE_KEY: Record<string, keyof PartialRecipe> = {
  prep: "prepTimeMinutes",
  prepare: "prepTimeMinutes",
  cook: "cookTimeMinutes",
  bake: "cookTimeMinutes",
  total: "totalTimeMinutes",
};
const NEXT_VALUE = new CaselessWords(new RegExp(`^\\n[ \\t]*(?:${DURATION})[ \\t]*(?=\\n|$)`, "u"));
const LABEL_LINE = new CaselessWords(
  new RegExp(`^\\n[ \\t]*(?:${PREP_WORDS}|${COOK_WORDS}|${TOTAL_WORDS})[ \\t]*(?:\\n|$)`, "u"),
);
// A bare one-word label ("Cook 10 minutes") only counts when nothing follows on its line.
const BARE_LABEL = /^(?:prep|prepare|cook|bake|baking|total|préparation|cuisson|preparo|preparazione)$/i;
// A bare label with its value closing a line of times ("Bake 12 min." alone, or after "Prep 3 min."):
// the line opens with the label, or another time's value comes just before it.
const LINE_OF_TIMES = /(?:^|\n)[ \t]*$|\d[ \t]*(?:min\.?|mins|minutes?|hours?|hrs?|h)[.,;][ \t]*$/i;
// After a bare label's value, the next label on the same line ("Prep 15 minutes, cook 45 minutes",
// "Prep 3 min. Bake 12 min."): a card's times written as one line of prose.
const NEXT_LABEL = new CaselessWords(
  new RegExp(
    `^[ \\t]*[,;.][ \\t]*(?:and[ \\t]+)?(?:${PREP_WORDS}|${COOK_WORDS}|${TOTAL_WORDS})(?![\\p{L}])`,
    "u",
  ),
);

// "Serves 4", "Portionen: 4", "Pour 6 personnes", "Dosi per 4 persone", "Makes 4 to 6 servings";
// and "4 personen", "8 portioner", "6 dose/s" (Portuguese doses; one "dose" is an amount).
const YIELD_LABELS = String.raw`serves(?:[ \t]+for)?|serving size|servings|yields?|makes|portions?|portionen|für|personnes|pour|porciones|raciones|para|porzioni|dosi per|per|porties|personen|porções|rendimento|rende|rinde|portioner|serverar|feeds|porcje|liczba porcji|ilość porcji|adag(?:ok)?|μερίδες|μερίδα|份量|份数|人数|annokset|annos|porsiyon|porce|porci[ea]|počet porcí|porcij[ae]|broj porcija|porsjoner|порции|количество порций|antal(?: (?:personer|portioner))?`;
const YIELD_LABELLED = new CaselessScan(
  new RegExp(
    String.raw`${wordsAhead(YIELD_LABELS)}(?<![\p{L}])(?:${YIELD_LABELS})[ \t]*[:：]?[ \t]*(?:\n[ \t]*)?((?:about |ca\.? |environ )?\d+(?:\s*[-–]\s*\d+|[ \t]+(?:to|or|à|a|bis|tot|till|til)[ \t]+\d+)?(?:[ \t]+[\p{L}]+)?)`,
    "gu",
  ),
);
const YIELD_COUNTED = new CaselessScan(
  /(?<![\p{L}\d])(\d+(?:\s*[-–]\s*\d+|[ \t]+(?:to|or|à|a|bis|tot|till|til)[ \t]+\d+)?[ \t]*(?:servings|portions|people|persons|personen|personnes|personas|persone|porciones|porzioni|porties|porções|portioner|portionen|raciones|pers\.|porcje|porcji|osoby|osób|os\.|adag|μερίδες|personer|porsjoner|annosta|kişilik|porce|porcí|porcije|порци[ийя]|персон|人份|人分|份|doses|dose\/s))(?![\p{L}])/gu,
);
// One serving in the singular, on its own line or in parentheses ("(1 porção)", "1 serving"): in a
// sentence it is a nutrition line's ("1 serving contains", "per 1 serving").
const YIELD_ONE =
  /(?:^|\n|\()[ \t]*(1[ \t]*(?:serving|portion|person|porção|porción|porzione|portie|personne|persona|porcja|porcia|adag))[ \t]*(?=\)|\n|$)/giu;
// A serving selector prints the count on its own line over its unit ("4" then "Personen" or
// "servings"): the number alone on a line, the unit word alone on the next.
const YIELD_SPLIT =
  /(?:^|\n)[ \t]*(\d+(?:[ \t]*[-–][ \t]*\d+)?)[ \t]*\n[ \t]*(servings?|portions?|people|persons?|person\(en\)|personen|personnes|personas|persone|porciones|porzioni|porties|porções|portioner|portionen|raciones|porcje|porcji|osoby|osób|adag|μερίδες|personer|porsjoner|annosta|porce|porcí|porcií|porcie|porcije)[ \t]*(?=\n|$)/giu;
// The count in English words ("Serves four", "Serves six to eight", "four servings", "Makes sixteen"
// opening its line): "yields one of" and "it makes two batches vanish" are prose.
// Tens ("twenty-four") before the words to twelve, so "twenty-four" is not read as its "four"; a
// count of dozens ("two dozen", "a dozen") and "about" before the count as a card writes them
// ("Makes about two dozen cookies").
const WORD_NUMBER = `${TENS_WORDS}|${wordAlternation(YIELD_NUMBER_WORDS)}`;
const WORD_COUNT = `(?:about[ \\t]+)?(?:(?:a|${WORD_NUMBER})[ \\t]+dozen|${WORD_NUMBER})`;
const WORD_RANGE = `${WORD_COUNT}(?:[ \\t]+(?:to|or)[ \\t]+(?:${WORD_NUMBER})|[ \\t]*[-–][ \\t]*(?:${WORD_NUMBER}))?`;
const YIELD_IN_WORDS = new CaselessScan(
  new RegExp(
    `${wordsAhead(`serves|servings|yields?|feeds|makes|${WORD_NUMBER}`)}(?:(?<![\\p{L}])(?:serves|servings|yields?|feeds)[ \\t]*:?[ \\t]*(${WORD_RANGE})(?![\\p{L}])(?![ \\t]+of\\b)|(?<![\\p{L}])(${WORD_RANGE}[ \\t]+(?:servings|people|portions))(?![\\p{L}])|(?<=^|\\n)[ \\t]*makes[ \\t]*:?[ \\t]*(${WORD_RANGE})(?![\\p{L}])(?![ \\t]+of\\b))`,
    "gu",
  ),
);
const WORD_DIGITS = new RegExp(`\\b(?:${WORD_NUMBER})\\b`, "gi");
const inDigits = (t: string): string =>
  tensInDigits(t).replace(WORD_DIGITS, (w) => String(YIELD_NUMBER_WORDS[w.toLowerCase()]));
// Not servings: times, measures and a nutrition line's energy after the number ("Pro Portion: 376 kcal").
const NOT_SERVINGS =
  /\d\s*(?:kcal|kj|cal|calories|kalorien|calorías|calorie|min|minutes?|minutos?|minuti|minuten|minuter|h|hours?|heures?|horas?|ore|uur|stunden?|g|kg|ml|l|cl|dl|oz|lb|grad|degrees?|grados|gradi)(?![\p{L}])|\d\s*[°º]/iu;

// "Makes 6 cups", "Yield: 2 l", "Makes 250 grams": a labelled amount, not a count of servings.
const MEASURED_LABEL =
  /^(?:makes|yields?|rendimento|rende|rinde|ergibt|menge)\b[ \t]*:?[ \t]*(?:about |ca\.? )?\d+(?:[.,]\d+)?[ \t]*(?:cups?|quarts?|pints?|ml|l|cl|dl|liters?|litres?|millilit(?:er|re)s?|g|kg|grams?|grammes?|kilograms?|kilos?|oz|ounces?|lbs?|pounds?|tasses?|xícaras?|tazas?)(?![\p{L}])/iu;

// Five words or more before the count on its line, no digit, the last in lower case: a sentence's
// ("One pound of pulled pork will feed approximately 3 people"), not a card's label ("Nombre de parts").
const SENTENCE_SO_FAR = /^[^\d\n]*(?:\p{L}+[ \t,]+){4}\p{Ll}+[ \t]+$/u;

const FRACTION_NEXT = /^[ \t]*(?:\/[ \t]*\d|[½¼¾⅓⅔])/;

/** The first labelled or counted yield in a page's text ("Serves 4", "Rendimento\n4 porções"). */
export function findYield(text: string): { servings: number; text: string } | null {
  const found: { at: number; raw: string; value: string }[] = [];
  const cased = caseText(text);
  for (const m of YIELD_LABELLED.matchAll(cased)) found.push({ at: m.index, raw: m[0], value: m[1]! });
  for (const m of YIELD_COUNTED.matchAll(cased)) found.push({ at: m.index, raw: m[0], value: m[1]! });
  for (const m of text.matchAll(YIELD_ONE)) found.push({ at: m.index, raw: m[1]!, value: m[1]! });
  for (const m of text.matchAll(YIELD_SPLIT))
    found.push({ at: m.index, raw: `${m[1]} ${m[2]}`, value: `${m[1]} ${m[2]}` });
  for (const m of text.matchAll(FOREIGN_SERVED)) {
    const raw = `${m[1]} ${m[2]}`;
    found.push({ at: m.index, raw, value: raw });
  }
  for (const m of YIELD_IN_WORDS.matchAll(cased))
    found.push({
      at: m.index,
      raw: m[0],
      value: inDigits(m[1] ?? m[2] ?? m[3]!).replace(/[ \t]+or[ \t]+/i, " to "),
    });
  found.sort((a, b) => a.at - b.at);
  // "Makes 6 cups": a labelled amount is the yield when no count of servings is stated.
  let amount: string | null = null;
  // A count in a sentence ("One pound will feed approximately 3 people") is a post's estimate: the
  // card's own count, later on the page, is the recipe's; the sentence's serves when none is printed.
  let inProse: { servings: number; text: string } | null = null;
  for (const f of found) {
    if (!amount && MEASURED_LABEL.test(f.raw)) amount = cleanText(f.raw);
    if (NOT_SERVINGS.test(f.value)) continue;
    // "Serving Size 1/4 cup": a nutrition table's amount, no count of servings ("Personnes 6/8" is).
    const next = text.slice(f.at + f.raw.length, f.at + f.raw.length + 4);
    if (/^serving size/i.test(f.raw) && FRACTION_NEXT.test(next)) continue;
    const y = parseYield(f.value);
    if (!(y.servings > 0 && y.servings < 1000)) continue;
    const read = { servings: y.servings, text: cleanText(f.raw) };
    if (!SENTENCE_SO_FAR.test(text.slice(text.lastIndexOf("\n", f.at) + 1, f.at))) return read;
    inProse ??= read;
  }
  return inProse ?? (amount ? { servings: 0, text: amount } : countUnderHeading(text));
}

// A number alone on the line between the ingredients heading and the first item ("# Ingredients",
// "8", "- 16 oz skyr"): a serving scaler whose unit is an icon. Only when no labelled yield is found.
const LONE_COUNT = /\n[ \t]*(\d{1,2})[ \t]*\n[ \t]*- /g;

function countUnderHeading(text: string): { servings: number; text: string } | null {
  for (const m of text.matchAll(LONE_COUNT)) {
    const heading = text.slice(text.lastIndexOf("\n", m.index - 1) + 1, m.index).replace(/^#+\s*/, "");
    const n = Number(m[1]);
    if (n > 0 && isIngredientsWord(heading)) return { servings: n, text: m[1]! };
  }
  return null;
}
// A unit printed twice, a card's word and its short or screen-reader copy beside it ("1 hour hour 10
// minutes minutes", "25 minutes mins"): read once, so the hours' minutes stay with them.
const DOUBLED_UNIT =
  /(\d[ \t]*(?:hours?|hrs?|hr|minutes?|mins?|min))[ \t]+(?:hours?|hrs?|hr|minutes?|mins?|min)(?![\p{L}])/giu;
// Bare numbers in a line of labels whose last value carries the unit ("Prep: 5 Cook: 5 Total: 10
// minutes"): each number takes that unit.
const SHARED_UNIT =
  /((?<![\p{L}])(?:prep|cook|total)(?:[ \t]+time)?[ \t]*:?[ \t]*\d+)(?=[ \t]+(?:prep|cook|total)(?![\p{L}])[^\n]*?\d[ \t]*(minutes?|mins?)[ \t]*(?:\n|$))/giu;
// A duration glued to the next label in the page's text ("Prep: 10 minsCook: 25 mins"), case-sensitive.
const GLUED_UNIT =
  /(\d\s*(?:[Mm]ins?|[Mm]inutes?|[Hh]ours?|[Hh]rs?|MINS?|MINUTES?|HOURS?|HRS?))(?=\p{Lu}\p{Ll})/gu;

/** Times and servings written as labelled text ("Prep: 10 mins", "Serves 4"), into `r` where unset. */
export function scanMeta(pageText: string, r: PartialRecipe): void {
  scanTimes(pageText, r);
  if (r.servings === undefined) {
    const y = findYield(pageText);
    if (y) {
      r.servings = y.servings;
      r.yield = y.text;
    }
  }
}

/**
 * The times a page's meta description states ("… ready in 45 minutes", "elkészítési ideje: 90
 * perc"), for a page that prints none in its text: the total is its parts' sum when it states none.
 */
export function describedTimes(description: string | null): PartialRecipe {
  const said: PartialRecipe = {};
  if (!description || !/\d/.test(description)) return said;
  scanTimes(description, said);
  if (said.totalTimeMinutes === undefined && (said.prepTimeMinutes || said.cookTimeMinutes))
    said.totalTimeMinutes = (said.prepTimeMinutes ?? 0) + (said.cookTimeMinutes ?? 0);
  return said;
}

// A label's line so far is a sentence: three words or more, no digit, its last word in lower case;
// or another dish's name and a dash, as a list of linked recipes prints it ("Mee Siam – ready in").
const IN_PROSE = /^[^\d\n]*\p{L}+[ \t,]+\p{L}+[ \t,]+\p{Ll}+[ \t]+$|^[^\d\n]*\p{L}[ \t]+[–—-][ \t]+$/u;

// A card's line: a few words, or a time's label and its colon ("Cook time: forty minutes").
const CARD_LINE = /^(?:\S+[ \t]+){0,7}\S*$|(?:time|prep|cook|total)[ \t]*:/i;
/**
 * The card's durations written in words, in digits ("Cook time: half an hour", "Ready in
 * forty-five minutes"); a sentence's stay as written ("… and it's ready in thirty minutes" in a
 * post's introduction is no card's time).
 */
const inCardLines = (text: string): string =>
  /hour|min/i.test(text)
    ? text.replace(/[^\n]+/g, (line) => (CARD_LINE.test(line) ? timeWordsInDigits(line) : line))
    : text;

/** Prep, cook and total times written as labelled text ("Prep time = 10 mins"), into `r` where unset. */
export function scanTimes(pageText: string, r: PartialRecipe): void {
  pageText = inCardLines(pageText)
    .replace(GLUED_UNIT, "$1\n")
    .replace(DOUBLED_UNIT, "$1")
    .replace(SHARED_UNIT, "$1 $2");
  const text = caseText(pageText);
  // Every label with its value, in page order: a value read for one label is not another's, so a
  // page that prints values over their labels ("40 Min." / "Arbeitszeit") is read as it means.
  const found: { at: number; key: keyof PartialRecipe; valueAt: number; value: string; prose?: boolean }[] =
    [];
  for (const [key, re] of TIME_PATTERNS) {
    if (r[key] !== undefined) continue;
    for (const m of re.matchAll(text)) {
      if (!m[2] && BARE_LABEL.test(m[1]!)) {
        const after = pageText.slice(m.index + m[0].length, m.index + m[0].length + 3);
        const rest = pageText.slice(m.index + m[0].length, m.index + m[0].length + 40);
        const before = pageText.slice(Math.max(0, m.index - 40), m.index);
        if (
          !/^[ \t]*(?:$|[\n|•·/]|\p{Lu})/u.test(after) &&
          !NEXT_LABEL.test(rest) &&
          !(/^\.[ \t]*(?:$|\n)/.test(after) && LINE_OF_TIMES.test(before))
        )
          continue;
      }
      const line = pageText.slice(pageText.lastIndexOf("\n", m.index) + 1, m.index);
      found.push({
        at: m.index,
        key,
        valueAt: m.index + m[0].length - m[3]!.length,
        value: m[3]!,
        prose: IN_PROSE.test(line),
      });
    }
  }
  for (const [key, re] of TIME_AFTER) {
    if (r[key] === undefined)
      for (const m of re.matchAll(text)) {
        // "Marinate / 1H / Total / 30M": a label whose own value follows it (and no label after
        // that value) is printed over its value, so the duration above it is another label's.
        const rest = pageText.slice(m.index + m[0].length, m.index + m[0].length + 120);
        const next = NEXT_VALUE.exec(rest);
        if (next && !LABEL_LINE.test(rest.slice(next[0].length))) continue;
        const valueAt = m.index + m[0].indexOf(m[1]!);
        found.push({ at: valueAt, key, valueAt, value: m[1]! });
      }
  }
  for (const m of pageText.matchAll(UNITLESS)) {
    const key = INLINE_KEY[m[1]!.toLowerCase()]!;
    const valueAt = m.index + m[0].length - m[2]!.length;
    if (r[key] === undefined) found.push({ at: m.index, key, valueAt, value: `${m[2]} min` });
  }
  for (const m of pageText.matchAll(TIME_INLINE)) {
    const key = INLINE_KEY[m[2]!.toLowerCase().replace(/^to\s+/, "")]!;
    if (r[key] === undefined) found.push({ at: m.index, key, valueAt: m.index, value: m[1]! });
  }
  // In page order, a label inside a sentence after the others ("… and is ready in about 30
  // minutes" in the introduction, then the card's "Total Time 2 hours 55 minutes").
  found.sort((a, b) => Number(a.prose ?? false) - Number(b.prose ?? false) || a.at - b.at);
  const used = new Set<number>();
  const read = new Map<keyof PartialRecipe, number>();
  let proseTotal = false;
  for (const f of found) {
    if (read.has(f.key) || used.has(f.valueAt)) continue;
    const v = parseDuration(f.value);
    if (v !== null && v > 0) {
      read.set(f.key, v);
      used.add(f.valueAt);
      if (f.key === "totalTimeMinutes") proseTotal = !!f.prose;
    }
  }
  // A total only a sentence gave, shorter than the labelled parts, is another dish's ("… sauce
  // ready in 8 minutes" under a card's "Preparation 10 min", "Cook time 10 min").
  if (
    proseTotal &&
    read.get("totalTimeMinutes")! < (read.get("prepTimeMinutes") ?? 0) + (read.get("cookTimeMinutes") ?? 0)
  )
    read.delete("totalTimeMinutes");
  if (!read.size && TIME_PATTERNS.every(([key]) => r[key] === undefined)) {
    const icons = iconTimes(pageText);
    for (const [key] of TIME_PATTERNS) if (icons[key]) read.set(key, icons[key] as number);
  }
  // Set in one order (prep, cook, total) whatever the page's: the fields' methods list keeps it.
  for (const [key] of TIME_PATTERNS) {
    const v = read.get(key);
    if (v !== undefined) (r as Record<string, unknown>)[key] = v;
  }
}

// A card's rest beside its prep and cook ("Resting 60 min", "Waiting time 2 min", "Repos 10 min"):
// a labelled line of its own, never a step's "let it rest 10 minutes".
const REST_WORDS =
  "rest(?:ing)?(?:[ -]time)?|waiting(?:[ -]time)?|wait time|cooling(?:[ -]time)?|chill(?:ing)?[ -]time|inactive(?:[ -]time)?|rising[ -]time|proofing[ -]time|marinating[ -]time|repos|temps de repos|ruhezeit|wartezeit|kühlzeit|rusttijd|wachttijd|riposo|tempo di riposo|reposo|tiempo de reposo|descanso|hviletid|vilotid";
const REST = new CaselessScan(
  new RegExp(
    `(?<=^|\\n)[ \\t]*(?:${REST_WORDS})[ \\t]*:?[ \\t]*(?:\\n[ \\t]*)?(${DURATION}|${CLOCK})[ \\t]*(?=\\n|$)`,
    "gu",
  ),
);

/**
 * The rests a card prints as times of their own, in minutes (0 when none): a total the card does
 * not print is its prep, cook and rests added up, as the recipe's data counts it ("Preparation 20
 * min", "Baking 0 min", "Resting 60 min" is 80 minutes in all).
 */
export function restMinutes(pageText: string): number {
  let sum = 0;
  for (const m of REST.matchAll(caseText(pageText))) sum += parseDuration(m[1]) ?? 0;
  return sum;
}

// A line that is a duration alone ("30 min", "- 40 min.", "20-30 min."): a card's time shown by a
// clock icon instead of a word.
const DURATION_LINE = new RegExp(`^[ \\t]*(?:[-•·][ \\t]*)?(${DURATION})[ \\t]*$`, "iu");

/**
 * The times a recipe's head shows with no label (icons instead of words, in the lines above the
 * ingredients). One value is the total, as such cards mean it. Two or three on lines one under
 * the other are the card's row of icons, in the order cards print them: prep, then cook (a third,
 * a rest or a total, is passed; the total is the two added up). None when the head shows values
 * apart (other recipes' cards), as which is which is unknown.
 */
function iconTimes(pageText: string): PartialRecipe {
  const lines = pageText.split("\n");
  const end = lines.findIndex((l) => isIngredientsWord(l.replace(/^#+\s*/, "")));
  const values: { v: number; at: number }[] = [];
  lines.slice(0, end < 0 ? 30 : end).forEach((line, at) => {
    const m = DURATION_LINE.exec(line);
    const v = m ? parseDuration(m[1]) : null;
    if (v && !values.some((x) => x.v === v)) values.push({ v, at });
  });
  if (values.length === 1) return { totalTimeMinutes: values[0]!.v };
  const row = values.length <= 3 && values.every((x, i) => i === 0 || x.at === values[i - 1]!.at + 1);
  if (!row || !values.length) return {};
  const [prep, cook] = [values[0]!.v, values[1]!.v];
  return { prepTimeMinutes: prep, cookTimeMinutes: cook, totalTimeMinutes: prep + cook };
}

/** The patterns matched on lower-cased text (CaselessWords, CaselessScan), for their tests. */
export const CASELESS_WORDS = { NEXT_VALUE, LABEL_LINE, NEXT_LABEL };
export const CASELESS_SCANS = {
  PREP_LABEL: TIME_PATTERNS[0]![1],
  COOK_LABEL: TIME_PATTERNS[1]![1],
  TOTAL_LABEL: TIME_PATTERNS[2]![1],
  PREP_AFTER: TIME_AFTER[0]![1],
  COOK_AFTER: TIME_AFTER[1]![1],
  TOTAL_AFTER: TIME_AFTER[2]![1],
  REST,
  YIELD_LABELLED,
  YIELD_COUNTED,
  YIELD_IN_WORDS,
};
