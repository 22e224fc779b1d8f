import type { Instruction } from "../domain/recipe.ts";
import { AMOUNT_FIRST } from "./genericIngredients.ts";
import { stripBullet } from "./text.ts";

// The generic reader's step lines: numbers, bullets, titles and the post's words around the method.

// A step's number set before its text with only a space ("1 Preheat the oven…"): the page draws it apart.
export const BARE_STEP_NUMBER = /^(\d{1,2})\s+(?=\p{L})/u;

/**
 * Whether the steps are numbered so (BARE_STEP_NUMBER), two at least, the numbers counting on from
 * 1 (again from 1 in each part of the method): then the numbers are no words of the steps. A
 * number the page set apart from its step, over a part's heading ("1", "Massa", "Em um
 * liquidificador…", "2 Despeje…"), leaves a gap of one.
 */
export function countsOn(lines: string[]): boolean {
  let last = 0;
  let n = 0;
  for (const l of lines) {
    const m = BARE_STEP_NUMBER.exec(l);
    if (!m) continue;
    const k = Number(m[1]);
    if (k !== 1 && (k <= last || k > last + 2)) return false;
    last = k;
    n++;
  }
  return n >= 2;
}

// Before the first step: a call to start ("Let's get cooking...", "Si cucina!", "À vos fourneaux !")
// or the count of the steps ("Modo de preparo em 7 passos.", "Method in 5 steps"). "Let's make
// it!" stays: some cards list it as a step of their own.
export const METHOD_INTRO =
  /^(?:(?:let['’]?s (?:get )?(?:cook(?:ing)?|start(?:ed)?|begin)\b[^.!?]{0,20}|si cucina|(?:e )?ora si cucina|à vos fourneaux|los geht['’]?s|a cocinar|manos a la obra|mãos à obra|vamos cozinhar)\s*[.!…]*|(?:\p{L}+\s){0,3}(?:in|em|en)\s+\d{1,2}\s+(?:steps|passos|pasos|étapes|schritten|passaggi|stappen)\.?)$/iu;
// After the last step: a sign-off ("With love, Ali", "xo, Sam", "Happy baking!") or a promotion
// of the site: a question to the reader leading to its other recipes or its newsletter ("Love
// Korean food? For more … explore the rest of our site"), an invitation to a social network's
// group. "Enjoy!" and a closing question alone stay: cards list both as steps.
export const METHOD_OUTRO =
  /^(?:(?:with love|much love|xo+|happy (?:cooking|baking))\b[,!.…]*(?:\s*\p{L}{2,20}[!.]?)?|[^.!?]{3,60}\?\s.{0,300}\b(?:our (?:site|blog|newsletter|recipes)|subscrib\w*|newsletter|sign up)\b.{0,200}|.{0,80}\b(?:facebook|instagram|pinterest|youtube|tiktok)[- ]?(?:group|gruppe|groupe|gruppo|grupo|groep|community)\b.{0,40}|.{0,80}\b(?:group|gruppe|groupe|gruppo|grupo|groep|community)\b.{0,40}\b(?:facebook|instagram)\b.{0,40}|.{0,80}\b(?:facebook|instagram)\b.{0,20}\b(?:group|gruppe|groupe|gruppo|grupo|groep|community)\b.{0,20})$/iu;

// The marker a link plugin sets after a tool's or a product's link ("a 9-inch pie plate (affiliate
// link).", "a blender [paid link]"): the site's, not the recipe's words.
export const AFFILIATE_MARK =
  /\s*[([](?:affiliate(?: link)?|paid link|sponsored link|werbelink|affiliate-link|lien affilié|link affiliato|enlace de afiliado|link de afiliado)[)\]]/giu;

/**
 * A step that lists the ingredients it uses after its sentences, in its own block ("…until it
 * resembles crumbs. 1 ½ cups flour, ¾ cup brown sugar"): the list goes when it is made only of
 * lines of the recipe's list (or those lines without their note), joined by commas, and it holds
 * two of them or one measured. A step whose last words name an ingredient keeps them: only what
 * follows a sentence's end is such a list.
 */
export function withoutOwnIngredients(steps: Instruction[], ingLines: string[]): Instruction[] {
  const known = new Set<string>();
  // The first comma-separated part of lines that hold commas ("2 cloves garlic, minced").
  const starts = new Set<string>();
  for (const l of ingLines) {
    if (l.endsWith(":")) continue;
    const t = stripBullet(l).replace(SPACES, " ").trim();
    known.add(t);
    known.add(t.replace(LINE_NOTE, ""));
    const comma = t.indexOf(", ");
    if (comma > 0) starts.add(t.slice(0, comma));
  }
  if (known.size < 2) return steps;
  return steps.map((s) => {
    for (const m of s.text.matchAll(SENTENCE_GAP)) {
      const at = m.index + m[0].length;
      // Most sentences are no list: the text after one must open with a line of the list.
      const comma = s.text.indexOf(", ", at);
      const first = s.text.slice(at, comma < 0 ? undefined : comma);
      if (!known.has(first.trim()) && !starts.has(first.trim())) continue;
      if (listsKnown(s.text.slice(at).split(", "), known))
        return { ...s, text: s.text.slice(0, m.index + 1) };
    }
    return s;
  });
}
// Where a sentence ends and another text begins.
const SENTENCE_GAP = /[.!?)]\s+(?=\S)/g;
const SPACES = /\s+/g;
// A line's note after it: "(½ of my recipe)", ", minced".
const LINE_NOTE = /\s*\([^()]*\)$|,\s.*$/;

/** Whether the comma-separated parts are, in order, whole lines of the list (a line may hold commas). */
function listsKnown(parts: string[], known: Set<string>): boolean {
  const n = parts.length;
  // ok[i]: the parts from i on are such lines.
  const ok: boolean[] = Array.from({ length: n + 1 }, () => false);
  ok[n] = true;
  // A line holds at most three commas of its own: bounded, however long the step.
  for (let i = n - 1; i >= 0; i--)
    for (let j = i + 1; j <= Math.min(n, i + 4) && !ok[i]; j++)
      ok[i] = ok[j]! && known.has(parts.slice(i, j).join(", ").trim());
  return ok[0]! && (n >= 2 || AMOUNT_FIRST.test(parts[0]!));
}

// "1. To prepare the vegetables:", "2) For the sauce:", "To serve:": a step's title, leading into its text.
export const TITLE_NUMBER = /^\d{1,2}\s*[.)]\s*/u;
export const STEP_TITLE = /^(?:\d{1,2}\s*[.)]\s*)?[^.!?]{3,60}:$/u;

export const FIRST_NUMBER = /^(?:step\s*)?1\s*[.):]\s/i;

// A yield set in bold at the end of the last step ("…for up to 3 months. <b>Serves 4</b>").
export const TRAILING_YIELD =
  /([.!?])\s+(?:serves|makes|yield|yields|servings)\s*:?\s*\d+(?:\s*[-–]\s*\d+)?\s*\.?$/i;
// A bullet before a step; a dash only before a space ("-5°C" keeps its sign), a star never as one
// of the two that open words in bold ("**For the sauce,** stir…").
export const STEP_BULLET = /^\s*(?:[•·▪◦●]|\*(?!\*)|[-–—](?=\s))\s*/u;
