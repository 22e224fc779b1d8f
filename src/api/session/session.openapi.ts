import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { zUser } from "../../domain/user.ts";
import { err, json } from "../openapiParts.ts";
import { zChangePasswordRequest, zSignInRequest } from "./session.routes.ts";

/** The contract of signing in and sessions, beside the routes that serve it; src/api/openapi.ts composes the document. */
export const sessionPaths: ZodOpenApiPathsObject = {
  "/api/session": {
    post: {
      operationId: "signIn",
      summary: "Sign in with a name and password: sets the HttpOnly session cookie (no token needed)",
      security: [],
      requestBody: { content: { "application/json": { schema: zSignInRequest } } },
      responses: {
        "200": json(
          z.object({ user: zUser.pick({ id: true, name: true, role: true }), expiresAt: z.string() }),
          "Signed in",
        ),
        "401": err("INVALID_CREDENTIALS"),
        "429": err("RATE_LIMITED"),
      },
    },
    get: {
      operationId: "getSession",
      summary: "Who is signed in (by session cookie or token), and whether they have a password",
      responses: { "200": { description: "The caller" }, "401": err("UNAUTHORIZED") },
    },
    delete: {
      operationId: "signOut",
      summary: "Sign out: ends the session and clears its cookie",
      responses: { "204": { description: "Signed out" } },
    },
  },
  "/api/session/password": {
    put: {
      operationId: "changePassword",
      summary: "Change one's own password (the current one is asked for when there is one)",
      requestBody: { content: { "application/json": { schema: zChangePasswordRequest } } },
      responses: {
        "204": { description: "Changed; other sessions ended" },
        "400": err("WEAK_PASSWORD"),
        "401": err("INVALID_CREDENTIALS"),
      },
    },
  },
};
