import { Hono } from "hono";
import { type Webhooks, issueWords } from "../../services/webhooks/index.ts";
import type { AuthEnv } from "../auth.ts";
import { sendFailure } from "../respond.ts";
import { defineRoute, refuseWith } from "../defineRoute.ts";
import { ERRORS } from "../../errors.ts";
import { z } from "zod";
import {
  zCreateWebhookRequest,
  zRedeliverRequest,
  zUpdateWebhookRequest,
  zWebhook,
  zWebhookAttempt,
} from "../../domain/webhook.ts";
import { err, idParam, json } from "../openapiParts.ts";

/** `/api/webhooks`: the caller's webhooks, their test and their delivery log. */
export function webhooksRoutes({ webhooks }: Pick<Webhooks, "webhooks">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const hooks = webhooks;

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listWebhooks",
      summary: "The caller's webhooks (never their secrets)",
      responses: { "200": json(z.object({ webhooks: z.array(zWebhook) }), "Webhooks") },
    },
    async (c) => c.json({ webhooks: await hooks.list(c.get("caller")) }),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "createWebhook",
      summary: "A webhook: where to post which events; the answer shows its signing secret once",
      requestBody: { content: { "application/json": { schema: zCreateWebhookRequest } } },
      responses: {
        "201": json(zWebhook, "Webhook, with `secret` (shown once)"),
        "400": err("INVALID_WEBHOOK or WEBHOOK_URL_NOT_ALLOWED (a private or internal address)"),
        "403": err("FORBIDDEN: only a library's admins add webhooks to it"),
        "404": err("LIBRARY_NOT_FOUND"),
        "409": err("WEBHOOK_LIMIT_REACHED"),
      },
      // The service's own words (the MCP and the CLI reach it with unchecked input).
      invalid: refuseWith(
        "INVALID_WEBHOOK",
        (p) => `${ERRORS.INVALID_WEBHOOK.message} ${issueWords(p.issues)}`,
      ),
    },
    async (c) => {
      const res = await hooks.create(c.get("caller"), c.req.valid("json"));
      if (!res.ok) return sendFailure(c, res);
      c.header("Location", `/api/webhooks/${res.value.id}`);
      return c.json(res.value, 201);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id",
      operationId: "getWebhook",
      summary: "One of the caller's webhooks",
      requestParams: { path: idParam },
      responses: { "200": json(zWebhook, "Webhook"), "404": err("WEBHOOK_NOT_FOUND") },
    },
    async (c) => {
      const res = await hooks.get(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "patch",
      path: "/:id",
      operationId: "updateWebhook",
      summary: "Change its address or events, or turn it off or on again",
      requestParams: { path: idParam },
      requestBody: { content: { "application/json": { schema: zUpdateWebhookRequest } } },
      responses: {
        "200": json(zWebhook, "Webhook"),
        "400": err("INVALID_WEBHOOK or WEBHOOK_URL_NOT_ALLOWED"),
        "404": err("WEBHOOK_NOT_FOUND"),
      },
      invalid: refuseWith(
        "INVALID_WEBHOOK",
        (p) => `Send any of url, events, active. ${issueWords(p.issues)}`,
      ),
    },
    async (c) => {
      const res = await hooks.update(c.get("caller"), c.req.param("id"), c.req.valid("json"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/:id",
      operationId: "deleteWebhook",
      summary: "Remove a webhook and its log",
      requestParams: { path: idParam },
      responses: { "200": { description: "Deleted" }, "404": err("WEBHOOK_NOT_FOUND") },
    },
    async (c) => {
      const res = await hooks.remove(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/deliveries",
      operationId: "listWebhookDeliveries",
      summary: "The webhook's delivery log: its newest attempts, with the receiver's answers",
      requestParams: { path: idParam },
      responses: {
        "200": json(z.object({ attempts: z.array(zWebhookAttempt) }), "Attempts, newest first"),
        "404": err("WEBHOOK_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await hooks.attempts(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json({ attempts: res.value }) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/redeliver",
      operationId: "redeliverWebhook",
      summary: "Send one delivery of the log again: the same body and event id, signed anew",
      requestParams: { path: idParam },
      requestBody: { content: { "application/json": { schema: zRedeliverRequest } } },
      responses: {
        "202": json(z.object({ deliveryId: z.string(), eventId: z.string() }), "Queued"),
        "400": err("INVALID_WEBHOOK"),
        "404": err("WEBHOOK_NOT_FOUND or WEBHOOK_DELIVERY_NOT_FOUND"),
        "409": err("WEBHOOK_OFF: turn it on again first"),
      },
      invalid: refuseWith("INVALID_WEBHOOK", 'Send {"deliveryId": "<a delivery of its log>"}.'),
    },
    async (c) => {
      const res = await hooks.redeliver(c.get("caller"), c.req.param("id"), c.req.valid("json"));
      return res.ok ? c.json(res.value, 202) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/test",
      operationId: "testWebhook",
      summary: "Send a `webhook.test` event now (one attempt); its result shows in the log",
      requestParams: { path: idParam },
      responses: {
        "202": json(z.object({ deliveryId: z.string(), eventId: z.string() }), "Queued"),
        "404": err("WEBHOOK_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await hooks.test(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json(res.value, 202) : sendFailure(c, res);
    },
  );
  return r;
}
