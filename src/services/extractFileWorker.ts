// Worker-thread entry of ExtractFilePool: extracts one page at a time with the pool's configuration.
import module from "node:module";
import { workerData } from "node:worker_threads";
import type { ExtractFileResult } from "./extractFile.ts";
import type { ExtractFileAnswer, ExtractFileRequest, ExtractFileWorkerData } from "./extractFilePool.ts";

// The extraction modules come from Node's on-disk compile cache (type-stripped and compiled once):
// a thread is ready in less than half the CPU time, so they are imported only after it is enabled.
module.enableCompileCache?.();
const [
  { readFile },
  { fail },
  { decodeHtml },
  { serveWorker },
  { extractFile },
  { extractLine, unreadableLine },
] = await Promise.all([
  import("node:fs/promises"),
  import("../errors.ts"),
  import("../extract/decodeBody.ts"),
  import("../extract/workerPool.ts"),
  import("./extractFile.ts"),
  import("./extractFilePool.ts"),
]);
const { config } = workerData as ExtractFileWorkerData;

/** A saved page's NDJSON line, as `ladle extract` reads it in one thread (src/cli/htmlFiles.ts). */
async function fileLine(file: string, url: string): Promise<string> {
  let html: string;
  try {
    // Saved pages keep the bytes the site sent: BOM, then <meta charset>, else UTF-8 (as fetched pages).
    html = decodeHtml(await readFile(file), null).text;
  } catch (err) {
    return unreadableLine(file, err as Error);
  }
  return extractLine(file, await extractFile(config, html, url));
}

await serveWorker<ExtractFileRequest, ExtractFileAnswer>(
  (req): ExtractFileAnswer | Promise<ExtractFileAnswer> =>
    req.file !== undefined
      ? fileLine(req.file, req.url)
      : extractFile(config, req.html ?? decodeHtml(req.body ?? new Uint8Array(0), null).text, req.url),
  (message): ExtractFileResult => fail("INTERNAL", `extraction crashed: ${message}`),
);
