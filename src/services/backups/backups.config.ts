import { z } from "zod";

// The Backups section. Declared beside the code that reads it; src/config.ts composes every
// section into one validated object.

/** Backups: when the scheduler makes one, how many it keeps, where they go. */
export const zBackups = z.object({
  /** When scheduled backups run (cron, the server's clock); empty: no scheduled backups. Default: daily at 03:00. */
  Schedule: z.string().default("0 3 * * *"),
  /** Scheduled backups kept; older ones are deleted after each new one. */
  Keep: z.coerce.number().int().min(1).default(7),
  /** Folder of the backups; empty: `backups` in the data directory (`Server:DataDir`). */
  Dir: z.string().default(""),
});
export type BackupsConfig = z.infer<typeof zBackups>;

/** Storage: how much room each person's things may take. */
export const zStorage = z.object({
  /**
   * Most megabytes one person's drafts, artifacts, uploads, images and records may take; 0: no
   * limit. Reached, new uploads are refused with a message saying so (nothing already kept is lost).
   */
  MaxMegabytesPerPerson: z.coerce.number().min(0).default(0),
});
