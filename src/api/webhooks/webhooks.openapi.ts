import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import {
  zCreateWebhookRequest,
  zRedeliverRequest,
  zUpdateWebhookRequest,
  zWebhook,
  zWebhookAttempt,
} from "../../domain/webhook.ts";
import { err, idParam, json } from "../openapiParts.ts";

/** The contract of webhooks, beside the routes that serve it; src/api/openapi.ts composes the document. */
export const webhooksPaths: ZodOpenApiPathsObject = {
  "/api/webhooks": {
    get: {
      operationId: "listWebhooks",
      summary: "The caller's webhooks (never their secrets)",
      responses: { "200": json(z.object({ webhooks: z.array(zWebhook) }), "Webhooks") },
    },
    post: {
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
    },
  },
  "/api/webhooks/{id}": {
    get: {
      operationId: "getWebhook",
      summary: "One of the caller's webhooks",
      requestParams: { path: idParam },
      responses: { "200": json(zWebhook, "Webhook"), "404": err("WEBHOOK_NOT_FOUND") },
    },
    patch: {
      operationId: "updateWebhook",
      summary: "Change its address or events, or turn it off or on again",
      requestParams: { path: idParam },
      requestBody: { content: { "application/json": { schema: zUpdateWebhookRequest } } },
      responses: {
        "200": json(zWebhook, "Webhook"),
        "400": err("INVALID_WEBHOOK or WEBHOOK_URL_NOT_ALLOWED"),
        "404": err("WEBHOOK_NOT_FOUND"),
      },
    },
    delete: {
      operationId: "deleteWebhook",
      summary: "Remove a webhook and its log",
      requestParams: { path: idParam },
      responses: { "200": { description: "Deleted" }, "404": err("WEBHOOK_NOT_FOUND") },
    },
  },
  "/api/webhooks/{id}/deliveries": {
    get: {
      operationId: "listWebhookDeliveries",
      summary: "The webhook's delivery log: its newest attempts, with the receiver's answers",
      requestParams: { path: idParam },
      responses: {
        "200": json(z.object({ attempts: z.array(zWebhookAttempt) }), "Attempts, newest first"),
        "404": err("WEBHOOK_NOT_FOUND"),
      },
    },
  },
  "/api/webhooks/{id}/redeliver": {
    post: {
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
    },
  },
  "/api/webhooks/{id}/test": {
    post: {
      operationId: "testWebhook",
      summary: "Send a `webhook.test` event now (one attempt); its result shows in the log",
      requestParams: { path: idParam },
      responses: {
        "202": json(z.object({ deliveryId: z.string(), eventId: z.string() }), "Queued"),
        "404": err("WEBHOOK_NOT_FOUND"),
      },
    },
  },
};
