// The ingredient list a reader sees, where the structured data's lines fall short of it: bare
// names without the amounts shown beside them, group headings flattened into the lines, or only
// a part of the list (extractRecipe.ts applies these after the structured readers).
import type { AnyNode, Element } from "domhandler";
import type { Ingredient, Instruction } from "../domain/recipe.ts";
import { isElement, textOf, type Document } from "./dom.ts";
import { isIngredientHeading, parseIngredientLine, parseIngredientList } from "./ingredients.ts";
import type { PageText } from "./pageText.ts";
import { cleanText } from "./text.ts";
import { snapshotLines } from "./snapshotLines.ts";

// Some sites publish structured data whose ingredient lines are bare names ("Tequila", "flour")
// while the list a reader sees beside them carries the amounts ("4 cl Tequila", "1 1/2 cups
// flour"): the amounts live in sibling elements the structured data left out. A cook needs them,
// so the visible lines replace the bare ones when every name is found, in order, as its own
// element inside one short item of the page.

/** Longest visible line taken for one ingredient (an item longer than this is not a list row). */
const MAX_ITEM = 160;
/** Fewest lines for the rule to apply: a two-line list may be bare on purpose. */
const MIN_LINES = 3;

const key = (s: string) => cleanText(s).toLowerCase();

/**
 * Whether the structured data's lines are names only: no line opens with an amount (a name may
 * hold a number of its own: "mozzarella, 25 g each").
 */
export function bareNames(lines: Ingredient[]): boolean {
  return lines.length >= MIN_LINES && lines.every((i) => !/^\P{L}*[\d¼½¾⅐-⅞]/u.test(i.text));
}

// A text naming the ingredient more fully than the structured line, a line's length at most:
// "all-purpose flour" for "flour", "500 g Rindshackfleisch" for "Rindshackfleisch". Its words
// then hold the name's as a run.
const MAX_FULLER = 80;
const words = (t: string) => ` ${t.replace(/[^\p{L}\p{N}]+/gu, " ").trim()} `;

/**
 * Elements holding a text node that is one of the names (or, `loose`, one naming it more fully),
 * in document order.
 */
function nameElements(doc: Document, names: Set<string>, loose = false): { el: Element; name: string }[] {
  const out: { el: Element; name: string }[] = [];
  const named = loose ? [...names].map((name) => [name, words(name)] as const) : [];
  const rec = (n: AnyNode) => {
    if (!isElement(n)) return;
    if (n.name === "script" || n.name === "style" || n.name === "head" || n.name === "template") return;
    // Indexed (every element of the page, mostly unoptimized): a for…of allocates per child.
    for (let i = 0; i < n.children.length; i++) {
      const k = n.children[i]!;
      if (k.type !== "text") {
        rec(k);
        continue;
      }
      const t = key((k as unknown as { data: string }).data);
      if (!t) continue;
      if (names.has(t)) {
        if (!out.some((o) => o.el === n)) out.push({ el: n, name: t });
        continue;
      }
      if (!loose || t.length > MAX_FULLER) continue;
      const w = words(t);
      for (const [name, nw] of named)
        if (w.includes(nw) && !out.some((o) => o.el === n && o.name === name)) out.push({ el: n, name });
    }
  };
  for (const k of doc.children) rec(k);
  return out;
}

/**
 * The ancestors of a name element that may be its list row, nearest first: each holds no other
 * name and is short enough.
 */
function rowsOf(el: Element, others: Set<Element>): Element[] {
  const rows = [el];
  for (let p = el.parent; p && isElement(p); p = p.parent) {
    if (p.name === "body" || p.name === "html") break;
    const t = textOf(p);
    if (t.length > MAX_ITEM) break;
    let holdsOther = false;
    for (const o of others) {
      if (o === el) continue;
      for (let a = o.parent; a; a = a.parent)
        if (a === p) {
          holdsOther = true;
          break;
        }
      if (holdsOther) break;
    }
    if (holdsOther) break;
    rows.push(p);
  }
  return rows;
}

const kindOf = (el: Element) => `${el.name}.${el.attribs.class ?? ""}`;

/**
 * The rows, each of the kind (tag and class) most of them are when its chain holds one of that
 * kind: a name wrapped in a link of its own ("<a>Vanilleextrakt</a>" in a row whose other names
 * are bare) sits a level deeper than the others, and the common level would read the name alone.
 */
function sameKindRows(chains: Element[][], rows: Element[]): Element[] {
  const count = new Map<string, number>();
  for (const r of rows) count.set(kindOf(r), (count.get(kindOf(r)) ?? 0) + 1);
  const [kind, n] = [...count].sort((a, b) => b[1] - a[1])[0]!;
  if (n * 2 <= rows.length) return rows;
  return rows.map((r, i) => (kindOf(r) === kind ? r : (chains[i]!.find((e) => kindOf(e) === kind) ?? r)));
}

/** The level most rows share: the last row of a group would otherwise take the group's heading in. */
function commonDepth(chains: Element[][]): number {
  const count = new Map<number, number>();
  for (const c of chains) count.set(c.length, (count.get(c.length) ?? 0) + 1);
  return [...count].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
}

/**
 * The visible lines for structured ingredient lines that are bare names, or null when the page
 * does not show each of them (in order) in a row with more than the name, most with an amount.
 */
export function withVisibleAmounts(doc: Document, lines: Ingredient[]): Ingredient[] | null {
  return visibleAmounts(doc, lines, false) ?? visibleAmounts(doc, lines, true);
}

/**
 * A row's text; a table row's without the cells that say nothing in words ("*" in a column of
 * features, a photo icon's cell).
 */
function rowText(row: Element): string {
  if (row.name !== "tr") return textOf(row);
  const cells = row.children.filter(isElement).map((c) => textOf(c));
  return cleanText(cells.filter((t) => /[\p{L}\p{N}]/u.test(t)).join(" "));
}

function visibleAmounts(doc: Document, lines: Ingredient[], loose: boolean): Ingredient[] | null {
  const names = lines.map((i) => key(i.text));
  const found = nameElements(doc, new Set(names), loose);
  const all = new Set(found.map((f) => f.el));
  const chains: Element[][] = [];
  let from = 0;
  for (const name of names) {
    const i = found.findIndex((f, j) => j >= from && f.name === name);
    if (i < 0) return null;
    chains.push(rowsOf(found[i]!.el, all));
    from = i + 1;
  }
  const depth = commonDepth(chains);
  const rows = sameKindRows(
    chains,
    chains.map((c) => c[Math.min(depth, c.length) - 1]!),
  );
  if (new Set(rows).size !== rows.length) return null;
  const texts = rows.map(rowText);
  const withAmount = texts.filter((t) => /\d/.test(t)).length;
  if (withAmount * 2 < texts.length) return null;
  return lines.map((ing, i) => parseIngredientLine(texts[i]!, ing.section));
}

// An opening tag that shows a list's group heading: a heading tag, a bold line, or a class that says so.
const HEADING_TAG =
  /^<(?:h[2-6]|strong|b|dt|legend)\b|^<[a-z][\w-]*\b[^>]*\bclass\s*=\s*["'][^"']*(?:title|heading|header|group-name|subtitle|section-name)/i;
const TAG_BEFORE = /<[a-z][\w-]*\b[^<>]*>\s*$/i;
const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** How far after a heading the first line of its group must be shown. */
const GROUP_REACH = 3000;

/**
 * Whether character `i` lies inside a script element (markup written into a JSON-LD string, as
 * `"<strong>Salt</strong>"`, is data, not what the page shows): a script's end tag comes before
 * the next script's start.
 */
function insideScript(source: PageText, i: number): boolean {
  const end = source.indexOf("</script", i);
  if (end < 0) return false;
  const start = source.indexOf("<script", i);
  return start < 0 || end < start;
}

/**
 * Whether the page source shows `text` (as written) as the whole content of a heading element
 * followed closely by `nextWord` (a word of the line after it): a heading of the list, not one
 * elsewhere on the page that happens to read the same.
 */
function shownAsHeading(source: PageText, text: string, nextWord: string): boolean {
  for (const w of new Set([text, escapeHtml(text)])) {
    for (let i = source.indexOf(w); i >= 0; i = source.indexOf(w, i + w.length)) {
      let j = i - 1;
      while (j >= 0 && /\s/.test(source.charAt(j))) j--;
      if (source.charAt(j) !== ">" || !/^\s*:?\s*</.test(source.slice(i + w.length, i + w.length + 20)))
        continue;
      const tag = TAG_BEFORE.exec(source.slice(Math.max(0, i - 300), i));
      if (!tag || !HEADING_TAG.test(tag[0]) || insideScript(source, i)) continue;
      const next = source.indexOf(nextWord, i + w.length);
      if (next >= 0 && next - i <= GROUP_REACH) return true;
    }
  }
  return false;
}

/**
 * Structured lines the page itself shows as group headings ("Yoghurt dressing" in a heading or a
 * `…__title` element between the list's items): many sites flatten their groups into
 * recipeIngredient. Such a line (no amount, before one with an amount) becomes the section of the lines after
 * it, up to the next heading; null when there is none.
 */
export function withVisibleHeadings(source: PageText, lines: Ingredient[]): Ingredient[] | null {
  const heads = new Set<number>();
  lines.forEach((ing, i) => {
    const t = ing.text;
    // A heading has no amount and opens lines that have one.
    const next = lines[i + 1]?.text ?? "";
    if (!/\d/.test(next) || /\d/.test(t) || t.length > 60 || !/\p{L}/u.test(t)) return;
    const word = next.split(/[^\p{L}]+/u).sort((a, b) => b.length - a.length)[0] ?? "";
    if (word.length >= 3 && shownAsHeading(source, t, word)) heads.add(i);
  });
  if (!heads.size) return null;
  let section: string | null = null;
  const out: Ingredient[] = [];
  lines.forEach((ing, i) => {
    if (heads.has(i)) section = ing.text.replace(/:$/, "").trim();
    else out.push(section === null ? ing : { ...ing, section });
  });
  return out;
}

// A line's letters and digits only, compatibility forms folded ("½" as "1⁄2"): how a structured
// line and the page's line are matched. Most lines are ASCII and skip the costly fold.
const NON_ASCII = /[^\x20-\x7e]/;
export const loose = (s: string) =>
  NON_ASCII.test(s)
    ? s
        .normalize("NFKC")
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, "")
    : s.toLowerCase().replace(/[^a-z0-9]+/g, "");
// Group headings of a list are never these (an equipment list sits beside the ingredients).
// The last group of a list named "In addition" (what greases the tin, what is served beside it).
const ALSO_GROUP =
  /^(?:au(?:ß|ss)erdem|zusätzlich|additionally|in addition|also|extra|de plus|en plus|inoltre|además|daarnaast|verder|desuden|dessutom|i tillegg)\s*:?$/iu;
const NOT_A_GROUP = /equipment|tools|utensil|nutrition|materiel|matériel|ausstattung|utensilios/i;
// An added line must read like an ingredient: an amount first, short, one sentence at most.
const AMOUNT_FIRST = /^(?:\d|[¼½¾⅓⅔⅛])/u;
const MAX_ADDED = 150;
// A sentence ending before another: not after an abbreviated unit of a few letters before a noun
// ("1 Msp. Pimentpulver", "1 Pck. Vanillezucker", "2 Tbsp. Butter").
const SENTENCE_END = /(?<!(?:^|[\s\d(])\p{L}{1,4})[.!?]\s+\p{Lu}/u;

/**
 * False when `loose` of text[from, to) cannot start with any of `leads` (the first characters of
 * the keys): read from the first letter or digit of a line written in ASCII, without folding it.
 * True (look at it) whenever a character outside printable ASCII comes at or right after it, as
 * NFKC may fold those.
 */
function mayLead(text: string, from: number, to: number, leads: Set<string>): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return true;
    const lower = c | 0x20;
    if ((c >= 48 && c <= 57) || (lower >= 97 && lower <= 122)) {
      const next = i + 1 < to ? text.charCodeAt(i + 1) : 0x20;
      if (next < 0x20 || next > 0x7e) return true;
      return leads.has(String.fromCharCode(c >= 48 && c <= 57 ? c : lower));
    }
  }
  return leads.has("");
}

/**
 * The visible list when the structured lines are only part of it (one group of several, the
 * first lines of a list): the page's clean text snapshot shows the structured lines as items of
 * one run of items and group headings, and that run holds more items, some with an amount.
 * Null when the snapshot does not show that.
 */
export function withWholeVisibleList(snapshot: string, lines: Ingredient[]): Ingredient[] | null {
  const keys = new Set(lines.map((i) => loose(i.text)));
  const leads = new Set([...keys].map((k) => k.charAt(0)));
  const snap = snapshotLines(snapshot);
  // The first and last items that are structured lines; rows are made only around them (most of
  // a page's lines are never looked at, nor sliced out of the snapshot).
  let lo = -1;
  let hi = -1;
  for (let i = 0; i < snap.length; i++) {
    const s = snap.start(i);
    if (!snapshot.startsWith("- ", s)) continue;
    const end = snap.end(i);
    if (!mayLead(snapshot, s + 2, end, leads) || !keys.has(loose(snapshot.slice(s + 2, end).trim())))
      continue;
    if (lo < 0) lo = i;
    hi = i;
  }
  if (lo < 0) return null;
  const row = (i: number) => {
    const l = snap.line(i);
    return l.startsWith("- ")
      ? { kind: "item" as const, text: l.slice(2).trim() }
      : l.startsWith("# ")
        ? { kind: "head" as const, text: l.slice(2).trim() }
        : { kind: "text" as const, text: l };
  };
  const inList = (r: ReturnType<typeof row>) =>
    r.kind === "item" ||
    (r.kind === "head" &&
      (isIngredientHeading(r.text) || ALSO_GROUP.test(r.text)) &&
      !NOT_A_GROUP.test(r.text));
  for (let i = lo; i <= hi; i++) if (!inList(row(i))) return null;
  while (lo > 0 && inList(row(lo - 1))) lo--;
  while (hi < snap.length - 1 && inList(row(hi + 1))) hi++;
  while (row(hi).kind === "head") hi--;
  const run: ReturnType<typeof row>[] = [];
  for (let i = lo; i <= hi; i++) run.push(row(i));
  const items = run.filter((r) => r.kind === "item");
  if (items.length <= lines.length) return null;
  const shown = new Set(items.map((r) => loose(r.text)));
  if ([...keys].some((k) => !shown.has(k))) return null;
  const added = items.filter((r) => !keys.has(loose(r.text)));
  if (!added.some((r) => AMOUNT_FIRST.test(r.text))) return null;
  if (added.some((r) => r.text.length > MAX_ADDED || SENTENCE_END.test(r.text))) return null;
  return parseIngredientList(run.map((r) => (r.kind === "head" ? `${r.text.replace(/:$/, "")}:` : r.text)));
}

/**
 * Whether the structured ingredients are a tag, not a list ("Chicken", "Cheese, Pasta"): at most
 * two lines, no amount.
 */
export function tagNotList(lines: Ingredient[]): boolean {
  return lines.length <= 2 && lines.every((i) => !/\d/.test(i.text));
}

/**
 * Whether a list read from the page text may stand for a structured tag: three lines or more,
 * most with an amount, and naming something the tag names.
 */
export function listForTag(tag: Ingredient[], list: Ingredient[]): boolean {
  if (list.length < 3 || list.filter((i) => /\d/.test(i.text)).length * 2 < list.length) return false;
  const words = tag.flatMap((i) => i.text.split(/[^\p{L}]+/u)).map(loose);
  const text = loose(list.map((i) => i.text).join(" "));
  return words.some((w) => w.length >= 3 && text.includes(w));
}

// A step's number glued before its text in the snapshot ("3In einem Topf…", "3. In einem Topf…").
const STEP_NUMBER = /^\d{1,2}(?:[.)]\s*|\s+|(?=\p{Lu}))/u;
// A visible step read in: a sentence of some length, not a run of page chrome.
const MIN_STEP = 15;
const MAX_STEP = 1500;
// A recipe card's labelled detail listed beside its steps.
const CARD_LABEL =
  /^(?:prep|cook|cooking|total|active|rest|bake|baking|chill)?\s*(?:time|category|method|cuisine|course|servings?|yields?|keywords?|author|calories|diet)\s*:/i;

/**
 * The visible method when the structured steps are only its first steps (some sites publish the
 * first two of six): the snapshot shows them, in order, as the first items of one run of list
 * items, and that run goes on with more items that read as steps. Null when it does not.
 */
export function withWholeVisibleSteps(snapshot: string, steps: Instruction[]): Instruction[] | null {
  if (!steps.length || steps.some((s) => s.section)) return null;
  const keys = steps.map((s) => loose(s.text.replace(STEP_NUMBER, "")));
  const first = keys[0]!;
  const lead = new Set([first.charAt(0)]);
  const snap = snapshotLines(snapshot);
  const isItem = (i: number) => snap.isItem(i);
  for (let i = 0; i < snap.length; i++) {
    if (!isItem(i)) continue;
    // An ASCII line shorter than the first step's key cannot read as it (its key is no longer
    // than the line): most items are ingredients, shorter than a step, and are not folded.
    const s = snap.start(i);
    const end = snap.end(i);
    if (end - s - 2 < first.length && !NON_ASCII.test(snapshot.slice(s, end))) continue;
    const text = (l: string) => l.slice(2).trim().replace(STEP_NUMBER, "");
    // Folded only when its first letter or digit may be the first step's (most items that get
    // here are written with a "½", an accent or a curly quote somewhere, and folding every one
    // of them was most of this check's time).
    const t = text(snap.line(i));
    if (!mayLead(t, 0, t.length, lead) || loose(t) !== first) continue;
    // The run must start here: an item before it means the structured steps are not its start.
    if (i > 0 && isItem(i - 1)) return null;
    let last = i;
    while (last < snap.length && isItem(last)) last++;
    const run: string[] = [];
    for (let j = i; j < last; j++) run.push(text(snap.line(j)));
    if (run.length <= steps.length) return null;
    if (keys.some((k, j) => loose(run[j]!) !== k)) return null;
    const added = run.slice(steps.length);
    // Each added item reads as a step: not a card's label ("Prep Time: 20 minutes"), not the
    // method shown a second time.
    const known = new Set(keys);
    if (
      added.some(
        (t) =>
          t.length < MIN_STEP ||
          t.length > MAX_STEP ||
          !/\p{L}{3}/u.test(t) ||
          CARD_LABEL.test(t) ||
          known.has(loose(t)),
      )
    )
      return null;
    return [...steps, ...added.map((t) => ({ text: t, section: null }))];
  }
  return null;
}
