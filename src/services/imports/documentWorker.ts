/**
 * Child-process entry that reads PDFs and images (import jobs): the PDF text layer page by page,
 * pages without text rendered and OCR'd, photos OCR'd. It runs in its own process (see
 * documentReader.ts) whose memory and time the parent bounds, so that a hostile or huge file ends
 * this process (→ `oom`), never the one serving other jobs. Before pdf.js sees a PDF, what it
 * unpacks to is measured against the budget (checkPdfBudget).
 */
import { checkPdfBudget } from "../../extract/pdfBudget.ts";
import { readPdfPage, type PdfTextItem } from "../../extract/pdfText.ts";
import { readCollection, UnreadableCollection } from "../../interop/readCollection.ts";
import { InflateBudget, InflateBudgetExceeded } from "../../interop/zipFiles.ts";
import type {
  CollectionRequest,
  DocumentPage,
  DocumentRequest,
  DocumentWorkerMessage,
} from "./documentReader.ts";
import { photoForOcr, recognize, stopOcr } from "./ocr.ts";

const post = (m: DocumentWorkerMessage) =>
  new Promise<void>((resolve) => process.send!(m, undefined, undefined, () => resolve()));

class CapError extends Error {}

async function readPdf(req: DocumentRequest): Promise<DocumentPage[]> {
  const budget = await checkPdfBudget(req.bytes, {
    maxInflatedBytes: req.caps.maxInflatedBytes,
    maxImagePixels: req.caps.maxImagePixels,
  });
  if (!budget.ok) throw new CapError(budget.message);
  const { getDocumentProxy, renderPageAsImage } = await import("unpdf");
  let doc;
  try {
    doc = await getDocumentProxy(new Uint8Array(req.bytes));
  } catch (err) {
    throw Object.assign(new Error(`The PDF could not be opened: ${(err as Error).message}`), {
      unreadable: true,
    });
  }
  if (doc.numPages > req.caps.maxPages)
    throw new CapError(
      `The PDF has ${doc.numPages} pages; this server reads at most ${req.caps.maxPages}. Split it and import the recipe's pages.`,
    );
  const pages: DocumentPage[] = [];
  let ocrd = 0;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    // The page's width lets the reader tell a wrapped line from a line its writer ended (and its
    // height, a page its text fills to the foot from one it ended on early).
    const viewport = page.getViewport({ scale: 1 });
    const { text, ...ends } = readPdfPage(
      (await page.getTextContent()).items as PdfTextItem[],
      viewport.width,
      viewport.height,
    );
    if (text.replace(/\s/g, "").length >= 10) {
      pages.push({ page: n, text, method: "text", confidence: null, ends });
    } else if (ocrd < req.caps.maxOcrPages) {
      ocrd++;
      const vp = page.getViewport({ scale: 1 });
      const scale = Math.min(2, Math.sqrt(req.caps.maxRenderPixels / (vp.width * vp.height)));
      const png = await renderPageAsImage(doc, n, { canvasImport: () => import("@napi-rs/canvas"), scale });
      const r = await recognize(Buffer.from(png));
      pages.push({ page: n, text: r.text.trim(), method: "ocr", confidence: r.confidence, unsure: r.unsure });
    } else {
      pages.push({ page: n, text: "", method: "skipped", confidence: null });
    }
    page.cleanup();
    void post({ type: "progress", fraction: n / doc.numPages });
  }
  await (doc as { destroy?: () => Promise<void> }).destroy?.();
  return pages;
}

async function readImage(req: DocumentRequest): Promise<DocumentPage[]> {
  const sharp = (await import("sharp")).default;
  let meta;
  try {
    meta = await sharp(req.bytes, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw Object.assign(new Error(`The image could not be decoded: ${(err as Error).message}`), {
      unreadable: true,
    });
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > req.caps.maxImagePixels)
    throw new CapError(
      `The photo is ${meta.width}×${meta.height} pixels, more than the ${(req.caps.maxImagePixels / 1e6).toFixed(0)} megapixels this server reads. Send a smaller photo.`,
    );
  void post({ type: "progress", fraction: 0.2 });
  const r = await recognize(await photoForOcr(req.bytes, req.caps.maxImagePixels));
  void post({ type: "progress", fraction: 1 });
  return [{ page: 1, text: r.text.trim(), method: "ocr", confidence: r.confidence, unsure: r.unsure }];
}

async function serve(req: DocumentRequest | CollectionRequest): Promise<void> {
  try {
    if (req.kind === "collection") {
      const budget = new InflateBudget(req.maxInflatedBytes);
      await post({ type: "collection", read: readCollection(req.bytes, req.name, req.now, budget) });
    } else {
      const pages = req.kind === "pdf" ? await readPdf(req) : await readImage(req);
      await post({ type: "done", pages });
    }
  } catch (err) {
    if (err instanceof CapError || err instanceof InflateBudgetExceeded)
      await post({ type: "fail", code: "oom", message: err.message });
    else if ((err as { unreadable?: boolean }).unreadable || err instanceof UnreadableCollection)
      await post({ type: "fail", code: "unsupported_format", message: (err as Error).message });
    else
      await post({
        type: "fail",
        code: "extraction_failed",
        message: `Reading the file failed: ${(err as Error).message}`,
      });
  } finally {
    await stopOcr();
    // The answer is sent: leave (the parent also ends this process once it has it).
    process.disconnect();
  }
}

// One request per process. A parent that dies (killed worker) closes the channel: stop then too.
process.once("message", (req: DocumentRequest | CollectionRequest) => void serve(req));
process.once("disconnect", () => process.exit(0));
