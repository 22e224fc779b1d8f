/**
 * Text recognition as an upload's reading does it, in one place: the tesseract worker and its
 * English model, a photo made ready for it (upright, grey, at most 2500 px wide), the reading of
 * its words into recipe text with the lines to check, and the confidence below which a reading is
 * refused. The document worker uses it, and so does the sources benchmark, so its figures are an
 * upload's.
 */
import { createHash } from "node:crypto";
import { constants, copyFileSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { dropEdgeMarks } from "../../extract/ocrEdgeMarks.ts";
import { ocrLinesOf, readOcrLines, type UnsureLine } from "../../extract/ocrText.ts";
import { rereadFractions } from "./fractionGlyphs.ts";
import { readLostAmounts } from "./lostAmounts.ts";
import { spaceRanges } from "./rangeSpaces.ts";
import { modelForScript, modelForText, SCRIPT_CHECK_BELOW } from "./ocrModel.ts";

const require = createRequire(import.meta.url);

export { MIN_OCR_CONFIDENCE, ocrTooUnsure } from "./ocrConfidence.ts";

/** A model's folder in its @tesseract.js-data package. */
function packageDir(model: string, version = "4.0.0_best_int"): string {
  return path.join(path.dirname(require.resolve(`@tesseract.js-data/${model}/package.json`)), version);
}

/**
 * The folder tesseract loads a model from: its package's, or for models read together ("eng+urd",
 * each in its own package) a folder of links to each, as tesseract takes one folder for all.
 */
function langPath(model: string): string {
  const parts = model.split("+");
  if (parts.length === 1) return packageDir(model);
  // Named by where the packages are too, so an install elsewhere never finds links to the old one.
  const where = createHash("sha256")
    .update(parts.map((m) => packageDir(m)).join("\n"))
    .digest("hex");
  const dir = path.join(os.tmpdir(), "ladle-tesseract", "models", `${model}-${where.slice(0, 12)}`);
  mkdirSync(dir, { recursive: true });
  for (const m of parts) {
    const [from, to] = [
      path.join(packageDir(m), `${m}.traineddata.gz`),
      path.join(dir, `${m}.traineddata.gz`),
    ];
    if (existsSync(to)) continue;
    try {
      symlinkSync(from, to);
    } catch {
      // Made meanwhile by another process (never copied onto: it may be a link to the model
      // itself), or links are not allowed here: a copy.
      if (!existsSync(to)) copyFileSync(from, to, constants.COPYFILE_EXCL);
    }
  }
  return dir;
}

type Ocr = {
  recognize(
    img: Buffer,
    options?: object,
    output?: { text?: boolean; blocks?: boolean },
  ): Promise<{ data: Recognized }>;
  detect(img: Buffer): Promise<{ data: { script: string | null } }>;
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
 * words are in when that is another (the accents), or of the script tesseract sees when the English
 * reading is too unsure to be of Latin letters (kept when surer); its doubtful amounts read again
 * from the picture (printed fractions), list marks dropped and amounts checked (see ocrText.ts).
 */
export async function recognize(png: Buffer, engine: OcrEngine = tesseractEngine): Promise<OcrResult> {
  let r = await engine.read("eng", png);
  const byScript = r.confidence < SCRIPT_CHECK_BELOW ? modelForScript(await engine.script(png)) : null;
  const model = byScript ?? modelForText(r.text);
  if (model) {
    const again = await engine.read(model, png);
    if (!byScript || again.confidence > r.confidence) r = again;
  }
  return readRecognized(png, r);
}

/** Tesseract as recognize uses it, or a stand-in (the benchmark's kept readings). */
export interface OcrEngine {
  /** One recognition of an image with one model ("eng", "deu", "eng+urd"). */
  read(model: string, png: Buffer): Promise<Recognized>;
  /** The script tesseract's orientation and script detection sees ("Latin", "Arabic"), or null. */
  script(png: Buffer): Promise<string | null>;
}

export const tesseractEngine: OcrEngine = {
  read: async (model, png) =>
    (await (await ocrWorker(model)).recognize(png, {}, { text: true, blocks: true })).data,
  // Rarely needed (a page the English model cannot read), so its worker (the legacy engine and
  // the osd model, ~10 MB) is started for the one page and ended after it.
  script: async (png) => {
    let w: Ocr | null = null;
    try {
      const { createWorker, OEM } = await import("tesseract.js");
      w = (await createWorker("osd", OEM.TESSERACT_ONLY, {
        langPath: packageDir("osd", "4.0.0"),
        legacyCore: true,
        legacyLang: true,
        cacheMethod: "none",
        gzip: true,
        logger: () => {},
        errorHandler: () => {},
      })) as unknown as Ocr;
      return (await w.detect(png)).data.script;
    } catch {
      // No script seen (its worker did not start, or could not read): the English reading stays.
      return null;
    } finally {
      await w?.terminate().catch(() => {});
    }
  },
};

/** Tesseract's reading of an image made into recipe text and the lines to check. */
export async function readRecognized(png: Buffer, r: Recognized): Promise<OcrResult> {
  // The picture's size, from its PNG header (width and height after the signature and IHDR's head).
  if (png.length > 24 && png.toString("latin1", 1, 4) === "PNG")
    dropEdgeMarks(r.blocks, png.readUInt32BE(16), png.readUInt32BE(20));
  await rereadFractions(png, r.blocks);
  await readLostAmounts(png, r.blocks);
  await spaceRanges(png, r.blocks);
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
