import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Recipe } from "../../src/domain/recipe.ts";
import type { LineToCheck } from "../../src/domain/draft.ts";
import { linesToCheck, type UnsureLine } from "../../src/extract/ocrText.ts";
import { joinPdfPages, readPdfPage, type PdfPageRead, type PdfTextItem } from "../../src/extract/pdfText.ts";
import { readRecipePage } from "../../src/extract/readRecipePage.ts";
import { recipeStartPage } from "../../src/extract/textRecipe.ts";
import { textSource } from "../../src/pipeline/importRecipe.ts";
import {
  MIN_OCR_CONFIDENCE,
  ocrTooUnsure,
  photoForOcr,
  recognize,
  stopOcr,
  tesseractEngine,
  type OcrEngine,
} from "../../src/services/imports/ocr.ts";
import type { Kind } from "./generate.ts";

// A source read in-process by the functions an upload's reading takes (the document worker's
// steps: a PDF's text layer page by page, a photo made grey and upright then OCR'd by tesseract with
// the same model; then the import's joining of pages, textSource and the page reader), so the
// figures are an upload's. One OCR worker serves the whole run (src/services/imports/ocr.ts, as the
// document worker's), and the refusal threshold is Imports:MinOcrConfidence's default.

export interface SourceRead {
  recipe: Partial<Recipe> | null;
  /** Why nothing was read (the import's failure), when so. */
  failure: string | null;
  linesToCheck: LineToCheck[];
  text: string;
  ocrConfidence: number | null;
}

async function pdfPages(bytes: Buffer): Promise<PdfPageRead[]> {
  const { getDocumentProxy } = await import("unpdf");
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const pages: PdfPageRead[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: 1 });
    pages.push(
      readPdfPage((await page.getTextContent()).items as PdfTextItem[], viewport.width, viewport.height),
    );
    page.cleanup();
  }
  await (doc as { destroy?: () => Promise<void> }).destroy?.();
  return pages;
}

export { stopOcr };

// With LADLE_SOURCES_OCR_CACHE=DIR each recognition (image and model) and script detection is kept
// there as tesseract gave it, and read from there the next time: rules after the recognition can
// be tried on the same readings in seconds rather than the OCR's half-minute a photo. Without it,
// every photo is recognized anew, as an upload is.
const OCR_CACHE = process.env.LADLE_SOURCES_OCR_CACHE;
async function kept<T>(model: string, png: Buffer, make: () => Promise<T>): Promise<T> {
  const key = createHash("sha256").update(model).update(png).digest("hex").slice(0, 32);
  const file = path.join(OCR_CACHE!, `${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as T;
  const r = await make();
  mkdirSync(OCR_CACHE!, { recursive: true });
  // Kept before the reading goes on (rereadFractions changes the words in place); a block's
  // `page` points back to the page.
  writeFileSync(
    file,
    JSON.stringify(r, (k, v: unknown) => (k === "page" ? undefined : v)),
  );
  return r;
}
const engine: OcrEngine | undefined = OCR_CACHE
  ? {
      read: (model, png) => kept(model, png, () => tesseractEngine.read(model, png)),
      script: async (png) =>
        (await kept("osd", png, async () => ({ script: await tesseractEngine.script(png) }))).script,
    }
  : undefined;

/** Reads one source as its upload would be read. */
export async function readSource(kind: Kind, bytes: Buffer): Promise<SourceRead> {
  let text: string;
  let unsure: UnsureLine[] = [];
  let ocrConfidence: number | null = null;
  const url = `file:///${kind}`;
  if (kind === "typed") text = bytes.toString("utf8");
  else if (kind === "pdf") {
    const pages = (await pdfPages(bytes)).filter((p) => p.text.trim());
    text = joinPdfPages(pages.slice(recipeStartPage(pages.map((p) => p.text))));
  } else {
    // The worker's own OCR: the same preparation, model, reading of lines and threshold.
    const r = await recognize(await photoForOcr(bytes), engine);
    text = r.text;
    unsure = r.unsure;
    ocrConfidence = r.confidence;
    if (ocrTooUnsure(r.confidence, MIN_OCR_CONFIDENCE))
      return {
        recipe: null,
        failure: `ocr confidence ${r.confidence}`,
        linesToCheck: [],
        text,
        ocrConfidence,
      };
  }
  if (!text.trim()) return { recipe: null, failure: "no text", linesToCheck: [], text, ocrConfidence };
  const src = textSource(text, url);
  const ex = readRecipePage({ html: src.html, url });
  if (!ex.ok) return { recipe: null, failure: ex.code, linesToCheck: [], text, ocrConfidence };
  return {
    recipe: ex.recipe,
    failure: null,
    linesToCheck: linesToCheck(ex.recipe, unsure),
    text,
    ocrConfidence,
  };
}
