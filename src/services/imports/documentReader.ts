import type { UnsureLine } from "../../extract/ocrText.ts";
import type { PdfPageRead } from "../../extract/pdfText.ts";
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { InteropRead } from "../../interop/types.ts";

/** Limits of one document read (config `Imports`). */
export interface DocumentCaps {
  maxPages: number;
  maxOcrPages: number;
  maxImagePixels: number;
  maxRenderPixels: number;
  /** Bytes a PDF's compressed streams may unpack to, together (Imports:MaxPdfInflatedMb). */
  maxInflatedBytes: number;
}

export interface DocumentRequest {
  kind: "pdf" | "image";
  bytes: Uint8Array;
  caps: DocumentCaps;
}

/** A collection file (a Paprika, Tandoor, Mealie... export), read whole under one inflate budget. */
export interface CollectionRequest {
  kind: "collection";
  bytes: Uint8Array;
  name: string;
  now: Date;
  /** Bytes every archive in the file may unpack to, together. */
  maxInflatedBytes: number;
}

/** One page's text and how it was read. */
export interface DocumentPage {
  page: number;
  text: string;
  /** text: the PDF's text layer; ocr: rendered and recognized; skipped: past the OCR page cap. */
  method: "text" | "ocr" | "skipped";
  /** OCR mean confidence 0-100, null for text-layer pages. */
  confidence: number | null;
  /** OCR pages: the lines read with little confidence or whose amount was corrected. */
  unsure?: UnsureLine[];
  /** Text-layer pages: the room left on the page's last line and its margins (PdfPageRead), for joining pages. */
  ends?: Omit<PdfPageRead, "text">;
}

export type DocumentWorkerMessage =
  | { type: "progress"; fraction: number }
  | { type: "done"; pages: DocumentPage[] }
  | { type: "collection"; read: InteropRead }
  | { type: "fail"; code: "oom" | "unsupported_format" | "extraction_failed"; message: string };

type Failed = Extract<DocumentResult, { ok: false }>;
type Answer = Extract<DocumentWorkerMessage, { type: "done" | "collection" }>;

export type DocumentResult =
  | { ok: true; pages: DocumentPage[] }
  | { ok: false; code: "oom" | "unsupported_format" | "extraction_failed" | "timeout"; message: string };

/** How a read is bounded (config `Imports`). */
export interface ReadLimits {
  /** V8 heap of the reading process, MB (Imports:WorkerHeapMb). */
  heapMb: number;
  /** Resident memory of the reading process, MB, all of it: heap, buffers, canvas, OCR (Imports:ReaderMemoryMb). */
  memoryMb: number;
  /** Wall-clock limit of one read, ms (Imports:ReaderTimeoutSeconds). */
  timeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

const ENTRY = fileURLToPath(new URL("./documentWorker.ts", import.meta.url));
const WATCH_MS = 100;

/** Resident memory of a process in bytes (Linux /proc); null where it cannot be read. */
export function residentBytes(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "latin1"));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Reads a PDF or image in a child process of its own, the cage for hostile files: a V8 heap limit,
 * a watchdog on the whole process's resident memory (pdf.js buffers, canvas and OCR memory live
 * outside the heap a worker thread's resourceLimits bound), a wall-clock limit and the job's abort,
 * each of which kills the process (SIGKILL) and fails only this read. A worker thread was used
 * before: a 600 MB Flate bomb took its process to 2.1 GB despite a 512 MB heap limit. Where
 * /proc is missing (not Linux) the heap limit and the time limits remain.
 */
export async function readDocument(req: DocumentRequest, opts: ReadLimits): Promise<DocumentResult> {
  const r = await readInChild(req, opts);
  return "ok" in r ? r : r.type === "done" ? { ok: true, pages: r.pages } : unexpected;
}

/**
 * Reads a collection file in the same cage as a PDF: unzipping and gunzipping (however nested,
 * under one inflate budget) and parsing happen in the child, so a bomb costs that process, never
 * the API's event loop or memory. `unsupported_format` carries the reader's sentence.
 */
export async function readCollectionFile(
  req: Omit<CollectionRequest, "kind">,
  opts: ReadLimits,
): Promise<{ ok: true; read: InteropRead } | Failed> {
  const r = await readInChild({ kind: "collection", ...req }, opts);
  return "ok" in r ? r : r.type === "collection" ? { ok: true, read: r.read } : unexpected;
}

const unexpected: Failed = {
  ok: false,
  code: "extraction_failed",
  message: "The file reader answered something unexpected.",
};

function readInChild(req: DocumentRequest | CollectionRequest, opts: ReadLimits): Promise<Answer | Failed> {
  return new Promise((resolve) => {
    let settled = false;
    // The sources are TypeScript: Node runs them itself (type stripping) or through tsx, as bin/ladle.js does.
    const loader = process.features.typescript ? [] : ["--import", "tsx"];
    const child = fork(ENTRY, [], {
      execArgv: [...loader, `--max-old-space-size=${opts.heapMb}`],
      serialization: "advanced",
      stdio: ["ignore", "ignore", "ignore", "ipc"],
    });
    const finish = (r: Answer | Failed) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onAbort);
      child.kill("SIGKILL");
      resolve(r);
    };
    const tooBig = (limitMb = opts.memoryMb): Failed => ({
      ok: false,
      code: "oom",
      message: `Reading this file needed more than the ${limitMb} MB of memory this server gives one file, so it was stopped. It may be damaged or made to overload readers: save it again, make it smaller, or send just the recipe's pages.`,
    });
    const watch = setInterval(() => {
      const rss = child.pid ? residentBytes(child.pid) : null;
      if (rss !== null && rss > opts.memoryMb * 1024 * 1024) finish(tooBig());
    }, WATCH_MS);
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          code: "timeout",
          message: `Reading this file took longer than ${Math.round(opts.timeoutMs / 1000)} s, so it was stopped. Send a smaller file, or just the recipe's pages.`,
        }),
      opts.timeoutMs,
    );
    const onAbort = () => finish({ ok: false, code: "timeout", message: "The file took too long to read." });
    if (opts.signal?.aborted) return onAbort();
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    child.on("message", (m: DocumentWorkerMessage) => {
      if (m.type === "progress") opts.onProgress?.(m.fraction);
      else if (m.type === "fail") finish({ ok: false, code: m.code, message: m.message });
      else finish(m);
    });
    child.on("error", (err) =>
      finish({
        ok: false,
        code: "extraction_failed",
        message: `The file reader could not start: ${err.message}`,
      }),
    );
    child.on("exit", (code, signal) =>
      // Ended without an answer: V8's heap limit aborts the process (SIGABRT, 134), the kernel's OOM killer kills it.
      finish(
        code === 134 || signal === "SIGABRT"
          ? tooBig(opts.heapMb)
          : signal === "SIGKILL"
            ? tooBig()
            : {
                ok: false,
                code: "extraction_failed",
                message: `The file reader stopped unexpectedly (${signal ?? `exit ${code}`}) before finishing.`,
              },
      ),
    );
    child.send(req);
  });
}
