import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { Hono } from "hono";
import { z } from "zod";
import { BackupError, backupDir, type Backups } from "../../services/backups/index.ts";
import type { Config } from "../../config.ts";
import type { AuthEnv } from "../auth.ts";
import { defineRoute } from "../defineRoute.ts";
import { err, json } from "../openapiParts.ts";
import { sendError } from "../respond.ts";

const zBackupInfo = z
  .object({
    name: z.string(),
    reason: z.enum(["scheduled", "manual", "before-upgrade"]),
    bytes: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: "BackupInfo" });

const zBackupList = z.object({
  backups: z.array(zBackupInfo),
  /** The schedule (cron), or null when scheduled backups are off. */
  schedule: z.string().nullable(),
  keep: z.number(),
  folder: z.string(),
});

/**
 * `/api/backups`: the server's backups for its admins: the list, "back up now", a download.
 * Admins only: a backup holds everyone's data.
 */
export function backupsRoutes({ backups }: Pick<Backups, "backups">, config: Config): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  r.use("*", async (c, next) =>
    c.get("caller").role === "admin"
      ? next()
      : sendError(c, "FORBIDDEN", "Backups hold everyone's data: they are for the server's admins."),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listBackups",
      summary: "The server's backups, newest first, and their schedule (admins)",
      responses: { "200": json(zBackupList, "Backups"), "403": err("FORBIDDEN") },
    },
    async (c) => {
      return c.json({
        backups: await backups.list(),
        schedule: config.Backups.Schedule || null,
        keep: config.Backups.Keep,
        folder: backupDir(config),
      });
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "createBackup",
      summary: "Back up everything now (admins)",
      responses: {
        "201": json(zBackupInfo, "Written"),
        "403": err("FORBIDDEN"),
        "507": err("BACKUP_WRITE_FAILED: the disk is full or the folder cannot be written"),
      },
    },
    async (c) => {
      try {
        return c.json(await backups.make("manual"), 201);
      } catch (e) {
        if (e instanceof BackupError) return sendError(c, "BACKUP_WRITE_FAILED", e.message);
        throw e;
      }
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:name",
      operationId: "downloadBackup",
      summary: "Download one backup (admins); restore it with `ladle restore FILE`",
      requestParams: { path: z.object({ name: z.string() }) },
      responses: {
        "200": {
          description: "The backup file",
          content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
        },
        "403": err("FORBIDDEN"),
        "404": err("BACKUP_NOT_FOUND"),
      },
    },
    async (c) => {
      const name = c.req.param("name");
      const file = await backups.file(name);
      if (!file) return sendError(c, "BACKUP_NOT_FOUND");
      const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
      return c.body(body, 200, {
        "content-type": "application/octet-stream",
        "content-disposition": `attachment; filename="${name}"`,
      });
    },
  );
  return r;
}
