import type { ZodOpenApiPathsObject } from "zod-openapi";
import { zCreatePromptRequest, zPromptTemplate } from "../../domain/prompt.ts";
import { err, idParam, json } from "../openapiParts.ts";

/** The contract of the prompt registry, beside the routes that serve it; src/api/openapi.ts composes the document. */
export const promptsPaths: ZodOpenApiPathsObject = {
  "/api/prompts": {
    get: {
      operationId: "listPrompts",
      summary: "Prompt templates (admins)",
      responses: { "200": { description: "Prompts" } },
    },
    post: {
      operationId: "createPrompt",
      summary: "Create a prompt version (admins)",
      requestBody: { content: { "application/json": { schema: zCreatePromptRequest } } },
      responses: { "201": json(zPromptTemplate, "Created"), "403": err("FORBIDDEN") },
    },
  },
  "/api/prompts/{id}": {
    get: {
      operationId: "getPrompt",
      summary: "One prompt template (admins)",
      requestParams: { path: idParam },
      responses: { "200": json(zPromptTemplate, "Prompt"), "404": err("PROMPT_NOT_FOUND") },
    },
  },
  "/api/prompts/{id}/activate": {
    post: {
      operationId: "activatePrompt",
      summary: "Make a prompt version the active one of its phase (admins)",
      requestParams: { path: idParam },
      responses: { "200": json(zPromptTemplate, "Active"), "404": err("PROMPT_NOT_FOUND") },
    },
  },
  "/api/prompts/{id}/deactivate": {
    post: {
      operationId: "deactivatePrompt",
      summary: "Deactivate a prompt version (admins)",
      requestParams: { path: idParam },
      responses: { "200": json(zPromptTemplate, "Inactive"), "404": err("PROMPT_NOT_FOUND") },
    },
  },
};
