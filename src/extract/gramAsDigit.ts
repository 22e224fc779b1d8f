// A gram's "g" read as the digit 4 after its amount ("754 smør" for "75 g smør"): tesseract's
// English model takes a lone "g" set close after digits for a "4". Hand-written: an OCR error on
// recipe text, which no library knows.

type Lines = { words: { text: string }[] }[];

// A line of the text (after its list mark, if any) whose grams are set apart from the amount and the name ("200 g mel").
const GRAMS_APART = /(?:^|\s)\d+(?:[.,]\d+)? g \p{L}/u;
// A two- or three-digit amount with a "4" run on, then a name in lower case ("754 smør", "1254
// hvedemel"): no cook counts 754 of something, while the text writes its grams as "75 g".
const FOUR_FOR_G = /^([1-9]\d{1,2})4 (?=\p{Ll}{3,})/u;
// A unit after the number says the number is an amount of its own ("124 cups" is a mixed number
// read whole, amountDoubt's), and a count of time or heat is no gram ("1204 grader" stays).
const UNIT_NEXT =
  /^(?:[1-9]\d{1,2})4 (?:g|gr|grams?|gram|kg|ml|cl|dl|l|oz|lbs?|cups?|tbsp|tsp|teaspoons?|tablespoons?|spsk|tsk|el|tl|stk|min|minutes?|minutter|hours?|timer?|grader|degrees?)\b/iu;

/**
 * A line's "g" read as a "4" given back, where the text sets its grams apart on two other lines at
 * least (a text in grams): the fixer of one line, saying whether it changed the amount, which it
 * always does (the cook checks it: the amount read was 754, the one given is 75 g).
 */
export function gramAsDigit(lines: Lines): (text: string) => { text: string; corrected: boolean } {
  const apart = lines.filter((l) => GRAMS_APART.test(l.words.map((w) => w.text.trim()).join(" "))).length;
  return (text) => {
    if (apart < 2 || !FOUR_FOR_G.test(text) || UNIT_NEXT.test(text)) return { text, corrected: false };
    return { text: text.replace(FOUR_FOR_G, "$1 g "), corrected: true };
  };
}
