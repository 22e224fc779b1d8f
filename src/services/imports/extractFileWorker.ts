// Worker-thread entry of ExtractFilePool: extracts one page at a time with the pool's configuration.
import { workerData } from "node:worker_threads";
import { fail } from "../../errors.ts";
import { serveWorker } from "../../extract/workerPool.ts";
import { extractFile, type ExtractFileResult } from "./extractFile.ts";
import type { ExtractFileAnswer, ExtractFileRequest, ExtractFileWorkerData } from "./extractFilePool.ts";
import { extractFileLine } from "./extractFileLine.ts";

const { config } = workerData as ExtractFileWorkerData;

await serveWorker<ExtractFileRequest, ExtractFileAnswer>(
  (req): ExtractFileAnswer | Promise<ExtractFileAnswer> =>
    req.file !== undefined
      ? extractFileLine(config, req.file, req.url)
      : extractFile(config, req.html ?? req.body ?? new Uint8Array(0), req.url),
  (message): ExtractFileResult => fail("INTERNAL", `extraction crashed: ${message}`),
);
