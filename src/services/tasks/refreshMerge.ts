import { applyPatch, type Operation } from "rfc6902";
import { z } from "zod";

/**
 * "Refresh from source": a three-way merge of a recipe. `then` is the recipe as
 * the source gave it when it was first imported (or last refreshed), `now` a fresh extraction of
 * the same page, `mine` the user's current version. What only the source changed is proposed as
 * JSON Patch operations against the user's version; what both changed differently is a conflict
 * (the user's side is kept unless they pick the source's); what only the user changed stays, and
 * is not even shown. Ingredient and step lists are merged line by line (diff3 over the lines'
 * text), so an edited line and a line changed at the source next to it are separate decisions.
 */

/** The fields compared as a whole (lists of words compare as one value). */
export const SCALAR_FIELDS = [
  "name",
  "description",
  "cuisine",
  "dietType",
  "prepTimeMinutes",
  "cookTimeMinutes",
  "totalTimeMinutes",
  "servings",
  "yield",
  "imageUrl",
  "author",
  "tags",
  "category",
  "nutrition",
] as const;
/** The fields merged per line. */
export const LINE_FIELDS = ["ingredients", "instructions"] as const;

export const zRefreshChange = z
  .object({
    /** Stable within one proposal: what an apply request names. */
    id: z.number().int(),
    /** `change`: only the source changed it; `conflict`: the user changed it too, differently. */
    kind: z.enum(["change", "conflict"]),
    field: z.string(),
    /** For ingredients and steps: where the lines start in the user's version (0-based). */
    at: z.number().int().nullable(),
    /** The value (or lines) as first imported, as the user has it, and as the source has it now. */
    then: z.unknown(),
    mine: z.unknown(),
    source: z.unknown(),
    /** RFC 6902 operations against the user's version that take the source's side. */
    ops: z.array(z.record(z.string(), z.unknown())),
  })
  .meta({ id: "RefreshChange" });
export type RefreshChange = z.infer<typeof zRefreshChange>;

type Doc = Record<string, unknown>;
type Line = { text?: unknown; section?: unknown } & Record<string, unknown>;

/** Deep equality over JSON values, key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(v: unknown): string {
  if (v === undefined) return "null";
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.keys(v)
      .filter((k) => (v as Doc)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Doc)[k])}`)
      .join(",")}}`;
  return JSON.stringify(v);
}

/** A line is its words and section: a re-parse of the same words is the same line. */
function lineKey(l: unknown): string {
  const x = (l ?? {}) as Line;
  return `${typeof x.section === "string" ? x.section : ""}\u0000${typeof x.text === "string" ? x.text.trim() : canonical(l)}`;
}

/** Longest common subsequence of two key lists, as index pairs in order. */
function lcs(a: string[], b: string[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  const t: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      t[i]![j] = a[i] === b[j] ? t[i + 1]![j + 1]! + 1 : Math.max(t[i + 1]![j]!, t[i]![j + 1]!);
  const out: [number, number][] = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) {
      out.push([i, j]);
      i++;
      j++;
    } else if (t[i + 1]![j]! >= t[i]![j + 1]!) i++;
    else j++;
  }
  return out;
}

/** One region of the three lists between lines all three agree on. */
interface Hunk {
  then: unknown[];
  mine: unknown[];
  source: unknown[];
  /** Where `mine` starts in the user's list. */
  at: number;
}

/** diff3: the regions where the lists differ, each with the three sides. */
function hunks(then: unknown[], mine: unknown[], now: unknown[]): Hunk[] {
  const [kt, km, kn] = [then.map(lineKey), mine.map(lineKey), now.map(lineKey)];
  const toMine = new Map(lcs(kt, km));
  const toNow = new Map(lcs(kt, kn));
  const out: Hunk[] = [];
  let [pt, pm, pn] = [0, 0, 0];
  const cut = (t: number, m: number, n: number) => {
    if (t > pt || m > pm || n > pn)
      out.push({ then: then.slice(pt, t), mine: mine.slice(pm, m), source: now.slice(pn, n), at: pm });
  };
  for (let i = 0; i < then.length; i++) {
    const m = toMine.get(i);
    const n = toNow.get(i);
    if (m === undefined || n === undefined || m < pm || n < pn) continue;
    cut(i, m, n);
    [pt, pm, pn] = [i + 1, m + 1, n + 1];
  }
  cut(then.length, mine.length, now.length);
  // A region where every side has the same number of lines is decided line by line: the user's
  // edit of line 2 and the source's change of line 3 are two decisions, not one conflict.
  return out.flatMap((h) =>
    h.then.length > 1 && h.then.length === h.mine.length && h.then.length === h.source.length
      ? h.then.map((_, k) => ({
          then: [h.then[k]],
          mine: [h.mine[k]],
          source: [h.source[k]],
          at: h.at + k,
        }))
      : [h],
  );
}

const keys = (l: unknown[]) => l.map(lineKey).join("\u0001");

/** The operations that turn `mine` lines at `at` into the source's lines. */
function lineOps(field: string, h: Hunk): Operation[] {
  const ops: Operation[] = [];
  const common = Math.min(h.mine.length, h.source.length);
  for (let k = 0; k < common; k++)
    ops.push({ op: "replace", path: `/${field}/${h.at + k}`, value: h.source[k] });
  for (let k = common; k < h.source.length; k++)
    ops.push({ op: "add", path: `/${field}/${h.at + k}`, value: h.source[k] });
  for (let k = common; k < h.mine.length; k++) ops.push({ op: "remove", path: `/${field}/${h.at + common}` });
  return ops;
}

/** The three-way merge: the changes to review, in the recipe's reading order. */
export function mergeRefresh(then: Doc, now: Doc, mine: Doc): RefreshChange[] {
  const out: Omit<RefreshChange, "id">[] = [];
  for (const f of SCALAR_FIELDS) {
    const [t, n, m] = [then[f] ?? null, now[f] ?? null, mine[f] ?? null];
    if (sameJson(t, n) || sameJson(m, n)) continue;
    out.push({
      kind: sameJson(m, t) ? "change" : "conflict",
      field: f,
      at: null,
      then: t,
      mine: m,
      source: n,
      ops: [{ op: mine[f] === undefined ? "add" : "replace", path: `/${f}`, value: n }],
    });
  }
  for (const f of LINE_FIELDS) {
    const list = (d: Doc) => (Array.isArray(d[f]) ? (d[f] as unknown[]) : []);
    for (const h of hunks(list(then), list(mine), list(now))) {
      const [t, m, n] = [keys(h.then), keys(h.mine), keys(h.source)];
      // The source kept these lines (only the user changed them), or both made the same change.
      if (t === n || m === n) continue;
      out.push({
        kind: m === t ? "change" : "conflict",
        field: f,
        at: h.at,
        then: h.then,
        mine: h.mine,
        source: h.source,
        ops: lineOps(f, h) as unknown as Doc[],
      });
    }
  }
  return out.map((c, id) => ({ id, ...c }));
}

/**
 * The user's version with the picked changes (conflicts resolved to the source's side) applied.
 * Line changes go from the end of each list backwards, so every change's positions, computed
 * against the user's version, still hold when changes before it are skipped or taken.
 */
export function applyRefresh(
  mine: Doc,
  changes: RefreshChange[],
  picked: ReadonlySet<number>,
): { doc: Doc; errors: string[] } {
  const doc = structuredClone(mine);
  const rank = (c: RefreshChange) => (c.at === null ? -1 : LINE_FIELDS.indexOf(c.field as "ingredients"));
  const chosen = changes
    .filter((c) => picked.has(c.id))
    .sort((a, b) => rank(a) - rank(b) || (b.at ?? 0) - (a.at ?? 0));
  const errors: string[] = [];
  for (const c of chosen)
    for (const e of applyPatch(doc, c.ops as unknown as Operation[]))
      if (e) errors.push(`${c.field}: ${e.message || e.name}`);
  return { doc, errors };
}
