import type { ZodOpenApiPathsObject } from "zod-openapi";
import { zFragment, zMedia, zSubmitArticleRequest } from "../../domain/article.ts";
import { z } from "zod";
import { artErr, idParam, json } from "../openapiParts.ts";

/** The contract of web articles and images, beside the routes that serve it; src/api/openapi.ts composes the document. */
export const mediaPaths: ZodOpenApiPathsObject = {
  "/media/web-articles": {
    post: {
      operationId: "submitWebArticle",
      summary: "Save a web article (create, or attach the known one) to a library",
      requestBody: { content: { "application/json": { schema: zSubmitArticleRequest } } },
      responses: {
        "200": json(z.object({ data: zMedia }), "Existing media attached (ready, pending or failed)"),
        "202": json(z.object({ data: zMedia }), "New ingestion started"),
        "400": artErr("E_URL_INVALID"),
        "401": artErr("E_UNAUTHORIZED"),
        "403": artErr("E_FORBIDDEN"),
      },
    },
  },
  "/media": {
    get: {
      operationId: "listMedia",
      summary: "Articles of a library the caller belongs to",
      requestParams: { query: z.object({ library_id: z.string().optional() }) },
      responses: {
        "200": json(z.object({ data: z.object({ media: z.array(zMedia) }) }), "Media"),
        "404": artErr("E_NOT_FOUND"),
      },
    },
  },
  "/media/{id}": {
    get: {
      operationId: "getMedia",
      summary: "Media metadata",
      requestParams: { path: idParam },
      responses: { "200": json(z.object({ data: zMedia }), "Media"), "404": artErr("E_NOT_FOUND") },
    },
  },
  "/media/{id}/fragments": {
    get: {
      operationId: "listMediaFragments",
      summary: "Sanitized HTML of a ready article",
      requestParams: { path: idParam },
      responses: {
        "200": json(z.object({ data: z.object({ fragments: z.array(zFragment) }) }), "Fragments"),
        "404": artErr("E_NOT_FOUND"),
        "409": artErr("E_NOT_READY"),
      },
    },
  },
  "/media/{id}/retry": {
    post: {
      operationId: "retryMedia",
      summary: "Retry a failed article on the same media row",
      requestParams: { path: idParam },
      responses: {
        "202": json(z.object({ data: zMedia }), "Extracting again"),
        "404": artErr("E_NOT_FOUND"),
        "409": artErr("E_NOT_RETRYABLE"),
      },
    },
  },
  "/api/images/recipes/{id}": {
    get: {
      operationId: "getRecipeImage",
      summary:
        "A recipe's picture (whoever may read the recipe): through the proxy, or the picture that came inside an imported file",
      requestParams: { path: idParam },
      responses: {
        "200": { description: "The image bytes" },
        "404": artErr("E_NOT_FOUND"),
        "415": artErr("E_IMAGE_UNSUPPORTED"),
        "502": artErr("E_IMAGE_FETCH_FAILED"),
      },
    },
  },
  "/api/images/tasks/{id}": {
    get: {
      operationId: "getDraftImage",
      summary: "One of a draft's candidate pictures through the proxy (?url= must be one of them)",
      requestParams: { path: idParam, query: z.object({ url: z.string() }) },
      responses: {
        "200": { description: "The image bytes" },
        "404": artErr("E_NOT_FOUND"),
        "415": artErr("E_IMAGE_UNSUPPORTED"),
        "502": artErr("E_IMAGE_FETCH_FAILED"),
      },
    },
  },
  "/api/images/{id}": {
    get: {
      operationId: "getImage",
      summary: "A proxied article image (raster only, stored after the first fetch)",
      requestParams: { path: idParam },
      responses: {
        "200": { description: "The image bytes" },
        "403": artErr("E_IMAGE_FORBIDDEN"),
        "404": artErr("E_NOT_FOUND"),
        "413": artErr("E_IMAGE_TOO_LARGE"),
        "415": artErr("E_IMAGE_UNSUPPORTED"),
        "502": artErr("E_IMAGE_FETCH_FAILED"),
      },
    },
  },
};
