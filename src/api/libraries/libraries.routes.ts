import { Hono } from "hono";
import {
  zAddMemberRequest,
  zCreateLibraryRequest,
  zLibrary,
  zLibraryMember,
  zUser,
} from "../../domain/user.ts";
import { defaultLibraryName } from "../../domain/libraryWords.ts";
import type { Users } from "../../services/users/index.ts";
import type { AuthEnv } from "../auth.ts";
import { requestLanguage } from "../requestLanguage.ts";
import { sendFailure } from "../respond.ts";
import { defineRoute, refuseWith } from "../defineRoute.ts";
import { z } from "zod";
import { err, idParam, json } from "../openapiParts.ts";

/** `/api/libraries`: the caller's libraries and their members. */
export function librariesRoutes({ users }: Pick<Users, "users">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
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
    async (c) => {
      const caller = c.get("caller");
      // A person's own library still called by the English name Ladle gave it (made where no
      // language was known: a config seed, a test) is said in the reader's language; a chosen name stays.
      const english = defaultLibraryName("en");
      const said = defaultLibraryName(requestLanguage(c));
      const libraries = (await users.libraries(caller.id)).map((l) =>
        l.isDefault && l.name === english ? { ...l, name: said } : l,
      );
      return c.json({ user: caller, libraries });
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "createLibrary",
      summary: "Create a shared library administered by the caller",
      requestBody: { content: { "application/json": { schema: zCreateLibraryRequest } } },
      responses: { "201": json(zLibrary, "Created"), "400": err("INVALID_REQUEST") },
      invalid: refuseWith("INVALID_REQUEST", "Give the library a name of 1-200 characters."),
    },
    async (c) => {
      const req = c.req.valid("json");
      const lib = await users.createLibrary(c.get("caller").id, req.name);
      c.header("Location", `/api/libraries/${lib.id}`);
      return c.json(lib, 201);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/members",
      operationId: "listLibraryMembers",
      summary: "A library's members (its members only)",
      requestParams: { path: idParam },
      responses: {
        "200": json(z.object({ members: z.array(zLibraryMember) }), "Members"),
        "404": err("LIBRARY_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await users.members(c.get("caller").id, c.req.param("id"));
      return res.ok ? c.json({ members: res.value }) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/members",
      operationId: "addLibraryMember",
      summary: "Add a member (or change their role); library admins only",
      requestParams: { path: idParam },
      requestBody: { content: { "application/json": { schema: zAddMemberRequest } } },
      responses: {
        "200": { description: "Member added" },
        "403": err("FORBIDDEN"),
        "404": err("LIBRARY_NOT_FOUND or USER_NOT_FOUND"),
      },
      invalid: refuseWith(
        "INVALID_REQUEST",
        'Send {"user": "<user name>", "role": "admin" | "editor" | "member"}.',
      ),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await users.addMember(c.get("caller").id, c.req.param("id"), req.user, req.role);
      return res.ok ? c.json(res.value, 200) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/:id/members/:userId",
      operationId: "removeLibraryMember",
      summary: "Remove a member (library admins; anyone may leave); the owner stays",
      requestParams: { path: z.object({ id: z.string(), userId: z.string() }) },
      responses: {
        "200": { description: "Removed" },
        "403": err("FORBIDDEN"),
        "404": err("LIBRARY_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await users.removeMember(c.get("caller").id, c.req.param("id"), c.req.param("userId"));
      return res.ok ? c.json(res.value, 200) : sendFailure(c, res);
    },
  );
  return r;
}
