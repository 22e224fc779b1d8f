import { Hono, type Context } from "hono";
import { z } from "zod";
import { type Tasks, zApplyRequest } from "../../services/tasks/index.ts";
import type { AuthEnv } from "../auth.ts";
import { sendError, sendFailure } from "../respond.ts";
import { defineRoute, refuseWith, type InvalidInput } from "../defineRoute.ts";
import { zCreateTaskResponse } from "../../domain/task.ts";
import { err, idParam, json } from "../openapiParts.ts";

/** Refused normalize bodies; a blank one asks for the default. */
const normalizeInvalid = (c: Context, p: InvalidInput) =>
  sendError(
    c,
    "INVALID_PAYLOAD",
    p.unreadable ? "Request body is not valid JSON." : "convertUnits must be auto, metric, us or none.",
  );

/** Body of the normalize actions: unit conversion to offer (default Ingest:Normalize:ConvertUnits). */
export const zNormalizeRequest = z
  .object({ convertUnits: z.enum(["auto", "metric", "us", "none"]).nullish() })
  .meta({ id: "NormalizeRequest" });

/**
 * Normalization (Flow C): start it on a draft or a stored recipe, apply a proposal (all, Low only,
 * or picked operations), and restore a recipe's version (the history itself is the recipes family's).
 */
export function normalizeRoutes({ normalize, tasks }: Pick<Tasks, "normalize" | "tasks">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  const start = async (
    c: Context<AuthEnv>,
    target: { recipeId: string } | { taskId: string },
    threadId: string | null,
    convertUnits: "auto" | "metric" | "us" | "none" | null,
  ) => {
    const res = await tasks.create({
      agentType: "Ingest",
      threadId,
      requestedBy: c.get("caller").id,
      requester: c.get("caller"),
      payload: { mode: "Normalize", ...target, convertUnits },
    });
    if (!res.ok) return sendFailure(c, res);
    c.header("Location", `/api/tasks/${res.value.taskId}`);
    return c.json(res.value, 202);
  };

  defineRoute(
    r,
    {
      method: "post",
      path: "/tasks/:id/normalize",
      operationId: "proposeDraftNormalization",
      summary: "Start a normalization of a ReviewReady draft, in the same thread",
      requestParams: { path: idParam },
      requestBody: { content: { "application/json": { schema: zNormalizeRequest } }, required: false },
      invalid: normalizeInvalid,
      responses: {
        "202": json(zCreateTaskResponse, "The normalization task"),
        "404": err("TASK_NOT_FOUND"),
        "409": err("TASK_NOT_REVIEWABLE"),
      },
    },
    async (c) => {
      const task = await tasks.get(c.req.param("id"), c.get("caller"));
      if (!task.ok) return sendFailure(c, task);
      // The follow-up joins the import session's thread.
      return start(
        c,
        { taskId: task.value.taskId },
        task.value.threadId,
        c.req.valid("json").convertUnits ?? null,
      );
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/recipes/:id/normalize",
      operationId: "proposeRecipeNormalization",
      summary: "Start a normalization of a stored recipe (a Normalize task)",
      requestParams: { path: idParam },
      requestBody: { content: { "application/json": { schema: zNormalizeRequest } }, required: false },
      invalid: normalizeInvalid,
      responses: {
        "202": json(zCreateTaskResponse, "The normalization task"),
        "400": err("INVALID_PAYLOAD"),
        "404": err("RECIPE_NOT_FOUND"),
      },
    },
    async (c) =>
      start(
        c,
        { recipeId: c.req.param("id") },
        c.req.query("threadId") ?? null,
        c.req.valid("json").convertUnits ?? null,
      ),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/tasks/:id/apply",
      operationId: "applyDraftNormalization",
      summary: "Apply all, the Low, or picked operations of a normalization proposal as a new version",
      requestParams: { path: idParam },
      requestBody: { content: { "application/json": { schema: zApplyRequest } } },
      responses: {
        "200": { description: "Applied: kind, recipeId or taskId, version, applied and notApplied ids" },
        "400": err("INVALID_PAYLOAD or NOTHING_TO_APPLY"),
        "404": err("TASK_NOT_FOUND or RECIPE_NOT_FOUND"),
        "409": err("NORMALIZE_CONFLICT or TASK_NOT_REVIEWABLE"),
      },
      invalid: refuseWith("INVALID_PAYLOAD", 'accept must be "all", "low", or a list of operation ids.'),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await normalize.apply(c.req.param("id"), req, c.get("caller"));
      if (!res.ok) return sendFailure(c, res);
      return c.json(res.value);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/tasks/:id/draft-versions",
      operationId: "listDraftVersions",
      summary: "A draft's versions (normalized before commit), newest first",
      requestParams: { path: idParam },
      responses: { "200": { description: "Versions" }, "404": err("TASK_NOT_FOUND") },
    },
    async (c) => {
      const task = await tasks.get(c.req.param("id"), c.get("caller"));
      if (!task.ok) return sendFailure(c, task);
      return c.json({
        taskId: task.value.taskId,
        versions: await normalize.draftVersions(task.value.taskId),
      });
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/recipes/:id/versions/:n/restore",
      operationId: "restoreRecipeVersion",
      summary: "Restore version n as a new version",
      requestParams: { path: z.object({ id: z.string(), n: z.string() }) },
      responses: {
        "200": { description: "The new version" },
        "404": err("RECIPE_NOT_FOUND or VERSION_NOT_FOUND"),
        "409": err("RECIPE_VERSION_CONFLICT"),
      },
    },
    async (c) => {
      const n = Number(c.req.param("n"));
      if (!Number.isInteger(n) || n < 1)
        return sendError(c, "INVALID_REQUEST", "The version is a positive number.");
      const ifMatch = c.req.header("if-match");
      const expected = ifMatch ? Number(/^(?:W\/)?"?(\d+)"?$/.exec(ifMatch.trim())?.[1] ?? NaN) : null;
      if (ifMatch && !Number.isInteger(expected))
        return sendError(
          c,
          "INVALID_REQUEST",
          `If-Match must be the recipe's current version, got ${ifMatch}.`,
        );
      const res = await normalize.restore(c.req.param("id"), n, c.get("caller"), expected);
      if (!res.ok) return sendFailure(c, res);
      return c.json(res.value);
    },
  );

  return r;
}
