import { CaselessWords } from "./caselessWords.ts";
import { ingredientLike } from "./genericLines.ts";
import { stripBullet } from "./text.ts";

// The generic reader's ingredient lines: amounts set apart from their names joined, group
// headings named, a list shown in two systems read once.

/**
 * A plain line over measured lines that the method names as something to make ("hand-cut chips"
 * over "1kg potatoes", the method saying "To make the hand-cut chips, …") heads a group of the
 * list: it becomes a heading, not an ingredient.
 */
export function groupsTheMethodNames(lines: string[], steps: string[]): string[] {
  const method = steps.join(" ").toLowerCase();
  return lines.map((l, i) => {
    const t = l.trim();
    const next = lines[i + 1];
    if (!next || !/^\s*[\d¼½¾⅓⅔⅛]/u.test(next) || /[\d,:;.]/.test(t) || t.length < 3 || t.length > 40)
      return l;
    const name = t.toLowerCase();
    // The whole name closing the phrase ("To make the chips, …", "For the sauce: …"; not "for
    // the chicken stock").
    const named = MAKE_THE.some((w) => {
      for (let at = method.indexOf(`${w} ${name}`); at >= 0; at = method.indexOf(`${w} ${name}`, at + 1))
        if (/^(?:[,.;:!?)]|$)/.test(method.charAt(at + w.length + 1 + name.length))) return true;
      return false;
    });
    return named ? `${t}:` : l;
  });
}
// An amount alone on its line, with at most its unit ("350 g", "1 unit(s)", "6 c.à.s", "1 tran.").
const AMOUNT_ONLY = /^[\d¼½¾⅐-⅞][\d\s/.,¼½¾⅐-⅞–-]*(?:\s*[\p{L}.]{1,14}(?:\(s\))?)?$/u;
export const AMOUNT_FIRST = /^[\d¼½¾⅐-⅞]/u;
// A size the name opens with, its unit joined by a hyphen ("1½-inch-thick chops", "14-ounce cans
// tomatoes"): it describes each piece, so a count may still stand over the name.
const SIZE_FIRST =
  /^[\d¼½¾⅐-⅞][\d\s/.,¼½¾⅐-⅞]*-(?:inch|in|cm|mm|centimet(?:er|re)|ounce|oz|pound|lb|gram|g|quart|qt|lit(?:er|re)|l)s?\b/iu;
/** Whether a line opens with its own amount, not with the size of its pieces. */
export const ownAmount = (t: string): boolean => AMOUNT_FIRST.test(t) && !SIZE_FIRST.test(t);

/**
 * A list that sets each amount and its ingredient in two blocks ("350 g" over "d'aubergine"), one
 * line each: the amount joins the name under it. Only when most of the list is such pairs, so a
 * list's own "2 eggs" over "salt" stays two lines.
 */
export function amountsJoined(lines: string[]): string[] {
  // An amount alone over a name (not over another amount, nor over a group's heading).
  const pairAt = (i: number): boolean => {
    const next = lines[i + 1];
    return next !== undefined && AMOUNT_ONLY.test(lines[i]!) && !ownAmount(next) && !next.endsWith(":");
  };
  let pairs = 0;
  for (let i = 0; i + 1 < lines.length; i++)
    if (pairAt(i)) {
      pairs++;
      i++;
    }
  // A list that opens with a name sets each amount under its name ("Pine nuts" over "70 g"): the
  // pairs would be read one off; they are read name first (namesOverAmounts).
  const first = lines.find((l) => !l.endsWith(":"));
  if (first && !AMOUNT_FIRST.test(first)) return namesOverAmounts(lines);
  if (pairs < 3 || pairs * 2 < lines.length * 0.6 || !first || !AMOUNT_ONLY.test(first)) return lines;
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (pairAt(i)) {
      out.push(`${lines[i]!} ${lines[i + 1]!}`);
      i++;
    } else out.push(lines[i]!);
  }
  return out;
}

/**
 * A list that sets each ingredient's name in one block and its amount in the next ("Selder" over
 * "4 stengel", "Zout" alone when it has none): the amount joins the name over it, written first as
 * an ingredient line is ("4 stengel selder"). Only when the list opens with a name and most of it
 * is such pairs, so a list's own "salt" over "2 eggs" stays two lines.
 */
function namesOverAmounts(lines: string[]): string[] {
  // The amount may carry its note ("20 g, fresh", "1 (juice only)"): it goes after the name.
  const split = (t: string): [string, string] => {
    const m = /^(.*?)((?:,\s.*|\s*\(.*\)))$/u.exec(t);
    return m && AMOUNT_ONLY.test(m[1]!) ? [m[1]!, m[2]!] : [t, ""];
  };
  const pairAt = (i: number): boolean => {
    const name = lines[i]!;
    const next = lines[i + 1];
    return (
      next !== undefined &&
      AMOUNT_ONLY.test(split(next)[0]) &&
      !AMOUNT_FIRST.test(name) &&
      !name.endsWith(":") &&
      /\p{L}/u.test(name)
    );
  };
  let pairs = 0;
  for (let i = 0; i + 1 < lines.length; i++)
    if (pairAt(i)) {
      pairs++;
      i++;
    }
  if (pairs < 3 || pairs * 2 < lines.length * 0.6) return lines;
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (pairAt(i)) {
      const [amount, note] = split(lines[i + 1]!);
      out.push(`${amount} ${lines[i]!}${note.startsWith(",") ? note : note ? ` ${note.trim()}` : ""}`);
      i++;
    } else out.push(lines[i]!);
  }
  return out;
}

// The parts of a dish a list is grouped by ("Herb Topping", "Muffins dough", "Garniture"), and
// what is set aside for serving ("To serve"), in the languages read.
export const PART_NAME = new CaselessWords(
  /(?:^|[\s-])(?:sauce|salsa|filling|toppings?|glaze|dough|frosting|dressing|crust|icing|garnish(?:es)?|marinade|coating|seasoning|streusel|gravy|rub|drizzle|ganache|batter|syrup|buttercream|crumble|teig|füllung|belag|glasur|guss|soße|garniture|pâte|farce|glaçage|nappage|impasto|ripieno|glassa|farcia|guarnizione|masa|relleno|glaseado|cobertura|aderezo|adobo|recheio|molho|calda|tempero|deeg|vulling|saus|glazuur|garnering|beslag|fyllning|nadzienie|ciasto|polewa|posypka|tészta|töltelék|(?:remaining|other|additional) ingredients|to serve|for serving|to garnish|zum servieren|zum garnieren|pour servir|per servire|para servir|om te serveren)$/u,
);
// What else the dish takes, over lines that are often unmeasured ("Verder nodig" over "butter, to grease").
export const ALSO_NEEDED = new CaselessWords(
  /^(?:verder nodig|ook nodig|außerdem|ausserdem|zusätzlich|also needed|you(?:['’]ll| will) also need|en plus|inoltre|además|além disso|dessutom|derudover|i tillegg)$/u,
);
// A plain line that could name a group: short, no quantity, no note, no sentence.
export const BARE_NAME = /^[^\d,;:()./!?]{3,40}$/u;
// A plain name between dashes.
const FRAMED_NAME = /^[-–—]+\s*([^\d,;:()./!?\-–—]{3,40}?)\s*[-–—]+$/u;
// An ingredient with its use after it ("Fresh herbs for garnish", "Lemon wedges to serve").
export const WITH_ITS_USE = new CaselessWords(/\s(?:for|to|zum|zur|pour|per|para|om|voor|till)\s/u);

/**
 * A plain line naming a part of the dish (or what else it takes) right over measured lines heads a
 * group of the list: it becomes a heading, not an ingredient.
 */
export function namesAPart(lines: string[]): string[] {
  return namesLikeItsGroups(namesEachPart(lines));
}

function namesEachPart(lines: string[]): string[] {
  return lines.map((l, i) => {
    const t = stripBullet(l).trim();
    const next = lines[i + 1];
    if (next && ALSO_NEEDED.test(t)) return `${t}:`;
    // A name set between dashes ("— Filling —", "-- Topping --") heads a group whatever it names.
    const framed = FRAMED_NAME.exec(l.trim());
    if (next && framed) return `${framed[1]}:`;
    if (!next || !BARE_NAME.test(t) || t.split(" ").length > 4 || WITH_ITS_USE.test(t) || !PART_NAME.test(t))
      return l;
    return ingredientLike(next) ? `${t}:` : l;
  });
}

// A measured line written in lower case ("1 cup (240ml) cold heavy cream"): a name in capitals
// over such lines is set apart from them as a heading is.
const lowerMeasured = (l: string | undefined): boolean =>
  !!l && ownAmount(stripBullet(l).trim()) && !/\p{Lu}/u.test(l);
// Every word of a name capitalised, two words at least ("Whipped Cream").
const TITLED = /^\p{Lu}[\p{L}'’-]*(?:\s+(?:\p{Lu}[\p{L}'’-]*|and|und|et|e|y|en|och|&|with|of))+$/u;

/**
 * In a list whose groups are named (a heading read already), another group's name set the same
 * way: a titled name between measured lines in lower case ("Whipped Cream" after "1 cup sugar",
 * over "1 cup cold heavy cream"); a single word, a name without a second measured line under it,
 * or one in a list written in capitals throughout stays a line ("Salt", "Fresh Basil").
 */
function namesLikeItsGroups(lines: string[]): string[] {
  if (!lines.some((l) => l.endsWith(":"))) return lines;
  return lines.map((l, i) => {
    const t = stripBullet(l).trim();
    if (!TITLED.test(t) || t.split(" ").length > 4 || WITH_ITS_USE.test(t)) return l;
    const between = [lines[i - 1], lines[i + 1], lines[i + 2]].every(lowerMeasured);
    return between ? `${t}:` : l;
  });
}

// How a method names a part of the dish it makes ("To make the chips", "For the sauce").
// A method's own sub-heading naming the part bare ("Make Shortcakes", "Make the Glaze") too.
const MAKE_THE = ["make the", "making the", "prepare the", "for the", "make"];

const lastWord = (l: string): string => /([\p{L}]+)[^\p{L}]*$/u.exec(l.toLowerCase())?.[1] ?? "";

/**
 * The list once when the page shows it twice, in metric and in US measures (a unit switch whose
 * both lists are in the page): a second half naming the same things in the same order goes.
 */
export function oneSystem(lines: string[]): string[] {
  const half = lines.length / 2;
  if (half < 2 || !Number.isInteger(half)) return lines;
  let same = 0;
  for (let i = 0; i < half; i++) if (lastWord(lines[i]!) === lastWord(lines[half + i]!)) same++;
  return same >= half * 0.8 ? lines.slice(0, half) : lines;
}

// An amount, its optional one-word unit, then the same amount again: "6 6 eggs", "1/2 cup 1/2 flour".
const REPEATED_AMOUNT = /^(\d+(?:[.,]\d+)?(?:\/\d+)?|[¼½¾⅓⅔⅛])((?:\s+[\p{L}.]+)?)\s+\1\s+(?=\S)/u;

/**
 * Each amount once where a card prints it twice (its own and a unit switch's other system's,
 * hidden by a style the text does not carry): "6 6 boneless chicken breasts". Only when most
 * measured lines of the list do it, so a line whose second number is its own ("2 2-inch pieces",
 * "1 1/2 cups") or a single odd line stays as written.
 */
export function amountsOnce(lines: string[]): string[] {
  const measured = lines.filter((l) => /^\s*[\d¼½¾⅓⅔⅛]/u.test(l)).length;
  const repeated = lines.filter((l) => REPEATED_AMOUNT.test(l.trim())).length;
  if (repeated < 2 || repeated * 2 < measured) return lines;
  return lines.map((l) => l.trim().replace(REPEATED_AMOUNT, "$1$2 "));
}
