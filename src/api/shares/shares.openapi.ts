import type { ZodOpenApiPathsObject } from "zod-openapi";
import { zCreateShareRequest } from "../../domain/kitchen.ts";
import { z } from "zod";
import { err, idParam } from "../openapiParts.ts";

/** The contract of public recipe links, beside the routes that serve it; src/api/openapi.ts composes the document. */
export const sharesPaths: ZodOpenApiPathsObject = {
  "/api/recipe-shares": {
    get: {
      operationId: "listRecipeShares",
      summary: "The caller's public links of a recipe",
      responses: { "200": { description: "Links" } },
    },
    post: {
      operationId: "createRecipeShare",
      summary: "A public read-only link to one of the caller's recipes",
      requestBody: { content: { "application/json": { schema: zCreateShareRequest } } },
      responses: { "201": { description: "Link (shown once)" }, "404": err("RECIPE_NOT_FOUND") },
    },
  },
  "/api/recipe-shares/{id}": {
    delete: {
      operationId: "deleteRecipeShare",
      summary: "Turn a public link off",
      requestParams: { path: idParam },
      responses: { "200": { description: "Revoked" }, "404": err("SHARE_NOT_FOUND") },
    },
  },
  "/shared/{token}": {
    get: {
      operationId: "getSharedRecipePage",
      summary: "A recipe's public read-only page, while its link is on",
      security: [],
      requestParams: { path: z.object({ token: z.string() }) },
      responses: { "200": { description: "text/html" }, "404": { description: "Link off or unknown" } },
    },
  },
};
