import { Hono } from "hono";
import { z } from "zod";
import {
  zAddPersonRequest,
  zApiToken,
  zIssuedToken,
  zIssueTokenRequest,
  zPerson,
  zUser,
} from "../../domain/user.ts";
import type { Users } from "../../services/users/index.ts";
import type { AuthEnv } from "../auth.ts";
import { defineRoute, refuseWith } from "../defineRoute.ts";
import { err, json } from "../openapiParts.ts";
import { requestLanguage } from "../requestLanguage.ts";
import { sendError, sendFailure } from "../respond.ts";

const userParam = z.object({ id: z.string().meta({ description: "A person's id, or `me`" }) });

/**
 * `/api/users`: the people of this server (admins add them and see everyone) and API tokens (each
 * person their own; `me` stands for the caller). What the web app's People screen drives.
 */
export function usersRoutes({ people, household }: Pick<Users, "people" | "household">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listPeople",
      summary: "Everyone on this server, with how many tokens each has (admins only)",
      responses: { "200": json(z.object({ users: z.array(zPerson) }), "People"), "403": err("FORBIDDEN") },
    },
    async (c) => {
      const res = await people.list(c.get("caller"));
      return res.ok ? c.json({ users: res.value }) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "addPerson",
      summary: "Add a person (admins only), optionally with their first password",
      requestBody: { content: { "application/json": { schema: zAddPersonRequest } } },
      responses: {
        "201": json(zUser, "Added"),
        "400": err("INVALID_USER or WEAK_PASSWORD"),
        "403": err("FORBIDDEN"),
        "409": err("USER_EXISTS, SINGLE_PERSON_MODE or FIRST_RUN_NEEDED"),
      },
      invalid: refuseWith(
        "INVALID_USER",
        'Send {"name": "<1-64 letters, digits, . _ ->", "role": "user" | "admin", "password": "<optional, 10+ characters>", "language": "<optional: en, de, fr, es, it, nl, pt or sv>"}.',
      ),
    },
    async (c) => {
      const req = c.req.valid("json");
      const refused = await household.mayAddPeople(c.get("caller"));
      if (refused) return sendFailure(c, refused);
      // Their library is named in the language the admin chose for them, else the admin's own.
      const res = await people.add(c.get("caller"), { ...req, language: req.language ?? requestLanguage(c) });
      if (!res.ok) return sendFailure(c, res);
      c.header("Location", `/api/users/${res.value.id}`);
      return c.json(res.value, 201);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/tokens",
      operationId: "listTokens",
      summary: "A person's API tokens (never the secrets): yours, or anyone's for an admin",
      requestParams: { path: userParam },
      responses: {
        "200": json(z.object({ tokens: z.array(zApiToken) }), "Tokens"),
        "404": err("USER_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await people.tokens(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json({ tokens: res.value }) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/tokens",
      operationId: "issueToken",
      summary: "Issue a new API token: its secret is in this answer only",
      requestParams: { path: userParam },
      // An empty body asks for a token named "default".
      requestBody: { content: { "application/json": { schema: zIssueTokenRequest } }, required: false },
      responses: {
        "201": json(zIssuedToken, "Issued"),
        "400": err("INVALID_PAYLOAD"),
        "404": err("USER_NOT_FOUND"),
      },
      invalid: (c, p) =>
        sendError(
          c,
          "INVALID_PAYLOAD",
          p.unreadable
            ? 'Send {"name": "<1-100 characters>"}, or nothing.'
            : 'Send {"name": "<1-100 characters>"}.',
        ),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await people.issueToken(c.get("caller"), c.req.param("id"), req.name);
      return res.ok ? c.json(res.value, 201) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/:id/tokens/:tokenId",
      operationId: "revokeToken",
      summary: "Revoke a token: it stops working at once",
      requestParams: { path: z.object({ id: z.string(), tokenId: z.string() }) },
      responses: {
        "200": json(z.object({ revoked: z.literal(true) }), "Revoked"),
        "404": err("USER_NOT_FOUND or TOKEN_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await people.revokeToken(c.get("caller"), c.req.param("id"), c.req.param("tokenId"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );
  return r;
}
