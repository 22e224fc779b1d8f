import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { withSpan } from "../telemetry.ts";
import { answeredIn } from "./lazyRoutes.ts";

/**
 * A server span per request, parent of the queue sends it makes (no-op unless tracing is on),
 * named after the route that answered (`POST /api/tasks`, `GET /api/tasks/:id`).
 */
export function traceRequests(): MiddlewareHandler {
  return async (c, next) =>
    withSpan(
      c.req.method,
      { "http.request.method": c.req.method, "url.path": c.req.path },
      async () => {
        await next();
        const span = trace.getActiveSpan();
        // Tracing off (the API's no-op span): nothing to name.
        if (!span?.isRecording()) return;
        // A family's routes answer in a table of their own (lazyRoutes.ts): its route names the span.
        const route = [...matchedRoutes(answeredIn(c))]
          .reverse()
          .find((r) => r.method !== "ALL" && !r.path.endsWith("*"));
        span.updateName(`${c.req.method} ${route?.path ?? c.req.path}`);
        span.setAttribute("http.response.status_code", c.res.status);
        if (c.res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      },
      SpanKind.SERVER,
    );
}
