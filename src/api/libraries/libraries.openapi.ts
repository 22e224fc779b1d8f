import type { ZodOpenApiPathsObject } from "zod-openapi";
import { zAddMemberRequest, zCreateLibraryRequest, zLibrary, zUser } from "../../domain/user.ts";
import { z } from "zod";
import { err, idParam, json } from "../openapiParts.ts";

/** The contract of libraries and members, beside the routes that serve it; src/api/openapi.ts composes the document. */
export const librariesPaths: ZodOpenApiPathsObject = {
  "/api/libraries/{id}/members/{userId}": {
    delete: {
      operationId: "removeLibraryMember",
      summary: "Remove a member (library admins; anyone may leave); the owner stays",
      requestParams: { path: z.object({ id: z.string(), userId: z.string() }) },
      responses: {
        "200": { description: "Removed" },
        "403": err("FORBIDDEN"),
        "404": err("LIBRARY_NOT_FOUND"),
      },
    },
  },
  "/api/libraries": {
    get: {
      operationId: "listLibraries",
      summary: "The caller and the libraries they belong to (default personal library first)",
      responses: {
        "200": json(
          z.object({
            user: zUser.pick({ id: true, name: true, role: true }),
            libraries: z.array(zLibrary),
          }),
          "Libraries",
        ),
      },
    },
    post: {
      operationId: "createLibrary",
      summary: "Create a shared library administered by the caller",
      requestBody: { content: { "application/json": { schema: zCreateLibraryRequest } } },
      responses: { "201": json(zLibrary, "Created"), "400": err("INVALID_REQUEST") },
    },
  },
  "/api/libraries/{id}/members": {
    get: {
      operationId: "listLibraryMembers",
      summary: "A library's members (its members only)",
      requestParams: { path: idParam },
      responses: { "200": { description: "Members" }, "404": err("LIBRARY_NOT_FOUND") },
    },
    post: {
      operationId: "addLibraryMember",
      summary: "Add a member (or change their role); library admins only",
      requestParams: { path: idParam },
      requestBody: { content: { "application/json": { schema: zAddMemberRequest } } },
      responses: {
        "200": { description: "Member added" },
        "403": err("FORBIDDEN"),
        "404": err("LIBRARY_NOT_FOUND or USER_NOT_FOUND"),
      },
    },
  },
};
