// Hand-written: the spec fixes the exact tokenization and both measures (recipe-ingest-agent.md
// §11.2-11.3); no library computes "longest contiguous token overlap" and windowed n-gram Jaccard.
import type { SimilarityReport } from "../domain/draft.ts";

export interface GuardrailOptions {
  TokenOverlapWarningThreshold: number;
  TokenOverlapErrorThreshold: number;
  NgramSimilarityWarningThreshold: number;
  NgramSimilarityErrorThreshold: number;
  NgramSize: number;
}

/** Whitespace-delimited words, lower-cased, punctuation stripped (§11.2). */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().split(/\s+/)) {
    const t = raw.replace(/[\p{P}\p{S}]+/gu, "");
    if (t) out.push(t);
  }
  return out;
}

// Tokens become small integers so that windows hash cheaply.
function intern(tokens: string[], ids: Map<string, number>): Uint32Array {
  const out = new Uint32Array(tokens.length);
  tokens.forEach((t, i) => {
    let id = ids.get(t);
    if (id === undefined) ids.set(t, (id = ids.size + 1));
    out[i] = id;
  });
  return out;
}

const key = (a: Uint32Array, start: number, len: number) => a.subarray(start, start + len).join(",");

/** Set of all `len`-token windows of `a` (as keys). */
function windows(a: Uint32Array, len: number): Set<string> {
  const s = new Set<string>();
  for (let i = 0; i + len <= a.length; i++) s.add(key(a, i, len));
  return s;
}

/**
 * Length of the longest run of consecutive tokens of `target` that also occurs, contiguous, in
 * `source`. Binary search on the length, with a set of source windows per probe.
 */
export function longestCommonRun(source: Uint32Array, target: Uint32Array): number {
  let lo = 0;
  let hi = Math.min(source.length, target.length);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const src = windows(source, mid);
    let found = false;
    for (let j = 0; j + mid <= target.length && !found; j++) found = src.has(key(target, j, mid));
    if (found) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function ngrams(a: Uint32Array, start: number, end: number, n: number): Set<string> {
  const s = new Set<string>();
  for (let i = start; i + n <= end; i++) s.add(key(a, i, n));
  return s;
}

/**
 * Highest Jaccard similarity between the step's n-grams and the n-grams of any source window of
 * the step's length (slid by a quarter of it). Steps shorter than n tokens score 0.
 */
export function maxWindowJaccard(source: Uint32Array, step: Uint32Array, n: number): number {
  if (step.length < n || source.length < n) return 0;
  const target = ngrams(step, 0, step.length, n);
  const len = Math.min(step.length, source.length);
  const stride = Math.max(1, Math.floor(len / 4));
  let best = 0;
  for (let start = 0; ; start += stride) {
    const end = Math.min(source.length, start + len);
    const w = ngrams(source, start, end, n);
    let inter = 0;
    for (const g of target) if (w.has(g)) inter++;
    const union = target.size + w.size - inter;
    if (union > 0) best = Math.max(best, inter / union);
    if (best === 1 || end >= source.length) break;
  }
  return best;
}

export interface GuardrailResult {
  report: SimilarityReport;
  warnings: string[];
  errors: string[];
  /** Indexes of instruction steps at or above the n-gram error threshold (for repair and commit checks). */
  flaggedSteps: number[];
  descriptionFlagged: boolean;
}

/**
 * The paraphrase guardrail (§11.2): the longest contiguous token overlap between the snapshot and
 * the description and the instructions, and each step's best n-gram Jaccard against source windows.
 */
export function checkParaphrase(
  snapshot: string,
  draft: { description: string | null; instructions: { text: string }[] },
  opts: GuardrailOptions,
): GuardrailResult {
  const ids = new Map<string, number>();
  const source = intern(tokenize(snapshot), ids);
  const desc = intern(tokenize(draft.description ?? ""), ids);
  const steps = draft.instructions.map((s) => intern(tokenize(s.text), ids));
  // Steps are checked together too: a block copied across several short steps is still a block.
  const allSteps = intern(
    draft.instructions.flatMap((s) => tokenize(s.text)),
    ids,
  );

  const descRun = longestCommonRun(source, desc);
  const stepsRun = longestCommonRun(source, allSteps);
  const maxRun = Math.max(descRun, stepsRun);
  const jaccards = steps.map((s) => maxWindowJaccard(source, s, opts.NgramSize));
  const maxJ = jaccards.reduce((a, b) => Math.max(a, b), 0);

  const warnings: string[] = [];
  const errors: string[] = [];
  const where = descRun >= stepsRun ? "description" : "instructions";
  if (maxRun >= opts.TokenOverlapErrorThreshold) {
    errors.push(
      `Verbatim block: ${maxRun} contiguous tokens of the ${where} copy the source (limit ${opts.TokenOverlapErrorThreshold}); paraphrase it`,
    );
  } else if (maxRun >= opts.TokenOverlapWarningThreshold) {
    warnings.push(
      `Near-verbatim block: ${maxRun} contiguous tokens of the ${where} copy the source (warning at ${opts.TokenOverlapWarningThreshold})`,
    );
  }
  const flaggedSteps = jaccards.flatMap((j, i) => (j >= opts.NgramSimilarityErrorThreshold ? [i] : []));
  const warnSteps = jaccards.flatMap((j, i) =>
    j >= opts.NgramSimilarityWarningThreshold && j < opts.NgramSimilarityErrorThreshold ? [i] : [],
  );
  if (flaggedSteps.length) {
    errors.push(
      `Instruction step(s) ${flaggedSteps.map((i) => i + 1).join(", ")} match the source text (${opts.NgramSize}-gram similarity ≥ ${opts.NgramSimilarityErrorThreshold}); paraphrase them`,
    );
  }
  if (warnSteps.length) {
    warnings.push(
      `Instruction step(s) ${warnSteps.map((i) => i + 1).join(", ")} closely follow the source text (${opts.NgramSize}-gram similarity ≥ ${opts.NgramSimilarityWarningThreshold})`,
    );
  }
  const violates = errors.length > 0;
  return {
    report: {
      maxContiguousTokenOverlap: maxRun,
      maxNgramSimilarity: Math.round(maxJ * 1000) / 1000,
      violatesPolicy: violates,
      details: violates || warnings.length ? [...errors, ...warnings].join("; ") : null,
    },
    warnings,
    errors,
    flaggedSteps,
    descriptionFlagged: descRun >= opts.TokenOverlapErrorThreshold,
  };
}
