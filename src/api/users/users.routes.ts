import { Hono } from "hono";
import { zAddPersonRequest, zIssueTokenRequest } from "../../domain/user.ts";
import type { Ladle } from "../../services/ladle.ts";
import { PeopleService } from "../../services/people.service.ts";
import type { AuthEnv } from "../auth.ts";
import { readJson, sendError, sendFailure } from "../respond.ts";

/**
 * `/api/users`: the people of this server (admins add them and see everyone) and API tokens (each
 * person their own; `me` stands for the caller). What the web app's People screen drives.
 */
export function usersRoutes(ladle: Ladle): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const people = new PeopleService(ladle.users, ladle.signIn);

  r.get("/", async (c) => {
    const res = await people.list(c.get("caller"));
    return res.ok ? c.json({ users: res.value }) : sendFailure(c, res);
  });

  r.post("/", async (c) => {
    const body = await readJson(c, "INVALID_USER");
    if (!body.ok) return sendFailure(c, body);
    const req = zAddPersonRequest.safeParse(body.value);
    if (!req.success)
      return sendError(
        c,
        "INVALID_USER",
        'Send {"name": "<1-64 letters, digits, . _ ->", "role": "user" | "admin", "password": "<optional, 10+ characters>"}.',
      );
    const res = await people.add(c.get("caller"), req.data);
    if (!res.ok) return sendFailure(c, res);
    c.header("Location", `/api/users/${res.value.id}`);
    return c.json(res.value, 201);
  });

  r.get("/:id/tokens", async (c) => {
    const res = await people.tokens(c.get("caller"), c.req.param("id"));
    return res.ok ? c.json({ tokens: res.value }) : sendFailure(c, res);
  });

  r.post("/:id/tokens", async (c) => {
    // An empty body asks for a token named "default".
    const text = (await c.req.text()).trim();
    let value: unknown = {};
    try {
      value = text ? JSON.parse(text) : {};
    } catch {
      return sendError(c, "INVALID_PAYLOAD", 'Send {"name": "<1-100 characters>"}, or nothing.');
    }
    const req = zIssueTokenRequest.safeParse(value);
    if (!req.success) return sendError(c, "INVALID_PAYLOAD", 'Send {"name": "<1-100 characters>"}.');
    const res = await people.issueToken(c.get("caller"), c.req.param("id"), req.data.name);
    return res.ok ? c.json(res.value, 201) : sendFailure(c, res);
  });

  r.delete("/:id/tokens/:tokenId", async (c) => {
    const res = await people.revokeToken(c.get("caller"), c.req.param("id"), c.req.param("tokenId"));
    return res.ok ? c.json(res.value) : sendFailure(c, res);
  });
  return r;
}
