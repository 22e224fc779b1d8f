// Worker-thread entry for the WorkerPool tests: answers a request by what it asks for.
import { setTimeout as sleep } from "node:timers/promises";
import { threadId, workerData } from "node:worker_threads";
import { serveWorker } from "../../src/extract/workerPool.ts";

// A thread that loads slowly, as on a loaded machine: `workerData.loadMs` before it serves.
const loadMs = (workerData as { loadMs?: number } | undefined)?.loadMs;
if (loadMs) await sleep(loadMs);

type Req = { echo: string } | { hang: true } | { crash: true } | { whoami: true } | { bytes: Uint8Array };

await serveWorker<Req, string>(
  (req) => {
    if ("hang" in req) for (;;); // never answers: only the time limit ends it
    if ("crash" in req) process.exit(3);
    if ("whoami" in req) return `thread ${threadId}`;
    if ("bytes" in req) return `bytes ${req.bytes.length} ${req.bytes.reduce((a, b) => a + b, 0)}`;
    return `echo ${req.echo}`;
  },
  (message) => `error ${message}`,
  (req) => ("bytes" in req ? (req.bytes.buffer as ArrayBuffer) : undefined),
);
