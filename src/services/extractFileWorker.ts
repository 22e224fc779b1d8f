// Worker-thread entry of ExtractFilePool: extracts one page at a time with the pool's configuration.
import module from "node:module";
import { workerData } from "node:worker_threads";
import type { ExtractFileResult } from "./extractFile.ts";
import type { ExtractFileAnswer, ExtractFileRequest, ExtractFileWorkerData } from "./extractFilePool.ts";

// The extraction modules come from Node's on-disk compile cache (type-stripped and compiled once):
// a thread is ready in less than half the CPU time, so they are imported only after it is enabled.
module.enableCompileCache?.();
const [{ readFile }, { fail }, { serveWorker }, { extractFile }, { extractLine, unreadableLine }] =
  await Promise.all([
    import("node:fs/promises"),
    import("../errors.ts"),
    import("../extract/workerPool.ts"),
    import("./extractFile.ts"),
    import("./extractFilePool.ts"),
  ]);
const { config } = workerData as ExtractFileWorkerData;

/** A saved page's NDJSON line, as `ladle extract` reads it in one thread (src/cli/htmlFiles.ts). */
async function fileLine(file: string, url: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (err) {
    return unreadableLine(file, err as Error);
  }
  // Saved pages keep the bytes the site sent: BOM, then <meta charset>, else UTF-8 (as fetched
  // pages), decoded in pieces by the extraction.
  return extractLine(file, await extractFile(config, bytes, url));
}

await serveWorker<ExtractFileRequest, ExtractFileAnswer>(
  (req): ExtractFileAnswer | Promise<ExtractFileAnswer> =>
    req.file !== undefined
      ? fileLine(req.file, req.url)
      : extractFile(config, req.html ?? req.body ?? new Uint8Array(0), req.url),
  (message): ExtractFileResult => fail("INTERNAL", `extraction crashed: ${message}`),
);
