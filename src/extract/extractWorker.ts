// Worker-thread entry: reads one recipe page at a time for the pipeline (see ladle.ts), off the
// worker process's event loop.
import { readRecipePage, type RecipePageInput, type RecipePageResult } from "./readRecipePage.ts";
import { serveWorker } from "./workerPool.ts";

await serveWorker<RecipePageInput, RecipePageResult>(
  readRecipePage,
  (message) => ({
    ok: false,
    code: "NO_RECIPE_FOUND",
    message: `The page could not be read: ${message}.`,
    snapshot: "",
    classification: { kind: "other", confidence: 0 },
  }),
  // The page's buffer goes back to the pool for the next page: the answer holds strings only
  // (readRecipePage decodes the bytes into strings and keeps no view on them).
  (req) => req.body?.buffer as ArrayBuffer | undefined,
);
