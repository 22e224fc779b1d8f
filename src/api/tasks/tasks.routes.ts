import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { pumpEvents } from "../pumpEvents.ts";
import {
  TERMINAL_STATUSES,
  type TaskEvent,
  zCreateTaskRequest,
  zCreateTaskResponse,
  zTaskState,
  zTaskStatus,
} from "../../domain/task.ts";
import { type Tasks, importOptions, type toTaskState } from "../../services/tasks/index.ts";
import type { Shared } from "../../services/shared/index.ts";
import { IdempotencyKeyTaken } from "../../services/shared/idempotency.service.ts";
import type { AuthEnv } from "../auth.ts";
import { sendError, sendFailure, sendJson } from "../respond.ts";
import { z } from "zod";
import { defineRoute } from "../defineRoute.ts";
import { taskEventFrames } from "./taskEventFrames.ts";
import { err, idParam, json } from "../openapiParts.ts";

/** `GET /api/tasks/options`: what the import wizard's prompt selector offers (importOptions.ts). */
const zImportOptions = z
  .object({
    llmConfigured: z.boolean(),
    canManagePrompts: z.boolean(),
    phases: z.array(
      z.object({
        phase: z.string(),
        label: z.string(),
        selection: z.string(),
        override: z.string(),
        active: z.object({ id: z.string(), version: z.number(), name: z.string() }).nullable(),
        versions: z.array(
          z.object({
            id: z.string(),
            version: z.number(),
            name: z.string(),
            isActive: z.boolean(),
            createdAt: z.string(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: "ImportOptions" });
/** A task's stored artifacts (artifactStore.ts's ArtifactInfo) and where to read each. */
const zTaskArtifacts = z.object({
  taskId: z.string(),
  artifacts: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      uri: z.string(),
      contentType: z.string(),
      size: z.number(),
      originalSize: z.number(),
      compressed: z.boolean(),
      truncated: z.boolean(),
      createdAt: z.string(),
      href: z.string(),
    }),
  ),
});

/** `GET /api/tasks` query: status filter (comma-separated), thread, paging. */
export const zTaskListQuery = z.object({
  status: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",").map((x) => x.trim()) : undefined))
    .pipe(z.array(zTaskStatus).optional()),
  threadId: z.string().trim().min(1).max(200).optional(),
  /** `desc` (newest first) by default; a thread reads oldest first, as a conversation. */
  order: z.enum(["asc", "desc"]).optional(),
  /** Admins: `true` lists everyone's tasks. */
  all: z.enum(["true", "false"]).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** Heartbeat comment interval on SSE streams. */

/** `/api/tasks`. */
export function tasksRoutes(
  { tasks, review }: Pick<Tasks, "tasks" | "review">,
  { artifacts, events, llm, prompts }: Pick<Shared, "artifacts" | "events" | "llm" | "prompts">,
): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "createTask",
      summary: "Create a task (AgentType Ingest, payload mode Url)",
      requestBody: { content: { "application/json": { schema: zCreateTaskRequest } } },
      responses: {
        "202": json(zCreateTaskResponse, "Task accepted; threadId generated when missing"),
        "400": err("INVALID_AGENT_TYPE or INVALID_PAYLOAD"),
        "404": err("RECIPE_NOT_FOUND or TASK_NOT_FOUND: the payload names one the caller may not see"),
        "422": err("AGENT_NOT_INSTALLED"),
      },
      invalid: (c, p) =>
        p.issues.some((i) => i.path[0] === "agentType")
          ? sendError(c, "INVALID_AGENT_TYPE", "agentType is required: Ingest, Research or Analysis.", {
              agentType: (p.value as { agentType?: unknown } | null)?.agentType ?? null,
            })
          : sendError(c, "INVALID_PAYLOAD", p.unreadable ? p.message : p.issues[0]?.message),
    },
    async (c) => {
      const req = c.req.valid("json");
      const idem = c.get("idempotency");
      const res = await tasks
        .create({
          ...req,
          requestedBy: c.get("caller").id,
          ...(idem ? { idempotency: idem } : {}),
        })
        .catch((err: unknown) => {
          // The key's claim, in the task's statement, found it taken: the middleware answers from its record.
          if (!(idem && err instanceof IdempotencyKeyTaken)) throw err;
          idem.taken = true;
          return null;
        });
      if (!res) return c.body(null, 409);
      if (!res.ok) return sendFailure(c, res);
      c.header("Location", `/api/tasks/${res.value.taskId}`);
      return sendJson(c, res.value, 202);
    },
  );

  // The caller's tasks, newest first (the drafts inbox asks for status=ReviewReady).
  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listTasks",
      summary: "The caller's tasks, newest first (status filter, paging; threadId optional)",
      requestParams: { query: zTaskListQuery },
      responses: {
        "200": json(
          z.object({
            threadId: z.string().optional(),
            tasks: z.array(zTaskState),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
          }),
          "The caller's tasks, newest first",
        ),
        "400": err("INVALID_REQUEST"),
      },
    },
    async (c) => {
      const q = c.req.valid("query");
      const caller = c.get("caller");
      // An admin following a thread sees everyone's tasks in it; otherwise only one's own.
      const everyone = caller.role === "admin" && (q.threadId !== undefined || q.all === "true");
      const list = await review.listTasks({
        viewer: { ...caller, everyone },
        ...(q.status ? { statuses: q.status } : {}),
        ...(q.threadId ? { threadId: q.threadId } : {}),
        order: q.order ?? (q.threadId ? "asc" : "desc"),
        page: q.page,
        pageSize: q.pageSize,
      });
      return c.json({ ...(q.threadId ? { threadId: q.threadId } : {}), ...list });
    },
  );

  // What the import wizard offers: prompt versions per configured LLM phase.
  defineRoute(
    r,
    {
      method: "get",
      path: "/options",
      operationId: "getTaskOptions",
      summary: "The prompt selector's choices per configured LLM phase",
      responses: { "200": json(zImportOptions, "Import options") },
    },
    async (c) => c.json(await importOptions(prompts, llm, c.get("caller").role === "admin")),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id",
      operationId: "getTask",
      summary: "Task state",
      requestParams: { path: idParam },
      responses: { "200": json(zTaskState, "Task state"), "404": err("TASK_NOT_FOUND") },
    },
    async (c) => {
      const res = await tasks.get(c.req.param("id"), c.get("caller"));
      if (!res.ok) return sendFailure(c, res);
      c.header("ETag", `"${res.value.version}"`);
      return c.json(res.value);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/cancel",
      operationId: "cancelTask",
      summary: "Cancel a waiting or running import (it ends Failed with TASK_CANCELLED)",
      requestParams: { path: idParam },
      responses: {
        "200": json(zTaskState, "Cancelled"),
        "404": err("TASK_NOT_FOUND"),
        "409": err("TASK_NOT_CANCELLABLE"),
      },
    },
    async (c) => {
      const res = await review.cancel(c.req.param("id"), c.get("caller"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/reject",
      operationId: "rejectTask",
      summary: "Reject a ReviewReady draft",
      requestParams: { path: idParam },
      requestBody: {
        content: { "application/json": { schema: z.object({ reason: z.string().optional() }) } },
        required: false,
      },
      responses: {
        "200": json(z.object({ taskId: z.string(), status: z.literal("Rejected") }), "Rejected"),
        "404": err("TASK_NOT_FOUND"),
        "409": err("TASK_NOT_REVIEWABLE"),
        "410": err("DRAFT_EXPIRED"),
      },
      invalid: (c, p) =>
        sendError(c, "INVALID_PAYLOAD", p.unreadable ? "Request body is not valid JSON." : p.message),
    },
    async (c) => {
      const reason = c.req.valid("json").reason?.slice(0, 1000) ?? null;
      const res = await review.reject(c.req.param("id"), reason, c.get("caller"));
      if (!res.ok) return sendFailure(c, res);
      return c.json(res.value);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/artifacts",
      operationId: "listTaskArtifacts",
      summary: "Artifact metadata",
      requestParams: { path: idParam },
      responses: { "200": json(zTaskArtifacts, "Artifacts"), "404": err("TASK_NOT_FOUND") },
    },
    async (c) => {
      const id = c.req.param("id");
      const task = await tasks.get(id, c.get("caller"));
      if (!task.ok) return sendFailure(c, task);
      const list = await artifacts.list(id);
      return c.json({
        taskId: id,
        artifacts: list.map((a) => ({
          ...a,
          href: `/api/tasks/${id}/artifacts/${encodeURIComponent(a.name)}`,
        })),
      });
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/artifacts/:name",
      operationId: "getTaskArtifact",
      summary: "Artifact content",
      requestParams: { path: z.object({ id: z.string(), name: z.string() }) },
      responses: { "200": { description: "Content" }, "404": err("ARTIFACT_NOT_FOUND") },
    },
    async (c) => {
      const id = c.req.param("id");
      const task = await tasks.get(id, c.get("caller"));
      if (!task.ok) return sendFailure(c, task);
      const acceptGzip = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
      const art = await artifacts.read(id, c.req.param("name"), { acceptGzip });
      if (!art)
        return sendError(c, "ARTIFACT_NOT_FOUND", undefined, { taskId: id, name: c.req.param("name") });
      const headers: Record<string, string> = {
        "content-type": art.info.contentType,
        "x-artifact-truncated": String(art.info.truncated),
        "x-content-type-options": "nosniff",
      };
      if (art.encoding === "gzip") headers["content-encoding"] = "gzip";
      return c.body(new Uint8Array(art.data), 200, headers);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/events",
      operationId: "streamTaskEvents",
      summary: "Server-sent events: ingest.progress, ingest.<phase>.progress, ingest.review_ready",
      description: "A new subscriber first receives the current state. Supports Last-Event-ID.",
      requestParams: { path: idParam },
      responses: {
        "200": {
          description: "text/event-stream",
          content: { "text/event-stream": { schema: z.string() } },
        },
        "404": err("TASK_NOT_FOUND"),
      },
    },
    async (c) => {
      const id = c.req.param("id");
      const caller = c.get("caller");
      const task = await tasks.get(id, caller);
      if (!task.ok) return sendFailure(c, task);
      const lastEventId = c.req.header("last-event-id") ?? c.req.query("lastEventId") ?? null;

      return streamSSE(c, async (stream) => {
        let cursor: string | null;
        if (lastEventId && /^\d+$/.test(lastEventId)) {
          cursor = lastEventId;
        } else {
          // A new subscriber first receives the current state, then what follows.
          const history = await events.history(id, null);
          cursor = history.at(-1)?.id ?? null;
          const now = await tasks.get(id, caller);
          const state = now.ok ? now.value : task.value;
          await stream.writeSSE({
            event: "ingest.progress",
            id: cursor ?? "0",
            data: JSON.stringify(snapshot(state)),
          });
          if (state.status === "ReviewReady") {
            await stream.writeSSE({
              event: "ingest.review_ready",
              id: cursor ?? "0",
              data: JSON.stringify(snapshot(state)),
            });
          }
          if (TERMINAL_STATUSES.includes(state.status)) return;
        }
        await pumpEvents<TaskEvent>(
          stream,
          (push) => events.subscribe(id, cursor, push),
          async (e) => {
            for (const frame of taskEventFrames(e, id, task.value.threadId)) await stream.writeSSE(frame);
            return e.type === "ingest.progress" && TERMINAL_STATUSES.includes(e.data.status as never);
          },
        );
      });
    },
  );

  return r;
}

function snapshot(state: ReturnType<typeof toTaskState>): Record<string, unknown> {
  return {
    taskId: state.taskId,
    threadId: state.threadId,
    status: state.status,
    phase: state.currentPhase,
    progress: state.progress,
    ...(state.error ? { error: state.error } : {}),
    ...(state.recipeId ? { recipeId: state.recipeId } : {}),
    at: state.lastUpdated,
    snapshot: true,
  };
}
