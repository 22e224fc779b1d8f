// Worker-thread entry for the WorkerPool tests: answers a request by what it asks for.
import { serveWorker } from "../../src/extract/workerPool.ts";

type Req = { echo: string } | { hang: true } | { crash: true };

await serveWorker<Req, string>(
  (req) => {
    if ("hang" in req) for (;;); // never answers: only the time limit ends it
    if ("crash" in req) process.exit(3);
    return `echo ${req.echo}`;
  },
  (message) => `error ${message}`,
);
