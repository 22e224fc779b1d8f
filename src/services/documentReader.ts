import { Worker } from "node:worker_threads";

/** Limits of one document read (config `Imports`). */
export interface DocumentCaps {
  maxPages: number;
  maxOcrPages: number;
  maxImagePixels: number;
  maxRenderPixels: number;
}

export interface DocumentRequest {
  kind: "pdf" | "image";
  bytes: Uint8Array;
  caps: DocumentCaps;
}

/** One page's text and how it was read. */
export interface DocumentPage {
  page: number;
  text: string;
  /** text: the PDF's text layer; ocr: rendered and recognized; skipped: past the OCR page cap. */
  method: "text" | "ocr" | "skipped";
  /** OCR mean confidence 0-100, null for text-layer pages. */
  confidence: number | null;
}

export type DocumentWorkerMessage =
  | { type: "progress"; fraction: number }
  | { type: "done"; pages: DocumentPage[] }
  | { type: "fail"; code: "oom" | "unsupported_format" | "extraction_failed"; message: string };

export type DocumentResult =
  | { ok: true; pages: DocumentPage[] }
  | { ok: false; code: "oom" | "unsupported_format" | "extraction_failed" | "timeout"; message: string };

/**
 * Reads a PDF or image in a worker thread with a heap limit (the memory guard): a file that
 * exhausts it ends only that thread and the job fails with `oom`; an abort (the job's soft time
 * limit) terminates the thread.
 */
export function readDocument(
  req: DocumentRequest,
  opts: { heapMb: number; signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<DocumentResult> {
  return new Promise((resolve) => {
    let settled = false;
    const worker = new Worker(new URL("./documentWorker.ts", import.meta.url), {
      workerData: req,
      resourceLimits: {
        maxOldGenerationSizeMb: opts.heapMb,
        maxYoungGenerationSizeMb: Math.min(64, opts.heapMb),
      },
    });
    const finish = (r: DocumentResult) => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener("abort", onAbort);
      resolve(r);
      void worker.terminate();
    };
    const onAbort = () => finish({ ok: false, code: "timeout", message: "The file took too long to read." });
    if (opts.signal?.aborted) return onAbort();
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    worker.on("message", (m: DocumentWorkerMessage) => {
      if (m.type === "progress") opts.onProgress?.(m.fraction);
      else if (m.type === "done") finish({ ok: true, pages: m.pages });
      else finish({ ok: false, code: m.code, message: m.message });
    });
    worker.on("error", (err: Error & { code?: string }) => {
      if (err.code === "ERR_WORKER_OUT_OF_MEMORY" || /out of memory|heap/i.test(err.message))
        finish({
          ok: false,
          code: "oom",
          message: "Reading this file needed more memory than the server allows (Imports:WorkerHeapMb).",
        });
      else
        finish({ ok: false, code: "extraction_failed", message: `Reading the file failed: ${err.message}` });
    });
    worker.on("exit", (code) =>
      finish({
        ok: false,
        code: "oom",
        message: `The file reader stopped (exit ${code}) before finishing; the file is likely too large to read here.`,
      }),
    );
  });
}
