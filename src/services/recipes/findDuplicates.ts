// The duplicate detector: pure, so the evaluation (`npm run eval -- duplicates`), the
// review screen, the commit and bulk imports all decide the same way. Candidates come from SQL
// (storage/duplicates.repo.ts); this file only compares.

/** What is compared: a draft, or a stored recipe. */
export interface DuplicateSubject {
  /** The recipe's duplicate key (domain/canonicalUrl.ts), null when it has no web address. */
  dupKey: string | null;
  title: string;
  /** Parsed ingredient names (not whole lines: "2 cups flour, sifted" is "flour"). */
  ingredientNames: readonly string[];
}

export interface DuplicateCandidate extends DuplicateSubject {
  id: string;
}

export type DuplicateReason = "same address" | "same recipe";

export interface DuplicateMatch {
  id: string;
  title: string;
  reason: DuplicateReason;
  /** 1 for the same address; for the same recipe, the mean of title and ingredient similarity. */
  score: number;
  titleSimilarity: number;
  ingredientSimilarity: number;
}

/**
 * Chosen by measurement on test/fixtures/duplicates and the development corpus (`npm run eval --
 * duplicates`): both must hold, so a "Chili" with other ingredients and a chili under another
 * name both stay apart. Title is the looser one: sites reword titles more than ingredient lists.
 */
export const DUPLICATE_THRESHOLDS = { title: 0.6, ingredients: 0.5 } as const;

// Words that dress a title up without naming another dish.
const TITLE_FILLER = new Set(
  (
    "a an the and with of for in on to my our your best easy easiest simple quick quickest homemade " +
    "perfect ultimate classic favorite favourite delicious amazing really super ever recipe recipes " +
    "how make making minute minutes min"
  ).split(" "),
);

// Words that describe an ingredient's state or size rather than what it is.
const NAME_FILLER = new Set(
  (
    "a an the of and or for to taste plus more about fresh freshly large small medium big extra " +
    "chopped minced diced sliced grated shredded crushed peeled finely roughly thinly coarsely " +
    "packed loosely firmly divided optional softened melted cold warm room temperature whole " +
    "good quality kosher organic cup cups tablespoon tablespoons teaspoon teaspoons tbsp tsp"
  ).split(" "),
);

/** A crude English singular: enough that "eggs" and "egg", "tomatoes" and "tomato" meet. */
function singular(w: string): string {
  if (w.length <= 3) return w;
  if (w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (/(?:oes|ches|shes|xes|sses)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

function words(s: string): string[] {
  return s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
}

/** A title's words that name the dish: no parentheses, site suffix or filler. */
export function titleTokens(title: string): string[] {
  const main = title
    .replace(/\([^)]*\)|\[[^\]]*\]/g, " ")
    // "Chili | Site Name", "Chili - Site Name": the first part names the dish.
    .split(/\s[|–—]\s|\s-\s/)[0]!;
  return words(main)
    .map(singular)
    .filter((w) => !TITLE_FILLER.has(w));
}

/** An ingredient name's words: no notes after a comma, no sizes or preparation. */
export function nameTokens(name: string): string[] {
  const head = name.replace(/\([^)]*\)/g, " ").split(",")[0]!;
  return words(head)
    .filter((w) => !/^\d/.test(w))
    .map(singular)
    .filter((w) => !NAME_FILLER.has(w));
}

function trigrams(s: string): Set<string> {
  const padded = `  ${s} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

function jaccard<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  if (!a.size && !b.size) return 0;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

/** 0..1: the better of word overlap (Dice) and trigram overlap of the dish words of two titles. */
export function titleSimilarity(a: string, b: string): number {
  const ta = titleTokens(a);
  const tb = titleTokens(b);
  if (!ta.length || !tb.length) return 0;
  const sa = new Set(ta);
  const sb = new Set(tb);
  let shared = 0;
  for (const w of sa) if (sb.has(w)) shared++;
  const dice = (2 * shared) / (sa.size + sb.size);
  const tri = jaccard(trigrams([...sa].sort().join(" ")), trigrams([...sb].sort().join(" ")));
  return Math.max(dice, tri);
}

/** Two ingredient names are the same when one's words hold the other's, or half their words are shared. */
function sameIngredient(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared > 0 && (shared === Math.min(a.size, b.size) || shared / (a.size + b.size - shared) >= 0.5);
}

/**
 * 0..1: Jaccard of two ingredient sets where names match loosely (sameIngredient), each name used
 * once: "unsalted butter" meets "butter", "large eggs" meets "egg".
 */
export function ingredientSimilarity(a: readonly string[], b: readonly string[]): number {
  const dedupe = (names: readonly string[]) => {
    const seen = new Map<string, Set<string>>();
    for (const n of names) {
      const t = nameTokens(n);
      if (t.length) seen.set([...t].sort().join(" "), new Set(t));
    }
    return [...seen.values()];
  };
  const sa = dedupe(a);
  const sb = dedupe(b);
  if (!sa.length || !sb.length) return 0;
  const used = new Set<number>();
  let matched = 0;
  for (const x of sa) {
    const j = sb.findIndex((y, k) => !used.has(k) && sameIngredient(x, y));
    if (j >= 0) {
      used.add(j);
      matched++;
    }
  }
  return matched / (sa.length + sb.length - matched);
}

/**
 * "Pancakes No. 1" and "No. 2", "Chili 2", "5-Minute" and "10-Minute" versions: when both titles
 * carry numbers and they are not the same numbers, the titles name different recipes.
 */
function numbersDiffer(a: string, b: string): boolean {
  const nums = (s: string) => new Set(titleTokens(s).filter((w) => /^\d+$/.test(w)));
  const na = nums(a);
  const nb = nums(b);
  return na.size > 0 && nb.size > 0 && (na.size !== nb.size || [...na].some((n) => !nb.has(n)));
}

/** Whether two recipes look like the same recipe, and how sure: null when they do not. */
export function sameRecipe(
  a: Omit<DuplicateSubject, "dupKey">,
  b: Omit<DuplicateSubject, "dupKey">,
  thresholds: { title: number; ingredients: number } = DUPLICATE_THRESHOLDS,
): { score: number; titleSimilarity: number; ingredientSimilarity: number } | null {
  const t = titleSimilarity(a.title, b.title);
  if (t < thresholds.title || numbersDiffer(a.title, b.title)) return null;
  const i = ingredientSimilarity(a.ingredientNames, b.ingredientNames);
  if (i < thresholds.ingredients) return null;
  return { score: (t + i) / 2, titleSimilarity: t, ingredientSimilarity: i };
}

/**
 * The candidates that duplicate `subject`: the same address first (score 1), then the same recipe
 * by title and ingredients, best first.
 */
export function findDuplicates(
  subject: DuplicateSubject,
  candidates: readonly DuplicateCandidate[],
  thresholds: { title: number; ingredients: number } = DUPLICATE_THRESHOLDS,
): DuplicateMatch[] {
  const out: DuplicateMatch[] = [];
  for (const c of candidates) {
    if (subject.dupKey && c.dupKey === subject.dupKey) {
      out.push({
        id: c.id,
        title: c.title,
        reason: "same address",
        score: 1,
        titleSimilarity: titleSimilarity(subject.title, c.title),
        ingredientSimilarity: ingredientSimilarity(subject.ingredientNames, c.ingredientNames),
      });
      continue;
    }
    const s = sameRecipe(subject, c, thresholds);
    if (s) out.push({ id: c.id, title: c.title, reason: "same recipe", ...s });
  }
  return out.sort(
    (x, y) => Number(y.reason === "same address") - Number(x.reason === "same address") || y.score - x.score,
  );
}
