/**
 * Text recognition as an upload's reading does it, in one place: the tesseract worker and its
 * English model, a photo made ready for it (upright, grey, at most 2500 px wide), the reading of
 * its words into recipe text with the lines to check, and the confidence below which a reading is
 * refused. The document worker uses it, and so does the sources benchmark, so its figures are an
 * upload's.
 */
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { ocrLinesOf, readOcrLines, type UnsureLine } from "../../extract/ocrText.ts";

const require = createRequire(import.meta.url);

/** The default of Imports:MinOcrConfidence: a reading less sure than this (0..100) is refused. */
export const MIN_OCR_CONFIDENCE = 60;

/** Whether a reading is too unsure to make a recipe of (a PDF's text layer has no confidence). */
export const ocrTooUnsure = (confidence: number | null | undefined, min: number): boolean =>
  typeof confidence === "number" && confidence < min;

/** The English model from the @tesseract.js-data/eng package: never downloaded at run time. */
function langPath(): string {
  return path.join(path.dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int");
}

type Ocr = {
  recognize(
    img: Buffer,
    options?: object,
    output?: { text?: boolean; blocks?: boolean },
  ): Promise<{ data: { text: string; confidence: number; blocks?: unknown } }>;
  terminate(): Promise<unknown>;
};

let ocr: Ocr | null = null;
async function ocrWorker(): Promise<Ocr> {
  if (ocr) return ocr;
  const { createWorker } = await import("tesseract.js");
  ocr = (await createWorker("eng", 1, {
    langPath: langPath(),
    cachePath: path.join(os.tmpdir(), "ladle-tesseract"),
    cacheMethod: "none",
    gzip: true,
    logger: () => {},
    errorHandler: () => {},
  })) as unknown as Ocr;
  return ocr;
}

/** Ends the worker (started again by the next reading). */
export async function stopOcr(): Promise<void> {
  const w = ocr;
  ocr = null;
  await w?.terminate().catch(() => {});
}

export interface OcrResult {
  text: string;
  /** Tesseract's mean confidence over the image, rounded (0..100). */
  confidence: number;
  unsure: UnsureLine[];
}

/** An image's text: list marks dropped, amounts checked, unsure lines kept (see ocrText.ts). */
export async function recognize(png: Buffer): Promise<OcrResult> {
  const r = await (await ocrWorker()).recognize(png, {}, { text: true, blocks: true });
  const lines = ocrLinesOf(r.data.blocks);
  const read = lines ? readOcrLines(lines) : { text: r.data.text, unsure: [] };
  return { text: read.text.trim(), confidence: Math.round(r.data.confidence), unsure: read.unsure };
}

/** A photo as OCR wants it: upright, grey, at most 2500 px wide (bounded work), as PNG. */
export async function photoForOcr(bytes: Uint8Array, maxPixels: number | false = false): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  return sharp(bytes, { limitInputPixels: maxPixels })
    .rotate()
    .resize({ width: 2500, withoutEnlargement: true })
    .grayscale()
    .normalize()
    .png()
    .toBuffer();
}
