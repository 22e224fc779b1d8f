import { z } from "zod";
import { zCommitPolicy } from "../../services/collections/collectionDeps.ts";
import { defineOp, failed, ok } from "../operation.ts";

const zJobId = z.string().min(1).max(100);
/** Base64 of a collection file: MCP carries it in the message, so a cap well under the API's. */
const MAX_BASE64 = 40 * 1024 * 1024;

export const collectionTools = [
  defineOp({
    name: "collection_import",
    title: "Import a whole collection",
    description:
      "Start one bulk job from a collection file (base64: Paprika .paprikarecipes, Mealie or Tandoor export zip, Nextcloud Cookbook zip, Cooklang, schema.org JSON-LD, bookmark HTML, Pocket CSV, Omnivore/Karakeep JSON, a saved recipe page; the format is told from the content), from a list of web addresses (a page holding several recipes gives one entry per recipe), or from a live Mealie server (mealieServer + mealieToken: every recipe through its API). policy commit_clean saves recipes without errors at once and holds the rest for review; review_all holds every recipe. Returns the job; follow it with collection_status and collection_report.",
    input: {
      urls: z.array(z.string().max(4000)).max(10_000).optional().describe("Web addresses of recipe pages."),
      fileBase64: z.string().max(MAX_BASE64).optional().describe("The collection file, base64."),
      fileName: z.string().max(200).optional().describe("The file's name (shown in the report)."),
      mealieServer: z.string().max(2000).optional().describe("A live Mealie server's web address."),
      mealieToken: z.string().max(4000).optional().describe("An API token of the user's Mealie account."),
      policy: zCommitPolicy.default("review_all").describe("commit_clean or review_all (default)."),
    },
    async run(ctx, { urls, fileBase64, fileName, mealieServer, mealieToken, policy }) {
      const svc = ctx.ladle.collections;
      if (!urls?.length && !fileBase64 && !mealieServer)
        return failed({ code: "INVALID_REQUEST", message: "Give urls, fileBase64 or mealieServer." });
      const res = mealieServer
        ? await svc.startMealie(ctx.caller, { server: mealieServer, token: mealieToken ?? "" }, policy)
        : urls?.length
          ? await svc.startUrls(ctx.caller, urls, policy)
          : await svc.startFile(
              ctx.caller,
              { name: fileName ?? "Collection", bytes: new Uint8Array(Buffer.from(fileBase64!, "base64")) },
              policy,
            );
      if (!res.ok) return failed(res);
      const view = await svc.get(res.value.id, ctx.caller);
      return view.ok ? ok(view.value) : failed(view);
    },
  }),

  defineOp({
    name: "collection_status",
    title: "A bulk import's progress",
    description: "A bulk job's status and its counts: imported, duplicate, needs review, failed, pending.",
    readOnly: true,
    input: { jobId: zJobId.describe("The job id from collection_import.") },
    async run(ctx, { jobId }) {
      const r = await ctx.ladle.collections.get(jobId, ctx.caller);
      return r.ok ? ok(r.value) : failed(r);
    },
  }),

  defineOp({
    name: "collection_report",
    title: "A bulk import's report",
    description:
      "Every entry of a bulk job: its result (imported, duplicate with the existing id, needs_review, failed with the reason) and the recipe or bookmark it made.",
    readOnly: true,
    input: { jobId: zJobId.describe("The job id.") },
    async run(ctx, { jobId }) {
      const r = await ctx.ladle.collections.report(jobId, ctx.caller);
      return r.ok ? ok({ entries: r.value }) : failed(r);
    },
  }),

  defineOp({
    name: "collection_commit",
    title: "Save a held draft",
    description:
      "Save one recipe a bulk job held for review (by its seq in the report), optionally with a fixed recipe; without seq, saves every held draft that has no errors.",
    input: {
      jobId: zJobId.describe("The job id."),
      seq: z.number().int().min(0).optional().describe("The entry's seq from collection_report."),
      recipe: z.record(z.string(), z.unknown()).optional().describe("The fixed recipe (all fields)."),
    },
    async run(ctx, { jobId, seq, recipe }) {
      const svc = ctx.ladle.collections;
      if (seq === undefined) {
        const r = await svc.commitClean(jobId, ctx.caller);
        return r.ok ? ok(r.value) : failed(r);
      }
      const r = await svc.commit(jobId, seq, ctx.caller, recipe);
      return r.ok ? ok({ recipe: r.value }) : failed(r);
    },
  }),

  defineOp({
    name: "collection_cancel",
    title: "Cancel a bulk import",
    description: "Stop a bulk job: entries not yet done are marked cancelled; done ones stay.",
    input: { jobId: zJobId.describe("The job id.") },
    async run(ctx, { jobId }) {
      const r = await ctx.ladle.collections.cancel(jobId, ctx.caller);
      return r.ok ? ok(r.value) : failed(r);
    },
  }),
];
