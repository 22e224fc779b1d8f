// Words and spacing a recognised text lost, given back from the text itself: what it writes
// elsewhere (a word, its units set apart) and its own numbering. Hand-written: these are
// tesseract's errors on recipe text, which no library knows.

// A metric unit run on into the name after it ("50 cllait", "50ggær", "250 grde harina"): parted
// only where the rest is a word the text writes elsewhere and the whole is not ("2 garlic" stays).
const GLUED_METRIC = /^(\d+(?:[.,]\d+)? ?)(kg|gr|g|cl|dl|ml|l)(\p{Ll}{2,})(?=\s|$)/u;

export function metricRunOn(text: string, vocabulary: Map<string, number>): string {
  const m = GLUED_METRIC.exec(text);
  if (!m) return text;
  const [whole, rest] = [`${m[2]}${m[3]}`.toLowerCase(), m[3]!.toLowerCase()];
  if ((vocabulary.get(whole) ?? 0) > 1) return text;
  // The rest may be two words run together too ("50 grdeaceite": "de" and "aceite", each written
  // elsewhere in the text).
  const at = vocabulary.has(rest)
    ? rest.length
    : [...rest].findIndex(
        (_, i) =>
          i >= 2 && rest.length - i >= 3 && vocabulary.has(rest.slice(0, i)) && vocabulary.has(rest.slice(i)),
      );
  if (at <= 0) return text;
  const words = at === rest.length ? m[3]! : `${m[3]!.slice(0, at)} ${m[3]!.slice(at)}`;
  return `${m[1]!.trimEnd()} ${m[2]} ${words}${text.slice(m[0].length)}`;
}

// A cup's "c" run on into the name after its amount ("1.5 cred lentils"): parted where the text
// writes "c" as a word of its own elsewhere (a unit: "1 c broth"), the rest is a word it writes
// elsewhere too ("Red Lentil Curry") and the whole is read nowhere else. The amount is as read.
const GLUED_CUP = /^(\d+(?:[.,]\d+)?(?: \d+\/\d+)?) c(\p{Ll}{3,})(?=[\s,]|$)/u;

export function cupRunOn(text: string, vocabulary: Map<string, number>): string {
  const m = GLUED_CUP.exec(text);
  if (!m || !vocabulary.has("c")) return text;
  if ((vocabulary.get(`c${m[2]}`) ?? 0) > 1 || !vocabulary.has(m[2]!)) return text;
  return `${m[1]} c ${m[2]}${text.slice(m[0].length)}`;
}

// A numbered step whose dot was lost ("22 Recouvrir") or read as a comma ("4, Put"), between steps
// numbered with theirs.
const NUMBERED_DOT = /^(\d{1,2})[.)] /u;
const NUMBER_NO_DOT = /^(\d{1,2}),? (?=\p{Lu}\p{Ll})/u;

/**
 * A line numbered one more than the step before it, without its dot, given its dot back when it is
 * a sentence or the next line is the next step ("2 Eggs, beaten" after a step stays an amount).
 */
export function stepDots(lines: string[]): string[] {
  let last = 0;
  return lines.map((l, i) => {
    const bare = NUMBER_NO_DOT.exec(l);
    if (bare && last && Number(bare[1]) === last + 1) {
      const next = lines.slice(i + 1).find(Boolean) ?? "";
      const sentence = /[.!?]$/u.test(l) && l.split(" ").length >= 4;
      if (sentence || Number(NUMBERED_DOT.exec(next)?.[1]) === last + 2) {
        last++;
        return l.replace(NUMBER_NO_DOT, "$1. ");
      }
    }
    const dotted = NUMBERED_DOT.exec(l);
    if (dotted) last = Number(dotted[1]);
    else if (l) last = 0;
    return l;
  });
}

/**
 * Words with an "m" where "rn" was printed ("Gamish", "Popcom"): the word is read once and the
 * text writes it with "rn" elsewhere (a heading, the title), so the "rn" form is given back.
 */
export function rnAsM(text: string, vocabulary: Map<string, number>): string {
  return text.replace(/\p{L}*m\p{L}*/gu, (w) => {
    const low = w.toLowerCase();
    if ((vocabulary.get(low) ?? 0) > 1) return w;
    for (let i = low.indexOf("m"); i >= 0; i = low.indexOf("m", i + 1)) {
      const rn = `${low.slice(0, i)}rn${low.slice(i + 1)}`;
      if (vocabulary.has(rn)) return `${w.slice(0, i)}rn${w.slice(i + 1)}`;
    }
    return w;
  });
}

// A metric amount with its unit apart ("200 g farine", "3 EL Öl") or run on ("80g sucre",
// "2 - 3EL Sbrinz": a range's last number).
const METRIC_APART = /^\d+(?:[.,]\d+)?(?:\s?-\s?\d+(?:[.,]\d+)?)? (?:g|kg|ml|cl|dl|l|el|tl)\b/iu;
export const METRIC_ON = /^(\d+(?:[.,]\d+)?(?: ?- ?\d+(?:[.,]\d+)?)?)(g|kg|ml|cl|dl|l|el|tl)(?= [\p{L}(])/iu;

/**
 * A metric unit run on into its amount where the text sets it apart in twice as many lines or more
 * ("80g sucre" among "200 g farine", "100 g beurre"): the space was lost in the reading, not by
 * the writer (tesseract loses it in a third of the lines of some photos).
 */
export function metricSpacing(lines: string[], all = lines): string[] {
  const apart = all.filter((l) => METRIC_APART.test(l)).length;
  const on = all.filter((l) => METRIC_ON.test(l)).length;
  if (apart < 3 || on >= apart) return lines;
  return lines.map((l) => l.replace(METRIC_ON, "$1 $2"));
}

// The "oz" of a can's size read as "02" inside its parenthesis ("1 can (1402) tomatoes"): no
// parenthesis after a can holds a four-digit number ending in 02, while "(14oz)" is how it is
// written. The amount changes, so the line is said.
const OZ_AS_02 = /\((\d{1,2}) ?02\)/gu;
// The "o" of "oeuf(s)" read as a zero, glued to the amount before it ("20 eufs" for "2 oeufs") or
// with a "c" before it ("co0euf"): "euf" alone is no word, so the "o" is given back.
const ZERO_OEUF = /(^|\s)c?o?0(eufs?)\b/gu;
const AMOUNT_ZERO_OEUF = /^(\d+)0 (eufs?)\b/u;

// A line opening "1b" ("1b cherry tomatoes"): the "l" of "1 lb" lost into the one; no cook writes so.
const ONE_B = /^1b(s?)(?=\s)/u;
// The "t" of "tsp" read as a one run on into a one-digit amount ("11 sp italian seasoning").
const T_AS_ONE = /^([1-9])1 sp(?=\s)/u;

// A litre's "l" read as a one run on into the amount before a partitive ("11 di latte" for "1 l di
// latte", "21 de leche"): an amount before "di" or "de" is a measure's, so a unit stood there.
const LITRE_AS_ONE = /^([1-9]\d*)1 (?=(?:di|de|del|du|des) \p{L})/u;

// A whole amount opening a line with a zero before it ("03 æg" for "3 æg"): a list's mark or a
// speck read as a zero, as no cook writes a leading zero ("0,5 dl" and "0.5" have their decimals).
const LEADING_ZERO = /^0(?=[1-9]\d*\s\p{L})/u;

// A degree sign read as an asterisk after an oven's heat ("120* (brug", "350*F", "3 min/120*/ vel"):
// no note mark follows three digits so. An inch mark there stays: writers type '350"F' for degrees
// themselves. Not an amount: the line is not said.
const DEGREE_AS_MARK = /(?<=(?:^|[\s(/])[1-9]\d{2})\*(?=[\s).,;:/]|[FC]\b|$)/gu;

// The same sign read as a quote (straight or curly) where no inch mark is meant: before a word in lower case, a bracket,
// a slash or a sentence's end ('350" oven', '350" (180°C)', '350"/180°C', 'to 350".'); no dish is a
// hundred inches, and '350"F' (a writer's own way) stays.
const DEGREE_AS_QUOTE = /(?<=(?:^|[\s(/])[1-9]\d{2})["”″](?= \p{Ll}| ?[()[\]]|\/|[.!?;,]?$|[.!?] )/gu;

// The "oz" of fluid ounces read as "02" ("(12 fl. 02/375 ml)"): "fl." is only ever followed by its
// "oz". The amount before stays as read, so the line is not said.
const FL_OZ_AS_02 = /(?<=\bfl\.? ?)02(?=[\s./)]|$)/gu;

/** Letters of a line read as digits where no word is written so: the text and whether an amount changed. */
export function lettersAsDigits(line: string): { text: string; corrected: boolean } {
  let t = line.replace(ZERO_OEUF, "$1o$2").replace(DEGREE_AS_MARK, "°").replace(DEGREE_AS_QUOTE, "°");
  t = t.replace(FL_OZ_AS_02, "oz");
  const before = t;
  t = t.replace(OZ_AS_02, "($1oz)").replace(AMOUNT_ZERO_OEUF, "$1 o$2");
  t = t.replace(ONE_B, "1 lb$1").replace(T_AS_ONE, "$1 tsp").replace(LITRE_AS_ONE, "$1 l ");
  t = t.replace(LEADING_ZERO, "");
  return { text: t, corrected: t !== before };
}

// A range of amounts opening a line, written with spaces around its dash ("3 1/2 - 4 cups") or
// without ("1-2 bay leaves").
const RANGE_APART = /^\d+(?:[.,]\d+)?(?: \d+\/\d+)? - \d/u;
const RANGE_TIGHT = /^(\d+(?:[.,]\d+)?(?: \d+\/\d+)?)-(?=\d)/u;

/**
 * Ranges opening a line given their dash's spaces where the text writes another range so: the
 * reading loses the narrow spaces around a dash between short numbers ("1 - 2" read "1-2").
 */
export function rangeSpacing(lines: string[]): string[] {
  if (!lines.some((l) => RANGE_APART.test(l))) return lines;
  return lines.map((l) => l.replace(RANGE_TIGHT, "$1 - "));
}

// A mixed number's fraction run on into its unit ("1 1/2cups", "2 1/4tsp"): the space was lost. A
// metric unit written on to its amount ("1 1/2kg") is as cooks write it and stays.
const MIXED_GLUED =
  /^(\d+ \d+\/\d+)(?!(?:g|gr|grams?|kg|ml|l|dl|cl|oz|lbs?|cm|mm|x)(?:\P{L}|$))(\p{L}{2,}|c\b)/iu;
// A count run on into its container's ounces ("115 oz. can" for "1 15 oz. can", "214.5 oz cans"):
// no can, jar or packet holds a hundred ounces or more, while a count before a can's size is how
// recipes write it. The amount changes, so the line is said.
const COUNT_OUNCES =
  /^([1-9])(\d{2}(?:\.\d+)?)(?= ?(?:oz|ounces?)\b\.? ?(?:cans?|jars?|tins?|packages?|pkgs?\.?|packets?|box(?:es)?|bags?|cartons?|bottles?|containers?)\b)/iu;

// A gram's "g" read twice after an amount ("20 gg butter"): no unit is written so.
const DOUBLE_G = /^(\d+(?:[.,]\d+)?) gg(?= \p{L})/u;
// A gram's "g" run on into a word that opens with "g" ("50 ggær", "50ggær"): no word opens with "gg".
const G_WORD = /^(\d+(?:[.,]\d+)?) ?g(g\p{Ll}{2,})/u;

/** A mixed number's and a can's spaces given back: the text and whether an amount changed. */
export function amountSpaces(line: string): { text: string; corrected: boolean } {
  const t = line.replace(MIXED_GLUED, "$1 $2").replace(DOUBLE_G, "$1 g").replace(G_WORD, "$1 g $2");
  const counted = t.replace(COUNT_OUNCES, "$1 $2");
  return { text: counted, corrected: counted !== t };
}

// "in a", "on a", "to a"… read as one word ("Ina small bowl", "ona plate"): no English word is
// written so before a lower-case word (a name, "Ina Garten", is before a capital). Only in an
// English text (its "the" read twice at least).
const LOST_A = /(^|\s)([Ii]n|[Oo]n|[Ii]nto|[Oo]nto|[Ww]ith|[Tt]o|[Ff]or|[Oo]f)a(?= \p{Ll})/gu;

export function lostA(text: string, vocabulary: Map<string, number>): string {
  if (!english(vocabulary)) return text;
  return text.replace(LOST_A, "$1$2 a");
}

// An English text: its "the", "and" and "with" read three times at least (a short recipe may write
// no "the": "Combine butter, garlic and paprika"); no other recipe language writes these words.
const english = (vocabulary: Map<string, number>): boolean =>
  ["the", "and", "with"].reduce((n, w) => n + (vocabulary.get(w) ?? 0), 0) >= 3;

// The pronoun "I" read as a one after a sentence's end or a parenthesis, before a word that
// follows "I" and never an amount ("1 like to use", "… forever. 1 ground just a little"): only in
// an English text. No amount changes (a one before such a word is no amount).
const ONE_AS_I =
  /([.!?] |\( ?)1 (?=(?:like|love|use|used|prefer|recommend|find|found|think|have|had|was|am|would|will|do|did|don't|made|make|tried|always|usually|often|never|just|also|ground)\b)/gu;

export function oneAsI(text: string, vocabulary: Map<string, number>): string {
  return english(vocabulary) ? text.replace(ONE_AS_I, "$1I ") : text;
}
