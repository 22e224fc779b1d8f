// Turns a labelled line of the shared corpus (the line, then its parts as separate fields) into one
// label per token, the form the tagger learns from: each token goes to the field that holds it.
import { amountRange, isAmount, tokenize, type Token } from "./tokenize.ts";

/** What a token is in an ingredient line. */
export const LABELS = ["QTY", "UNIT", "SIZE", "NAME", "PREP", "COMMENT", "PURPOSE", "PUNC"] as const;
export type Label = (typeof LABELS)[number];

const IS_PUNCT = /^[^\p{L}\p{N}]+$/u;

/** The labelled fields of one line (the corpus's columns). */
export interface LineFields {
  quantity: string;
  unit: string;
  size: string;
  name: string;
  preparation: string;
  comment: string;
  purpose: string;
}

const IRREGULAR: Record<string, string> = { leaves: "leaf", loaves: "loaf", halves: "half", knives: "knife" };

/** A word as it is compared: lower case, curly apostrophe straight, no trailing dot, singular; an amount by its value. */
export function wordKey(w: string, amount = isAmount(w)): string {
  if (amount) {
    const r = amountRange(w);
    if (r) return `#${r.map((v) => (v === null ? "" : +v.toFixed(3))).join("-")}`;
  }
  let t = w.toLowerCase().replace(/’/g, "'").replace(/\.$/, "");
  const irregular = IRREGULAR[t];
  if (irregular) return irregular;
  if (/(?:ch|sh|x|ss)es$/.test(t)) t = t.slice(0, -2);
  else if (/[^aeiou]ies$/.test(t)) t = `${t.slice(0, -3)}y`;
  else if (/[^s]s$/.test(t) && t.length > 2) t = t.slice(0, -1);
  return t;
}

/** A corpus quantity ("#1$2", "2#1$4", "1-2", "Two") as the values and words it holds. */
function quantityParts(q: string): { values: number[]; words: string[] } {
  const values: number[] = [];
  const words: string[] = [];
  for (const part of q.trim().split(/\s+/).filter(Boolean)) {
    for (const piece of part.split(/-(?=[\d.#])/)) {
      const m = /^(\d*\.?\d+)?(?:#(\d+)\$(\d+))?$/.exec(piece);
      if (m && (m[1] || m[2]))
        values.push((m[1] ? Number(m[1]) : 0) + (m[2] ? Number(m[2]) / Number(m[3]) : 0));
      else words.push(wordKey(piece));
    }
  }
  return { values, words };
}

/** The keys of a labelled field's words; its amounts are written "#1$2", "2#1$4". */
function fieldKeys(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.trim().split(/\s+/).filter(Boolean)) {
    const m = /^(\d*\.?\d+)?#(\d+)\$(\d+)$/.exec(piece);
    if (m) {
      const v = (m[1] ? Number(m[1]) : 0) + Number(m[2]) / Number(m[3]);
      out.push(`#${+v.toFixed(3)}-`);
      continue;
    }
    for (const t of tokenize(piece)) if (!IS_PUNCT.test(t.text)) out.push(wordKey(t.text));
  }
  return out;
}

const FIELDS: [Label, keyof LineFields][] = [
  ["UNIT", "unit"],
  ["SIZE", "size"],
  ["NAME", "name"],
  ["PREP", "preparation"],
  ["PURPOSE", "purpose"],
  ["COMMENT", "comment"],
];

/**
 * One label per token of the line, or null for a token no field holds (the corpus's labellers
 * sometimes reworded a part). Ties (a word in two fields) go to the field of the token before,
 * then to the field of the token after, then in the order quantity, unit, size, name, preparation,
 * purpose, comment.
 */
export function alignLabels(
  input: string,
  fields: LineFields,
): { tokens: Token[]; labels: (Label | null)[] } {
  const tokens = tokenize(input);
  const q = quantityParts(fields.quantity);
  const left = new Map<Label, Map<string, number>>();
  for (const [label, key] of FIELDS) {
    const m = new Map<string, number>();
    for (const k of fieldKeys(fields[key])) m.set(k, (m.get(k) ?? 0) + 1);
    left.set(label, m);
  }
  const qtyValues = [...q.values];
  const qtyWords = [...q.words];
  const takeQty = (t: string, dry: boolean): boolean => {
    if (isAmount(t)) {
      const r = amountRange(t);
      if (!r) return false;
      const want = r.filter((v): v is number => v !== null);
      const idx = want.map((v) => qtyValues.findIndex((x) => Math.abs(x - v) < 0.01));
      if (idx.some((i) => i < 0)) return false;
      if (!dry)
        for (const v of want)
          qtyValues.splice(
            qtyValues.findIndex((x) => Math.abs(x - v) < 0.01),
            1,
          );
      return true;
    }
    const i = qtyWords.indexOf(wordKey(t));
    if (i < 0) return false;
    if (!dry) qtyWords.splice(i, 1);
    return true;
  };
  const candidates = (t: string): Label[] => {
    const out: Label[] = [];
    if (takeQty(t, true)) out.push("QTY");
    const k = wordKey(t);
    for (const [label] of FIELDS) if ((left.get(label)!.get(k) ?? 0) > 0) out.push(label);
    return out;
  };
  const labels: (Label | null)[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!.text;
    if (IS_PUNCT.test(t)) {
      labels.push("PUNC");
      continue;
    }
    const c = candidates(t);
    let pick: Label | null = null;
    if (c.length === 1) pick = c[0]!;
    else if (c.length > 1) {
      const prev = labels[i - 1] ?? null;
      if (prev && c.includes(prev)) pick = prev;
      else {
        const next = tokens[i + 1] ? candidates(tokens[i + 1]!.text) : [];
        pick = c.find((l) => next.includes(l)) ?? c[0]!;
      }
    }
    if (pick === "QTY") takeQty(t, false);
    else if (pick) {
      const m = left.get(pick)!;
      const k = wordKey(t);
      m.set(k, m.get(k)! - 1);
    }
    labels.push(pick);
  }
  // "1 to 2", "3 or 4": the word joining a range belongs to the amount.
  for (let i = 1; i < tokens.length - 1; i++) {
    if (
      labels[i - 1] === "QTY" &&
      labels[i + 1] === "QTY" &&
      /^(?:to|or|-|–)$/i.test(tokens[i]!.text) &&
      labels[i] !== "NAME"
    )
      labels[i] = "QTY";
  }
  return { tokens, labels };
}
