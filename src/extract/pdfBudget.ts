import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

/** What a PDF may unpack to before a reader opens it. */
export interface PdfBudget {
  /** Bytes all its Flate streams may inflate to, together. */
  maxInflatedBytes: number;
  /** Pixels one image in it may declare. */
  maxImagePixels: number;
}

export type PdfBudgetVerdict =
  | { ok: true; inflatedBytes: number; streams: number }
  | { ok: false; reason: "inflated" | "image"; message: string };

const FLATE = new Set(["FlateDecode", "Fl"]);
const MB = 1024 * 1024;

/**
 * Measures what a PDF unpacks to before pdf.js holds any of it: every stream's Flate layers are
 * inflated as a stream and counted (never kept), and every image's declared size is read. A
 * "bomb" (a few hundred KB that inflate to gigabytes, or an image claiming billions of pixels)
 * is refused in about a second with the budget it broke. Hand-written: no maintained library
 * measures a PDF without parsing (and so inflating) it; streams are found by their keywords, as
 * pdf.js's own recovery does for broken files. Encrypted streams do not inflate and count as
 * nothing here; the reader's memory cap is the backstop for them.
 */
export async function checkPdfBudget(bytes: Uint8Array, budget: PdfBudget): Promise<PdfBudgetVerdict> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buf.toString("latin1");
  const keyword = /\bstream\r?\n/g;
  let inflated = 0;
  let streams = 0;
  let m: RegExpExecArray | null;
  while ((m = keyword.exec(text))) {
    const start = m.index + m[0].length;
    // The stream's dictionary: from its object header ("N 0 obj") to the keyword.
    const headerAt = text.lastIndexOf("obj", m.index);
    const dict = text.slice(Math.max(headerAt, m.index - 65_536, 0), m.index);
    const end = streamEnd(text, dict, start);
    keyword.lastIndex = end;
    streams++;
    if (/\/Subtype\s*\/Image\b/.test(dict)) {
      const w = Number(/\/Width\s+(\d+)/.exec(dict)?.[1] ?? 0);
      const h = Number(/\/Height\s+(\d+)/.exec(dict)?.[1] ?? 0);
      if (w * h > budget.maxImagePixels)
        return {
          ok: false,
          reason: "image",
          message: `The PDF holds a picture of ${w}×${h} pixels, more than the ${Math.round(budget.maxImagePixels / 1e6)} megapixels this server reads. Save the PDF again with smaller pictures, or send just the recipe's pages.`,
        };
    }
    const layers = flateLayers(dict);
    if (!layers) continue;
    inflated += await inflatedSize(buf.subarray(start, end), layers, budget.maxInflatedBytes - inflated);
    if (inflated > budget.maxInflatedBytes)
      return {
        ok: false,
        reason: "inflated",
        message: `This PDF unpacks to more than ${Math.round(budget.maxInflatedBytes / MB)} MB when opened, more than this server reads. It may be damaged or made to overload readers: save it again from the program that made it, or send just the recipe's pages.`,
      };
  }
  return { ok: true, inflatedBytes: inflated, streams };
}

/** Where a stream's data ends: its direct /Length when "endstream" follows it, else the keyword. */
function streamEnd(text: string, dict: string, start: number): number {
  const len = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
  if (len) {
    const end = start + Number(len[1]);
    if (end <= text.length && /^\s*endstream/.test(text.slice(end, end + 32))) return end;
  }
  const at = text.indexOf("endstream", start);
  return at < 0 ? text.length : at;
}

/** How many Flate layers a stream's filter chain starts with (0: none to measure). */
function flateLayers(dict: string): number {
  const f = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  if (!f) return 0;
  const names = [...f[1]!.matchAll(/\/([A-Za-z0-9]+)/g)].map((x) => x[1]!);
  let n = 0;
  while (n < names.length && FLATE.has(names[n]!)) n++;
  return n;
}

/**
 * Bytes `data` inflates to through `layers` Flate layers (each layer's output counted), stopping
 * as soon as `limit` is passed. Damaged data counts what inflated before the damage, as pdf.js
 * reads it.
 */
async function inflatedSize(data: Uint8Array, layers: number, limit: number): Promise<number> {
  let total = 0;
  const stages = Array.from({ length: layers }, () =>
    zlib
      .createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: 256 * 1024 })
      .on("data", (c: Buffer) => {
        total += c.length;
      }),
  );
  const sink = new Writable({
    write(_chunk, _enc, cb) {
      cb(total > limit ? new Error("over budget") : null);
    },
  });
  await pipeline([
    Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]),
    ...stages,
    sink,
  ] as never).catch(() => undefined);
  return total;
}
