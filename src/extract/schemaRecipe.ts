import type { Instruction, Recipe } from "../domain/recipe.ts";
import { inSeconds, schemaMinutes, stepMinutes } from "./schemaTimes.ts";
import { addCandidate, ImageSource, imageUrl, pickImage, pixels, type ImageCandidate } from "./images.ts";
import { parseIngredientList } from "./ingredients.ts";
import { NUMBER_WORDS, wordAlternation } from "./numberWords.ts";
import { isYieldLine, markedHeading } from "./listMarks.ts";
import {
  isOtherSectionWord,
  isPhaseWord,
  isPlaceholderName,
  isStepsWord,
  OTHER_SECTION,
} from "./sectionWords.ts";
import { headsSteps, partedBySections } from "./stepHeadings.ts";
import { typesOf } from "./jsonld.ts";
import { cleanText, splitLines, stripBullet, unescapeMarkup } from "./text.ts";
import { parseYield } from "./yields.ts";
import { authorName } from "./schemaAuthor.ts";
import { deref, first, type MapContext, type Node } from "./schemaNodes.ts";

// Existing importers reach the author readers here.
export { authorName, personName } from "./schemaAuthor.ts";
export type { MapContext } from "./schemaNodes.ts";

/** Fields a structured extractor found (absent ones are left out, so merging can fill them). */
export type PartialRecipe = Partial<Omit<Recipe, "id" | "source">>;

function str(v: unknown): string | null {
  const s = cleanText(first(v));
  return s || null;
}

function list(v: unknown): string[] {
  const items = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  return items
    .flatMap((x) => (typeof x === "string" ? x.split(",") : [cleanText((x as Node)?.name ?? x)]))
    .map(cleanText)
    .filter(Boolean);
}

/**
 * Adds a schema.org image value (URL, ImageObject, or a list of them) to the pool: the first as
 * the recipe's primary image (`first`), the others after it, with their declared sizes.
 */
export function addSchemaImages(
  pool: ImageCandidate[],
  v: unknown,
  ctx: MapContext,
  lead: ImageSource = ImageSource.Primary,
): void {
  const items = (Array.isArray(v) ? v : [v]).map((x) => deref(x, ctx));
  let source = lead;
  for (const it of items) {
    if (typeof it === "string") {
      addCandidate(pool, imageUrl(it, ctx.baseUrl), source);
    } else if (it && typeof it === "object") {
      const n = it as Node;
      const u = imageUrl(first(filled(n.url, n.contentUrl)), ctx.baseUrl);
      addCandidate(pool, u, source, pixels(n.width), pixels(n.height));
    } else continue;
    source = ImageSource.Schema;
  }
}

/** Best image of a schema.org image value, by the pooled rule (src/extract/images.ts). */
export function chooseImage(v: unknown, ctx: MapContext): string | null {
  const pool: ImageCandidate[] = [];
  addSchemaImages(pool, v, ctx);
  return pickImage(pool);
}

// A step number inside a string of steps: "2. Bake", "Step 3: Serve", also glued to the end of
// the step before ("…with butter.2. To make…").
const INNER_NUMBER = /(?:\s+|(?<=[.!?]))(?:step\s*(\d{1,2})\s*[:.)\-–]?|(\d{1,2})[.)])\s+(?=[A-Z])/gi;

/**
 * "1. Mix. 2. Bake." or "Step 1: Mix. Step 2: Bake." written as one string, cut at its step
 * numbers; only numbers that count on from the one before cut ("…at speed 7. Add…" does not).
 */
export function splitNumbered(text: string, whole = false): string[] {
  const lead = /^(?:step\s*)?(\d{1,2})\s*[.):]/i.exec(text);
  let expect = lead ? Number(lead[1]) + 1 : 2;
  const cuts: number[] = [];
  for (const m of text.matchAll(INNER_NUMBER)) {
    if (Number(m[1] ?? m[2]) !== expect) continue;
    cuts.push(m.index);
    expect++;
  }
  if (!cuts.length) return whole ? splitGlued(text) : [text];
  const parts = cuts.map((c, i) => text.slice(i ? cuts[i - 1] : 0, c));
  parts.push(text.slice(cuts.at(-1)));
  return parts.map((p) => stripStepLabel(cleanText(p)));
}

// A sentence end with the next capitalised word glued to it ("…3 minutes.Add the…"): paragraphs
// joined without their break. Abbreviations ("U.S.") and decimals do not match.
const GLUED = /(?<=\p{Ll}[.!?])(?=\p{Lu}\p{Ll})/u;

/**
 * The whole method as one string, its paragraphs joined without a space, cut where they were
 * joined (an item of a list of steps is one step, whatever its typing).
 */
function splitGlued(text: string): string[] {
  const parts = text.split(GLUED).map((p) => p.trim());
  return parts.length > 1 ? parts.filter(Boolean) : [text];
}

/** A label that only numbers a step or a section ("Step 2", "Schritt 3", "instruction 0", "4"). */
export function isNumberLabel(t: string): boolean {
  return /^(?:[\p{L}_-]*\s*)?(?:step|schritt|étape|etape|paso|passo|stap|steg|etapa|instruction)?\s*\d{1,2}(?:\s*\/\s*\d{1,2})?\s*[:.)]?$/iu.test(
    t.trim(),
  );
}

/**
 * The title a cook reads above a step ("Make the sauce"): a HowToStep name that is neither a copy
 * or cut of its text (plugins fill the name with the text's first words) nor a bare step number.
 * A title may carry an aside in brackets ("Make the meringue (skip it for the plain tart)"): up to
 * 120 characters, a line rather than a paragraph.
 */
function stepTitle(name: unknown, text: string): string | null {
  const t = cleanText(first(name));
  if (!t || t.length > 120 || isNumberLabel(t)) return null;
  const key = (x: string) => x.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  const k = key(t.replace(/(?:\.\.\.|…)$/, ""));
  return !k || key(text).startsWith(k) ? null : t;
}

/** Two headings that say the same ("Make the glaze:" and "make the glaze"). */
const sameHeading = (a: string, b: string) =>
  a.toLowerCase().replace(/[\s:：.]+$/u, "") === b.toLowerCase().replace(/[\s:：.]+$/u, "");

/** Instructions from string / array / HowToStep / HowToSection / ItemList, with section names. */
export function parseInstructions(v: unknown, ctx: MapContext): Instruction[] {
  const out: Instruction[] = [];
  const whole = typeof v === "string" || (Array.isArray(v) && v.length === 1 && typeof v[0] === "string");
  // Beside sections named otherwise ("For the dough", then "Method"), the steps' word names a part too.
  const parted = partedBySections(v);
  const visit = (x: unknown, section: string | null, depth: number) => {
    if (depth > 6 || x === null || x === undefined) return;
    x = deref(x, ctx);
    if (typeof x === "string") {
      const t = unescapeMarkup(x);
      const lines =
        /<(li|p|br|div)\b/i.test(t) || t.trim().includes("\n")
          ? splitLines(t)
          : splitNumbered(cleanText(t), whole);
      for (const l of lines) if (l) out.push({ text: l, section });
      return;
    }
    if (Array.isArray(x)) {
      // A string item of a list of steps reads as a HowToStep with that text: one step across its
      // line breaks, cut only at list items, paragraphs or a numbering that starts at 1.
      for (const y of x) visit(typeof y === "string" && x.length > 1 ? { text: y } : y, section, depth + 1);
      return;
    }
    if (typeof x !== "object") return;
    const n = x as Node;
    const types = typesOf(n).map((t) => t.toLowerCase());
    if (types.includes("howtosection") || (n.itemListElement && !n.text)) {
      const own = cleanText(n.name);
      // A section named only "Zubereitung" or "Instructions" is the whole method, not a group of it;
      // one named by the editor's placeholder ("Insert title") is named nothing.
      const named = own && !isNumberLabel(own) && !isPlaceholderName(own);
      const name = named && (parted || !isStepsWord(own)) ? own : section;
      visit(n.itemListElement ?? n.steps, name, depth + 1);
      return;
    }
    if (n.item && typeof n.item === "object" && !(typeof n.text === "string" && n.text.trim())) {
      visit(n.item, section, depth + 1); // a ListItem wrapping the step
      return;
    }
    const hasText = typeof n.text === "string" && n.text.trim() !== "";
    const raw = unescapeMarkup(hasText ? (n.text as string) : typeof n.name === "string" ? n.name : "");
    // One HowToStep holding several steps as list items or paragraphs is several steps; its line
    // breaks (<br>, newlines, also inside its paragraphs) only wrap the text of the one step, as
    // the page shows it.
    // A HowToStep whose text starts at "1." and counts on ("1. Mix.2. Bake. 3. Serve") is a
    // whole method pasted into one step.
    // One paragraph around the whole text is no list: it reads as the text would without it.
    const one = cleanText(raw);
    const items = /<(li|p)\b/i.test(raw) ? splitLines(raw.replace(/<br\s*\/?>|\s*\n\s*/gi, " ")) : [];
    const listed = items.length > 1;
    const numbered = !listed && /^(?:step\s*)?1\s*[.):]/i.test(one);
    const lines = listed ? items : numbered ? splitNumbered(one) : [one];
    const title = hasText ? stepTitle(n.name, numbered ? one : (lines[0] ?? "")) : null;
    // Inside a named section a step's title is a heading of its own, over its first line.
    lines
      .filter(Boolean)
      .forEach((l, i) =>
        out.push(
          section && title && i === 0 && !sameHeading(title, section)
            ? { text: l, section, title }
            : { text: l, section: section ?? title },
        ),
      );
  };
  visit(v, null, 0);
  // Section headings written as steps ("For the sauce:", "ASSEMBLY") name the steps after them.
  const steps: Instruction[] = [];
  let heading: string | null = null;
  const all = out.flatMap(phases);
  for (const [i, raw] of all.entries()) {
    const s = { ...raw, text: stripStepLabel(raw.text) };
    if (!s.text || s.text === s.section) continue;
    // A line that only names the steps section ("Zubereitung", "Method") is not a step nor a group.
    if (isStepsWord(s.text)) continue;
    // "Notes", "Tips" alone on their line: what follows is a note on the recipe, not its method.
    if (steps.length && isOtherSectionWord(s.text)) break;
    // A title over a step's label ("Pizza dough" / "Step 1:"), a purpose ("For the sauce"): a heading too.
    if (isStepHeading(s.text) || (!raw.section && headsSteps(s.text, all[i + 1]?.text))) {
      // "Notes:", "Uwaga:": what follows is a note on the recipe, not its method.
      if (OTHER_SECTION.test(s.text.replace(/[\s:：]+$/, ""))) break;
      heading = s.text.trim();
      continue;
    }
    steps.push(heading && !s.section ? { ...s, section: heading } : s);
  }
  return steps;
}

// A phase of the method named in a step's text, opening it or after a sentence ("Voorbereiden: Zet…",
// "…samenstelt. Bereiden: Maak…", "Method: Heat…"): one word, a colon, a capital.
const PHASE_LABEL = /(?:^|(?<=[.!?])\s+)(\p{L}+)\s*:\s+(?=\p{Lu})/gu;

/** A step without the names of the method's phases in it, cut where a phase begins. */
function phases(step: Instruction): Instruction[] {
  const cuts = [...step.text.matchAll(PHASE_LABEL)].filter((m) => isPhaseWord(m[1]!) || isStepsWord(m[1]!));
  if (!cuts.length) return [step];
  const texts = [step.text.slice(0, cuts[0]!.index)];
  cuts.forEach((m, i) => texts.push(step.text.slice(m.index + m[0].length, cuts[i + 1]?.index)));
  return texts
    .map((t) => t.trim())
    .filter(Boolean)
    .map((text, i) => (i ? { text, section: step.section } : { ...step, text }));
}

// "Step 1:", "Step 2 -", "STEP 3", "Step #4:", "1.", "4)" (and "Schritt", "Étape", "Paso", "Passo", "Stap",
// "Steg"); "Step one:", "Step Two -" too, where a word numbers the step, only before its stop (a step
// may begin "Step one of…" in prose).
const STEP_WORD = "step|schritt|étape|etape|paso|passo|stap|steg";
const STEP_LABEL = new RegExp(
  `^(?:(?:${STEP_WORD})\\s*#?\\s*\\d{1,2}(?:\\s*\\/\\s*\\d{1,2})?\\s*(?:[:.)\\-–—]\\s*)?` +
    `|step\\s+(?:${wordAlternation(NUMBER_WORDS)})\\s*[:.)\\-–—]\\s*|\\d{1,2}\\s*[.)]\\s+)(?=\\S|$)`,
  "i",
);

/** A step without the numbering the page wrote into it: the list gives the order. */
export function stripStepLabel(text: string): string {
  const t = stripBullet(text);
  const m = STEP_LABEL.exec(t);
  return m ? t.slice(m[0].length).trim() : t;
}

/** A short line that names a group of steps rather than being one. */
export function isStepHeading(text: string): boolean {
  const t = text.trim();
  if (t.length > 60 || /[.!?]$/.test(t) || /\d/.test(t)) return false;
  if (/:$/.test(t) && t.split(/\s+/).length <= 6) return true;
  return t === t.toUpperCase() && /[A-ZÀ-Ý]{3}/.test(t) && t.split(/\s+/).length <= 5;
}

function nutrition(v: unknown): Record<string, string> | null {
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v as Node)) {
    if (k.startsWith("@")) continue;
    const s = cleanText(first(val));
    if (s) out[k] = s;
  }
  return Object.keys(out).length ? out : null;
}

function diet(v: unknown): string | null {
  const names = list(v).map((d) => d.replace(/^.*[/#:]/, "").replace(/Diet$/, ""));
  return names.length ? names.join(", ") : null;
}

// Several ingredients in one entry, joined by line breaks or list markup.
const JOINED = /<(?:br|li|p)\b/i;

// A line that states an amount, then words: "1 tablespoon dried oregano", "¾ pound zucchini".
const AMOUNT_LINE = /^\s*(?:\d|[¼½¾⅓⅔⅛])[^\n]*\p{L}{2,}/u;

/**
 * Whether one list entry (of several; a lone entry is the whole list) holds several whole lines at its line ends (a list pasted into one
 * entry), not one line wrapped in its source ("1\n cup\n flour" as microdata leaves it): most
 * pieces state an amount and name something.
 */
function wholeLines(x: string): boolean {
  const pieces = x.split("\n").filter((l) => l.trim());
  return pieces.length >= 2 && pieces.filter((l) => AMOUNT_LINE.test(l)).length * 3 >= pieces.length * 2;
}

function ingredientLines(v: unknown): string[] {
  // A whole list in one string breaks at line ends too; inside a list entry only markup does.
  const lines = (x: string, newlines: boolean) => {
    // A heading the string marks ("## Sauce", "--- Topping ---") heads its group as "Sauce:" would.
    const heading = markedHeading(x);
    if (heading) return [`${heading}:`];
    const s = unescapeMarkup(x);
    return JOINED.test(s) || (newlines && s.includes("\n")) ? splitLines(s) : [cleanText(s)];
  };
  // Some sites nest one array per ingredient group: the groups, read in order, are the list.
  const flat = Array.isArray(v) && v.some(Array.isArray) ? v.flat(2) : v;
  const all =
    typeof flat === "string"
      ? lines(flat, true)
      : Array.isArray(flat)
        ? flat.flatMap((x) =>
            typeof x === "string"
              ? lines(x, flat.length === 1 || wholeLines(x))
              : x && typeof x === "object"
                ? [cleanText((x as Node).text ?? (x as Node).name)]
                : [],
          )
        : [];
  // The recipe's yield stated among the lines ("Serves 4") is no ingredient.
  return all.map(stripBullet).filter((l) => !isYieldLine(l));
}

const KEYS = [
  "name",
  "headline",
  "description",
  "recipeIngredient",
  "ingredients",
  "recipeInstructions",
  "prepTime",
  "cookTime",
  "totalTime",
  "recipeYield",
  "yield",
  "nutrition",
  "keywords",
  "recipeCategory",
  "recipeCuisine",
  "suitableForDiet",
  "image",
  "thumbnailUrl",
  "author",
  "creator",
];
const BY_LOWER = new Map(KEYS.map((k) => [k.toLowerCase(), k]));

/** The node with schema.org's spelling of keys written in another case ("recipeingredient", "Author"). */
function withSchemaKeys(n: Node): Node {
  let out: Node | null = null;
  for (const k of Object.keys(n)) {
    const canonical = BY_LOWER.get(k.toLowerCase());
    if (canonical && canonical !== k && n[canonical] === undefined) (out ??= { ...n })[canonical] = n[k];
  }
  return out ?? n;
}

/** The first of the values that holds something (an empty recipeIngredient gives way to ingredients). */
const filled = (...vs: unknown[]): unknown =>
  vs.find((v) => v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0));

/** A step that is the recipe's description, whole or cut short ("Make this cake! Serve it with te"). */
function isDescription(step: string, description: string): boolean {
  const a = step.replace(/\s+/g, " ").trim();
  const b = description.replace(/\s+/g, " ").trim();
  return a.length >= 20 && (a === b || b.startsWith(a) || a.startsWith(b));
}

const sameLetters = (a: string, b: string) => {
  const key = (x: string) => x.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  return key(a).length > 0 && key(a) === key(b);
};

/** Maps a schema.org Recipe object (JSON-LD node, or microdata converted to the same shape). */
export function mapSchemaRecipe(node: Node, ctx: MapContext): PartialRecipe {
  const n = withSchemaKeys(node);
  const r: PartialRecipe = {};
  const name = str(n.name) ?? str(n.headline);
  if (name) r.name = name;
  const description = str(n.description);
  if (description) r.description = description;
  const ingredients = parseIngredientList(ingredientLines(filled(n.recipeIngredient, n.ingredients)));
  if (ingredients.length) r.ingredients = ingredients;
  const parsed = parseInstructions(n.recipeInstructions, ctx);
  // The method's first line repeating the dish's name is its heading, not a step.
  const steps =
    name && parsed.length > 1 && !parsed[0]!.section && sameLetters(parsed[0]!.text, name)
      ? parsed.slice(1)
      : parsed;
  // A theme that fills the steps with the description (cut short) gives no steps: the page's own do.
  if (steps.length && !(steps.length === 1 && description && isDescription(steps[0]!.text, description)))
    r.instructions = steps;
  const seconds = inSeconds([first(n.prepTime), first(n.cookTime), first(n.totalTime)]);
  const prep = schemaMinutes(first(n.prepTime), seconds);
  const total = schemaMinutes(first(n.totalTime), seconds);
  const timed = schemaMinutes(first(n.cookTime), seconds);
  const cook = timed === null && total === null ? stepMinutes(n.recipeInstructions) || null : timed;
  if (prep !== null) r.prepTimeMinutes = prep;
  if (cook !== null) r.cookTimeMinutes = cook;
  if (total !== null && total > 0) r.totalTimeMinutes = total;
  else if (prep !== null || cook !== null) r.totalTimeMinutes = (prep ?? 0) + (cook ?? 0);
  const y = parseYield(filled(n.recipeYield, n.yield), { data: true });
  if (y.text) {
    r.yield = y.text;
    r.servings = y.servings;
  }
  const nut = nutrition(deref(n.nutrition, ctx));
  if (nut) r.nutrition = nut;
  const tags = [...new Set(list(n.keywords))];
  if (tags.length) r.tags = tags;
  const category = [...new Set(list(n.recipeCategory))];
  if (category.length) r.category = category;
  const cuisine = list(n.recipeCuisine);
  if (cuisine.length) r.cuisine = [...new Set(cuisine)].join(", ");
  const dietType = diet(n.suitableForDiet);
  if (dietType) r.dietType = dietType;
  const image = chooseImage(filled(n.image, n.thumbnailUrl), ctx);
  if (image) r.imageUrl = image;
  const author = authorName(filled(n.author, n.creator), ctx);
  if (author) r.author = author;
  return r;
}
