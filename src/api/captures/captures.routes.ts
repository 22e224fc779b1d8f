import { Hono } from "hono";
import { zCaptureRequest, zCaptureResult } from "../../domain/capture.ts";
import type { Captures } from "../../services/captures/index.ts";
import type { AuthEnv } from "../auth.ts";
import { defineRoute } from "../defineRoute.ts";
import { err, json } from "../openapiParts.ts";
import { sendFailure, sendJson } from "../respond.ts";

/**
 * `POST /api/captures`: a page the cook's own browser sent (the bookmarklet's Ladle window with
 * the session, the extension with an API token). Same-site with a cookie, or a token from
 * anywhere (an extension's origin): the origin policy refuses another site's page with a cookie.
 */
export function capturesRoutes({ captures }: Captures): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "capturePage",
      summary:
        "Send a page as the browser shows it (serialised document, address, title): a recipe to review, an article or a bookmark, never fetched by the server",
      requestBody: { content: { "application/json": { schema: zCaptureRequest } } },
      responses: {
        "201": json(zCaptureResult, "Made: the recipe import task, the article or the bookmark"),
        "400": err("CAPTURE_INVALID or INVALID_PAYLOAD"),
        "403": err("E_FORBIDDEN: the library is not one you may add articles to"),
        "404": err("LIBRARY_NOT_FOUND: the library is not one of yours"),
        "413": err("PAYLOAD_TOO_LARGE or CAPTURE_TOO_LARGE (Imports:MaxCaptureKb)"),
      },
      invalid: "CAPTURE_INVALID",
    },
    async (c) => {
      const idem = c.get("idempotency");
      const res = await captures.capture(c.get("caller"), c.req.valid("json"), {
        ...(idem ? { idempotency: idem } : {}),
      });
      if (!res.ok) return sendFailure(c, res);
      c.header("Location", res.value.location);
      return sendJson(c, res.value, 201);
    },
  );
  return r;
}
