import { Hono } from "hono";
import { z } from "zod";
import { zCreatePromptRequest, zPromptTemplate } from "../../domain/prompt.ts";
import type { Shared } from "../../services/shared/index.ts";
import type { AuthEnv } from "../auth.ts";
import { sendError, sendFailure } from "../respond.ts";
import { defineRoute } from "../defineRoute.ts";
import { err, idParam, json } from "../openapiParts.ts";

/** `?phase=`: the phase to (de)activate the version for, when the prompt serves more than one. */
const zPhaseQuery = z.object({ phase: z.string().optional() });

/** `/api/prompts`: the prompt registry's control plane, admin only. */
export function promptsRoutes({ prompts }: Pick<Shared, "prompts">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  r.use("*", async (c, next) => {
    if (c.get("caller").role !== "admin") return sendError(c, "FORBIDDEN");
    return next();
  });

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listPrompts",
      summary: "Prompt templates (admins)",
      requestParams: { query: z.object({ phase: z.string().optional() }) },
      responses: { "200": json(z.object({ prompts: z.array(zPromptTemplate) }), "Prompts") },
    },
    async (c) => c.json({ prompts: await prompts.list(c.req.query("phase") || undefined) }),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id",
      operationId: "getPrompt",
      summary: "One prompt template (admins)",
      requestParams: { path: idParam },
      responses: { "200": json(zPromptTemplate, "Prompt"), "404": err("PROMPT_NOT_FOUND") },
    },
    async (c) => {
      const res = await prompts.get(c.req.param("id"), c.req.query("phase") || undefined);
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "createPrompt",
      summary: "Create a prompt version (admins)",
      requestBody: { content: { "application/json": { schema: zCreatePromptRequest } } },
      responses: {
        "201": json(zPromptTemplate, "Created"),
        "400": err("INVALID_PROMPT"),
        "403": err("FORBIDDEN"),
      },
      invalid: "INVALID_PROMPT",
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await prompts.create(req, c.get("caller").name);
      if (!res.ok) return sendFailure(c, res);
      c.header("Location", `/api/prompts/${res.value.id}?phase=${encodeURIComponent(res.value.phase)}`);
      return c.json(res.value, 201);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/activate",
      operationId: "activatePrompt",
      summary: "Make a prompt version the active one of its phase (admins)",
      requestParams: { path: idParam, query: zPhaseQuery },
      responses: { "200": json(zPromptTemplate, "Active"), "404": err("PROMPT_NOT_FOUND") },
    },
    async (c) => {
      const res = await prompts.activate(c.req.param("id"), c.req.query("phase") || undefined);
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/deactivate",
      operationId: "deactivatePrompt",
      summary: "Deactivate a prompt version (admins)",
      requestParams: { path: idParam, query: zPhaseQuery },
      responses: {
        "200": json(zPromptTemplate, "Inactive"),
        "404": err("PROMPT_NOT_FOUND"),
        "409": err("PROMPT_LAST_ACTIVE: activate another version of the phase instead"),
      },
    },
    async (c) => {
      const res = await prompts.deactivate(c.req.param("id"), c.req.query("phase") || undefined);
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  return r;
}
