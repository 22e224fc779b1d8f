import type { AnyNode, Element } from "domhandler";
import { isElement, textOf, walk } from "./dom.ts";
import { isNoise } from "./pageBlocks.ts";
import { findYield } from "./timesAndYields.ts";

// A serving scaler: the count sits in a form control, not in the page's text ("serves/makes:"
// over `<input class="servings" value="4">`, a `<select>` of "1 Serving" … "12 Servings").
const SCALER_NAME =
  /serv(?:e|ing|s\b|s[-_])|portion|person|porci|porç|porz|portie|yield|couvert|anzahl|antal|adag/i;
const COUNT = /^\s*(\d{1,3})\s*$/;
const VISIBLE_INPUT = /^(?:|text|number|tel)$/i;

function named(el: Element): boolean {
  const a = el.attribs;
  for (const k in a) {
    if (k === "value" || k === "style" || k === "type") continue;
    if (SCALER_NAME.test(a[k]!)) return true;
  }
  return false;
}

/** A scaler's visible field left empty for its script to fill. */
const emptyStepper = (el: Element): boolean =>
  VISIBLE_INPUT.test(el.attribs.type ?? "") && !(el.attribs.value ?? "").trim() && named(el);

/**
 * The count a script writes into an empty scaler field, kept by the page in a hidden field beside
 * it (`<input type="hidden" id="previousServing" value="2">`): a sibling in the same control only,
 * so a form's unrelated hidden values are not read as servings.
 */
function keptCount(el: Element): RegExpExecArray | null {
  // An unnamed one counts when it is the control's only hidden count: the field beside it is named
  // for servings already (a page's ids may be gone or say nothing: `id="x1"`).
  const unnamed: RegExpExecArray[] = [];
  for (const sib of el.parent?.children ?? []) {
    if (sib === el || sib.type !== "tag") continue;
    const s = sib as Element;
    if (s.name !== "input" || (s.attribs.type ?? "").toLowerCase() !== "hidden") continue;
    const m = COUNT.exec(s.attribs.value ?? "");
    if (m && named(s)) return m;
    if (m) unnamed.push(m);
  }
  return unnamed.length === 1 ? unnamed[0]! : null;
}

// Inline elements a scaler's words sit in beside its field, on its line; a form wraps the control.
const INLINE = new Set([
  "span",
  "label",
  "b",
  "strong",
  "em",
  "i",
  "small",
  "font",
  "a",
  "button",
  "br",
  "img",
  "svg",
]);
const WRAPPER = new Set([...INLINE, "form"]);
// The unit a count's field is followed by ("4" then "personer", "Person(en)", "servings")…
const UNIT_AFTER =
  /^\s*(?:servings?|portions?|people|persons?|person\(en\)|personen|personer|personnes|personas|persone|porciones|porzioni|porties|porções|portioner|portionen|porsjoner|porcje|porcji|osoby|osób|adag|annosta|porce|porcí)(?![\p{L}])/iu;
// …or the label it comes after ("serves/makes:", "Servings", "Portionen:").
const LABEL_BEFORE =
  /(?<![\p{L}])(?:serves(?:\/makes)?|makes|servings?|yields?|portions?|portionen|porciones|porzioni|porties|porções|portioner|personen|personer|personnes|personas|persone)[ \t]*:?[ \t]*$/iu;

/**
 * The words on a field's line on one side of it: its inline neighbours' text, out of the inline
 * elements and the form that wrap it, up to the first block (a label in a paragraph of its own
 * over a search box is not the box's).
 */
function besideText(el: Element, way: "prev" | "next"): string {
  const parts: string[] = [];
  for (let node: AnyNode = el; ;) {
    for (let n = node[way]; n; n = n[way]) {
      if (isElement(n) && !INLINE.has(n.name)) return parts.join(" ");
      const t = isElement(n) ? textOf(n) : "data" in n && typeof n.data === "string" ? n.data : "";
      if (way === "next") parts.push(t);
      else parts.unshift(t);
    }
    const up: AnyNode | null = node.parent;
    if (!up || !isElement(up) || !WRAPPER.has(up.name)) return parts.join(" ");
    node = up;
  }
}

/** A field with no scaler's name whose line names it: "4" then "personer", "serves/makes:" then "4". */
const namedBeside = (el: Element): boolean =>
  UNIT_AFTER.test(besideText(el, "next")) || LABEL_BEFORE.test(besideText(el, "prev"));

// A row of buttons' label naming servings, in the element before the row ("serving amount", "Servings",
// "Number of people", "Portionen"): a nutrition table's "Serving size" is an amount, not a count.
const ROW_LABEL =
  /^\s*(?:(?:number\s+of\s+)?(?:servings?|portions?|people|persons?)(?:\s+amount)?|serves|personen|personer|personnes|porciones|porzioni|porties|porções|portioner|portionen|antal\s+portioner)\s*:?\s*$/iu;
// The button a row shows as chosen: pressed, checked, current, or a class saying so ("active", "is-selected").
const CHOSEN_CLASS = /(?:^|[-_\s])(?:active|selected|checked|current)(?:$|[-_\s])/i;
const chosenButton = (b: Element): boolean =>
  ["aria-pressed", "aria-checked", "aria-selected", "aria-current"].some(
    (k) => b.attribs[k] !== undefined && b.attribs[k] !== "false",
  ) || CHOSEN_CLASS.test(b.attribs.class ?? "");

/**
 * A serving selector printed as a row of buttons, one count each ("serving amount" over "2", "3",
 * "4"): the chosen button's count, else the first's. Two buttons or more, every one a count, in one
 * element whose label before it names servings (or whose buttons are named for them).
 */
function buttonRow(el: Element): { servings: number; text: string } | null {
  const tags = el.children.filter((c): c is Element => c.type === "tag");
  if (tags.length < 2 || tags.some((b) => b.name !== "button" || !COUNT.test(textOf(b)))) return null;
  // The label: what comes before the row, or before the element wrapping it (two levels up at most).
  let text = "";
  let node: AnyNode | null = el;
  for (let up = 0; up < 3 && node && !text; up++, node = node.parent) {
    for (let prev: AnyNode | null = node.prev; prev && !text; prev = prev.prev)
      text = (isElement(prev) ? textOf(prev) : "data" in prev ? String(prev.data) : "").trim();
  }
  if (!ROW_LABEL.test(text) && !named(el) && !tags.some(named)) return null;
  const chosen = tags.find(chosenButton) ?? tags[0]!;
  const n = Number(COUNT.exec(textOf(chosen))![1]);
  return n > 0 ? { servings: n, text: String(n) } : null;
}

// The unit word a scaler's count is printed before on its line ("39" then "cookies").
const WORD_AFTER = /^\s*\p{L}{2,}/u;

/**
 * The text right after a count, up to its next element that is not a plain inline one: a stepper's
 * "+" button beside the count ends it (its count may be the stepper's start, not the recipe's).
 */
function unitAfter(el: Element, passIcon?: (title: string) => boolean): string {
  let t = "";
  for (let n = el.next; n && !t.trim(); n = n.next) {
    if (isElement(n) && (n.name === "button" || !INLINE.has(n.name))) return "";
    const piece = isElement(n) ? textOf(n) : "data" in n && typeof n.data === "string" ? n.data : "";
    // A styled select's chevron icon titled for the control ("Sélecteur") before its unit's icon
    // ("Portions"): the caller says which icon titles are no unit.
    if (isElement(n) && n.name === "svg" && passIcon?.(piece.trim())) continue;
    t += piece;
  }
  return t;
}

/**
 * A scaler's count printed as text, not in a field: an element holding only a count whose own
 * attributes name it for servings (`aria-label="Adjust recipe servings"`, `data-servings`), with
 * its unit word after it on its line ("39" then "cookies"). A page without class names keeps those
 * attributes; a count without its unit beside it (a cart's badge, a rating) is not read.
 */
function namedCount(el: Element): { servings: number; text: string } | null {
  if (!el.children.every((c) => c.type === "text")) return null;
  const m = COUNT.exec(textOf(el));
  if (!m || Number(m[1]) <= 0 || !named(el) || !WORD_AFTER.test(unitAfter(el))) return null;
  return { servings: Number(m[1]), text: m[1]! };
}

/** The servings a page's scaler control shows, when its text states none; null when it has none. */
export function scalerServings(root: AnyNode): { servings: number; text: string } | null {
  let found: { servings: number; text: string } | null = null;
  walk(root, (el) => {
    if (found) return false;
    if (el.name === "input") {
      const m = COUNT.exec(el.attribs.value ?? "") ?? (emptyStepper(el) ? keptCount(el) : null);
      if (
        m &&
        VISIBLE_INPUT.test(el.attribs.type ?? "") &&
        Number(m[1]) > 0 &&
        (named(el) || namedBeside(el))
      )
        found = { servings: Number(m[1]), text: m[1]! };
      return false;
    }
    if (el.name === "select") {
      const options = el.children.filter((c): c is Element => c.type === "tag" && c.name === "option");
      const chosen = options.find((o) => o.attribs.selected !== undefined) ?? options[0];
      // The options must count servings ("4 Servings") or the control be named for them.
      // or a bare count the unit printed after the control counts ("Pour [6] personnes").
      const y = chosen
        ? (findYield(textOf(chosen)) ??
          findYield(
            `${textOf(chosen)} ${unitAfter(el, (title) => !findYield(`${textOf(chosen)} ${title}`)).trim()}`,
          ))
        : null;
      if (y) found = y;
      else if (chosen && named(el)) {
        const m = COUNT.exec(chosen.attribs.value ?? textOf(chosen));
        if (m && Number(m[1]) > 0) found = { servings: Number(m[1]), text: m[1]! };
      }
      return false;
    }
    const row = buttonRow(el) ?? namedCount(el);
    if (row) {
      found = row;
      return false;
    }
    // Where the page-text reader does not read (a modal's chooser, navigation), no scaler is the
    // recipe's; a form is where a scaler lives.
    return el.name === "form" || !isNoise(el);
  });
  return found;
}
