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
import { detectLanguage, type RecipeLanguage } from "../../domain/recipeLanguage.ts";
import { ocrLinesOf, readOcrLines, type UnsureLine } from "../../extract/ocrText.ts";
import { rereadFractions } from "./fractionGlyphs.ts";

const require = createRequire(import.meta.url);

export { MIN_OCR_CONFIDENCE, ocrTooUnsure } from "./ocrConfidence.ts";

// Tesseract's models of the recipe languages other than English, each from its
// @tesseract.js-data package (never downloaded at run time): a page in one of them is read again
// with its model, which knows its accents ("crème", "pimentón", "Würfel").
const MODELS: Partial<Record<RecipeLanguage, string>> = {
  de: "deu",
  fr: "fra",
  es: "spa",
  it: "ita",
  nl: "nld",
  pt: "por",
  sv: "swe",
};

/** A model's folder in its @tesseract.js-data package. */
function langPath(model: string): string {
  return path.join(
    path.dirname(require.resolve(`@tesseract.js-data/${model}/package.json`)),
    "4.0.0_best_int",
  );
}

type Ocr = {
  recognize(
    img: Buffer,
    options?: object,
    output?: { text?: boolean; blocks?: boolean },
  ): Promise<{ data: Recognized }>;
  terminate(): Promise<unknown>;
};

/** What tesseract gives for an image: its text, its mean confidence and its blocks of words. */
export interface Recognized {
  text: string;
  confidence: number;
  blocks?: unknown;
}

// The English worker stays; one worker of another language at a time beside it (its model loaded
// again when the next page is in another language), so memory holds two models at most.
const workers = new Map<string, Promise<Ocr>>();
async function ocrWorker(model: string): Promise<Ocr> {
  const had = workers.get(model);
  if (had) return had;
  for (const [m, w] of workers)
    if (m !== "eng") {
      workers.delete(m);
      void w.then((x) => x.terminate()).catch(() => {});
    }
  const started = (async () => {
    const { createWorker } = await import("tesseract.js");
    return (await createWorker(model, 1, {
      langPath: langPath(model),
      cachePath: path.join(os.tmpdir(), "ladle-tesseract"),
      cacheMethod: "none",
      gzip: true,
      logger: () => {},
      errorHandler: () => {},
    })) as unknown as Ocr;
  })();
  workers.set(model, started);
  started.catch(() => workers.delete(model));
  return started;
}

/** Ends the workers (started again by the next reading). */
export async function stopOcr(): Promise<void> {
  const all = [...workers.values()];
  workers.clear();
  await Promise.all(all.map((w) => w.then((x) => x.terminate()).catch(() => {})));
}

export interface OcrResult {
  text: string;
  /** Tesseract's mean confidence over the image, rounded (0..100). */
  confidence: number;
  unsure: UnsureLine[];
}

/**
 * An image's text: read with the English model, then again with the model of the language its
 * words are in when that is another (the accents), its doubtful amounts read again from the
 * picture (printed fractions), list marks dropped and amounts checked (see ocrText.ts).
 */
export async function recognize(png: Buffer): Promise<OcrResult> {
  let r = (await (await ocrWorker("eng")).recognize(png, {}, { text: true, blocks: true })).data;
  const model = MODELS[detectLanguage(r.text) ?? "en"];
  if (model) r = (await (await ocrWorker(model)).recognize(png, {}, { text: true, blocks: true })).data;
  return readRecognized(png, r);
}

/** Tesseract's reading of an image made into recipe text and the lines to check. */
export async function readRecognized(png: Buffer, r: Recognized): Promise<OcrResult> {
  await rereadFractions(png, r.blocks);
  const lines = ocrLinesOf(r.blocks);
  const read = lines ? readOcrLines(lines) : { text: r.text, unsure: [] };
  return { text: read.text.trim(), confidence: Math.round(r.confidence), unsure: read.unsure };
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
