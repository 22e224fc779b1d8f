import { unzipSync, zipSync, type Zippable } from "fflate";
import type { FileMap } from "./types.ts";

/** Limits before work: a zip that unpacks past these is refused, not read (a zip bomb). */
export const ZIP_LIMITS = { maxEntries: 20_000, maxBytes: 512 * 1024 * 1024 } as const;

/** True when the bytes start like a zip archive. */
export const isZip = (b: Uint8Array): boolean =>
  b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03;
/** True when the bytes start like gzip. */
export const isGzip = (b: Uint8Array): boolean => b.length > 2 && b[0] === 0x1f && b[1] === 0x8b;

/** The files of a zip (folders and macOS resource forks left out), or an Error in plain words. */
export function readZip(bytes: Uint8Array): FileMap | Error {
  let count = 0;
  let total = 0;
  let tooBig = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        if (f.name.endsWith("/") || f.name.startsWith("__MACOSX/") || /(^|\/)\.DS_Store$/.test(f.name))
          return false;
        count++;
        total += f.originalSize;
        if (count > ZIP_LIMITS.maxEntries || total > ZIP_LIMITS.maxBytes) tooBig = true;
        return !tooBig;
      },
    });
  } catch {
    return new Error("The zip file is damaged or cut short and could not be opened.");
  }
  if (tooBig)
    return new Error(
      `The zip holds more than ${ZIP_LIMITS.maxEntries} files or unpacks past ${ZIP_LIMITS.maxBytes / 1024 / 1024} MB; split it into smaller files.`,
    );
  return new Map(Object.entries(files));
}

/** A zip of the given files (already compressed formats are stored, not compressed again). */
export function writeZip(files: FileMap): Uint8Array {
  const z: Zippable = {};
  for (const [name, data] of files)
    z[name] = [data, { level: /\.(jpe?g|png|webp|gif|zip|gz)$/i.test(name) ? 0 : 6 }];
  return zipSync(z);
}
