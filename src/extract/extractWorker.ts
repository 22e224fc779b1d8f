// Worker-thread entry: reads one recipe page at a time for the pipeline (see ladle.ts), off the
// worker process's event loop.
import { readRecipePage, type RecipePageInput, type RecipePageResult } from "./readRecipePage.ts";
import { serveWorker } from "./workerPool.ts";

await serveWorker<RecipePageInput, RecipePageResult>(readRecipePage, (message) => ({
  ok: false,
  code: "NO_RECIPE_FOUND",
  message: `The page could not be read: ${message}.`,
  snapshot: "",
  classification: { kind: "other", confidence: 0 },
}));
