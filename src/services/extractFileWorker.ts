// Worker-thread entry of ExtractFilePool: extracts one page at a time with the pool's configuration.
import module from "node:module";
import { workerData } from "node:worker_threads";
import type { ExtractFileResult } from "./extractFile.ts";
import type { ExtractFileAnswer, ExtractFileRequest, ExtractFileWorkerData } from "./extractFilePool.ts";

// The extraction modules come from Node's on-disk compile cache (type-stripped and compiled once):
// a thread is ready in less than half the CPU time, so they are imported only after it is enabled.
module.enableCompileCache?.();
const [{ fail }, { serveWorker }, { extractFile }, { extractFileLine }] = await Promise.all([
  import("../errors.ts"),
  import("../extract/workerPool.ts"),
  import("./extractFile.ts"),
  import("./extractFileLine.ts"),
]);
const { config } = workerData as ExtractFileWorkerData;

await serveWorker<ExtractFileRequest, ExtractFileAnswer>(
  (req): ExtractFileAnswer | Promise<ExtractFileAnswer> =>
    req.file !== undefined
      ? extractFileLine(config, req.file, req.url)
      : extractFile(config, req.html ?? req.body ?? new Uint8Array(0), req.url),
  (message): ExtractFileResult => fail("INTERNAL", `extraction crashed: ${message}`),
);
