import { Hono } from "hono";
import { zAddMemberRequest, zCreateLibraryRequest } from "../../domain/user.ts";
import type { Ladle } from "../../services/ladle.ts";
import type { AuthEnv } from "../auth.ts";
import { readJson, sendError, sendFailure } from "../respond.ts";

/** `/api/libraries`: the caller's libraries and their members (web-article-ingestion.md §10). */
export function librariesRoutes(ladle: Ladle): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const users = ladle.users;

  r.get("/", async (c) => {
    const caller = c.get("caller");
    return c.json({ user: caller, libraries: await users.libraries(caller.id) });
  });

  r.post("/", async (c) => {
    const body = await readJson(c, "INVALID_REQUEST");
    if (!body.ok) return sendFailure(c, body);
    const req = zCreateLibraryRequest.safeParse(body.value);
    if (!req.success) return sendError(c, "INVALID_REQUEST", "Give the library a name of 1-200 characters.");
    const lib = await users.createLibrary(c.get("caller").id, req.data.name);
    c.header("Location", `/api/libraries/${lib.id}`);
    return c.json(lib, 201);
  });

  r.get("/:id/members", async (c) => {
    const res = await users.members(c.get("caller").id, c.req.param("id"));
    return res.ok ? c.json({ members: res.value }) : sendFailure(c, res);
  });

  r.post("/:id/members", async (c) => {
    const body = await readJson(c, "INVALID_REQUEST");
    if (!body.ok) return sendFailure(c, body);
    const req = zAddMemberRequest.safeParse(body.value);
    if (!req.success)
      return sendError(
        c,
        "INVALID_REQUEST",
        'Send {"user": "<user name>", "role": "admin" | "editor" | "member"}.',
      );
    const res = await users.addMember(c.get("caller").id, c.req.param("id"), req.data.user, req.data.role);
    return res.ok ? c.json(res.value, 200) : sendFailure(c, res);
  });

  r.delete("/:id/members/:userId", async (c) => {
    const res = await users.removeMember(c.get("caller").id, c.req.param("id"), c.req.param("userId"));
    return res.ok ? c.json(res.value, 200) : sendFailure(c, res);
  });
  return r;
}
