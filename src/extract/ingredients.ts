import { NUMBER_WORDS, wordAlternation } from "./numberWords.ts";
import type { Ingredient } from "../domain/recipe.ts";
import { splitAfterComma, splitName } from "./ingredientParts.ts";
import { libraryRead, libraryReadOne, type Parsed } from "./libraryRead.ts";
import { ingredientTagger, type TaggedLine } from "./tagger/model.ts";
import { readTagged, type LineReading } from "./tagger/reading.ts";
import { EXTRA_UNITS, UNIT_NAMES, FOREIGN_UNITS } from "./ingredientUnits.ts";
import { isIngredientsWord } from "./sectionWords.ts";
import { isColumnHead } from "./listMarks.ts";
import { cleanText, tidyLine } from "./text.ts";

const TO_TASTE =
  /\b(to taste|as needed|as required|for serving|for garnish|nach geschmack|au goût|al gusto|a gusto|naar smaak|a gosto|efter smak|q\.\s?b\.?|qb)(?![\p{L}])/iu;
const OPTIONAL = /\b(optional|optionnel|facoltativ[oa]|opcional|optioneel|valfritt)\b/i;

// parse-ingredient's trailing-quantity regex backtracks exponentially on a long run of letters
// followed by digits inside one token ("aaaaaaaaaaaaaaaaaaaaaa(20)": 22 letters take ~0.4 s, each
// more letter doubles it), and its unit pattern does the same on other long tokens. Lines with such
// tokens (or over 300 characters) are not real ingredient lines: they keep
// the whole text as the name (low confidence), and a hostile page cannot stall a worker.
const RISKY_TOKEN = /[\p{L}_]{16,}[^\s\d]*\d|\S{25,}/u;
const PUNCT = /[^\p{L}\p{N}\s]/gu;
function SAFE_FOR_LIBRARY(line: string): boolean {
  if (line.length > 300) return false;
  // Both patterns below need a token of 16 characters or more: most lines have none, and the
  // patterns cost more than this scan (white space here is ASCII only, so a run is never shorter
  // than the token it holds).
  if (longestRun(line) <= 16) return true;
  if (RISKY_TOKEN.test(line)) return false;
  // Long tokens mixing letters and punctuation ("g(_:fl'abc.abc((20") are what its unit pattern
  // backtracks on; real ingredient words that long are plain compounds.
  return line.split(/\s+/).every((t) => t.length <= 16 || (t.match(PUNCT)?.length ?? 0) < 2);
}

/** Length of the longest run of characters that are not ASCII white space. */
function longestRun(line: string): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) run = 0;
    else if (++run > best) best = run;
  }
  return best;
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/**
 * Splits "finely chopped flour, sifted (about 2 cups)" into unit (a counted piece the library does
 * not know), name, preparation and notes (preparation included).
 */
function splitNotes(
  description: string,
  hasUnit: boolean,
): { name: string; notes: string[]; preparation: string | null; unit: string | null } {
  const notes: string[] = [];
  const bare = description.replace(/\(([^()]*)\)/g, (_m, inner: string) => {
    if (inner.trim()) notes.push(inner.trim());
    return " ";
  });
  const comma = splitAfterComma(cleanText(bare));
  const parts = splitName(comma.name, hasUnit);
  const preparation = [parts.preparation, comma.isPrep ? comma.after : null].filter(Boolean).join(", ");
  if (comma.after) notes.unshift(comma.after);
  if (parts.preparation) notes.unshift(parts.preparation);
  notes.push(...parts.notes);
  return { name: cleanText(parts.name), notes, preparation: preparation || null, unit: parts.unit };
}

// Multi-word spoon units, rewritten to one token the library knows (right after the quantity).
const UNIT_PHRASES: [RegExp, string][] = [
  [/^c\.?\s?à\.?\s?(?:s\.?|soupe)(?![\p{L}])|^cuill(?:ères?|\.)?\s+à\s+soupe(?![\p{L}])/iu, "càs"],
  [/^c\.?\s?à\.?\s?(?:c\.?|café)(?![\p{L}])|^cuill(?:ères?|\.)?\s+à\s+café(?![\p{L}])/iu, "càc"],
  [/^colher(?:es)?\s+(?:de\s+sopa|\(sopa\))(?![\p{L}])/iu, "colhersopa"],
  [/^colher(?:es)?\s+(?:de\s+chá|\(chá\))(?![\p{L}])/iu, "colhercha"],
  [/^(xícaras?)\s+(?:de\s+chá|\(chá\))(?![\p{L}])/iu, "$1"],
];
const LEADING_QTY =
  /^(\d+(?:[.,]\d+)?(?:\s*[-–]\s*\d+(?:[.,]\d+)?)?|\d+\s+\d+\/\d+|\d+\/\d+|\d*[¼½¾⅐-⅞])\s*/u;
// "a pinch of", "une pincée de", "un pizzico di": the article is a quantity of one.
const ARTICLE_UNIT =
  /^(?:an?|one|une?|una?|uma?|een|en|ett|ein(?:e)?)\s+(?=(?:pinch|dash|handful|splash|sprig|knob|drizzle|pincée|pizca|pizzico|pitada|snufje|nypa|Prise|Messerspitze|Msp)(?![\p{L}]))/iu;
const OPTIONAL_PREFIX =
  /^(?:optional|optionnel|facultatif|opcional|facoltativo|optioneel|valfritt|valfri)\s*[:–-]\s*/i;
// Italian "q.b." (quanto basta) closes a name the way ", to taste" does; "Salt to taste" stays whole.
const TO_TASTE_SUFFIX = /^(.+?)\s+(q\.\s?b\.?|qb)$/i;
// "2 x 400g tins", "1 (14 oz) can", "1 14-oz can": the pack size is a note, the count the quantity.
const MULTIPLIER = /^(\d+)\s*[x×]\s*(\d+(?:[.,]\d+)?\s?(?:g|kg|ml|l|cl|oz|lb)\.?)\s+/i;
const PAREN_SIZE = /^(\d+(?:[.,]\d+)?|\d*[¼½¾⅓⅔])\s*\(([^()]{1,30})\)\s*(?=\p{L})/u;
const PACK_SIZE =
  /^(\d+)\s+(\d+(?:[.,]\d+)?[-\s]?(?:oz|ounce|g|ml|lb)\.?)\s+(?=(?:cans?|tins?|jars?|packages?|pkgs?|packets?|box(?:es)?|bags?|bottles?|cartons?|containers?)(?![\p{L}]))/iu;
// "2 e 1/2", "1 y 1/2", "1 and 1/2": a mixed number.
const AND_FRACTION = /^(\d+)\s+(?:e|y|et|and|und|en|och)\s+(\d+\/\d+|[¼½¾⅓⅔⅛])/i;

// "About 2 cups", "Approximately 1 kg": the amount is still the amount.
const ABOUT =
  /^(about|approximately|approx\.|roughly|around|circa|ca\.|scant|heaping|heaped|generous|rounded|level|good)\s+(?=[\d¼½¾⅓⅔⅛])/i;
// "Juice of 2 limes", "Finely grated zest of 1 orange": what is done comes first, then the amount.
const PART_OF =
  /^((?:(?:finely|freshly)\s+)?(?:grated\s+)?(?:zest|juice|rind)(?:\s+and\s+(?:zest|juice))?)\s+(?:of|from)\s+(?=[\d¼½¾⅓⅔⅛]|one\s|a\s|an\s|half\s)/i;
const NUMBERS = NUMBER_WORDS;
// "One 28-ounce can", "Six 1-inch slices": a count written as a word.
const NUMBER_WORD = new RegExp(String.raw`^(?:${wordAlternation(NUMBER_WORDS)})\s+(?=\S)`, "i");

/** Rewrites what parse-ingredient misreads; returns the line to parse and notes taken out of it. */
function prepare(line: string): { line: string; notes: string[]; optional: boolean; partOf: string | null } {
  const notes: string[] = [];
  let optional = false;
  // Decimal and thousands commas: only a line with a comma has one to rewrite.
  let t = line.includes(",")
    ? line.replace(/(\d),(\d{1,2})(?!\d)/g, "$1.$2").replace(/(\d),(\d{3})(?!\d)/g, "$1$2")
    : line;
  t = t.replace(/^[-–•*·▢□◦]\s*/, "");
  const opt = OPTIONAL_PREFIX.exec(t);
  if (opt) {
    optional = true;
    t = t.slice(opt[0].length);
  }
  let partOf: string | null = null;
  const part = PART_OF.exec(t);
  if (part) {
    partOf = part[0].trim();
    t = t.slice(part[0].length);
  }
  const about = ABOUT.exec(t);
  if (about) {
    notes.push(about[1]!.toLowerCase());
    t = t.slice(about[0].length);
  }
  t = t
    .replace(NUMBER_WORD, (w: string) => `${NUMBERS[w.trim().toLowerCase()]} `)
    .replace(/^half\s+an?\s+/i, "0.5 ")
    .replace(ARTICLE_UNIT, "1 ")
    .replace(AND_FRACTION, "$1 $2");
  let m = MULTIPLIER.exec(t) ?? PACK_SIZE.exec(t);
  if (m) {
    notes.push(m[2]!.trim());
    t = `${m[1]} ${t.slice(m[0].length)}`;
  } else if ((m = PAREN_SIZE.exec(t))) {
    notes.push(m[2]!.trim());
    t = `${m[1]} ${t.slice(m[0].length)}`;
  }
  const q = LEADING_QTY.exec(t);
  if (q) {
    const rest = t.slice(q[0].length);
    for (const [re, token] of UNIT_PHRASES) {
      if (re.test(rest)) {
        t = `${q[0]}${rest.replace(re, token)}`;
        break;
      }
    }
  }
  // "100g/3½oz butter": a second measure after a slash (none without one).
  if (t.includes("/"))
    t = t.replace(
      /^([^/]{0,20}?[\p{L}.])\/(?=\s*[\d¼½¾⅓⅔⅛])|^(\d+\s+\d+\/\d+\s*[\p{L}.]+)\/(?=\s*[\d¼½¾⅓⅔⅛])/u,
      "$1$2 / ",
    );
  // Tablespoon spellings the library does not know ("2 Tb", "1 T."): capital T is a tablespoon.
  t = t.replace(/^([\d\s./¼½¾⅓⅔⅛-]+?)\s*(?:Tbs|tbs|Tb|TB|T)\.?(?=\s)/u, "$1 tbsp");
  return { line: t, notes, optional, partOf };
}

const PLUS_MEASURE =
  /^(?:plus|\+|and)\s+(?:\d+(?:[.,]\d+)?(?:\s+\d+\/\d+)?|\d+\/\d+|[¼½¾⅓⅔⅛])\s*(?:tablespoons?|tbsps?|tbs|teaspoons?|tsps?|cups?|ounces?|oz|grams?|g|ml|pounds?|lbs?)\.?\s+/iu;

/** Whether a word names the unit the library already read ("teaspoons" after "tsp"). */
function SAME_UNIT(word: string, unitId: string): boolean {
  const w = word.toLowerCase().replace(/\.$/, "");
  const id = unitId.toLowerCase();
  const forms: Record<string, string[]> = {
    tablespoon: ["tablespoon", "tablespoons", "tbsp", "tbs", "tb"],
    teaspoon: ["teaspoon", "teaspoons", "tsp", "tsps"],
    cup: ["cup", "cups", "c"],
    ounce: ["ounce", "ounces", "oz"],
    gram: ["gram", "grams", "g"],
  };
  return (forms[id] ?? [id, `${id}s`]).includes(w);
}

/** "/ 1 cup milk" left in the description: the second measure is a note, the rest the name. */
function splitSecondMeasure(description: string): { description: string; note: string | null } {
  const m = /^\/\s*(.+)$/.exec(description.trim());
  if (!m) return { description, note: null };
  const rest = m[1]!;
  if (!SAFE_FOR_LIBRARY(rest)) return { description, note: null };
  const p = libraryReadOne(rest);
  const d = p?.description?.trim();
  if (!p || p.quantity === null || !p.unitOfMeasureID || !d || !rest.endsWith(d))
    return { description, note: null };
  return { description: d, note: rest.slice(0, rest.length - d.length).trim() };
}

function unitName(id: string, written: string | null): string {
  const extra = EXTRA_UNITS?.[id];
  if (extra) return written && written.toLowerCase() === extra.short.toLowerCase() ? written : extra.short;
  return UNIT_NAMES[id] ?? written ?? id;
}

/**
 * Parses one ingredient line into quantity, range, unit, name and notes, keeping the original
 * line. Decimal commas ("1,5 kg"), vulgar fractions, mixed numbers, ranges, pack sizes
 * ("2 x 400g tins", "1 (14 oz) can"), second measures ("250 ml / 1 cup") and multi-word units
 * ("c. à soupe", "colher de sopa") are understood.
 * Below confidence 0.5 the whole line becomes the name with quantity 0 and no unit.
 */
export function parseIngredientLine(line: string, section: string | null = null): Ingredient {
  return combine(tidyLine(cleanText(line)), parseLine(line, section, null));
}

/** The hand-written rules alone (parse-ingredient and the rewrites above): what the tagger is measured against. */
export function parseIngredientLineByRules(line: string, section: string | null = null): Ingredient {
  return parseLine(line, section, null);
}

/** A line's text as parseLine reads it, and its rewrite for the library (computed once per line). */
interface Prepared {
  text: string;
  prep: ReturnType<typeof prepare>;
}

/**
 * cleanText once more over text it already cleaned: the same text unless it still holds what a
 * second pass would change (an entity, markup, doubled parentheses), which most lines do not.
 */
function cleanAgain(clean: string): string {
  return clean.includes("&") || clean.includes("<") || clean.includes("((") ? cleanText(clean) : clean;
}

/** One line; `batch` holds the library's reading of prepared lines parsed together. */
function parseLine(
  line: string,
  section: string | null,
  batch: Map<string, Parsed> | null,
  pre: Prepared | null = null,
): Ingredient {
  const text = pre ? pre.text : tidyLine(cleanText(line));
  const prep = pre ? pre.prep : prepare(text);
  const optional = prep.optional || OPTIONAL.test(text);
  const prepared = prep.line;
  const parsed = SAFE_FOR_LIBRARY(prepared)
    ? (batch?.get(prepared.trim()) ?? libraryReadOne(prepared))
    : undefined;
  const base = { text, section, optional, quantityMax: null as number | null };
  if (!parsed || !text) {
    return { ...base, quantity: 0, unit: null, name: text, notes: null, confidence: 0 };
  }
  const second = splitSecondMeasure(parsed.description ?? "");
  let description = second.description;
  const extra: string[] = [];
  // "1 tablespoon + 1 teaspoon oil", "½ cup plus 2 tablespoons sugar": the first measure is the
  // amount, the added one a note.
  const plus = PLUS_MEASURE.exec(description);
  if (plus) {
    extra.push(plus[0].trim());
    description = description.slice(plus[0].length);
  }
  const unitId0 = parsed.unitOfMeasureID;
  // "1 tsp teaspoons salt": the unit written twice.
  if (unitId0) {
    const rep = /^([\p{L}.]+)\s+/u.exec(description);
    if (rep && SAME_UNIT(rep[1]!, unitId0)) description = description.slice(rep[0].length);
  }
  const split = splitNotes(description, !!unitId0);
  const { name: rawName, notes } = split;
  notes.unshift(...extra);
  let name = rawName;
  if (second.note) notes.unshift(second.note);
  notes.unshift(...prep.notes);
  if (prep.partOf) notes.unshift(prep.partOf);
  const taste = TO_TASTE_SUFFIX.exec(name);
  if (taste) {
    name = taste[1]!;
    notes.push(taste[2]!);
  }
  if (prep.optional) notes.push("optional");
  const unitId = parsed.unitOfMeasureID;
  const unit = unitId ? unitName(unitId, parsed.unitOfMeasure ?? null) : split.unit;
  const quantity = parsed.quantity ?? null;
  const toTaste = TO_TASTE.test(text);

  let confidence: number;
  if (quantity !== null && name) confidence = unit || /^[a-zà-ÿ]/i.test(name) ? 1 : 0.7;
  else if (quantity === null && name && (toTaste || !/\d/.test(text))) confidence = 0.8;
  else if (quantity !== null && !name) confidence = 0.4;
  else confidence = 0.3;

  if (confidence < 0.5) {
    return {
      ...base,
      quantity: 0,
      unit: null,
      name: text,
      notes: notes.length ? notes.join("; ") : null,
      confidence,
    };
  }
  return {
    ...base,
    quantity: quantity === null ? 0 : round3(quantity),
    quantityMax:
      parsed.quantity2 !== null && parsed.quantity2 !== undefined ? round3(parsed.quantity2) : null,
    unit: quantity === null && !unit ? null : unit,
    name: name || text,
    preparation: [prep.partOf, split.preparation].filter(Boolean).join(", ") || null,
    notes: notes.length ? notes.join("; ") : null,
    confidence,
  };
}

const HEADING = /^(?:for (?:the )?.{1,40}|[^a-z\d]{2,40}|.{1,40}:)$/;
const GROUP_OF_INGREDIENTS =
  /^(?:[\p{L}'’-]+\s+){1,3}ingredients$|^(?:ingredients?|zutaten|ingrédients|ingredientes|ingredienti|ingrediënten)\s+(?:for|für|pour|para|per|voor|till|de|del|da|do)\s/iu;
const LEADS_IN = /^[^\d¼½¾⅐-⅞].{0,79}:$/u;

// "Voor 2 banketstaven", "For 12 cupcakes", "Per 8-10 biscotti": a count of what the list makes.
const MAKES = /^(?:for|für|pour|para|per|voor|till)\s+(\d+(?:\s*[-–]\s*\d+)?\s+\p{L}+(?:\s+\p{L}+)?)$/iu;

/** A line naming what the list under it makes heads its group; a measure after the count ("Voor 2 el boter") is a line's. */
function namesWhatItMakes(t: string): boolean {
  const m = MAKES.exec(t);
  return !!m && !libraryReadOne(m[1]!)?.unitOfMeasureID;
}

/** True when a line in an ingredient list is a group heading ("For the sauce:", "FROSTING"). */
export function isIngredientHeading(line: string): boolean {
  return headingOfClean(cleanText(line));
}

/** isIngredientHeading of a line's cleaned text. */
function headingOfClean(t: string): boolean {
  if (!t) return false;
  // A line that leads into the lines under it names their group, even with a number or a note in
  // it ("Ingredienti per 4 persone:", "For the glaze (halve it for a half ham):"), however long
  // its notes in brackets; a measured line never ends so.
  if (LEADS_IN.test(t) || LEADS_IN.test(t.replace(/\s*\([^()]*\)/g, ""))) return true;
  if (namesWhatItMakes(t)) return true;
  if (/\d/.test(t) || t.length > 50) return false;
  if (/^(for|für|pour|para|per|voor|till)\s/i.test(t) && t.split(" ").length <= 6) return true;
  // "Dry Ingredients", "Remaining ingredients", "Zutaten für den Teig": a group the list's own word names.
  if (GROUP_OF_INGREDIENTS.test(t)) return true;
  return HEADING.test(t) && t === t.toUpperCase() && /[A-ZÀ-Ý]/.test(t);
}

// A line whose first letter or digit is a digit (or a vulgar fraction): an amount.
const OPENS_WITH_NUMBER = /^[^\p{L}\p{N}]*\p{N}/u;

/** Parses a list of lines; headings become the `section` of the lines after them. */
export function parseIngredientList(lines: string[], initialSection: string | null = null): Ingredient[] {
  // Each line is cleaned and rewritten once: the batch below and the line's own reading share it.
  const cleaned = lines.map((l) => cleanText(l));
  const pre = cleaned.map((line): Prepared | null => {
    const text = tidyLine(line);
    const prep = prepare(text);
    // parseLine cleans its line again: the same reading only when that changes nothing.
    return cleanAgain(line) === line ? { text, prep } : null;
  });
  // The library builds its unit tables and patterns on every call: one call reads the whole list.
  const prepared = cleaned
    .map((l, i) => (pre[i] ? pre[i].prep : prepare(tidyLine(l))).line.trim())
    .filter((l) => l && SAFE_FOR_LIBRARY(l));
  const results = prepared.length > 1 ? libraryRead(prepared) : [];
  const batch = new Map<string, Parsed>();
  prepared.forEach((l, i) => {
    if (results[i]) batch.set(l, results[i]);
  });
  let section = initialSection;
  const out: Ingredient[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = cleaned[i]!;
    if (!line) continue;
    // "Ingredients" as the list's first item (its heading or a table's column head) names no group.
    // (No section's word begins with a number: most lines are not read against the long list of them.)
    // So does a table's column head ("Amount", "Zutat Menge").
    if (!OPENS_WITH_NUMBER.test(line) && (isIngredientsWord(line) || isColumnHead(line))) continue;
    if (headingOfClean(pre[i] ? line : cleanText(line))) {
      section = line.replace(/:$/, "").trim();
      continue;
    }
    out.push(combine(tidyLine(line), parseLine(line, section, batch, pre[i])));
  }
  return out;
}

// Bullets and marks a photo or a list leaves before the line ("= 3 ripe bananas", "« 150 g sugar").
const LEAD_MARK = /^(?:[-–—•*·▪▢□◦●✓✔=«»>|]+\s*)+/u;
// Below this share of words met in training the line is in a language the tagger never saw.
const MIN_KNOWN = 0.4;
// Words that say a line is not English (the tagger learned from English lines only).
const NOT_ENGLISH =
  /(?:^|\s)(?:de|d'|d’|di|del|della|du|des|der|die|das|und|mit|oder|y|e|et|com|och|med|van|het|een|à|au|aux|le|les|el|los|las|un|une|uno|una|q\.\s?b\.?|qb|ou|o)(?=\s|$)|\b(?:d|l)['’]\p{L}/iu;

// The tagger's labels of lines already met ("1 teaspoon salt" is on many pages), by line: the
// tagging is the same for the same text; the reading is made afresh from it each time.
const TAGGED_MAX = 4096;
const taggedLines = new Map<string, TaggedLine>();

function taggedLine(t: string): TaggedLine {
  let tagged = taggedLines.get(t);
  if (!tagged) {
    if (taggedLines.size >= TAGGED_MAX) taggedLines.clear();
    tagged = ingredientTagger().tag(t);
    taggedLines.set(t, tagged);
  }
  return tagged;
}

/** The tagger's reading of a line, or null when it cannot read it (empty, too long, another language). */
export function readIngredientLine(text: string): LineReading | null {
  const t = text.replace(LEAD_MARK, "");
  if (!t || t.length > 300 || !/\p{L}/u.test(t)) return null;
  const tagged = taggedLine(t);
  // A word of another language with words the model never met: the line is not English.
  if (tagged.known < MIN_KNOWN || (tagged.known < 1 && NOT_ENGLISH.test(t))) return null;
  const r = readTagged(t, tagged);
  return r.name ? r : null;
}

/**
 * The rules' reading and the tagger's together: amounts as the rules read them (numbers,
 * fractions, ranges, unit spelling), the parts of the line (which words are the unit, the name,
 * the preparation, the remarks) as the tagger labels them. Lines the tagger cannot read keep the
 * rules' reading. A parsed line's confidence is 0.5..1 (the tagger's certainty); below 0.5 the line
 * was not parsed.
 */
function combine(text: string, rules: Ingredient): Ingredient {
  // A line the rules refused to read (hostile or unreadable) stays unread; one in a unit the tagger
  // never learned ("2 EL", "1 c. à soupe") stays the rules'.
  if (rules.confidence === 0 || (rules.unit && FOREIGN_UNITS.has(rules.unit))) return rules;
  const r = readIngredientLine(text);
  if (!r) return rules;
  // "a pinch of salt": the corpus labels the article as a remark; a cook reads one pinch.
  const quantity =
    r.quantity === null && rules.quantity > 0 && r.unit && r.unit === rules.unit
      ? rules.quantity
      : (r.quantity ?? 0);
  const notes = [
    r.preparation,
    r.size,
    r.comment,
    r.purpose,
    ...r.amounts.slice(1).map((a) => a.text),
  ].filter((x): x is string => !!x);
  return {
    ...rules,
    quantity: round3(quantity),
    quantityMax: r.quantityMax !== null ? round3(r.quantityMax) : null,
    unit: r.unit,
    name: r.name,
    preparation: r.preparation,
    notes: notes.length ? notes.join("; ") : null,
    confidence: Math.round((0.5 + r.confidence / 2) * 1000) / 1000,
    ...(r.amounts.length > 1 ? { amounts: r.amounts } : {}),
    ...(r.size ? { size: r.size } : {}),
    ...(r.purpose ? { purpose: r.purpose } : {}),
    ...(r.comment ? { comment: r.comment } : {}),
    ...(r.alternatives.length ? { alternatives: r.alternatives } : {}),
  };
}
