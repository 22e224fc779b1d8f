// The trained ingredient tagger as a file: written by `npm run train:ingredients`, read once on
// first use. Layout: "LTAG1", a little-endian u32 header length, a JSON header (labels, weight
// scale, transitions, training facts), the feature names joined by "\n", then one int16 row of
// label weights per feature.
import { readFileSync } from "node:fs";
import { LABELS, type Label } from "./align.ts";
import {
  decode,
  decodeScores,
  exactSums,
  Featurizer,
  scoreBuffer,
  type FeatureIndex,
  type Weights,
} from "./perceptron.ts";
import { tokenize, type Token } from "./tokenize.ts";

const MAGIC = "LTAG1";
export const MODEL_FILE = new URL("./ingredientModel.bin", import.meta.url);

/** What the model file says about itself besides its weights. */
export interface ModelInfo {
  trainedOn: number;
  epochs: number;
  seed: number;
  features: number;
  [k: string]: unknown;
}

/** Writes weights to bytes: features whose weights all round to zero are left out. */
export function encodeModel(w: Weights, info: Omit<ModelInfo, "features">): Buffer {
  const L = w.labels.length;
  let max = 0;
  for (const v of w.emit) max = Math.max(max, Math.abs(v));
  const scale = max / 32767 || 1;
  const names: string[] = [];
  const rows: Int16Array[] = [];
  for (const [name, i] of w.index) {
    const row = new Int16Array(L);
    let any = false;
    for (let y = 0; y < L; y++) {
      row[y] = Math.round(w.emit[i * L + y]! / scale);
      if (row[y]) any = true;
    }
    if (any && !name.includes("\n")) {
      names.push(name);
      rows.push(row);
    }
  }
  const nameBytes = Buffer.from(names.join("\n"), "utf8");
  const header = Buffer.from(
    JSON.stringify({
      labels: w.labels,
      scale,
      nameBytes: nameBytes.length,
      trans: [...w.trans].map((v) => +v.toFixed(3)),
      info: { ...info, features: names.length },
    }),
    "utf8",
  );
  const weights = new Int16Array(names.length * L);
  rows.forEach((r, i) => weights.set(r, i * L));
  const len = Buffer.alloc(4);
  len.writeUInt32LE(header.length);
  return Buffer.concat([
    Buffer.from(MAGIC),
    len,
    header,
    nameBytes,
    Buffer.from(weights.buffer, weights.byteOffset, weights.byteLength),
  ]);
}

/**
 * Weights read from a model file: `exact` says their sums are exact in any order (see exactSums),
 * which holds of every file: each weight is an int16 times one scale, rounded to a float32, so it is
 * a whole multiple of the smallest one's unit in the last place, and the largest is under 2^15
 * times the smallest, so under 2^40 of those units. Not scanning the 320,000 weights to find it out
 * again saves each extraction thread 5-10 ms when it reads the model.
 */
export type ModelWeights = Weights & { info: ModelInfo; exact?: boolean };

/** Reads weights written by encodeModel. */
export function decodeModel(bytes: Buffer): ModelWeights {
  if (bytes.subarray(0, MAGIC.length).toString() !== MAGIC)
    throw new Error("Not an ingredient tagger model file.");
  const headerLen = bytes.readUInt32LE(MAGIC.length);
  let at = MAGIC.length + 4;
  const header = JSON.parse(bytes.subarray(at, at + headerLen).toString("utf8")) as {
    labels: string[];
    scale: number;
    nameBytes: number;
    trans: number[];
    info: ModelInfo;
  };
  at += headerLen;
  const index = new NameIndex(bytes.subarray(at, at + header.nameBytes).toString("utf8"));
  at += header.nameBytes;
  const L = header.labels.length;
  // Copied out: the int16 view needs an aligned offset.
  const raw = new Int16Array(
    bytes.buffer.slice(bytes.byteOffset + at, bytes.byteOffset + at + index.size * L * 2),
  );
  const emit = new Float32Array(raw.length);
  for (let i = 0; i < raw.length; i++) emit[i] = raw[i]! * header.scale;
  return {
    labels: header.labels,
    index,
    emit,
    trans: Float32Array.from(header.trans),
    info: header.info,
    exact: true,
  };
}

/**
 * A model file's feature names (joined by "\n", the nth name is row n) looked up where they stand
 * in that one string: a hash table of row numbers. Every extraction thread reads the model; a Map of
 * its ~40k names (a string and an entry each) was most of the ~10-40 ms that took a thread.
 */
export class NameIndex implements FeatureIndex {
  private readonly names: string;
  /** Where each name starts in `names`, and one past the last name's end. */
  private readonly starts: Int32Array;
  /** Open addressing: row + 1 of the name hashed there, 0 when free. */
  private readonly table: Int32Array;
  readonly size: number;

  constructor(names: string) {
    this.names = names;
    // As `split("\n")` counts: n separators, n + 1 names.
    let n = 1;
    for (let i = 0; i < names.length; i++) if (names.charCodeAt(i) === 10) n++;
    this.size = n;
    this.starts = new Int32Array(n + 1);
    // At most half full: a miss (most lookups) probes few slots.
    let slots = 16;
    while (slots < 2 * n) slots *= 2;
    this.table = new Int32Array(slots);
    const mask = slots - 1;
    let row = 0;
    let h = HASH_SEED;
    for (let i = 0; i <= names.length; i++) {
      const c = i < names.length ? names.charCodeAt(i) : 10;
      if (c !== 10) {
        h = Math.imul(h ^ c, HASH_PRIME);
        continue;
      }
      // Names are distinct (the keys of the Map the file was written from): no row is replaced.
      let slot = h & mask;
      while (this.table[slot] !== 0) slot = (slot + 1) & mask;
      this.table[slot] = row + 1;
      this.starts[++row] = i + 1;
      h = HASH_SEED;
    }
    this.starts[n] = names.length + 1;
  }

  get(name: string): number | undefined {
    let h = HASH_SEED;
    for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), HASH_PRIME);
    const mask = this.table.length - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const r = this.table[slot]! - 1;
      if (r < 0) return undefined;
      const at = this.starts[r]!;
      if (this.starts[r + 1]! - 1 - at === name.length && this.names.startsWith(name, at)) return r;
    }
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  *[Symbol.iterator](): Iterator<[string, number]> {
    for (let r = 0; r < this.size; r++) yield [this.names.slice(this.starts[r], this.starts[r + 1]! - 1), r];
  }
}

// FNV-1a over UTF-16 code units.
const HASH_SEED = 0x811c9dc5 | 0;
const HASH_PRIME = 0x01000193;

/** A line as the tagger reads it: tokens, one label each, and how sure it is of each. */
export interface TaggedLine {
  tokens: Token[];
  labels: Label[];
  /** Per token: how much the best labelling beats the best one that labels this token otherwise. */
  margins: number[];
  /** Share of the line's words the model met in training (low for a language it was not trained on). */
  known: number;
}

/** The ingredient tagger: a trained model and a featurizer that remembers the words it met. */
export class IngredientTagger {
  private readonly featurizer: Featurizer;
  readonly weights: Weights & { info: ModelInfo };
  /** Weights whose sums are exact in any order: scores are summed per word, not per feature. */
  private readonly fused: boolean;
  constructor(weights: ModelWeights) {
    this.weights = weights;
    for (const l of weights.labels)
      if (!(LABELS as readonly string[]).includes(l)) throw new Error(`Unknown label ${l}.`);
    this.featurizer = new Featurizer(weights.index);
    this.fused = weights.exact === true || exactSums(weights.emit);
  }

  /** Tags one line's tokens. */
  tagTokens(tokens: Token[]): TaggedLine {
    const entries = tokens.map((t) => this.featurizer.word(t.text));
    let decoded: { path: number[]; margins: number[] };
    if (this.fused) {
      this.featurizer.scores(tokens, entries, this.weights, scoreBuffer(this.weights, tokens.length));
      decoded = decodeScores(this.weights, tokens.length);
    } else decoded = decode(this.weights, this.featurizer.line(tokens));
    const { path, margins } = decoded;
    let words = 0;
    let known = 0;
    for (let i = 0; i < tokens.length; i++) {
      const w = entries[i]!;
      if (!w.wordish && !/\p{L}/u.test(tokens[i]!.text)) continue;
      words++;
      if (w.known) known++;
    }
    return {
      tokens,
      labels: path.map((y) => this.weights.labels[y] as Label),
      margins,
      known: words ? known / words : 1,
    };
  }

  /** Tags one line. */
  tag(line: string): TaggedLine {
    return this.tagTokens(tokenize(line));
  }
}

let shared: IngredientTagger | null = null;

/** The committed model, read on first use. */
export function ingredientTagger(): IngredientTagger {
  shared ??= new IngredientTagger(decodeModel(readFileSync(MODEL_FILE)));
  return shared;
}
