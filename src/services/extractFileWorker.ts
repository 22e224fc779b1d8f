// Worker-thread entry of ExtractFilePool: extracts one page at a time with the pool's configuration.
import module from "node:module";
import { workerData } from "node:worker_threads";
import type { ExtractFileResult } from "./extractFile.ts";
import type { ExtractFileRequest, ExtractFileWorkerData } from "./extractFilePool.ts";

// The extraction modules come from Node's on-disk compile cache (type-stripped and compiled once):
// a thread is ready in less than half the CPU time, so they are imported only after it is enabled.
module.enableCompileCache?.();
const [{ fail }, { decodeHtml }, { serveWorker }, { extractFile }] = await Promise.all([
  import("../errors.ts"),
  import("../extract/decodeBody.ts"),
  import("../extract/workerPool.ts"),
  import("./extractFile.ts"),
]);
const { config } = workerData as ExtractFileWorkerData;

await serveWorker<ExtractFileRequest, ExtractFileResult>(
  (req) => extractFile(config, req.html ?? decodeHtml(req.body ?? new Uint8Array(0), null).text, req.url),
  (message) => fail("INTERNAL", `extraction crashed: ${message}`),
);
