// Worker-thread entry: extracts one recipe page at a time for the pipeline (see ladle.ts), off the
// worker process's event loop.
import { extractRecipe, type ExtractInput, type ExtractResult } from "./extractRecipe.ts";
import { serveWorker } from "./workerPool.ts";

await serveWorker<ExtractInput, ExtractResult>(extractRecipe, (message) => ({
  ok: false,
  code: "NO_RECIPE_FOUND",
  message: `The page could not be read: ${message}.`,
  snapshot: "",
  classification: { kind: "other", confidence: 0 },
}));
