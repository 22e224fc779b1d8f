// Worker-thread entry: reads one page at a time for articleParser.ts, off the main event loop.
import { serveWorker } from "../workerPool.ts";
import { readArticle, type ReadArticleOptions, type ReadArticleResult } from "./readArticle.ts";

await serveWorker<{ html: string; url: string; opts: ReadArticleOptions }, ReadArticleResult>(
  (req) => readArticle(req.html, req.url, req.opts),
  (message) => ({
    ok: false,
    code: "E_EXTRACT_NO_CONTENT",
    message: `The page could not be read: ${message}`,
  }),
);
