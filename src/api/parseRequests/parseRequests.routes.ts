import { Hono } from "hono";
import {
  zParseRequestSubmit,
  zParseRecipeHit,
  zParseRequestAccepted,
  zParseRequestError,
  zParseRequestState,
} from "../../domain/parseRequest.ts";
import { sendParseError } from "./parseRequestsGate.ts";
import type { ParseRequests } from "../../services/parseRequests/index.ts";
import type { Shared } from "../../services/shared/index.ts";
import type { AuthEnv, Caller } from "../auth.ts";
import { streamFamilyEvents } from "../familyEvents.ts";
import { z } from "zod";
import { defineRoute } from "../defineRoute.ts";
import { idParam, json } from "../openapiParts.ts";

/** `/api/parse-requests`: submit a URL, poll a request. */
export function parseRequestsRoutes(
  { parseRequests }: Pick<ParseRequests, "parseRequests">,
  { events }: Pick<Shared, "events">,
): Hono<AuthEnv> {
  // Its token check (guests allowed, `guestOrAuth`) runs in app.ts, before the body limit and idempotency.
  const r = new Hono<AuthEnv>();

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "submitParseRequest",
      summary: "Submit a recipe URL (guests allowed): the fresh cached recipe, or a request to poll",
      security: [{}, { bearer: [] }],
      requestBody: { content: { "application/json": { schema: zParseRequestSubmit } } },
      responses: {
        "200": json(zParseRecipeHit, "A recipe parsed within Recipe:Ttl:Days; no request created"),
        "202": json(zParseRequestAccepted, "The request in flight for this URL, or a new PENDING one"),
        "400": json(zParseRequestError, "PARSE_URL_INVALID"),
      },
      invalid: (c) => sendParseError(c, "PARSE_URL_INVALID"),
    },
    async (c) => {
      const req = c.req.valid("json");
      const caller = c.get("caller") as Caller | undefined;
      const res = await parseRequests.submit(req.url, caller?.id ?? null);
      if (!res.ok) return sendParseError(c, res.code, res.message);
      if (res.kind === "recipe") return c.json({ recipe: res.recipe }, 200);
      c.header("Location", `/api/parse-requests/${res.requestId}`);
      return c.json({ requestId: res.requestId, status: res.status }, 202);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id",
      operationId: "getParseRequest",
      summary: "Poll a parse request (recipe when COMPLETED, error when FAILED)",
      security: [{}, { bearer: [] }],
      requestParams: { path: idParam },
      responses: {
        "200": json(zParseRequestState, "The request"),
        "404": json(zParseRequestError, '{"error": "Request not found"}'),
      },
    },
    async (c) => {
      const state = await parseRequests.get(c.req.param("id"));
      if (!state) return sendParseError(c, "PARSE_REQUEST_NOT_FOUND");
      return c.json(state, 200);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/events",
      operationId: "streamParseRequestEvents",
      summary: "Server-sent events: ingest.progress on each status change, until COMPLETED or FAILED",
      description:
        "A new subscriber first receives the current state. Supports Last-Event-ID. Visible to whoever may poll the request.",
      security: [{}, { bearer: [] }],
      requestParams: { path: idParam },
      responses: {
        "200": { description: "text/event-stream", content: { "text/event-stream": { schema: z.string() } } },
        "404": json(zParseRequestError, '{"error": "Request not found"}'),
      },
    },
    async (c) => {
      const id = c.req.param("id");
      // Visible exactly as its poll is: the id is handed to every submitter of the URL (dedup).
      const state = await parseRequests.get(id);
      if (!state) return sendParseError(c, "PARSE_REQUEST_NOT_FOUND");
      const progress = (s: string) => (s === "PENDING" ? 0 : s === "PROCESSING" ? 50 : 100);
      return streamFamilyEvents(c, events, {
        key: `parse-request:${state.requestId}`,
        current: async () => {
          const now = await parseRequests.get(id);
          return now
            ? {
                requestId: now.requestId,
                status: now.status,
                progress: progress(now.status),
                error: now.error ?? null,
              }
            : null;
        },
        terminal: (d) => d.status === "COMPLETED" || d.status === "FAILED",
      });
    },
  );

  return r;
}
