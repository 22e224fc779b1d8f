import { z } from "zod";
import { zQueryPayload, zUrlPayload } from "../../domain/task.ts";
import { zStartImportRequest } from "../../domain/importJob.ts";
import { toImportJob } from "../../services/imports/importAnswers.ts";
import type { ImportJobRow } from "../../storage/schema.ts";
import { defineOp, failed, ok, type OpContext, type OpResult } from "../operation.ts";
import { waitForImportJob, waitForTask } from "../waitFor.ts";
import { taskView, zWaitSeconds } from "./taskTools.ts";

/** Starts an ingest task for the caller and, with `wait`, follows it to its draft. */
async function startTask(
  ctx: OpContext,
  payload: Record<string, unknown>,
  threadId: string | undefined,
  wait: number,
): Promise<OpResult> {
  const created = await ctx.ladle.tasks.create({
    agentType: "Ingest",
    payload,
    requestedBy: ctx.caller.id,
    ...(threadId ? { threadId } : {}),
  });
  if (!created.ok) return failed(created);
  ctx.progress({ progress: 0, total: 100, message: "queued" });
  const state = wait > 0 ? await waitForTask(ctx, created.value.taskId, wait) : null;
  if (!state)
    return ok({ ...created.value, next: `Follow it with task_status and taskId "${created.value.taskId}".` });
  return ok(taskView(state));
}

/** An import job as a model needs it, with where its recipe is once saved. */
function jobView(row: ImportJobRow) {
  const job = toImportJob(row);
  return {
    jobId: job.id,
    status: job.status,
    progress: job.progress,
    recipeId: job.recipe_id,
    error: job.error_code ? { code: job.error_code, message: job.error_msg } : null,
    updatedAt: job.updated_at,
    next:
      job.status === "completed"
        ? `Saved as recipe ${job.recipe_id}; read it with recipe_get.`
        : job.status === "failed"
          ? "The import failed; see error.message for what to do."
          : `Still reading; call import_job_status with jobId "${job.id}" and wait to follow it.`,
  };
}

/** Starts a /v1 import job (text or an uploaded file) and, with `wait`, follows it. */
async function startJob(
  ctx: OpContext,
  req: z.infer<typeof zStartImportRequest>,
  wait: number,
): Promise<OpResult> {
  const res = await ctx.ladle.imports.start(ctx.caller.id, req);
  if (!res.ok) return failed(res);
  const row = wait > 0 ? ((await waitForImportJob(ctx, res.job.id, wait)) ?? res.job) : res.job;
  return ok({ ...jobView(row), alreadyImported: !res.created });
}

const zThread = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .optional()
  .describe("Join an earlier conversation's thread (its threadId); omit to start a new one.");

export const importTools = [
  defineOp({
    name: "import_url",
    title: "Import a recipe page",
    description:
      "Import a recipe from a web page into the user's review queue: Ladle fetches the page (politely, through its safety checks), extracts the recipe and returns a draft for review. Nothing is saved until task_commit. By default it waits up to 45 s with progress notifications; returns the task with its draft (recipe, validation) when ReviewReady, or its taskId to follow with task_status.",
    input: {
      url: zUrlPayload.shape.url.describe("The recipe page's address (http or https)."),
      render: zUrlPayload.shape.render.describe(
        "Browser rendering: never, auto (default: when the page needs script) or always.",
      ),
      threadId: zThread,
      wait: zWaitSeconds,
    },
    async run(ctx, { url, render, threadId, wait }) {
      return startTask(ctx, { mode: "Url", url, ...(render ? { render } : {}) }, threadId, wait);
    },
  }),

  defineOp({
    name: "import_query",
    title: "Find and import a recipe",
    description:
      'Search the web for a recipe ("vegan ramen") with the operator\'s search providers, import the best candidate and return its draft for review, like import_url. Fails with DISCOVERY_NOT_CONFIGURED when no search provider is set up: then ask the user for a URL and use import_url.',
    input: {
      query: zQueryPayload.shape.query.describe("What to look for, in a few words."),
      cuisine: z.string().trim().max(100).optional().describe("Only recipes of this cuisine, e.g. Japanese."),
      dietType: z.string().trim().max(100).optional().describe("Only recipes of this diet, e.g. vegan."),
      threadId: zThread,
      wait: zWaitSeconds,
    },
    async run(ctx, { query, cuisine, dietType, threadId, wait }) {
      const constraints = { cuisine: cuisine ?? null, dietType: dietType ?? null };
      return startTask(ctx, { mode: "Query", query, constraints }, threadId, wait);
    },
  }),

  defineOp({
    name: "import_text",
    title: "Import a recipe from text",
    description:
      "Import a recipe from pasted text (ingredients and steps as written, or a URL to a page, PDF or video). The recipe is read and saved to the user's recipes directly (no review step). Waits up to 45 s by default; returns {jobId, status, recipeId} — read the recipe with recipe_get. Importing the same text twice returns the first job.",
    input: {
      text: zStartImportRequest.shape.source_ref.describe("The recipe text, or a link to a recipe."),
      wait: zWaitSeconds,
    },
    async run(ctx, { text, wait }) {
      return startJob(ctx, { source_type: "text", source_ref: text }, wait);
    },
  }),

  defineOp({
    name: "import_file",
    title: "Import a recipe from a file",
    description:
      "Import a recipe from a file: a PDF, a photo of a recipe, video captions (.vtt, .srt) or a text file, given as base64. Ladle recognises the kind from the bytes, reads the recipe and saves it to the user's recipes directly. Waits up to 45 s by default; returns {jobId, status, recipeId}.",
    input: {
      contentBase64: z
        .string()
        .min(1)
        .max(64 * 1024 * 1024)
        .describe("The file's bytes, base64-encoded."),
      filename: z.string().max(500).optional().describe("The file's name, for the user's reference only."),
      wait: zWaitSeconds,
    },
    async run(ctx, { contentBase64, wait }) {
      const bytes = Buffer.from(contentBase64, "base64");
      if (!bytes.length) return failed({ code: "invalid_request", message: "contentBase64 holds no bytes." });
      const up = await ctx.ladle.uploads.create(bytes, ctx.caller.id);
      if (!up.ok) return failed(up);
      const type = ({ pdf: "pdf", image: "image", captions: "video", text: "text" } as const)[up.value.kind];
      return startJob(ctx, { source_type: type, source_ref: up.value.token }, wait);
    },
  }),

  defineOp({
    name: "import_job_status",
    title: "Text or file import status",
    description:
      "Read a text or file import job (from import_text or import_file): status queued, running, completed or failed, progress, and the saved recipeId once completed. With wait > 0 it waits, reporting progress, until the job ends.",
    readOnly: true,
    input: {
      jobId: z.string().min(1).describe("The jobId import_text or import_file returned."),
      wait: zWaitSeconds.default(0),
    },
    async run(ctx, { jobId, wait }) {
      const row =
        wait > 0
          ? await waitForImportJob(ctx, jobId, wait)
          : await ctx.ladle.imports.get(jobId, ctx.caller.id);
      if (!row) return failed({ code: "not_found", message: `Import job ${jobId} does not exist.` });
      return ok(jobView(row));
    },
  }),
];
