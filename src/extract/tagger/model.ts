// The trained ingredient tagger as a file: written by `npm run train:ingredients`, read once on
// first use. Layout: "LTAG1", a little-endian u32 header length, a JSON header (labels, weight
// scale, transitions, training facts), the feature names joined by "\n", then one int16 row of
// label weights per feature.
import { readFileSync } from "node:fs";
import { LABELS, type Label } from "./align.ts";
import { decode, decodeScores, exactSums, Featurizer, scoreBuffer, type Weights } from "./perceptron.ts";
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

/** Reads weights written by encodeModel. */
export function decodeModel(bytes: Buffer): Weights & { info: ModelInfo } {
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
  const names = bytes
    .subarray(at, at + header.nameBytes)
    .toString("utf8")
    .split("\n");
  at += header.nameBytes;
  const L = header.labels.length;
  // Copied out: the int16 view needs an aligned offset.
  const raw = new Int16Array(
    bytes.buffer.slice(bytes.byteOffset + at, bytes.byteOffset + at + names.length * L * 2),
  );
  const emit = new Float32Array(raw.length);
  for (let i = 0; i < raw.length; i++) emit[i] = raw[i]! * header.scale;
  const index = new Map<string, number>();
  names.forEach((n, i) => index.set(n, i));
  return { labels: header.labels, index, emit, trans: Float32Array.from(header.trans), info: header.info };
}

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
  constructor(weights: Weights & { info: ModelInfo }) {
    this.weights = weights;
    for (const l of weights.labels)
      if (!(LABELS as readonly string[]).includes(l)) throw new Error(`Unknown label ${l}.`);
    this.featurizer = new Featurizer(weights.index);
    this.fused = exactSums(weights.emit);
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
