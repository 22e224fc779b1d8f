import { Hono } from "hono";
import { z } from "zod";
import type { Backups } from "../../services/backups/index.ts";
import type { AuthEnv } from "../auth.ts";
import { defineRoute } from "../defineRoute.ts";
import { err, json } from "../openapiParts.ts";
import { sendError } from "../respond.ts";

const zUsage = z.object({
  drafts: z.number(),
  artifacts: z.number(),
  uploads: z.number(),
  images: z.number(),
  records: z.number(),
  /** Kept copies of pages. */
  archives: z.number(),
});
const zPersonStorage = z
  .object({ usage: zUsage, totalBytes: z.number(), limitBytes: z.number().nullable() })
  .meta({ id: "PersonStorage" });

/** `/api/storage`: what takes the room: the caller's things by kind, and everyone's for admins. */
export function storageRoutes({ storage }: Pick<Backups, "storage">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "getMyStorage",
      summary: "How much room your drafts, artifacts, uploads, images and records take, and your limit",
      responses: { "200": json(zPersonStorage, "Your storage") },
    },
    async (c) => c.json(await storage.of(c.get("caller").id)),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/people",
      operationId: "getEveryonesStorage",
      summary: "Everyone's storage, largest first, and the backups folder's size (admins)",
      responses: {
        "200": json(
          z.object({
            people: z.array(zPersonStorage.extend({ id: z.string(), name: z.string() })),
            backupsBytes: z.number(),
            /** The last runs of the periodic clean-up (retention), newest first. */
            cleanUps: z.array(
              z.object({
                ranAt: z.string(),
                draftsExpired: z.number(),
                artifactsDeleted: z.number(),
                blobsDeleted: z.number(),
                recipesPurged: z.number(),
              }),
            ),
          }),
          "Storage per person",
        ),
        "403": err("FORBIDDEN"),
      },
    },
    async (c) => {
      const res = await storage.everyone(c.get("caller"));
      if (!res.ok) return sendError(c, "FORBIDDEN", "Everyone's storage is for the server's admins.");
      return c.json(res.value);
    },
  );
  return r;
}
