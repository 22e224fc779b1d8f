import type { Instruction } from "../domain/recipe.ts";
import { findAll, type Document } from "./dom.ts";
import { parseIngredientList } from "./ingredients.ts";
import type { PartialRecipe } from "./schemaRecipe.ts";
import { amountsPerServing, servedLine, servingsOf } from "./perServing.ts";
import { cleanText } from "./text.ts";

// A page built by a script framework (Next.js, Inertia, Nuxt) often shows its recipe only once the
// script runs, and carries it as the app's state: `<script id="__NEXT_DATA__">`, an element's
// `data-page` attribute, a `<script type="application/json">`. No schema is shared between sites, so
// the recipe is found by its keys' names and its values' shapes. Hand-written: no library reads
// recipes from arbitrary app state.

const INGREDIENTS_KEY = /ingredient|zutat|ingrédient|ingredienti|ingredientes/i;
const STEPS_KEY = /instruction|method|step|direction|preparation|zubereitung|préparation|procedure/i;
// Keys that title a group of a list, and that hold a line's text.
const TITLE_KEYS = ["title", "name", "section", "heading", "label", "group"];
const TEXT_KEYS = ["text", "step", "instruction", "description", "body", "content", "html", "value"];
const QUANTITY_KEYS = ["quantity", "amount", "qty", "value"];
const UNIT_KEYS = ["unit", "unit_name", "unitName", "measure", "measurement"];
const NAME_KEYS = ["name", "title", "ingredient", "ingredientName", "ingredient_name", "food", "product"];
const NOTE_KEYS = ["info", "note", "notes", "comment", "preparation", "suffix", "extra"];
// The state is walked so far and no further: a page's state can hold thousands of objects.
const MAX_NODES = 100_000;
const MAX_DEPTH = 12;
const MAX_GROUP_DEPTH = 3;
const MAX_LINES = 300;

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => !!v && typeof v === "object" && !Array.isArray(v);

// A value's text: cleanText decodes its entities and strips its markup ("Place a <a …><strong>pan</strong></a>
// …", "saut&eacute;"), as it does for structured data's strings.
const plain = cleanText;

/** The first of `keys` that holds text (or a named object's name) in `o`. */
function field(o: Record<string, Json>, keys: string[], count = 1): string {
  for (const k of keys) {
    const v = o[k];
    if (isObject(v)) {
      const named = count > 1 ? (v.name_plural ?? v.plural) : (v.name_singular ?? v.singular);
      const t = plain(named ?? v.name ?? v.abbreviation ?? v.title ?? null);
      if (t) return t;
    } else {
      const t = plain(v);
      if (t) return t;
    }
  }
  return "";
}

/** A line of an ingredient list from an object: its own text, else amount, unit, name and note. */
function ingredientLine(o: Record<string, Json>): string | null {
  for (const k of ["text", "raw", "original", "originalText", "line"])
    if (typeof o[k] === "string") return plain(o[k]);
  const q = QUANTITY_KEYS.map((k) => o[k]).find((v) => v !== undefined && v !== null && v !== "");
  // An amount stored as a number, or as an object of numbers ({ metric: 2, imperial: 2 }), may be
  // per serving (the page's scaler multiplies it): only an amount written as text is what the
  // page shows.
  if (q !== undefined && typeof q !== "string") return null;
  const count = Number.parseFloat(typeof q === "string" ? q : "1");
  const name = field(o, NAME_KEYS, count);
  if (!name) return null;
  const note = field(o, NOTE_KEYS);
  const line = [plain(q ?? ""), field(o, UNIT_KEYS, count), name].filter(Boolean).join(" ");
  return note ? `${line}, ${note}` : line;
}

interface Lines {
  lines: { text: string; section: string | null }[];
  /** False when an item could not be read (an amount per serving): the list is not taken. */
  whole: boolean;
}

/** The lines of a list value: strings, objects with their text, or groups holding such lists. */
function listLines(
  v: Json,
  keyRe: RegExp,
  item: (o: Record<string, Json>) => string | null,
  depth = 0,
): Lines {
  const out: Lines = { lines: [], whole: true };
  if (!Array.isArray(v)) return out;
  // Groups within groups a few deep at most, and a recipe's length: a state's catalogue (or a
  // hostile one nested thousands deep) is no recipe's list, and is not walked through.
  if (depth > MAX_GROUP_DEPTH || v.length > MAX_LINES) return { lines: [], whole: false };
  for (const x of v) {
    if (out.lines.length > MAX_LINES) return { lines: [], whole: false };
    if (typeof x === "string") {
      const t = plain(x);
      if (t) out.lines.push({ text: t, section: null });
      continue;
    }
    if (!isObject(x)) continue;
    // A group: a title over its own list.
    const inner = Object.keys(x).find((k) => keyRe.test(k) && Array.isArray(x[k]));
    if (inner) {
      const group = listLines(x[inner], keyRe, item, depth + 1);
      const title = field(x, TITLE_KEYS) || null;
      out.whole &&= group.whole;
      for (const l of group.lines) out.lines.push({ text: l.text, section: l.section ?? title });
      continue;
    }
    const t = item(x);
    if (t) out.lines.push({ text: t, section: null });
    else out.whole = false;
  }
  return out;
}

/**
 * A list whose amounts are numbers per serving (perServing.ts), read multiplied by the servings;
 * null when its numbers are not per serving.
 */
function servedLines(v: Json[], servings: number): Lines | null {
  const items: Record<string, Json>[] = [];
  listLines(v, INGREDIENTS_KEY, (o) => {
    items.push(o);
    return "";
  });
  if (!amountsPerServing(items, servings)) return null;
  return listLines(v, INGREDIENTS_KEY, (o) => servedLine(o, servings));
}

const stepText = (o: Record<string, Json>): string | null => field(o, TEXT_KEYS) || null;

/** The recipe-like object of a state with the most lines: ingredients and steps by their keys. */
function bestRecipe(state: Json): PartialRecipe | null {
  let best: PartialRecipe | null = null;
  let bestScore = 0;
  // Breadth first: the page's own recipe sits near the root, a state's bulk (menus, related
  // items, translations) deeper.
  // Each object with the servings its nearest owner states (a recipe's amounts may be per serving).
  const queue: [Json, number, number | null][] = [[state, 0, null]];
  for (let at = 0; at < queue.length && at < MAX_NODES; at++) {
    const [v, depth, owned] = queue[at]!;
    if (depth > MAX_DEPTH || !v || typeof v !== "object") continue;
    if (Array.isArray(v)) {
      for (const x of v) queue.push([x, depth + 1, owned]);
      continue;
    }
    const servings = servingsOf(v as Record<string, Json>) ?? owned;
    let ingredients: Lines | null = null;
    let steps: Lines | null = null;
    for (const [k, x] of Object.entries(v)) {
      if (!Array.isArray(x)) continue;
      if (!ingredients && INGREDIENTS_KEY.test(k)) {
        ingredients = listLines(x, INGREDIENTS_KEY, ingredientLine);
        if (!ingredients.whole && servings) ingredients = servedLines(x, servings) ?? ingredients;
      } else if (!steps && STEPS_KEY.test(k)) steps = listLines(x, STEPS_KEY, stepText);
    }
    const ing = ingredients?.whole && ingredients.lines.length >= 2 ? ingredients.lines : [];
    // Steps are sentences: a list of short names under such a key is something else.
    const st = steps?.lines.filter((l) => l.text.length >= 12) ?? [];
    const score = ing.length + st.length;
    if (score > bestScore && (ing.length >= 2 || st.length >= 2)) {
      const r: PartialRecipe = {};
      if (ing.length) {
        // Each group's title as the list's own heading line ("For the sauce:"), as a page writes it.
        const lines: string[] = [];
        let section: string | null = null;
        for (const l of ing) {
          if (l.section && l.section !== section) lines.push(`${l.section.replace(/:$/, "")}:`);
          section = l.section;
          lines.push(l.text);
        }
        r.ingredients = parseIngredientList(lines);
      }
      if (st.length) r.instructions = st.map((l): Instruction => ({ text: l.text, section: l.section }));
      best = r;
      bestScore = score;
    }
    for (const x of Object.values(v)) queue.push([x, depth + 1, servings]);
  }
  return best;
}

// A state assigned in a script of its own ("window.__remixContext = {…};"), JSON as written.
const ASSIGNED_STATE = /^\s*window\.__[\w$]*\s*=\s*(\{[\s\S]*\})\s*;?\s*$/;

/** The app states a page carries, parsed; those that are not JSON are passed over. */
function appStates(doc: Document): Json[] {
  const states: Json[] = [];
  const parse = (s: string) => {
    try {
      states.push(JSON.parse(s));
    } catch {
      // Not JSON (a script's own code): nothing to read.
    }
  };
  for (const el of findAll(doc, (e) => !!e.attribs["data-page"] || e.name === "script")) {
    const a = el.attribs;
    if (a["data-page"]) {
      parse(a["data-page"]);
      continue;
    }
    if (/ld\+json/i.test(a.type ?? "")) continue;
    // A script's text as written (its JSON is not markup).
    const text = el.children
      .map((c) => (c.type === "text" ? (c as unknown as { data: string }).data : ""))
      .join("");
    if (a.id === "__NEXT_DATA__" || /^application\/json$/i.test(a.type ?? "")) parse(text);
    else if (text.includes("window.__")) {
      const m = ASSIGNED_STATE.exec(text);
      if (m) parse(m[1]!);
    }
  }
  return states;
}

/** Whether a page may carry an app state worth reading (a cheap test of its source first). */
export const mayHoldAppState = (source: { includes(s: string): boolean }): boolean =>
  source.includes("__NEXT_DATA__") ||
  source.includes("data-page=") ||
  source.includes("application/json") ||
  source.includes("window.__");

// The lists read from an app state, with their text: a browser shows them once the script runs,
// so the page's text snapshot holds them too (the copy check compares steps with the site's words).
const shown = new WeakMap<object, string>();

/** The text of a list read from the page's app state, null for a list read from its text or data. */
export function shownByScript(list: object): string | null {
  return shown.get(list) ?? null;
}

/**
 * The recipe's ingredients and steps from the page's app state, for a page whose text shows
 * neither: the state's object with the most such lines. Null when no state holds them.
 */
export function appStateRecipe(doc: Document): PartialRecipe | null {
  let best: PartialRecipe | null = null;
  let bestScore = 0;
  for (const state of appStates(doc)) {
    const r = bestRecipe(state);
    const score = (r?.ingredients?.length ?? 0) + (r?.instructions?.length ?? 0);
    if (r && score > bestScore) {
      best = r;
      bestScore = score;
    }
  }
  if (best?.ingredients) shown.set(best.ingredients, best.ingredients.map((i) => i.text).join("\n"));
  if (best?.instructions) shown.set(best.instructions, best.instructions.map((i) => i.text).join("\n"));
  return best;
}
