// A first-order sequence tagger whose weights are learned by the averaged structured perceptron
// (Collins 2002), decoded with Viterbi. Hand-written: the npm CRF packages are native CRFsuite
// bindings (a node-gyp build) and the pure-JS perceptrons are multi-class only, with no sequence decoding.
import { wordKey } from "./align.ts";
import {
  CONTEXT_FAMILIES,
  contextValues,
  wordClass,
  wordFacts,
  wordFeatures,
  type WordFacts,
} from "./features.ts";
import { isAmount } from "./tokenize.ts";
import type { Token } from "./tokenize.ts";

/**
 * Feature name → row in `emit`: a Map while training; a model file's names read in place
 * (model.ts NameIndex) by a tagger.
 */
export interface FeatureIndex extends Iterable<[string, number]> {
  get(name: string): number | undefined;
  has(name: string): boolean;
  readonly size: number;
}

/** The weights of a tagger: one row of label scores per feature, and label-to-label transitions. */
export interface Weights {
  labels: readonly string[];
  /** Feature name → row in `emit`. */
  index: FeatureIndex;
  /** Feature × label scores, row-major. */
  emit: Float32Array;
  /** (previous label + 1) × label: row 0 is the start of the line. */
  trans: Float32Array;
}

/** A line's features: the ids of token i are ids[starts[i]..starts[i+1]). */
export interface LineFeatures {
  ids: Int32Array;
  starts: Int32Array;
}

const WORD_CACHE_MAX = 50_000;

interface WordEntry extends WordFacts {
  /** Feature ids of this word at offsets -2..+2 from the token being labelled. */
  near: Int32Array[];
  /** The model met the word itself in training. */
  known: boolean;
  /** Ids of the two-word features with the word after this one: [bi, bn]. */
  pairs: Map<WordEntry, [number, number]>;
  /** Summed weight rows of `near`, offset by offset (L scores each), once scored. */
  nearScores: Float64Array | null;
  /** Summed weight rows of the two-word features with the word after this one: bi's L, then bn's L. */
  pairScores: Map<WordEntry, Float64Array> | null;
}

/** Turns tokens into feature ids, keeping what it computed of each word it meets. */
export class Featurizer {
  private readonly words = new Map<string, WordEntry>();
  private readonly index: FeatureIndex;
  /** The index features not yet in it are added to (training), else null. */
  private readonly grow: Map<string, number> | null;
  /** Context feature ids: family → value → id (-1 when the model has none). */
  private readonly context: Int32Array[];
  private readonly bias: number;
  private buf = new Int32Array(1024);
  private readonly start: WordEntry;
  private readonly end: WordEntry;

  constructor(index: FeatureIndex, grow = false) {
    this.index = index;
    if (grow && !(index instanceof Map)) throw new Error("A featurizer that grows its index needs a Map.");
    this.grow = grow ? (index as Map<string, number>) : null;
    this.bias = this.id("bias");
    this.context = CONTEXT_FAMILIES.map(([family, n]) =>
      Int32Array.from({ length: n }, (_, v) => this.id(`${family}=${v}`)),
    );
    const edge = (key: string): WordEntry => ({
      key,
      amount: false,
      wordish: false,
      near: [],
      known: false,
      pairs: new Map(),
      nearScores: null,
      pairScores: null,
    });
    this.start = edge("^");
    this.end = edge("$");
  }

  /** The ids of "bi=a|b" and "bn=a|b" for two words in a row. */
  private pair(a: WordEntry, b: WordEntry): [number, number] {
    let p = a.pairs.get(b);
    if (!p) {
      p = [this.id(`bi=${a.key}|${b.key}`), this.id(`bn=${a.key}|${b.key}`)];
      a.pairs.set(b, p);
    }
    return p;
  }

  private id(name: string): number {
    let i = this.index.get(name);
    if (i === undefined) {
      if (!this.grow) return -1;
      i = this.grow.size;
      this.grow.set(name, i);
    }
    return i;
  }

  private ids(names: string[]): Int32Array {
    const out: number[] = [];
    for (const n of names) {
      const i = this.id(n);
      if (i >= 0) out.push(i);
    }
    return Int32Array.from(out);
  }

  /** What is kept of one word. */
  word(text: string): WordEntry {
    let w = this.words.get(text);
    if (!w) {
      if (this.words.size >= WORD_CACHE_MAX) this.words.clear();
      // Built field by field in one order, as `edge` builds its entries: one object shape.
      // The word's key and whether it is an amount, once for its facts and its features.
      const amount = isAmount(text);
      const facts = wordFacts(text, wordKey(text, amount), amount);
      w = {
        key: facts.key,
        amount: facts.amount,
        wordish: facts.wordish,
        near: wordFeatures(text, facts.key, wordClass(text, facts.key, amount)).map((names) =>
          this.ids(names),
        ),
        known: this.index.has(`w=${text.toLowerCase()}`),
        pairs: new Map(),
        nearScores: null,
        pairScores: null,
      };
      this.words.set(text, w);
    }
    return w;
  }

  private push(at: number, id: number): number {
    if (id < 0) return at;
    if (at >= this.buf.length) {
      const bigger = new Int32Array(this.buf.length * 2);
      bigger.set(this.buf);
      this.buf = bigger;
    }
    this.buf[at] = id;
    return at + 1;
  }

  /** The feature ids of each token of a line. */
  line(tokens: Token[]): LineFeatures {
    const n = tokens.length;
    const words = tokens.map((t) => this.word(t.text));
    const ctx = contextValues(tokens, words);
    const F = CONTEXT_FAMILIES.length;
    const starts = new Int32Array(n + 1);
    let at = 0;
    for (let i = 0; i < n; i++) {
      starts[i] = at;
      at = this.push(at, this.bias);
      for (let f = 0; f < F; f++) at = this.push(at, this.context[f]![ctx[i * F + f]!]!);
      const cur = words[i]!;
      at = this.push(at, this.pair(i ? words[i - 1]! : this.start, cur)[0]);
      at = this.push(at, this.pair(cur, i + 1 < n ? words[i + 1]! : this.end)[1]);
      // Only words inside the line: reading an array below 0 leaves V8's fast path.
      for (let o = i < 2 ? -i : -2, top = n - 1 - i < 2 ? n - 1 - i : 2; o <= top; o++) {
        const near = words[i + o]!.near[o + 2]!;
        for (let k = 0; k < near.length; k++) at = this.push(at, near[k]!);
      }
    }
    starts[n] = at;
    return { ids: this.buf.slice(0, at), starts };
  }

  /**
   * The emission scores of a line's tokens (token × label, into `out`) with the weights `w`, the
   * sums `emissions` makes of the ids `line` gives, in another order: each word's rows, each pair's
   * and each context's are summed once and kept. Only for weights whose sums are exact in any order
   * (see exactSums), so the scores are the same to the last bit.
   */
  scores(tokens: Token[], words: WordEntry[], w: Weights, out: Float64Array): void {
    const n = tokens.length;
    const L = w.labels.length;
    const ctx = contextValues(tokens, words);
    const F = CONTEXT_FAMILIES.length;
    for (let i = 0; i < n; i++) {
      const row = i * L;
      const c = this.contextScores(ctx, i * F, w);
      for (let y = 0; y < L; y++) out[row + y] = c[y]!;
      const cur = words[i]!;
      const before = this.pairScores(i ? words[i - 1]! : this.start, cur, w);
      for (let y = 0; y < L; y++) out[row + y]! += before[y]!;
      const after = this.pairScores(cur, i + 1 < n ? words[i + 1]! : this.end, w);
      for (let y = 0; y < L; y++) out[row + y]! += after[L + y]!;
      for (let o = i < 2 ? -i : -2, top = n - 1 - i < 2 ? n - 1 - i : 2; o <= top; o++) {
        const near = this.nearScores(words[i + o]!, w);
        const base = (o + 2) * L;
        for (let y = 0; y < L; y++) out[row + y]! += near[base + y]!;
      }
    }
  }

  /** Context feature values (one per family) → the summed rows of bias and those features. */
  private readonly contexts = new Map<number, Float64Array>();

  private contextScores(ctx: Uint8Array, at: number, w: Weights): Float64Array {
    let key = 0;
    for (let f = 0; f < CONTEXT_FAMILIES.length; f++) key = key * CONTEXT_FAMILIES[f]![1] + ctx[at + f]!;
    let v = this.contexts.get(key);
    if (!v) {
      const L = w.labels.length;
      v = new Float64Array(L);
      addRow(v, 0, w, this.bias);
      for (let f = 0; f < CONTEXT_FAMILIES.length; f++) addRow(v, 0, w, this.context[f]![ctx[at + f]!]!);
      this.contexts.set(key, v);
    }
    return v;
  }

  private nearScores(e: WordEntry, w: Weights): Float64Array {
    let v = e.nearScores;
    if (!v) {
      const L = w.labels.length;
      v = new Float64Array(5 * L);
      for (let o = 0; o < e.near.length; o++) for (const id of e.near[o]!) addRow(v, o * L, w, id);
      e.nearScores = v;
    }
    return v;
  }

  private pairScores(a: WordEntry, b: WordEntry, w: Weights): Float64Array {
    const map = (a.pairScores ??= new Map());
    let v = map.get(b);
    if (!v) {
      const L = w.labels.length;
      const [bi, bn] = this.pair(a, b);
      v = new Float64Array(2 * L);
      addRow(v, 0, w, bi);
      addRow(v, L, w, bn);
      map.set(b, v);
    }
    return v;
  }
}

/** Adds feature `id`'s row of label scores to `out` from `at` (nothing for a feature the model lacks). */
function addRow(out: Float64Array, at: number, w: Weights, id: number): void {
  if (id < 0) return;
  const L = w.labels.length;
  for (let y = 0; y < L; y++) out[at + y]! += w.emit[id * L + y]!;
}

/**
 * Whether every sum of up to 4096 of the weights is exact in doubles, so that sums in any order
 * are equal: true of weights read from a model file (int16 values times one scale, as float32):
 * each is then a multiple of the smallest one's unit in the last place, below 2^40 of them.
 */
export function exactSums(emit: Float32Array): boolean {
  // Indexed loops: run once per thread, mostly before V8 optimizes them, where `for…of` on a typed
  // array went through the iterator protocol per element (10-45 ms a thread).
  let min = Infinity;
  for (let i = 0; i < emit.length; i++) {
    const v = Math.abs(emit[i]!);
    if (v !== 0 && v < min) min = v;
  }
  if (min === Infinity) return true;
  const q = 2 ** (Math.floor(Math.log2(min)) - 24);
  for (let i = 0; i < emit.length; i++) {
    const k = emit[i]! / q;
    if (!Number.isInteger(k) || Math.abs(k) >= 2 ** 40) return false;
  }
  return true;
}

// Scratch space for decoding, grown as needed: a line is decoded without allocating.
let scratch = {
  size: 0,
  e: new Float64Array(0),
  fwd: new Float64Array(0),
  bwd: new Float64Array(0),
  back: new Int32Array(0),
};
function scratchFor(size: number): typeof scratch {
  if (scratch.size < size) {
    const s = Math.max(size, 256);
    scratch = {
      size: s,
      e: new Float64Array(s),
      fwd: new Float64Array(s),
      bwd: new Float64Array(s),
      back: new Int32Array(s),
    };
  }
  return scratch;
}

/** Emission scores, token × label, into `out`. */
function emissions(w: Weights, feats: LineFeatures, out: Float64Array): Float64Array {
  const L = w.labels.length;
  const n = feats.starts.length - 1;
  out.fill(0, 0, n * L);
  const { ids, starts } = feats;
  const emit = w.emit;
  for (let i = 0; i < n; i++) {
    const row = i * L;
    for (let k = starts[i]!; k < starts[i + 1]!; k++) {
      const base = ids[k]! * L;
      for (let y = 0; y < L; y++) out[row + y]! += emit[base + y]!;
    }
  }
  return out;
}

/** The best label sequence, and for each token how far the best path beats any path that labels it otherwise. */
export function decode(w: Weights, feats: LineFeatures): { path: number[]; margins: number[] } {
  const n = feats.starts.length - 1;
  const L = w.labels.length;
  if (n <= 0) return { path: [], margins: [] };
  emissions(w, feats, scratchFor(n * L).e);
  return decodeScores(w, n);
}

/** Scratch space for the emission scores of a line of `n` tokens, for decodeScores. */
export function scoreBuffer(w: Weights, n: number): Float64Array {
  return scratchFor(n * w.labels.length).e;
}

/** decode, from the emission scores of `n` tokens already in scoreBuffer. */
export function decodeScores(w: Weights, n: number): { path: number[]; margins: number[] } {
  const L = w.labels.length;
  if (n <= 0) return { path: [], margins: [] };
  const { e, fwd, bwd, back } = scratchFor(n * L);
  const T = w.trans;
  // Forward: best score of a path ending at (i, y); backward: best score of the rest after (i, y).
  for (let y = 0; y < L; y++) fwd[y] = T[y]! + e[y]!;
  for (let i = 1; i < n; i++) {
    for (let y = 0; y < L; y++) {
      let best = -Infinity;
      let arg = 0;
      for (let p = 0; p < L; p++) {
        const s = fwd[(i - 1) * L + p]! + T[(p + 1) * L + y]!;
        if (s > best) {
          best = s;
          arg = p;
        }
      }
      fwd[i * L + y] = best + e[i * L + y]!;
      back[i * L + y] = arg;
    }
  }
  bwd.fill(0, 0, n * L);
  for (let i = n - 2; i >= 0; i--) {
    for (let y = 0; y < L; y++) {
      let best = -Infinity;
      for (let x = 0; x < L; x++) {
        const s = T[(y + 1) * L + x]! + e[(i + 1) * L + x]! + bwd[(i + 1) * L + x]!;
        if (s > best) best = s;
      }
      bwd[i * L + y] = best;
    }
  }
  let last = 0;
  for (let y = 1; y < L; y++) if (fwd[(n - 1) * L + y]! > fwd[(n - 1) * L + last]!) last = y;
  const path = new Array<number>(n);
  path[n - 1] = last;
  for (let i = n - 1; i > 0; i--) path[i - 1] = back[i * L + path[i]!]!;
  const total = fwd[(n - 1) * L + last]!;
  const margins: number[] = [];
  for (let i = 0; i < n; i++) {
    let second = -Infinity;
    for (let y = 0; y < L; y++) {
      if (y === path[i]) continue;
      const s = fwd[i * L + y]! + bwd[i * L + y]!;
      if (s > second) second = s;
    }
    margins.push(total - second);
  }
  return { path, margins };
}

/** A deterministic pseudo-random generator (mulberry32), so that training is repeatable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Trains the weights on labelled lines (label ids per token) for a number of passes over them in a
 * seeded random order, and returns the averaged weights.
 */
export function train(
  labels: readonly string[],
  index: Map<string, number>,
  data: { feats: LineFeatures; gold: number[] }[],
  opts: { epochs: number; seed: number; onEpoch?: (epoch: number, errors: number) => void },
): Weights {
  const L = labels.length;
  const F = index.size;
  const w: Weights = { labels, index, emit: new Float32Array(F * L), trans: new Float32Array((L + 1) * L) };
  // Sums of each update times the step it was made at: average = w - sum / steps.
  const emitSum = new Float64Array(F * L);
  const transSum = new Float64Array((L + 1) * L);
  const rand = seededRandom(opts.seed);
  const order = data.map((_, i) => i);
  let step = 1;
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let errors = 0;
    for (const k of order) {
      const { feats, gold } = data[k]!;
      const { path } = decode(w, feats);
      let wrong = false;
      for (let i = 0; i < gold.length; i++) {
        const g = gold[i]!;
        const p = path[i]!;
        const gPrev = i ? gold[i - 1]! + 1 : 0;
        const pPrev = i ? path[i - 1]! + 1 : 0;
        if (g !== p) {
          wrong = true;
          for (let k = feats.starts[i]!; k < feats.starts[i + 1]!; k++) {
            const f = feats.ids[k]!;
            w.emit[f * L + g]! += 1;
            emitSum[f * L + g]! += step;
            w.emit[f * L + p]! -= 1;
            emitSum[f * L + p]! -= step;
          }
        }
        if (g !== p || gPrev !== pPrev) {
          w.trans[gPrev * L + g]! += 1;
          transSum[gPrev * L + g]! += step;
          w.trans[pPrev * L + p]! -= 1;
          transSum[pPrev * L + p]! -= step;
        }
      }
      if (wrong) errors++;
      step++;
    }
    opts.onEpoch?.(epoch + 1, errors);
  }
  for (let i = 0; i < w.emit.length; i++) w.emit[i] = w.emit[i]! - emitSum[i]! / step;
  for (let i = 0; i < w.trans.length; i++) w.trans[i] = w.trans[i]! - transSum[i]! / step;
  return w;
}
