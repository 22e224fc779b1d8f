import type { Ingredient } from "../domain/recipe.ts";
import { UNITS, toBase, unitId } from "../normalize/units.ts";
import { beatEggsIn, notScaledIn } from "./hintWords.ts";
import {
  formatAmount,
  formatNumber,
  isSpoon,
  measuredAmount,
  roundCount,
  roundIn,
  systemOf,
  unitOf,
  unitWord,
  type Amount,
  type AmountLanguage,
  type UnitSystem,
} from "./amounts.ts";
import { densityOf } from "./density.ts";
import { QTY, findMainAmount, findMeasures, quantityValue, type FoundMeasure } from "./measures.ts";

/** How a line came out of scaling. */
export type ScaleStatus =
  /** Its amounts were scaled or converted. */
  | "scaled"
  /** Nothing asked for a change (factor 1, units as written): the line as the recipe wrote it. */
  | "asWritten"
  /** The line gives no amount ("salt to taste", "oil for frying"): shown as written. */
  | "noAmount"
  /** Ladle could not read the line's amount: shown as written and marked, never scaled wrongly. */
  | "unparsed";

/** An ingredient line after scaling: the parsed fields hold the new amount, `display` the line. */
export type KitchenIngredient = Ingredient & {
  /** The line to show: the cook's own words with the new amount. */
  display: string;
  status: ScaleStatus;
  /** A word for the cook ("Beat the eggs and use about 75 g"), or why a line was not scaled. */
  hint: string | null;
};

const TO_TASTE =
  /\b(to taste|as needed|for (?:serving|garnish|frying|greasing|dusting)|nach geschmack|au goût|al gusto|a gusto|naar smaak|a gosto|efter smak|q\.\s?b\.?)\b/iu;

// English unit words whose singular and plural a cook expects to follow the number.
const ENGLISH_UNIT_WORDS: Record<string, string> = {
  tablespoon: "tablespoons",
  teaspoon: "teaspoons",
  cup: "cups",
  ounce: "ounces",
  pound: "pounds",
  gram: "grams",
  kilogram: "kilograms",
  liter: "liters",
  litre: "litres",
  milliliter: "milliliters",
  millilitre: "millilitres",
  pint: "pints",
  quart: "quarts",
  gallon: "gallons",
  pinch: "pinches",
  dash: "dashes",
  clove: "cloves",
  can: "cans",
  tin: "tins",
  slice: "slices",
  piece: "pieces",
  stick: "sticks",
  package: "packages",
  packet: "packets",
  bunch: "bunches",
  sprig: "sprigs",
  handful: "handfuls",
  jar: "jars",
  bag: "bags",
  box: "boxes",
  head: "heads",
  stalk: "stalks",
  sheet: "sheets",
  fillet: "fillets",
  leaf: "leaves",
};
const SINGULAR_UNIT_WORDS = Object.fromEntries(Object.entries(ENGLISH_UNIT_WORDS).map(([s, p]) => [p, s]));

/** A written English unit word in the number an amount needs ("tablespoons" for 2, "cup" for ½). */
function numbered(word: string, amount: number): string {
  const lower = word.toLowerCase();
  const keepCase = (w: string) => (word[0] === word[0]!.toUpperCase() ? w[0]!.toUpperCase() + w.slice(1) : w);
  if (amount > 1 && ENGLISH_UNIT_WORDS[lower]) return keepCase(ENGLISH_UNIT_WORDS[lower]);
  if (amount <= 1 && SINGULAR_UNIT_WORDS[lower]) return keepCase(SINGULAR_UNIT_WORDS[lower]);
  return word;
}

/** "onion" → "onions", "tomato" → "tomatoes", "egg" → "eggs": only plain lower-case words. */
function pluralNoun(w: string): string {
  if (!/^[a-z]+$/.test(w) || w.endsWith("s")) return w;
  if (/(?:ch|sh|x|z|[^aeiou]o)$/.test(w)) return `${w}es`;
  if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ies`;
  return `${w}s`;
}

/** "eggs" → "egg", "tomatoes" → "tomato", "berries" → "berry"; words that only end in s stay. */
function singularNoun(w: string): string {
  if (!/^[a-z]+s$/.test(w) || /(?:ss|us|is)$/.test(w)) return w;
  if (/ies$/.test(w)) return `${w.slice(0, -3)}y`;
  if (/(?:ches|shes|xes|zes|[^aeiou]oes)$/.test(w)) return w.slice(0, -2);
  return w.slice(0, -1);
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out
    .replace(/\(\s*(?:or|,|;)\s+/g, "(")
    .replace(/\s+(?:or|,|;)\s*\)/g, ")")
    .replace(/\(\s*\)/g, "")
    .replace(/\s{2,}/g, " ")
    .replace(/\s+([,;)])/g, "$1")
    .trim();
}

/** The span to cut when a measure goes away: with its parentheses, slash or "plus" before it. */
function removal(text: string, m: FoundMeasure): Edit {
  let start = m.start;
  let end = m.end;
  const before = text.slice(0, start);
  const after = text.slice(end);
  const open = /\(\s*$/.exec(before);
  const close = /^\s*\)/.exec(after);
  if (open && close) {
    start -= open[0].length;
    end += close[0].length;
  } else {
    const sep = /\s*(?:\/|\bplus\b|\+|\band\b|=)\s*$/i.exec(before);
    if (sep) start -= sep[0].length;
  }
  return { start, end, text: "" };
}

/**
 * What a second measure in the line is to the main amount: added to it ("½ cup plus 2 tbsp"),
 * another amount of something else or of a part ("plus 6 tbsp for topping", "or 1 tsp instant
 * yeast"), or the same amount said another way ("(140 g)", "/ 3½ oz").
 */
function roleOf(
  text: string,
  m: FoundMeasure,
  main: { end: number } | null,
): "plus" | "extra" | "alternative" {
  const before = text.slice(0, m.start);
  if (/(?:\bplus\b|\+|\band\b)\s*$/i.test(before))
    return main && /^\s*(?:plus|\+|and)\s*$/i.test(text.slice(main.end, m.start)) ? "plus" : "extra";
  if (/\bor\s*$/i.test(before) && !/\([^)]*$/.test(before)) return "extra";
  return "alternative";
}

const NOT_AN_AMOUNT =
  /^(?:degrees?|inch(?:es)?|in|cm|mm|minutes?|mins?|hours?|hrs?|seconds?|percent|to|or|x)$/i;

/** How much a cook's egg weighs, for the hint on a fraction of eggs. */
const EGG_GRAMS = 50;

/**
 * Scales one parsed ingredient line by `factor` and says it in `system`, its numbers and the unit
 * words Ladle writes in `lang` (the cook's language). The line keeps its words; only the amounts change. Lines without an amount and lines Ladle could not read stay as written
 * (the latter marked), so nothing is ever scaled wrongly.
 */
export function scaleIngredient(
  given: Ingredient,
  factor: number,
  system: UnitSystem,
  lang: AmountLanguage = "en",
): KitchenIngredient {
  // The parser lends a bare count the unit of a later amount, as its labels do ("2 chicken breasts,
  // 6 oz each": 2 oz); a cook scales the count, so the count keeps no unit here.
  const count = given.amounts?.[0];
  const ing: Ingredient =
    count && count.unit === null && given.unit !== null && count.quantity === given.quantity
      ? { ...given, unit: null }
      : given;
  const text = ing.text;
  const changing = factor !== 1 || system !== "original";
  const asIs = (status: ScaleStatus, hint: string | null = null): KitchenIngredient => ({
    ...ing,
    display: text,
    status,
    hint,
  });
  if (ing.confidence < 0.5 || (ing.quantity === 0 && /\d/.test(text) && !TO_TASTE.test(text)))
    return asIs("unparsed", changing ? notScaledIn(lang) : null);
  if (!(ing.quantity > 0)) return asIs("noAmount");
  if (!changing) return asIs("asWritten");

  const id = unitOf(ing.unit);
  const measured = !!id && UNITS[id]!.base !== undefined;
  const main = findMainAmount(text, ing.quantity, ing.unit);
  const others = findMeasures(text).filter((m) => !main || m.end <= main.start || m.start >= main.end);
  const edits: Edit[] = [];
  let amount: Amount;

  if (measured) {
    const dim = UNITS[id]!.dimension;
    const roles = others.map((m) => ({ m, role: roleOf(text, m, main), dim: UNITS[m.unitId]!.dimension }));
    // In a target system, the line's own measure in that system is the one to show ("250 ml /
    // 1 cup milk" in US cups is "1 cup milk"); spoons read the same in both.
    const inTarget = (u: string) => system !== "original" && systemOf(u) === system;
    const alternative =
      system !== "original" && !inTarget(id)
        ? roles.find((r) => r.role === "alternative" && inTarget(r.m.unitId))
        : undefined;
    if (alternative && (!isSpoon(id) || UNITS[alternative.m.unitId]!.dimension === "mass")) {
      const a = alternative.m;
      amount = measuredAmount(
        toBase(a.quantity, a.unitId)! * factor,
        a.quantityMax === null ? null : toBase(a.quantityMax, a.unitId)! * factor,
        a.unitId,
        system,
        lang,
      );
    } else {
      let base = toBase(ing.quantity, id)! * factor;
      let top = ing.quantityMax ? toBase(ing.quantityMax, id)! * factor : null;
      for (const r of roles) {
        if (r.role === "plus" && r.dim === dim) {
          const add = toBase(r.m.quantity, r.m.unitId)! * factor;
          base += add;
          if (top !== null) top += add;
        }
      }
      amount = weighedOrMeasured(ing.name, base, top, id, system, lang);
    }
    for (const r of roles) {
      if ((r.role === "plus" && r.dim !== dim) || r.role === "extra") {
        edits.push({ start: r.m.start, end: r.m.end, text: say(r.m, factor, system, lang).text });
      } else if (r.role === "plus" || system !== "original") {
        // Added into the main amount, or an alternative measure a target system makes redundant.
        edits.push(removal(text, r.m));
      } else {
        edits.push({ start: r.m.start, end: r.m.end, text: say(r.m, factor, "original", lang).text });
      }
    }
    // "(2 sticks)": an alternative amount in a unit without a size is scaled as a count, or left
    // out in metric (US cooks buy butter by the stick).
    const counts = new RegExp(`\\((\\s*(?:about\\s+)?)(${QTY})\\s+([\\p{L}]+)([^()]*)\\)`, "gu");
    for (const c of text.matchAll(counts)) {
      const start = c.index;
      const end = start + c[0].length;
      if (
        others.some((m) => m.start < end && m.end > start) ||
        (main && main.start < end && main.end > start)
      )
        continue;
      const q = quantityValue(c[2]!).quantity;
      // Sizes, heats and times in brackets are not amounts ("(about 75 degrees)", "(1-inch)").
      if (!Number.isFinite(q) || NOT_AN_AMOUNT.test(c[3]!)) continue;
      if (system === "metric") {
        edits.push({ start, end, text: "" });
      } else {
        const n = roundCount(q * factor);
        edits.push({ start, end, text: `(${c[1]}${formatNumber(n, lang)} ${numbered(c[3]!, n)}${c[4]})` });
      }
    }
    if (!main?.unitInSpan) {
      // The unit is not where the number is: write the line from its parts.
      return fromParts(ing, amount);
    }
    const sameUnit = amount.unit === id;
    const written = text.slice(main.unitStart, main.end);
    const word = sameUnit && written ? numbered(written, amount.quantityMax ?? amount.quantity) : null;
    const num =
      amount.quantityMax !== null
        ? `${formatAmount(amount.quantity, amount.unit, lang)}-${formatAmount(amount.quantityMax, amount.unit, lang)}`
        : formatAmount(amount.quantity, amount.unit, lang);
    const compound = amount.text.includes(" + ") || / lb \d/.test(amount.text);
    edits.push({
      start: main.start,
      end: main.end,
      text: word && !compound ? `${num} ${word}` : amount.text,
    });
  } else {
    // A count: eggs, onions, cans, cloves, pinches.
    const q = roundIn(ing.quantity * factor, id ?? null);
    const top = ing.quantityMax ? roundIn(ing.quantityMax * factor, id ?? null) : null;
    const num =
      top !== null && top !== q
        ? `${formatNumber(q, lang)}-${formatNumber(top, lang)}`
        : formatNumber(q, lang);
    const n = top ?? q;
    amount = { quantity: q, quantityMax: top !== q ? top : null, unit: ing.unit, text: num };
    if (!main) {
      return fromParts(ing, { ...amount, text: ing.unit ? `${num} ${unitWord(ing.unit, n, lang)}` : num });
    }
    let replacement = num;
    if (main.unitInSpan && ing.unit) {
      const written = text.slice(main.unitStart, main.end);
      replacement = `${num} ${numbered(written || ing.unit, n)}`;
    } else if (/^(?:an?|one)\s+$/i.test(text.slice(main.start, main.end))) {
      replacement = `${num} `;
    }
    edits.push({ start: main.start, end: main.end, text: replacement });
    // The unit or the thing counted, after the number: "2 (14 oz) cans", "2 large onions".
    const counted = countedWord(text, main.end, ing, id);
    if (counted && !others.some((m) => counted.at < m.end && counted.at + counted.word.length > m.start)) {
      const fixed = ing.unit
        ? numbered(counted.word, n)
        : n > 1
          ? pluralNoun(counted.word)
          : singularNoun(counted.word);
      edits.push({ start: counted.at, end: counted.at + counted.word.length, text: fixed });
    }
    for (const m of others) {
      // A size before the thing counted ("1 (14 oz) can", "2 x 400g tins") or said "each" is one
      // item's: converted, not scaled. One after it ("1 onion (about 2 cups chopped)") is the total.
      const perItem = (counted && m.start < counted.at) || /^\s*each\b/i.test(text.slice(m.end));
      if (perItem && (system === "original" || systemOf(m.unitId) === system)) continue;
      // Pack sizes are printed in round numbers: a 14 oz can is a 400 g can.
      const said = perItem ? packSize(m, system, lang) : say(m, factor, system, lang).text;
      // "1 28-ounce can" → "1 (800 g) can": a converted size right after the number gets brackets.
      const bare = /^\s*$/.test(text.slice(main.end, m.start)) && !/^\s*\)/.test(text.slice(m.end));
      edits.push({ start: m.start, end: m.end, text: bare ? `(${said})` : said });
    }
  }

  const display = applyEdits(text, edits);
  const hint = eggHint(ing, amount, lang);
  return {
    ...ing,
    quantity: amount.quantity,
    quantityMax: amount.quantityMax,
    unit: amount.unit && UNITS[amount.unit] ? UNITS[amount.unit]!.house : amount.unit,
    display,
    status: "scaled",
    hint,
  };
}

/**
 * A measured amount in `system`; cups of flour become grams in metric, and grams of flour cups in
 * US customary, where the ingredient's weight per cup is known.
 */
function weighedOrMeasured(
  name: string,
  base: number,
  top: number | null,
  id: string,
  system: UnitSystem,
  lang: AmountLanguage,
): Amount {
  const d = system === "original" ? null : densityOf(name);
  const dim = UNITS[id]!.dimension;
  if (d && system === "metric" && dim === "volume" && !isSpoon(id))
    return measuredAmount(base * d.gPerMl, top === null ? null : top * d.gPerMl, "g", "metric", lang);
  if (d && d.cups && system === "us" && dim === "mass")
    return measuredAmount(base / d.gPerMl, top === null ? null : top / d.gPerMl, "cup", "us", lang);
  return measuredAmount(base, top, id, system, lang);
}

/** Where the unit (or, without one, the thing counted) is written after the number. */
function countedWord(
  text: string,
  from: number,
  ing: Ingredient,
  id: string | null,
): { at: number; word: string } | null {
  const words = ing.unit
    ? [ing.unit, ...(id ? [UNITS[id]!.house, ...UNITS[id]!.aliases] : [])]
    : [ing.name.split(/\s+/).pop()!];
  const alt = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  const re = new RegExp(`(?<![\\p{L}])((?:${alt})(?:e?s)?)(?![\\p{L}])`, "iu");
  const w = re.exec(text.slice(from));
  if (!w) return null;
  // "1 litre chicken stock" read without its unit: the stock is not counted.
  if (
    !ing.unit &&
    text
      .slice(from, from + w.index)
      .split(/\s+/)
      .some((x) => unitId(x.replace(/[.,]$/, "")))
  )
    return null;
  return { at: from + w.index, word: w[1]! };
}

/** A second measure of the line, scaled by `factor` and said in `system`. */
function say(m: FoundMeasure, factor: number, system: UnitSystem, lang: AmountLanguage): Amount {
  return measuredAmount(
    toBase(m.quantity, m.unitId)! * factor,
    m.quantityMax === null ? null : toBase(m.quantityMax, m.unitId)! * factor,
    m.unitId,
    system,
    lang,
  );
}

/** One item's size said in `system`, rounded as packs are labelled (to 25 g or ml from 100). */
function packSize(m: FoundMeasure, system: UnitSystem, lang: AmountLanguage): string {
  const base = toBase(m.quantity, m.unitId)!;
  const round = (b: number) => (system === "metric" && b >= 100 ? Math.round(b / 25) * 25 : b);
  return measuredAmount(
    round(base),
    m.quantityMax === null ? null : round(toBase(m.quantityMax, m.unitId)!),
    m.unitId,
    system,
    lang,
  ).text;
}

/** The line written from its parsed parts, when its amount cannot be found in its words. */
function fromParts(ing: Ingredient, amount: Amount): KitchenIngredient {
  const notes = ing.notes ? ` (${ing.notes})` : "";
  return {
    ...ing,
    quantity: amount.quantity,
    quantityMax: amount.quantityMax,
    unit: amount.unit && UNITS[amount.unit] ? UNITS[amount.unit]!.house : amount.unit,
    display: `${amount.text} ${ing.name}${notes}`.replace(/\s+/g, " ").trim(),
    status: "scaled",
    hint: null,
  };
}

function eggHint(ing: Ingredient, amount: Amount, lang: AmountLanguage): string | null {
  if (ing.unit || !/\beggs?\b/i.test(ing.name)) return null;
  const q = amount.quantityMax ?? amount.quantity;
  if (Number.isInteger(q)) return null;
  return beatEggsIn(Math.round((q * EGG_GRAMS) / 5) * 5, lang);
}
