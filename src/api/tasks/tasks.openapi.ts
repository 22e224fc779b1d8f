import type { ZodOpenApiPathsObject } from "zod-openapi";
import { zCreateTaskRequest, zCreateTaskResponse, zTaskState } from "../../domain/task.ts";
import { zTaskListQuery } from "./tasks.routes.ts";
import { z } from "zod";
import { err, idParam, json } from "../openapiParts.ts";

/** The contract of import tasks, beside the routes that serve it; src/api/openapi.ts composes the document. */
export const tasksPaths: ZodOpenApiPathsObject = {
  "/api/tasks": {
    post: {
      operationId: "createTask",
      summary: "Create a task (AgentType Ingest, payload mode Url)",
      requestBody: { content: { "application/json": { schema: zCreateTaskRequest } } },
      responses: {
        "202": json(zCreateTaskResponse, "Task accepted; threadId generated when missing"),
        "400": err("INVALID_AGENT_TYPE or INVALID_PAYLOAD"),
      },
    },
    get: {
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
  },
  "/api/tasks/{id}": {
    get: {
      operationId: "getTask",
      summary: "Task state",
      requestParams: { path: idParam },
      responses: { "200": json(zTaskState, "Task state"), "404": err("TASK_NOT_FOUND") },
    },
  },
  "/api/tasks/{id}/events": {
    get: {
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
  },
  "/api/tasks/{id}/reject": {
    post: {
      operationId: "rejectTask",
      summary: "Reject a ReviewReady draft",
      requestParams: { path: idParam },
      requestBody: {
        content: { "application/json": { schema: z.object({ reason: z.string().optional() }) } },
      },
      responses: {
        "200": json(z.object({ taskId: z.string(), status: z.literal("Rejected") }), "Rejected"),
        "404": err("TASK_NOT_FOUND"),
        "409": err("TASK_NOT_REVIEWABLE"),
        "410": err("DRAFT_EXPIRED"),
      },
    },
  },
  "/api/tasks/{id}/artifacts": {
    get: {
      operationId: "listTaskArtifacts",
      summary: "Artifact metadata",
      requestParams: { path: idParam },
      responses: { "200": { description: "Artifacts" }, "404": err("TASK_NOT_FOUND") },
    },
  },
  "/api/tasks/{id}/artifacts/{name}": {
    get: {
      operationId: "getTaskArtifact",
      summary: "Artifact content",
      requestParams: { path: z.object({ id: z.string(), name: z.string() }) },
      responses: { "200": { description: "Content" }, "404": err("ARTIFACT_NOT_FOUND") },
    },
  },
  "/api/tasks/{id}/cancel": {
    post: {
      operationId: "cancelTask",
      summary: "Cancel a waiting or running import (it ends Failed with TASK_CANCELLED)",
      requestParams: { path: idParam },
      responses: {
        "200": json(zTaskState, "Cancelled"),
        "404": err("TASK_NOT_FOUND"),
        "409": err("TASK_NOT_CANCELLABLE"),
      },
    },
  },
  "/api/tasks/options": {
    get: {
      operationId: "getTaskOptions",
      summary: "The prompt selector's choices per configured LLM phase",
      responses: { "200": { description: "Import options" } },
    },
  },
};
