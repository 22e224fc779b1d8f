import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { zSharedFields, zSharedItem } from "../../services/shareTarget.service.ts";
import { err, json } from "../openapiParts.ts";

const redirect = { description: "See Other: the web app's share screen (or its note of what went wrong)" };

/** The share target and the bookmarklet's entry (issue 30), beside their routes. */
export const sharePaths: ZodOpenApiPathsObject = {
  "/share": {
    get: {
      operationId: "shareLink",
      summary:
        "The bookmarklet's entry: redirects to the web app with the page prefilled (never started by itself)",
      requestParams: { query: zSharedFields },
      responses: { "303": redirect },
    },
    post: {
      operationId: "shareTarget",
      summary:
        "The PWA's Web Share Target: title, text, url and files (a photo or PDF) put aside once, then the web app opens them",
      requestBody: {
        content: {
          "multipart/form-data": {
            schema: zSharedFields.extend({
              files: z.array(z.string().meta({ format: "binary" })).optional(),
            }),
          },
        },
      },
      responses: { "303": redirect },
    },
  },
  "/api/share/{id}": {
    post: {
      operationId: "openSharedItem",
      summary: "Open a shared item once, as the signed-in user: what to import and whether to start at once",
      requestParams: { path: z.object({ id: z.string() }) },
      responses: {
        "200": json(zSharedItem, "What was shared (a file is now the caller's upload)"),
        "404": err("SHARED_ITEM_NOT_FOUND"),
        "422": err("SHARED_FILE_UNREADABLE"),
      },
    },
  },
};
