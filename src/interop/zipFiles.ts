import { gunzipSync } from "node:zlib";
import { unzipSync, zipSync, type Zippable } from "fflate";
import type { FileMap } from "./types.ts";

/** Limits before work: a zip that unpacks past these is refused, not read (a zip bomb). */
export const ZIP_LIMITS = { maxEntries: 20_000, maxBytes: 512 * 1024 * 1024 } as const;

const MB = 1024 * 1024;

/**
 * What one upload may unpack to, all archives in it together however deeply nested (a zip of
 * zips, a zip of gzips): each archive read takes from the same budget.
 */
export class InflateBudget {
  left: number;
  readonly total: number;
  constructor(bytes: number = ZIP_LIMITS.maxBytes) {
    this.left = bytes;
    this.total = bytes;
  }
}

/** An upload that unpacks past its budget: refused whole, not read. */
export class InflateBudgetExceeded extends Error {
  constructor(budget: InflateBudget) {
    super(
      `This file unpacks to more than ${Math.round(budget.total / MB)} MB, the most Ladle unpacks from one upload; split the export into smaller files.`,
    );
  }
}

/** True when the bytes start like a zip archive. */
export const isZip = (b: Uint8Array): boolean =>
  b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03;
/** True when the bytes start like gzip. */
export const isGzip = (b: Uint8Array): boolean => b.length > 2 && b[0] === 0x1f && b[1] === 0x8b;

/**
 * The files of a zip (folders and macOS resource forks left out), or an Error in plain words.
 * Throws InflateBudgetExceeded when its entries would unpack past what is left of `budget`.
 */
export function readZip(bytes: Uint8Array, budget = new InflateBudget()): FileMap | Error {
  let count = 0;
  let total = 0;
  let tooBig = false;
  let overBudget = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        if (f.name.endsWith("/") || f.name.startsWith("__MACOSX/") || /(^|\/)\.DS_Store$/.test(f.name))
          return false;
        count++;
        total += f.originalSize;
        if (count > ZIP_LIMITS.maxEntries) tooBig = true;
        if (total > budget.left) overBudget = true;
        return !tooBig && !overBudget;
      },
    });
  } catch {
    if (overBudget) throw new InflateBudgetExceeded(budget);
    return new Error("The zip file is damaged or cut short and could not be opened.");
  }
  if (overBudget) throw new InflateBudgetExceeded(budget);
  if (tooBig)
    return new Error(`The zip holds more than ${ZIP_LIMITS.maxEntries} files; split it into smaller files.`);
  budget.left -= total;
  return new Map(Object.entries(files));
}

/**
 * Gunzipped bytes, or an Error in plain words when damaged. Stops inflating at what is left of
 * `budget` (zlib's maxOutputLength), throwing InflateBudgetExceeded: a gzip's own size field can lie.
 */
export function gunzip(bytes: Uint8Array, budget = new InflateBudget()): Uint8Array | Error {
  let out: Buffer;
  try {
    out = gunzipSync(bytes, { maxOutputLength: Math.max(1, budget.left) });
  } catch (err) {
    if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new InflateBudgetExceeded(budget);
    return new Error("This file is damaged (its compressed data could not be unpacked).");
  }
  budget.left -= out.length;
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

/** A zip of the given files (already compressed formats are stored, not compressed again). */
export function writeZip(files: FileMap): Uint8Array {
  const z: Zippable = {};
  for (const [name, data] of files)
    z[name] = [data, { level: /\.(jpe?g|png|webp|gif|zip|gz)$/i.test(name) ? 0 : 6 }];
  return zipSync(z);
}
