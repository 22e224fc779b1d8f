import { z } from "zod";
import { createDocument } from "zod-openapi";
import { zRecipeDraft } from "../domain/draft.ts";
import { zStoredRecipe } from "../domain/recipe.ts";
import { zCreateTaskRequest, zCreateTaskResponse, zIngestPayload, zTaskState } from "../domain/task.ts";
import { zCommitRequest, zCommitResponse } from "../services/review.service.ts";
import { zRecipeListQuery } from "./recipes/recipes.routes.ts";

const zErrorBody = z
  .object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() })
  .meta({ id: "Error" });

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const err = (description: string) => json(zErrorBody, description);
const idParam = z.object({ id: z.string() });

let cached: object | null = null;

/** The OpenAPI 3.1 document, generated from the zod schemas the routes validate with. */
export function openApiDocument(): object {
  cached ??= createDocument({
    openapi: "3.1.0",
    info: {
      title: "Ladle API",
      version: "0.1.0",
      description: "Recipe import tasks, review (commit / reject) and committed recipes.",
    },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: { IngestPayload: zIngestPayload, RecipeDraft: zRecipeDraft },
    },
    security: [{ bearer: [] }],
    paths: {
      "/api/tasks": {
        post: {
          summary: "Create a task (AgentType Ingest, payload mode Url)",
          requestBody: { content: { "application/json": { schema: zCreateTaskRequest } } },
          responses: {
            "202": json(zCreateTaskResponse, "Task accepted; threadId generated when missing"),
            "400": err("INVALID_AGENT_TYPE or INVALID_PAYLOAD"),
          },
        },
        get: {
          summary: "Tasks of a thread",
          requestParams: { query: z.object({ threadId: z.string() }) },
          responses: { "200": json(z.object({ threadId: z.string(), tasks: z.array(zTaskState) }), "Tasks") },
        },
      },
      "/api/tasks/{id}": {
        get: {
          summary: "Task state",
          requestParams: { path: idParam },
          responses: { "200": json(zTaskState, "Task state"), "404": err("TASK_NOT_FOUND") },
        },
      },
      "/api/tasks/{id}/events": {
        get: {
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
          summary: "Artifact metadata",
          requestParams: { path: idParam },
          responses: { "200": { description: "Artifacts" }, "404": err("TASK_NOT_FOUND") },
        },
      },
      "/api/tasks/{id}/artifacts/{name}": {
        get: {
          summary: "Artifact content",
          requestParams: { path: z.object({ id: z.string(), name: z.string() }) },
          responses: { "200": { description: "Content" }, "404": err("ARTIFACT_NOT_FOUND") },
        },
      },
      "/api/recipes/import": {
        post: {
          summary: "Commit a ReviewReady draft, optionally edited (idempotent)",
          requestBody: { content: { "application/json": { schema: zCommitRequest } } },
          responses: {
            "200": json(zCommitResponse, "Committed (alreadyCommitted on a repeat)"),
            "400": err("INVALID_PAYLOAD or INVALID_RECIPE"),
            "404": err("TASK_NOT_FOUND"),
            "409": err("COMMIT_CONFLICT or TASK_NOT_REVIEWABLE"),
            "410": err("DRAFT_EXPIRED"),
          },
        },
      },
      "/api/recipes": {
        get: {
          summary: "Committed recipes, newest first",
          requestParams: { query: zRecipeListQuery },
          responses: {
            "200": json(
              z.object({
                items: z.array(zStoredRecipe),
                total: z.number(),
                page: z.number(),
                pageSize: z.number(),
              }),
              "A page of recipes",
            ),
          },
        },
      },
      "/api/recipes/{id}": {
        get: {
          summary: "One recipe",
          requestParams: { path: idParam },
          responses: { "200": json(zStoredRecipe, "Recipe"), "404": err("RECIPE_NOT_FOUND") },
        },
      },
    },
  });
  return cached;
}
