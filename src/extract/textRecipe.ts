import { INGREDIENT_WORDS, INSTRUCTION_WORDS, OTHER_SECTION, isStepsWord } from "./sectionWords.ts";

/**
 * Plain text (pasted, a PDF's text layer, OCR output, captions) → simple HTML for the one
 * extraction core: a title, section headings and lists found by headings, list markers and line
 * shapes, so the heuristic reader (which knows the section words of eight languages) can read it.
 */

/** The generator textToHtml names in its page: the readers know the page is a cook's own text. */
export const TYPED_TEXT = "ladle:text";

const MD_HEADING = /^#{1,6}\s+(.+?)\s*#*$/;
const BULLET = /^(?:[-*•·▪◦‣–—○●□▢☐✓✔]|\(\d{1,2}\)|\d{1,2}[.)](?!\d)|[a-h][.)])\s+/u;
const NUMBERED = /^(?:\(\d{1,2}\)|\d{1,2}[.)](?!\d))\s+/;
const STEP_LABEL = /^(?:step|schritt|étape|etape|paso|passo|stap|steg|etapa)\s*\d{1,2}\s*[:.)-]?\s*/iu;
const QUANTITY_START =
  /^(?:\d|[½¼¾⅓⅔⅛⅜⅝⅞]|(?:a|an|one|two|three|four|ein|eine|un|une|uno|una|een|en|ett|um|uma)\s|pinch\b|handful\b|salt\b|pepper\b)/iu;
const SENTENCE_END = /[.!?)"”]$/;
// A card's detail on a line of its own ("Serves 4", "Prep 15 minutes", "Yield: 12"): never the
// wrapped part of another line, nor wrapped on to.
const DETAIL_LINE =
  /^(?:serves|servings|yields?|makes|feeds|prep(?:aration)?|cook(?:ing)?|bake|baking|total|ready in|active time)\b/i;

// A short label that ends with its colon and holds no sentence ("To Make the Cake:", "Fumet:").
const GROUP_LABEL = /^[^.!?:]{2,50}[:：]$/u;

export type Line =
  | { kind: "blank" }
  | { kind: "heading"; text: string; written?: string }
  | { kind: "item"; text: string; numbered: boolean; label?: boolean }
  | { kind: "line"; text: string };

export const isSectionWord = (t: string) =>
  INGREDIENT_WORDS.test(t) || INSTRUCTION_WORDS.test(t) || OTHER_SECTION.test(t);

export function classify(raw: string): Line {
  const t = raw.replace(/\s+/g, " ").trim();
  if (!t) return { kind: "blank" };
  const md = MD_HEADING.exec(t);
  if (md) return { kind: "heading", text: md[1]! };
  const bare = t.replace(/[:：]$/, "").trim();
  if (bare.length <= 60 && isSectionWord(bare) && !/[.!?]/.test(bare)) return { kind: "heading", text: bare };
  // A label the cook bulleted as a line of the list ("• After cooking:") stays the list's line, as a
  // numbered one does ("1. To Make the Cake:"), never a heading with its bullet in it.
  const mark = BULLET.exec(t);
  if (mark && /[:：]$/.test(t) && !NUMBERED.test(t))
    return { kind: "item", text: t.slice(mark[0].length), numbered: false };
  // A label is measured without its notes in brackets ("Decoration (the number will vary with
  // the size of each piece.):"): they are no sentence of the line, however long.
  const h = t.replace(/\s*\([^()]*\)/g, "");
  // "For the glaze:" and other short colon-ended labels are group headings.
  if (h.length <= 50 && /[:：]$/.test(h) && !/[.!?]/.test(h.slice(0, -1)))
    return { kind: "heading", text: bare, written: t };
  // A short line in capitals ("INGREDIENTS", "FÜR DEN TEIG", "WHOLE30 TACOS"): a digit only
  // inside a word, never an amount ("2 EGGS", "FLOUR 500G").
  if (h.length <= 60 && /\p{Lu}{3}/u.test(t) && t === t.toUpperCase() && !/(?:^|[\s(])[\d½¼¾⅓⅔]/u.test(h))
    return { kind: "heading", text: bare };
  const label = STEP_LABEL.exec(t);
  if (label)
    return label[0].length < t.length
      ? { kind: "item", text: t.slice(label[0].length), numbered: true }
      : { kind: "item", text: t, numbered: true, label: true };
  const b = BULLET.exec(t);
  if (b) return { kind: "item", text: t.slice(b[0].length), numbered: NUMBERED.test(t) };
  return { kind: "line", text: t };
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

interface Section {
  heading: string | null;
  kind: "ingredients" | "instructions" | "other";
  items: string[];
  /** A group of the method ("To make the filling"): a part of the section before, not a section. */
  group?: boolean;
}

function sectionKind(heading: string | null): Section["kind"] {
  if (!heading) return "other";
  if (INGREDIENT_WORDS.test(heading)) return "ingredients";
  if (INSTRUCTION_WORDS.test(heading)) return "instructions";
  return "other";
}

const ingredientShaped = (t: string) =>
  t.length <= 90 && QUANTITY_START.test(t) && !/[.!?]\s+\p{Lu}/u.test(t);

/**
 * Whether the first line after `at` is one of a list (an item, or short and no sentence), not a step.
 * A note in brackets that closes the line is no sentence of it, however long ("zest from 1 lemon
 * (add after cooking base recipe)" under "BLUEBERRY LEMON" in a list without bullets).
 */
function listFollows(lines: Line[], at: number): boolean {
  const next = lines.slice(at + 1).find((l) => l.kind !== "blank");
  if (next?.kind === "item") return true;
  if (next?.kind !== "line") return false;
  const bare = next.text.replace(/\s*\([^()]*\)$/, "");
  return ingredientShaped(next.text) || (bare.length <= 40 && !SENTENCE_END.test(bare));
}

/** Converts recipe text to HTML with `<h1>` title, `<h2>` sections and lists. */
export function textToHtml(text: string, fallbackTitle?: string | null): string {
  const lines = text.replace(/\r\n?/g, "\n").replace(/\f/g, "\n\n").split("\n").map(classify);
  let title: string | null = null;
  const first = lines.findIndex((l) => l.kind !== "blank");
  if (first >= 0) {
    const l = lines[first]!;
    if (l.kind === "line" && l.text.length <= 150) {
      title = l.text;
      lines.splice(first, 1);
    } else if (l.kind === "heading" && !isSectionWord(l.text)) {
      title = l.text;
      lines.splice(first, 1);
    }
  }
  title ??= fallbackTitle ?? null;

  // Group into sections; inside one, a numbered item, a bullet or a blank line starts a new entry
  // and other lines continue the current one when it reads as unfinished (PDF and OCR wrap lines).
  const sections: Section[] = [];
  let cur: Section = { heading: null, kind: "other", items: [] };
  let open = false;
  const push = () => {
    if (cur.heading !== null || cur.items.length) sections.push(cur);
  };
  for (const [at, l] of lines.entries()) {
    if (l.kind === "blank") {
      open = false;
      continue;
    }
    // A numbered or bulleted line of the method that is a label ("1. To Make the Cake:") heads a
    // group as a heading would: the steps under it are its.
    if (l.kind === "item" && cur.kind === "instructions" && GROUP_LABEL.test(l.text)) {
      push();
      cur = { heading: l.text, kind: "instructions", items: [], group: true };
      open = false;
      continue;
    }
    if (l.kind === "heading") {
      push();
      // A heading inside the method that names no section of its own ("To Make the Filling:",
      // "For the glaze") heads a group of its steps: the method goes on under it, the group named
      // as written (its colon too, as the page reader keeps a colon a page shows).
      // So does one that names the method and says which part ("Préparation de la crème"), and
      // a heading inside the ingredients ("Garnish:") heads a group of the list.
      const kind = sectionKind(l.text);
      const group =
        (cur.kind === "instructions" &&
          ((kind === "other" && !isSectionWord(l.text)) ||
            (kind === "instructions" && !isStepsWord(l.text)))) ||
        (cur.kind === "ingredients" && kind === "other" && !isSectionWord(l.text) && listFollows(lines, at));
      cur = group
        ? { heading: l.written ?? l.text, kind: cur.kind, items: [], group: true }
        : { heading: l.text, kind, items: [] };
      open = false;
      continue;
    }
    // "Step 2" alone on its line in the method labels the lines under it: they are the step,
    // whatever their script (a label joined to a step in Urdu is no step's words).
    if (l.kind === "item" && l.label && cur.kind === "instructions") {
      open = false;
      continue;
    }
    const prev = cur.items.at(-1);
    const continues =
      l.kind === "line" &&
      open &&
      prev !== undefined &&
      cur.kind !== "ingredients" &&
      !ingredientShaped(l.text) &&
      !ingredientShaped(prev) &&
      !DETAIL_LINE.test(l.text) &&
      !DETAIL_LINE.test(prev) &&
      (!SENTENCE_END.test(prev) || /^\p{Ll}/u.test(l.text));
    if (continues) cur.items[cur.items.length - 1] = `${prev} ${l.text}`;
    else cur.items.push(l.text);
    open = true;
  }
  push();

  // No ingredient/step headings at all (a photo of a card, a terse paste): split by line shape,
  // quantity-led lines being ingredients and the sentences after them steps.
  if (!sections.some((s) => s.kind !== "other")) {
    const all = sections.flatMap((s) => s.items);
    const firstIng = all.findIndex(ingredientShaped);
    if (firstIng >= 0) {
      let end = firstIng;
      while (
        end < all.length &&
        (ingredientShaped(all[end]!) || (all[end]!.length <= 40 && !SENTENCE_END.test(all[end]!)))
      )
        end++;
      const intro = all.slice(0, firstIng);
      sections.length = 0;
      if (intro.length) sections.push({ heading: null, kind: "other", items: intro });
      sections.push({ heading: "Ingredients", kind: "ingredients", items: all.slice(firstIng, end) });
      if (end < all.length)
        sections.push({ heading: "Instructions", kind: "instructions", items: all.slice(end) });
    }
  }

  const out: string[] = ['<!doctype html><html><head><meta charset="utf-8">'];
  if (title) out.push(`<title>${esc(title)}</title>`);
  out.push(`<meta name="generator" content="${TYPED_TEXT}">`);
  out.push("</head><body><article>");
  if (title) out.push(`<h1>${esc(title)}</h1>`);
  for (const s of sections) {
    if (s.heading) out.push(s.group ? `<h3>${esc(s.heading)}</h3>` : `<h2>${esc(s.heading)}</h2>`);
    if (!s.items.length) continue;
    if (s.kind === "other" && !s.heading) {
      out.push(...s.items.map((i) => `<p>${esc(i)}</p>`));
      continue;
    }
    const tag = s.kind === "instructions" ? "ol" : "ul";
    out.push(`<${tag}>${s.items.map((i) => `<li>${esc(i)}</li>`).join("")}</${tag}>`);
  }
  out.push("</article></body></html>");
  return out.join("\n");
}

/**
 * The page a recipe starts on (0-based): the first page with an ingredient heading or three
 * quantity-led lines, backed up one page when that page opens with the list (the title is on the
 * page before). 0 when no page looks like one.
 */
export function recipeStartPage(pages: string[]): number {
  for (let i = 0; i < pages.length; i++) {
    const lines = pages[i]!.split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    const heading = lines.findIndex((l) => l.length <= 60 && INGREDIENT_WORDS.test(l.replace(/[:：]$/, "")));
    const quantities = lines.filter(ingredientShaped).length;
    if (heading >= 0 || quantities >= 3) return heading === 0 && i > 0 ? i - 1 : i;
  }
  return 0;
}
