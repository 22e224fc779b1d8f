import { mkdtempSync, rmSync, createReadStream } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { Hono } from "hono";
import { z } from "zod";
import type { Users } from "../../services/users/index.ts";
import type { AuthEnv } from "../auth.ts";
import { defineRoute } from "../defineRoute.ts";
import { err, json } from "../openapiParts.ts";
import { sendError } from "../respond.ts";

const zEraseRequest = z.object({
  /** The person's name, exactly: the admin's confirmation. */
  confirm: z.string().optional(),
});

/**
 * `/api/users/{id}/export` and `/api/users/{id}/erase`: a person's own data, all of it in one
 * file (for them or an admin), and its deletion (admins, with the person's name as confirmation).
 * Another person's id answers 404 to anyone but an admin.
 */
export function personDataRoutes({ personData }: Pick<Users, "personData">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/export",
      operationId: "exportPersonData",
      summary:
        "All of a person's data in one file (gzip-compressed JSON lines): theirs, or anyone's for an admin",
      requestParams: { path: z.object({ id: z.string() }) },
      responses: {
        "200": {
          description: "The file",
          content: { "application/gzip": { schema: z.string().meta({ format: "binary" }) } },
        },
        "404": err("USER_NOT_FOUND"),
      },
    },
    async (c) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-export-"));
      const file = path.join(dir, "export.jsonl.gz");
      try {
        const res = await personData.export(c.get("caller"), c.req.param("id"), file);
        if (!res.ok) {
          rmSync(dir, { recursive: true, force: true });
          return sendError(c, res.code, res.message);
        }
      } catch (e) {
        rmSync(dir, { recursive: true, force: true });
        throw e;
      }
      const stream = createReadStream(file);
      // The temporary file goes once the answer has been read (or the reader went away).
      stream.on("close", () => rmSync(dir, { recursive: true, force: true }));
      return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200, {
        "content-type": "application/gzip",
        "content-disposition": `attachment; filename="ladle-export-${c.req.param("id")}.jsonl.gz"`,
      });
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/erase",
      operationId: "erasePerson",
      summary: "Delete a person and everything of theirs (admins; confirm with their name)",
      requestParams: { path: z.object({ id: z.string() }) },
      requestBody: { content: { "application/json": { schema: zEraseRequest } } },
      responses: {
        "200": json(
          z.object({ name: z.string(), deleted: z.record(z.string(), z.number()) }),
          "Deleted, with how many rows of each kind",
        ),
        "400": err("CONFIRMATION_NEEDED or INVALID_PAYLOAD"),
        "403": err("FORBIDDEN: only an admin can delete a person"),
        "404": err("USER_NOT_FOUND"),
        "409": err("LAST_ADMIN"),
      },
      invalid: "INVALID_PAYLOAD",
    },
    async (c) => {
      const res = await personData.erase(
        c.get("caller"),
        c.req.param("id"),
        c.req.valid("json").confirm || undefined,
      );
      if (!res.ok) return sendError(c, res.code, res.message);
      return c.json(res.value);
    },
  );
  return r;
}
