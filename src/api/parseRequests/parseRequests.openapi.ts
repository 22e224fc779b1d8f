import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  zParseRecipeHit,
  zParseRequestAccepted,
  zParseRequestError,
  zParseRequestState,
  zParseRequestSubmit,
} from "../../domain/parseRequest.ts";
import { idParam, json } from "../openapiParts.ts";

/** The contract of parse requests, beside the routes that serve it; src/api/openapi.ts composes the document. */
export const parseRequestsPaths: ZodOpenApiPathsObject = {
  "/api/parse-requests": {
    post: {
      operationId: "submitParseRequest",
      summary: "Submit a recipe URL (guests allowed): the fresh cached recipe, or a request to poll",
      security: [{}, { bearer: [] }],
      requestBody: { content: { "application/json": { schema: zParseRequestSubmit } } },
      responses: {
        "200": json(zParseRecipeHit, "A recipe parsed within Recipe:Ttl:Days; no request created"),
        "202": json(zParseRequestAccepted, "The request in flight for this URL, or a new PENDING one"),
        "400": json(zParseRequestError, "PARSE_URL_INVALID"),
      },
    },
  },
  "/api/parse-requests/{id}": {
    get: {
      operationId: "getParseRequest",
      summary: "Poll a parse request (recipe when COMPLETED, error when FAILED)",
      security: [{}, { bearer: [] }],
      requestParams: { path: idParam },
      responses: {
        "200": json(zParseRequestState, "The request"),
        "404": json(zParseRequestError, '{"error": "Request not found"}'),
      },
    },
  },
};
