// Hand-written: the spec fixes the exact tokenization and both measures (recipe-ingest-agent.md
//); no library computes "longest contiguous token overlap" and windowed n-gram Jaccard.
import type { SimilarityReport } from "../domain/draft.ts";

export interface GuardrailOptions {
  TokenOverlapWarningThreshold: number;
  TokenOverlapErrorThreshold: number;
  NgramSimilarityWarningThreshold: number;
  NgramSimilarityErrorThreshold: number;
  NgramSize: number;
}

const PUNCT = /[\p{P}\p{S}]+/gu;
const SPACE = /\s/;

/** ASCII punctuation and symbols (\p{P}\p{S} below 128): every printable character that is not a letter or digit. */
function isAsciiPunct(c: number): boolean {
  return c > 32 && c < 127 && !((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90));
}

/**
 * Whitespace-delimited words, lower-cased, punctuation and symbols stripped, written as
 * the spec states it. The checks use `internTokens`, the same cut in one pass; tests hold the two equal.
 */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(PUNCT, ""))
    .filter(Boolean);
}

/**
 * Token ids (1, 2, ...) for the distinct tokens of one check, keyed by two independent 32-bit
 * hashes of the token (a collision needs both to agree: ~1e-12 for a page's few thousand words).
 * Words are hashed while they are scanned, so no string is made for an ASCII word.
 */
export class TokenTable {
  private h1s: number[] = [0];
  private h2s: number[] = [0];
  private slots = new Int32Array(1 << 12);

  get size(): number {
    return this.h1s.length - 1;
  }

  id(h1: number, h2: number): number {
    const mask = this.slots.length - 1;
    let s = h1 & mask;
    for (; ; s = (s + 1) & mask) {
      const id = this.slots[s]!;
      if (id === 0) break;
      if (this.h1s[id] === h1 && this.h2s[id] === h2) return id;
    }
    const id = this.h1s.length;
    this.h1s.push(h1);
    this.h2s.push(h2);
    if (id * 2 > this.slots.length) this.grow();
    else this.slots[s] = id;
    return id;
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    const mask = this.slots.length - 1;
    for (let id = 1; id < this.h1s.length; id++) {
      let s = this.h1s[id]! & mask;
      while (this.slots[s] !== 0) s = (s + 1) & mask;
      this.slots[s] = id;
    }
  }
}

/**
 * The text's tokens (as `tokenize` cuts them) as ids of `table`: one pass over the characters;
 * only words with non-ASCII characters are sliced and stripped with the Unicode classes.
 */
export function internTokens(text: string, table: TokenTable): Uint32Array {
  const lower = text.toLowerCase();
  const n = lower.length;
  // A token needs at least one character and one separator, so this bounds the count.
  const out = new Uint32Array((n >> 1) + 1);
  let k = 0;
  let start = -1;
  let wide = false;
  let len = 0;
  let h1 = 0x811c9dc5;
  let h2 = 0x9e3779b9;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? lower.charCodeAt(i) : 32;
    const space = c < 128 ? c === 32 || (c >= 9 && c <= 13) : SPACE.test(lower[i]!);
    if (!space) {
      if (start < 0) start = i;
      if (c >= 128) wide = true;
      else if (!isAsciiPunct(c)) {
        h1 = Math.imul(h1 ^ c, 0x01000193);
        h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
        len++;
      }
      continue;
    }
    if (start < 0) continue;
    if (wide) {
      const word = lower.slice(start, i).replace(PUNCT, "");
      len = word.length;
      h1 = 0x811c9dc5;
      h2 = 0x9e3779b9;
      for (let j = 0; j < word.length; j++) {
        const d = word.charCodeAt(j);
        h1 = Math.imul(h1 ^ d, 0x01000193);
        h2 = Math.imul(h2 ^ d, 0x5bd1e995) ^ (h2 >>> 15);
      }
    }
    if (len) out[k++] = table.id(h1, h2);
    start = -1;
    wide = false;
    len = 0;
    h1 = 0x811c9dc5;
    h2 = 0x9e3779b9;
  }
  return out.subarray(0, k);
}

/** Positions of each token id in the source, as one typed array sliced per token (CSR layout). */
class PositionIndex {
  private static readonly NONE = new Int32Array(0);
  private readonly offsets: Int32Array;
  private readonly positions: Int32Array;

  constructor(source: Uint32Array, maxId: number) {
    const offsets = new Int32Array(maxId + 2);
    // Indexed loops over the typed arrays: run once a page, this code is seldom optimized, and a
    // for…of there allocates an iterator result per token (the guardrail's largest garbage).
    for (let i = 0; i < source.length; i++) offsets[source[i]! + 1]!++;
    for (let i = 1; i < offsets.length; i++) offsets[i]! += offsets[i - 1]!;
    const fill = offsets.slice();
    const positions = new Int32Array(source.length);
    for (let i = 0; i < source.length; i++) positions[fill[source[i]!]!++] = i;
    this.offsets = offsets;
    this.positions = positions;
  }

  of(token: number): Int32Array {
    if (token + 1 >= this.offsets.length) return PositionIndex.NONE;
    return this.positions.subarray(this.offsets[token]!, this.offsets[token + 1]!);
  }
}

/**
 * Length of the longest run of consecutive tokens of `target` that also occurs, contiguous, in
 * `source`: dynamic programming over the source positions of each target token.
 */
export function longestCommonRun(target: Uint32Array, index: PositionIndex, sourceLength: number): number {
  let best = 0;
  // Slot p + 1 holds the run ending at source position p and the target index that set it.
  const run = new Int32Array(sourceLength + 1);
  const stamp = new Int32Array(sourceLength + 1).fill(-2);
  for (let j = 0; j < target.length; j++) {
    const at = index.of(target[j]!);
    // Descending, so slot p (position p - 1, previous target token) is read before this round writes it.
    for (let k = at.length - 1; k >= 0; k--) {
      const p = at[k]!;
      const r = (stamp[p] === j - 1 ? run[p]! : 0) + 1;
      run[p + 1] = r;
      stamp[p + 1] = j;
      if (r > best) best = r;
    }
  }
  return best;
}

/** Dense ids for n-grams (53-bit double hash of the token ids; a collision needs both 32-bit hashes to agree). */
class NgramIds {
  readonly ids = new Map<number, number>();
  private readonly n: number;

  constructor(n: number) {
    this.n = n;
  }

  private zeros = new Int32Array(0);

  /**
   * A count per n-gram id so far, all zero: one array for every window range of a check, left at
   * zero by its user, instead of one allocated and zeroed per range (ranges x distinct n-grams).
   */
  counts(): Int32Array {
    if (this.zeros.length <= this.ids.size) this.zeros = new Int32Array(Math.max(2 * this.ids.size, 1024));
    return this.zeros;
  }

  at(a: Uint32Array, i: number): number {
    let h1 = 0x811c9dc5;
    let h2 = 0x9e3779b9;
    for (let k = i; k < i + this.n; k++) {
      h1 = Math.imul(h1 ^ a[k]!, 0x01000193);
      h2 = Math.imul(h2 ^ a[k]!, 0x5bd1e995) ^ (h2 >>> 13);
    }
    const key = (h1 >>> 0) * 2097152 + (h2 >>> 11);
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = this.ids.size + 1));
    return id;
  }
}

/**
 * Highest Jaccard similarity between the step's n-grams and those of any source window of the
 * step's length. Only windows holding at least one of the step's n-grams can score above 0, so
 * they are found through the token index and only their n-grams are hashed. Steps shorter than n
 * score 0.
 */
export function maxWindowJaccard(
  source: Uint32Array,
  index: PositionIndex,
  step: Uint32Array,
  grams: NgramIds,
  sourceIds: Int32Array,
  n: number,
): number {
  const total = source.length - n + 1;
  const stepCount = step.length - n + 1;
  if (stepCount <= 0 || total <= 0) return 0;
  const srcId = (i: number) => sourceIds[i] || (sourceIds[i] = grams.at(source, i));
  const target = new Set<number>();
  const firstTokens = new Set<number>();
  // The step's distinct first tokens, in the order met, read by index (see PositionIndex).
  const firsts: number[] = [];
  for (let i = 0; i < stepCount; i++) {
    target.add(grams.at(step, i));
    const t = step[i]!;
    if (!firstTokens.has(t)) {
      firstTokens.add(t);
      firsts.push(t);
    }
  }
  const matches: number[] = [];
  for (let f = 0; f < firsts.length; f++) {
    const at = index.of(firsts[f]!);
    for (let j = 0; j < at.length; j++) {
      const i = at[j]!;
      if (i < total && target.has(srcId(i))) matches.push(i);
    }
  }
  if (!matches.length) return 0;
  matches.sort((x, y) => x - y);
  const w = Math.min(stepCount, total);
  // Window starts that cover a match, merged into ranges.
  const ranges: [number, number][] = [];
  for (let k = 0; k < matches.length; k++) {
    const m = matches[k]!;
    const a = Math.max(0, m - w + 1);
    const b = Math.min(m, total - w);
    const last = ranges.at(-1);
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else ranges.push([a, b]);
  }
  let best = 0;
  for (let r = 0; r < ranges.length; r++) {
    const a = ranges[r]![0];
    const b = ranges[r]![1];
    for (let i = a; i < b + w; i++) srcId(i);
    const counts = grams.counts();
    let distinct = 0;
    let inter = 0;
    const add = (g: number) => {
      if (counts[g]!++ === 0) {
        distinct++;
        if (target.has(g)) inter++;
      }
    };
    const remove = (g: number) => {
      if (--counts[g]! === 0) {
        distinct--;
        if (target.has(g)) inter--;
      }
    };
    for (let i = a; i < a + w; i++) add(sourceIds[i]!);
    best = Math.max(best, inter / (target.size + distinct - inter));
    let start = a;
    for (let s = a + 1; s <= b && best < 1; s++) {
      remove(sourceIds[s - 1]!);
      add(sourceIds[s + w - 1]!);
      best = Math.max(best, inter / (target.size + distinct - inter));
      start = s;
    }
    // Left all zero for the next range: only the last window's n-grams are counted.
    for (let i = start; i < start + w; i++) counts[sourceIds[i]!] = 0;
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
  /** Steps at or above the n-gram warning threshold, below the error one. */
  closeSteps?: number[];
  /** The longest copied run and where it is, when it reaches the warning threshold. */
  run?: { where: "description" | "steps"; words: number };
}

/**
 * The verdict on words the cook wrote themselves (pasted text, a file of their own): the copy check
 * protects other people's words, so it is not run, and it says so: not checked, never a pass.
 */
export function ownWordsVerdict(): GuardrailResult {
  return {
    report: {
      maxContiguousTokenOverlap: 0,
      maxNgramSimilarity: 0,
      violatesPolicy: false,
      details: "Not checked: these are the cook's own words (the copy check is for text from someone else)",
      checked: false,
    },
    warnings: [],
    errors: [],
    flaggedSteps: [],
    descriptionFlagged: false,
  };
}

/**
 * The paraphrase guardrail: the longest contiguous token overlap between the snapshot and
 * the description and the instructions, and each step's best n-gram Jaccard against source windows.
 */
export function checkParaphrase(
  snapshot: string,
  draft: { description: string | null; instructions: { text: string }[] },
  opts: GuardrailOptions,
): GuardrailResult {
  const ids = new TokenTable();
  const source = internTokens(snapshot, ids);
  const desc = internTokens(draft.description ?? "", ids);
  const steps = draft.instructions.map((s) => internTokens(s.text, ids));
  // Steps are checked together too: a block copied across several short steps is still a block.
  const allSteps = new Uint32Array(steps.reduce((n, st) => n + st.length, 0));
  let at = 0;
  for (const st of steps) {
    allSteps.set(st, at);
    at += st.length;
  }

  // Nothing to compare with (a page whose text is all in scripts): not checked, which is not a pass.
  if (source.length < opts.NgramSize && (desc.length || allSteps.length)) {
    const message =
      "The copy check could not compare the text with the page: the page gave no text of its own to compare with";
    return {
      report: {
        maxContiguousTokenOverlap: 0,
        maxNgramSimilarity: 0,
        violatesPolicy: false,
        details: `Not checked: ${message.charAt(0).toLowerCase()}${message.slice(1)}`,
        checked: false,
      },
      warnings: [message],
      errors: [],
      flaggedSteps: [],
      descriptionFlagged: false,
    };
  }
  const index = new PositionIndex(source, ids.size);
  const descRun = longestCommonRun(desc, index, source.length);
  const stepsRun = longestCommonRun(allSteps, index, source.length);
  const maxRun = Math.max(descRun, stepsRun);
  const grams = new NgramIds(opts.NgramSize);
  const sourceIds = new Int32Array(Math.max(0, source.length - opts.NgramSize + 1));
  const jaccards = steps.map((st) => maxWindowJaccard(source, index, st, grams, sourceIds, opts.NgramSize));
  const maxJ = jaccards.reduce((a, b) => Math.max(a, b), 0);

  const warnings: string[] = [];
  const errors: string[] = [];
  const where = descRun >= stepsRun ? "The description" : "The steps";
  // Messages are for cooks: what is copied and what to do; the figures stay in the report.
  if (maxRun >= opts.TokenOverlapErrorThreshold) {
    errors.push(
      `${where} copy a passage of ${maxRun} words from the site word for word; rewrite it in your own words or keep it for personal use`,
    );
  } else if (maxRun >= opts.TokenOverlapWarningThreshold) {
    warnings.push(`${where} repeat a passage of ${maxRun} words from the site nearly word for word`);
  }
  const flaggedSteps = jaccards.flatMap((j, i) => (j >= opts.NgramSimilarityErrorThreshold ? [i] : []));
  const warnSteps = jaccards.flatMap((j, i) =>
    j >= opts.NgramSimilarityWarningThreshold && j < opts.NgramSimilarityErrorThreshold ? [i] : [],
  );
  if (flaggedSteps.length) {
    errors.push(
      `${stepList(flaggedSteps)} the site's own words; rewrite them in your own words or keep them for personal use`,
    );
  }
  if (warnSteps.length) {
    warnings.push(`${stepList(warnSteps)} close to the site's wording`);
  }
  const violates = errors.length > 0;
  return {
    report: {
      maxContiguousTokenOverlap: maxRun,
      maxNgramSimilarity: Math.round(maxJ * 1000) / 1000,
      violatesPolicy: violates,
      details: violates || warnings.length ? [...errors, ...warnings].join("; ") : null,
      checked: true,
    },
    warnings,
    errors,
    flaggedSteps,
    descriptionFlagged: descRun >= opts.TokenOverlapErrorThreshold,
    closeSteps: warnSteps,
    ...(maxRun >= opts.TokenOverlapWarningThreshold
      ? { run: { where: descRun >= stepsRun ? ("description" as const) : ("steps" as const), words: maxRun } }
      : {}),
  };
}

/** "Step 2 is", "Steps 2-5 are", "Steps 1, 3 and 5-6 are" (1-based, from 0-based indexes). */
export function stepList(indexes: number[]): string {
  const runs: string[] = [];
  const sorted = [...indexes].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push(j > i ? `${sorted[i]! + 1}-${sorted[j]! + 1}` : `${sorted[i]! + 1}`);
    i = j + 1;
  }
  const list = runs.length > 1 ? `${runs.slice(0, -1).join(", ")} and ${runs.at(-1)}` : runs[0];
  return sorted.length === 1 ? `Step ${list} is` : `Steps ${list} are`;
}

/**
 * A guardrail finding at the field it is about, in plain English words, and as a stable code with
 * its figures for a screen that speaks the reader's language (its `steps` are the step numbers).
 */
export interface GuardrailFinding {
  /** "description" or "instructions"; `steps` names the 0-based step indexes when known. */
  field: "description" | "instructions";
  steps: number[];
  level: "error" | "warning";
  message: string;
  code?: GuardrailCode;
  params?: Record<string, string | number>;
}

/** The codes of the guardrail's findings. */
export type GuardrailCode =
  "descriptionCopied" | "stepsCopied" | "passageCopied" | "passageNear" | "stepsClose" | "notCompared";

/** The guardrail result as findings per field, for the review editor and the commit error. */
export function guardrailFindings(r: GuardrailResult, opts: GuardrailOptions): GuardrailFinding[] {
  const out: GuardrailFinding[] = [];
  if (r.descriptionFlagged) {
    out.push({
      field: "description",
      steps: [],
      level: "error",
      message: "The description is the site's own words.",
      code: "descriptionCopied",
    });
  }
  if (r.flaggedSteps.length) {
    out.push({
      field: "instructions",
      steps: r.flaggedSteps,
      level: "error",
      message: `${stepList(r.flaggedSteps)} the site's own words.`,
      code: "stepsCopied",
      params: { count: r.flaggedSteps.length },
    });
  } else if (r.report.violatesPolicy && !r.descriptionFlagged) {
    out.push({
      field: "instructions",
      steps: [],
      level: "error",
      message: `The steps copy a passage of ${r.report.maxContiguousTokenOverlap} words from the site (more than ${opts.TokenOverlapErrorThreshold}).`,
      code: "passageCopied",
      params: { words: r.report.maxContiguousTokenOverlap, max: opts.TokenOverlapErrorThreshold },
    });
  }
  for (const w of r.warnings) {
    const close = /close to the site's wording$/.test(w) && r.closeSteps?.length ? r.closeSteps : null;
    const near = /nearly word for word$/.test(w) && r.run ? r.run : null;
    out.push({
      field: w.startsWith("The description") ? "description" : "instructions",
      steps: close ?? [],
      level: "warning",
      message: `${w}.`,
      ...(close
        ? { code: "stepsClose" as const, params: { count: close.length } }
        : near
          ? { code: "passageNear" as const, params: { where: near.where, words: near.words } }
          : r.report.checked === false
            ? { code: "notCompared" as const }
            : {}),
    });
  }
  return out;
}
