import { zCaptureKind, zCaptureRequest } from "../../domain/capture.ts";
import { defineOp, failed, ok } from "../operation.ts";
import { waitForTask } from "../waitFor.ts";
import { taskView, zWaitSeconds } from "./taskTools.ts";

export const captureTools = [
  defineOp({
    name: "page_capture",
    title: "Send a page you have",
    description:
      "Send a web page's HTML that you already have (saved from a browser, or as a browser shows it) with its address: Ladle reads it exactly as a page it fetched, without visiting the address (for sites that refuse servers). as: recipe (default: a draft for review, then task_commit), article or bookmark. The HTML may be at most Imports:MaxCaptureKb; its scripts are removed. A recipe waits up to 45 s by default and returns the task with its draft.",
    input: {
      url: zCaptureRequest.shape.url.describe("The address the page was shown at (http or https)."),
      html: zCaptureRequest.shape.html.describe("The page's HTML (document.documentElement.outerHTML)."),
      title: zCaptureRequest.shape.title.describe("The page's title, when known."),
      as: zCaptureKind.default("recipe").describe("recipe (a draft to review), article or bookmark."),
      libraryId: zCaptureRequest.shape.libraryId.describe(
        "For an article or bookmark: one of the user's libraries; default: their own.",
      ),
      wait: zWaitSeconds,
    },
    async run(ctx, { wait, ...input }) {
      const res = await ctx.ladle.captures.capture(ctx.caller, input);
      if (!res.ok) return failed(res);
      const made = res.value;
      if (made.as !== "recipe" || wait <= 0) return ok({ ...made, sentFrom: "browser" });
      ctx.progress({ progress: 0, total: 100, message: "queued" });
      const state = await waitForTask(ctx, made.id, wait);
      return state
        ? ok({ ...taskView(state), sentFrom: "browser" })
        : ok({ ...made, next: `Follow it with task_status and taskId "${made.id}".` });
    },
  }),
];
