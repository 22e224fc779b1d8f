// Where an amount should stand on a recognised line, and whether what was read there can be the
// amount printed. Text recognition's English model has no vulgar fractions: a printed "½" comes
// back as "y", "%", "¥", "1," or "Y2", and a "1" may come back as "l" or "I". Such a reading is
// never an amount any cook writes, so the line is flagged for a look; nothing is changed, as the
// printed amount cannot be known from it.

/**
 * Below this an amount's reading is worth a look (tesseract's scale, 0..100). A printed "½" or "⅛"
 * is read as "1", "15" or "3/4" with middling confidence, and a changed amount spoils a dish.
 */
export const UNSURE_AMOUNT_BELOW = 85;

// The words of a measure that follow an amount ("2 cups", "(½ cup)", "½-inch cubes"). Short forms
// that are words too ("in", "t", "c") are left out: they would make doubts of plain words.
const UNIT =
  /^\(?(?:cups?|c\.|tablespoons?|tbsps?\.?|tbs\.?|tbl\.?|teaspoons?|tsps?\.?|pounds?|lbs?\.?|ounces?|oz\.?|grams?|g|kg|ml|l|litres?|liters?|pints?|quarts?|inch(?:es)?|cm|mm|sticks?|cans?|cloves?|pinch(?:es)?|dashes|sprigs?|slices?|el|tl|dl|cl)[.,;:)]?$/iu;
// A unit written on to its amount by a hyphen ("½-inch", "2-pound", "7-by-14-inch": the 14).
const HYPHEN_UNIT = /([^-]*)-(?:inch(?:es)?|pounds?|ounces?|quarts?|cups?|cm)\b/iu;
// What an amount is as a cook writes it: a number, a fraction, a mixed or vulgar one, a range.
const NUMBER = String.raw`(?:\d+(?:[.,]\d+)?|\d+\/\d+|\d*[½¼¾⅓⅔⅛⅜⅝⅞])`;
const AMOUNT = new RegExp(String.raw`^${NUMBER}(?:[-–]${NUMBER})?$`, "u");
// A reading that stands where an amount does but is no amount: digits with marks ("1,", "1%:",
// "y4", "Y»"), a mark alone ("%", "¥"), or a letter text recognition gives for a digit or a fraction.
// A "½" is read as "ji" or "zy" too, and in capitals ("ZY", "YY").
const NOT_AN_AMOUNT = /[^\p{L}]|^[lI|OSsyYvVZzjJ](?:[a-z]|[YV])?$/u;
// A line that opens with a printed fraction read as something else ("% cup", "Y tablespoon",
// "y4 tsp", "1%: cups") or with a letter for its amount: never how a line starts. A percentage
// ("2% milk") is a line's own words.
const GARBLED_START = /^(?:\d*[%¥§]\S*|[yYvV][^\p{L}]?|\d+[yY]|[lI|]\/\d?)$/u;
// A line that opens with a unit: its amount was lost (a printed fraction read as a list mark).
// Spoons and cups in Portuguese and Spanish too ("colher (chá)", "xícara", "cucharada").
const UNIT_FIRST =
  /^(?:cups?|tablespoons?|teaspoons?|tbsps?|tsps?|ounces?|oz|pounds?|lbs?|grams?|ml|colher(?:es)?|x[ií]caras?|cucharadas?|cucharaditas?|tazas?)\b/iu;

// Digits mixed with marks no amount holds ("2&9", "2%dl", "1%:"); a percentage or a clock time is
// a line's own words.
const MIXED = /\d\S*[&¥§#@?;%]|[&¥§#@?;%]\S*\d/u;
const OWN_WORDS = /^(?:\d+(?:[.,]\d+)?%[.,;:)]?|\d{1,2}:\d\d)$/u;
// A glued unit run on into the name ("759gsmer", "1dlvand"): the spaces were lost, and with them,
// maybe, a fraction read as a digit.
const GLUED_RUN = /^\d+(?:[.,]\d+)?(?:g|kg|ml|l|dl|cl|oz|lb)\p{L}{2,}/iu;
const GLUED_UNIT_WORD = /^\d+(?:[.,]\d+)?(?:grams?|gr|kg|ml|dl|cl|oz|lbs?)$/iu;
// A printed fraction read as "y" run on into its unit ("ytsk.", "yitspsalt"), or as a capital run
// on into a spoon's short unit ("Ktsksalt" for "½ tsk salt": no word opens so), or into a range's
// "to" ("Yto 1 cup" for "½ to 1 cup").
export const Y_UNIT =
  /^(?:[yY%¥]\p{L}?(?=tsp|tbsp|tsk|spsk|cups?|dl|tl|el|teaspoons?\b|tablespoons?\b)|\p{Lu}(?=tsp|tbsp|tsk|spsk)|[yY%¥](?=to\b))/u;
// A unit said once after a number above one ("4 teaspoon salt"): a printed "¼" read as "4".
const SINGULAR = /^(?:cup|teaspoon|tablespoon|pound|ounce)$/u;

// A "1" read as the letter it looks like, run on into the next word ("legg", "lui"): a word the
// model was unsure of, as a real word ("lemon", "In") is read surely.
const ONE_AS_LETTER = /^[lI|]\p{Ll}/u;

const bare = (t: string): string => t.trim().replace(/^\(/u, "");
// A printed fraction read as the word "a" before a unit ("a teaspoon pepper" for "¼ teaspoon"):
// tesseract is sure of a real "a", and unsure of this one.
const unsureA = (w: { text: string; confidence: number }, next: string): boolean =>
  /^an?$/iu.test(w.text.trim()) && w.confidence < UNSURE_AMOUNT_BELOW && UNIT.test(next);
const doubtful = (t: string): boolean => !AMOUNT.test(t) && NOT_AN_AMOUNT.test(t);

/**
 * Whether a recognised line's amount may not be what was printed: a word before a unit that is no
 * amount ("y teaspoon", "(% cup)", "2 ¥ teaspoons", "%-inch"), a line that opens with a garbled
 * fraction or with its unit, digits mixed with marks ("2&9"), a unit run on into the name, two
 * whole numbers in a row ("1 2 cups"), a singular unit after a number above one ("4 teaspoon"), a
 * "1" read unsurely as "l" run on into a word ("legg"), or an amount read with little confidence.
 */
export function amountDoubt(words: { text: string; confidence: number }[]): boolean {
  const texts = words.map((w) => w.text.trim());
  if (!texts.length) return false;
  // A percentage ("2% milk") is a line's own words; before a unit ("1% colher") it is a fraction.
  const unitNext = UNIT.test(texts[1] ?? "") || UNIT_FIRST.test(texts[1] ?? "");
  if (GARBLED_START.test(texts[0]!) && (!/^\d+%$/u.test(texts[0]!) || unitNext)) return true;
  if (UNIT_FIRST.test(texts[0]!) || Y_UNIT.test(texts[0]!)) return true;
  if (GLUED_RUN.test(texts[0]!) && !GLUED_UNIT_WORD.test(texts[0]!)) return true;
  if (ONE_AS_LETTER.test(texts[0]!) && words[0]!.confidence < UNSURE_AMOUNT_BELOW) return true;
  for (let i = 0; i < texts.length; i++) {
    const t = bare(texts[i]!);
    if (MIXED.test(t) && !OWN_WORDS.test(t)) return true;
    // Two whole numbers in a row ("1 2 cups"): a fraction read as a digit after the whole one.
    if (i === 0 && /^\d+$/u.test(t) && /^\d+$/u.test(texts[1] ?? "")) return true;
    if (/^(?:[2-9]|\d{2,})$/u.test(t) && SINGULAR.test(texts[i + 1] ?? "")) return true;
    if (hundredsOf(t, texts[i + 1] ?? "")) return true;
    const hyphen = HYPHEN_UNIT.exec(t);
    if (hyphen && doubtful(bare(hyphen[1]!))) return true;
    const beforeUnit = i + 1 < texts.length && UNIT.test(texts[i + 1]!);
    if (!beforeUnit) continue;
    if (unsureA(words[i]!, texts[i + 1]!)) return true;
    if (doubtful(t)) return true;
    // An amount before its unit, read with little confidence: a digit for a fraction, or another digit.
    if (/\d/u.test(t) && words[i]!.confidence < UNSURE_AMOUNT_BELOW) return true;
  }
  // The line's opening amount ("2", "1 1/2"), read with little confidence.
  for (const [i, t] of texts.entries()) {
    if (!/^[\d½¼¾⅓⅔⅛⅜⅝⅞/.,-]+$/u.test(t)) break;
    if (/\d/u.test(t) && words[i]!.confidence < UNSURE_AMOUNT_BELOW) return true;
  }
  return false;
}

/** A word that is a line's unit alone ("tsp", "cups"): its box may hold a fraction read as nothing. */
export const UNIT_WORD =
  /^(?:cups?|tablespoons?|teaspoons?|tbsps?|tsps?|ounces?|oz|pounds?|lbs?|grams?|ml)\.?$/iu;
// A time a step gives ("1½ hours", "¾ hour"): a fraction may stand before it inside a step, and
// the time may close a parenthesis and the sentence ("(check it after 2½ hours).").
const TIME_UNIT = /^(?:hours?|hrs?|minutes?|mins?)[.,;:)]{0,2}$/iu;
// A round bullet read as one or two letters ("o", "eo", "©").
export const ROUND_BULLET = /^[ceo©®°¢]{1,2}$/u;
// A list mark read as a word of its own.
export const LIST_MARK_WORD = /^[«»•·*+~=–—\-▪◦●○■□>]+$/u;
// A mixed number read as one whole number ("124 cups water" for "1⅔ cups"): no cook measures a
// hundred cups, spoons or hours.
const HUNDREDS_OF = /^(?:cups?|tablespoons?|teaspoons?|tbsps?\.?|tsps?\.?|hours?|hrs?)[.,;:)]?$/iu;
const hundredsOf = (t: string, next: string): boolean => /^\d{3}$/u.test(t) && HUNDREDS_OF.test(next);
// A word short enough to be a printed fraction read as something else ("%", "Ys", "1%", "(¾", "%;").
const FRACTION_SIZED = /^\(?\S{1,3}$/u;
// A printed fraction read as a percent or yen sign standing alone ("2 % to 3 hours").
const LONE_MARK = /^\(?[%¥§][.,;:)]?$/u;
// A printed fraction read as a mark before an inch mark, "-inch" or an "in" set on ('%"',
// '1%-inch-thick', '%2"', "(2in x 2%in)"): the fraction is read again from the picture, the inch
// mark kept aside. A percentage is never written on to "in".
// A printed fraction read as a mark and a digit ("about %5 of each cup" for "⅔"): no word nor
// percentage is written so, wherever it stands.
const MARK_THEN_DIGIT = /^\(?[%¥§]\d[.,;:)]?$/u;
export const BEFORE_INCH = /^(\(?\d*[%¥§]\d?)((?:["”]|-inch|in(?!\p{L}))\S*)$/u;

/**
 * The words of a line where a printed fraction may have been read as something else, so the
 * picture can be read again there: a short word where the line's amount stands (its first word, a
 * word after a whole number that opens the line, a word before a unit or opening a parenthesis
 * before one, a word before a time inside a step: "rise for 1%: hours") that is no amount, mixes digits with marks, or is a digit read unsurely or before a
 * singular unit ("4 teaspoon": a printed "¼").
 */
export function amountWordsInDoubt(words: { text: string; confidence: number }[]): number[] {
  const texts = words.map((w) => w.text.trim());
  // A list mark read as a word of its own ("«", "*", "-") stands before the line's first word.
  let start = 0;
  while (start < texts.length - 1 && LIST_MARK_WORD.test(texts[start]!)) start++;
  // A round bullet read as a letter ("o", "e") before a fraction read as "y" run on into its unit.
  if (start === 0 && ROUND_BULLET.test(texts[0]!) && Y_UNIT.test(texts[1] ?? "")) start = 1;
  const out: number[] = [];
  for (let i = start; i < texts.length; i++) {
    const t = texts[i]!;
    const next = texts[i + 1] ?? "";
    // A line that opens with its unit read unsurely, or after a list mark: the fraction before it
    // may be inside its box, or in the blank after the mark ("+ cup dried cranberries").
    if (i === start && UNIT_WORD.test(t) && (words[i]!.confidence < UNSURE_AMOUNT_BELOW || start > 0))
      out.push(i);
    // A line that opens with a fraction read as "y" run on into its unit ("yitspsalt").
    if (i === start && Y_UNIT.test(t)) out.push(i);
    if (BEFORE_INCH.test(t)) {
      out.push(i);
      continue;
    }
    if (!FRACTION_SIZED.test(t) || UNIT.test(t)) continue;
    const at =
      i === start ||
      // A fraction read as a mark alone inside a sentence ("cook for 2 % to 3 hours", "slice % way
      // down"): no word is a lone "%", a percentage is written on to its number.
      LONE_MARK.test(t) ||
      MARK_THEN_DIGIT.test(t) ||
      (i === start + 1 && /^\d+$/u.test(texts[start]!)) ||
      UNIT.test(next) ||
      UNIT_FIRST.test(next) ||
      TIME_UNIT.test(next);
    if (!at) continue;
    const b = bare(t);
    const unsure =
      doubtful(b) ||
      unsureA(words[i]!, next) ||
      GARBLED_START.test(t) ||
      (MIXED.test(b) && !OWN_WORDS.test(b)) ||
      (/\d/u.test(b) && words[i]!.confidence < UNSURE_AMOUNT_BELOW) ||
      (/^(?:[2-9]|\d{2,})$/u.test(b) && SINGULAR.test(next)) ||
      (i === start + 1 && /^\d+$/u.test(b)) ||
      hundredsOf(b, next);
    if (unsure) out.push(i);
  }
  return out;
}
