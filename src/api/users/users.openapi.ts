import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  zAddPersonRequest,
  zApiToken,
  zIssuedToken,
  zIssueTokenRequest,
  zPerson,
  zUser,
} from "../../domain/user.ts";
import { err, json } from "../openapiParts.ts";

const userParam = z.object({ id: z.string().meta({ description: "A person's id, or `me`" }) });

/** The contract of people and their API tokens, beside the routes that serve it. */
export const usersPaths: ZodOpenApiPathsObject = {
  "/api/users": {
    get: {
      operationId: "listPeople",
      summary: "Everyone on this server, with how many tokens each has (admins only)",
      responses: { "200": json(z.object({ users: z.array(zPerson) }), "People"), "403": err("FORBIDDEN") },
    },
    post: {
      operationId: "addPerson",
      summary: "Add a person (admins only), optionally with their first password",
      requestBody: { content: { "application/json": { schema: zAddPersonRequest } } },
      responses: {
        "201": json(zUser, "Added"),
        "400": err("INVALID_USER or WEAK_PASSWORD"),
        "403": err("FORBIDDEN"),
        "409": err("USER_EXISTS"),
      },
    },
  },
  "/api/users/{id}/tokens": {
    get: {
      operationId: "listTokens",
      summary: "A person's API tokens (never the secrets): yours, or anyone's for an admin",
      requestParams: { path: userParam },
      responses: {
        "200": json(z.object({ tokens: z.array(zApiToken) }), "Tokens"),
        "404": err("USER_NOT_FOUND"),
      },
    },
    post: {
      operationId: "issueToken",
      summary: "Issue a new API token: its secret is in this answer only",
      requestParams: { path: userParam },
      requestBody: { content: { "application/json": { schema: zIssueTokenRequest } } },
      responses: {
        "201": json(zIssuedToken, "Issued"),
        "400": err("INVALID_PAYLOAD"),
        "404": err("USER_NOT_FOUND"),
      },
    },
  },
  "/api/users/{id}/tokens/{tokenId}": {
    delete: {
      operationId: "revokeToken",
      summary: "Revoke a token: it stops working at once",
      requestParams: { path: z.object({ id: z.string(), tokenId: z.string() }) },
      responses: {
        "200": json(z.object({ revoked: z.literal(true) }), "Revoked"),
        "404": err("USER_NOT_FOUND or TOKEN_NOT_FOUND"),
      },
    },
  },
};
