import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Recipe } from "../../src/domain/recipe.ts";
import type { LineToCheck } from "../../src/domain/draft.ts";
import { linesToCheck, ocrLinesOf, readOcrLines, type UnsureLine } from "../../src/extract/ocrText.ts";
import { joinPdfPages, pdfPageText, type PdfTextItem } from "../../src/extract/pdfText.ts";
import { readRecipePage } from "../../src/extract/readRecipePage.ts";
import { recipeStartPage } from "../../src/extract/textRecipe.ts";
import { textSource } from "../../src/pipeline/importRecipe.ts";
import type { Kind } from "./generate.ts";

// A source read in-process by the functions an upload's reading takes (the document worker's
// steps: a PDF's text layer page by page, a photo made grey and upright then OCR'd by tesseract with
// the same model; then the import's joining of pages, textSource and the page reader), so the
// figures are an upload's. One OCR worker serves the whole run.

export interface SourceRead {
  recipe: Partial<Recipe> | null;
  /** Why nothing was read (the import's failure), when so. */
  failure: string | null;
  linesToCheck: LineToCheck[];
  text: string;
  ocrConfidence: number | null;
}

/** The default of Imports:MinOcrConfidence: a photo read less surely fails the import. */
const MIN_OCR_CONFIDENCE = 60;

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
  const require = createRequire(import.meta.url);
  const { createWorker } = await import("tesseract.js");
  ocr = (await createWorker("eng", 1, {
    langPath: path.join(
      path.dirname(require.resolve("@tesseract.js-data/eng/package.json")),
      "4.0.0_best_int",
    ),
    cachePath: path.join(os.tmpdir(), "ladle-tesseract"),
    cacheMethod: "none",
    gzip: true,
    logger: () => {},
    errorHandler: () => {},
  })) as unknown as Ocr;
  return ocr;
}

export async function stopOcr(): Promise<void> {
  await ocr?.terminate();
  ocr = null;
}

async function pdfPages(bytes: Buffer): Promise<string[]> {
  const { getDocumentProxy } = await import("unpdf");
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    pages.push(
      pdfPageText((await page.getTextContent()).items as PdfTextItem[], page.getViewport({ scale: 1 }).width),
    );
    page.cleanup();
  }
  await (doc as { destroy?: () => Promise<void> }).destroy?.();
  return pages;
}

async function photoText(bytes: Buffer): Promise<{ text: string; confidence: number; unsure: UnsureLine[] }> {
  const sharp = (await import("sharp")).default;
  const png = await sharp(bytes)
    .rotate()
    .resize({ width: 2500, withoutEnlargement: true })
    .grayscale()
    .normalize()
    .png()
    .toBuffer();
  const r = await (await ocrWorker()).recognize(png, {}, { text: true, blocks: true });
  const lines = ocrLinesOf(r.data.blocks);
  const read = lines ? readOcrLines(lines) : { text: r.data.text, unsure: [] };
  return { text: read.text.trim(), confidence: Math.round(r.data.confidence), unsure: read.unsure };
}

/** Reads one source as its upload would be read. */
export async function readSource(kind: Kind, bytes: Buffer): Promise<SourceRead> {
  let text: string;
  let unsure: UnsureLine[] = [];
  let ocrConfidence: number | null = null;
  const url = `file:///${kind}`;
  if (kind === "typed") text = bytes.toString("utf8");
  else if (kind === "pdf") {
    const pages = (await pdfPages(bytes)).filter((t) => t.trim());
    text = joinPdfPages(pages.slice(recipeStartPage(pages)));
  } else {
    const r = await photoText(bytes);
    text = r.text;
    unsure = r.unsure;
    ocrConfidence = r.confidence;
    if (r.confidence < MIN_OCR_CONFIDENCE)
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
