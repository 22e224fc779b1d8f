// Worker-thread entry: reads one page at a time for articleParser.ts, off the main event loop.
import { parentPort } from "node:worker_threads";
import { readArticle, type ReadArticleOptions } from "./readArticle.ts";

parentPort!.on("message", (msg: { seq: number; html: string; url: string; opts: ReadArticleOptions }) => {
  let result;
  try {
    result = readArticle(msg.html, msg.url, msg.opts);
  } catch (err) {
    result = {
      ok: false,
      code: "E_EXTRACT_NO_CONTENT",
      message: `The page could not be read: ${(err as Error).message}`,
    };
  }
  parentPort!.postMessage({ seq: msg.seq, result });
});
