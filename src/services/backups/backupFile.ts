import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { BackupRepo, TableShape, TextRow } from "../../storage/backup.repo.ts";
import {
  executedMigrations,
  migrateOnly,
  migrateToLatest,
  unknownMigrations,
} from "../../storage/migrations/index.ts";
import type { Schema } from "../../storage/schema.ts";

/**
 * A backup file: gzip-compressed JSON lines. The first line says what it is (the schema version
 * as the migrations run, the database it came from, the configuration without secrets); then,
 * per table, a line naming it and its columns followed by one line per row (each value in its
 * PostgreSQL text form); the sequences; a last line with the counts, so a cut-short file is
 * told from a whole one. Lines stream both ways: a large install never sits in memory.
 * Artifacts, uploads and proxied images live in the database (bytea), so the one snapshot
 * holds them consistently with the rows that name them.
 */
const FORMAT = 1;

const zHeader = z.object({
  ladleBackup: z.literal(FORMAT),
  createdAt: z.string(),
  database: z.string(),
  migrations: z.array(z.string()),
  config: z.unknown(),
});
export type BackupHeader = z.infer<typeof zHeader>;

/** A backup or restore that cannot go on; `code` is stable, the message says what to do. */
export class BackupError extends Error {
  readonly code: "BACKUP_WRITE_FAILED" | "NOT_A_BACKUP" | "BACKUP_CUT_SHORT" | "NEWER_BACKUP" | "NOT_EMPTY";
  constructor(code: BackupError["code"], message: string, opts?: { cause?: unknown }) {
    super(message, opts);
    this.code = code;
    this.name = "BackupError";
  }
}

/** Keys whose values are secrets (tokens, keys, passwords, URLs that may carry a password). */
const SECRET_KEY = /token|secret|password|apikey|api_key|key$|url$/i;

/** The configuration with every secret replaced: a backup may travel where the secrets must not. */
export function withoutSecrets(value: unknown, key = ""): unknown {
  if (key && SECRET_KEY.test(key) && value !== undefined && value !== null && value !== "")
    return "(secret, not in the backup)";
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutSecrets(v, k)]));
  return value;
}

/** Rows read per round trip while dumping, and most rows (or bytes) sent per insert while restoring. */
const BATCH_ROWS = 200;
const BATCH_BYTES = 4 * 1024 * 1024;

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
}

/** Why a file could not be written, in words (the disk is full, no such folder, no permission). */
function writeFailure(file: string, err: unknown): BackupError {
  const code = (err as { code?: string }).code;
  const why =
    code === "ENOSPC" || code === "EDQUOT"
      ? "the disk is full"
      : code === "ENOENT"
        ? "its folder does not exist"
        : code === "EACCES" || code === "EPERM"
          ? "Ladle may not write there"
          : String((err as Error).message ?? err);
  return new BackupError(
    "BACKUP_WRITE_FAILED",
    `The backup could not be written to ${file}: ${why}. Nothing was changed; free some space or choose another place, then run it again.`,
    { cause: err },
  );
}

/**
 * Writes a backup of the whole database to `file`, read in one snapshot while the server goes
 * on. The file appears only when whole (written beside it, then renamed); a failed write
 * (a full disk) leaves nothing behind and changes nothing.
 */
export async function writeBackup(
  repo: BackupRepo,
  file: string,
  opts: { database: string; config: unknown; now: Date },
): Promise<BackupSummary> {
  if (existsSync(file))
    throw new BackupError(
      "BACKUP_WRITE_FAILED",
      `${file} already exists: choose another name, or move the old backup away first.`,
    );
  const partial = `${file}.partial`;
  let tables = 0;
  let rows = 0;
  try {
    await repo.snapshot(async (snap) => {
      const migrations = await snap.migrations();
      async function* lines(): AsyncGenerator<string> {
        const header: BackupHeader = {
          ladleBackup: FORMAT,
          createdAt: opts.now.toISOString(),
          database: opts.database,
          migrations,
          config: withoutSecrets(opts.config),
        };
        yield JSON.stringify(header) + "\n";
        for (const table of await snap.tables()) {
          tables++;
          yield JSON.stringify({ table: table.name, columns: table.columns }) + "\n";
          for await (const batch of snap.rows(table, BATCH_ROWS)) {
            rows += batch.length;
            yield batch.map((r) => JSON.stringify(r)).join("\n") + "\n";
          }
        }
        yield JSON.stringify({ sequences: await snap.sequences() }) + "\n";
        yield JSON.stringify({ end: true, tables, rows }) + "\n";
      }
      await pipeline(Readable.from(lines()), createGzip(), createWriteStream(partial, { flags: "wx" }));
    });
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    if (err instanceof BackupError) throw err;
    if ((err as { syscall?: string }).syscall) throw writeFailure(file, err);
    throw err;
  }
  return { file, bytes: (await stat(file)).size, tables, rows };
}

const cutShort = (file: string, cause?: unknown) =>
  new BackupError(
    "BACKUP_CUT_SHORT",
    `${file} ends before its last line: it was cut short while being written or copied. Nothing was restored; use a whole copy.`,
    { cause },
  );

async function* fileLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file).pipe(createGunzip());
  const rl = createInterface({ input, crlfDelay: Infinity });
  let read = 0;
  try {
    for await (const line of rl)
      if (line) {
        read++;
        yield line;
      }
  } catch (err) {
    if (read) throw cutShort(file, err);
    throw new BackupError("NOT_A_BACKUP", `${file} is not a Ladle backup (${(err as Error).message}).`, {
      cause: err,
    });
  }
}

/** The first line of a backup: what it holds (read without reading the rest). */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = fileLines(file);
  try {
    return parseHeader(file, (await lines.next()).value);
  } finally {
    await lines.return(undefined);
  }
}

function parseHeader(file: string, line: string | undefined): BackupHeader {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line ?? "");
  } catch {
    parsed = null;
  }
  const header = zHeader.safeParse(parsed);
  if (!header.success)
    throw new BackupError(
      "NOT_A_BACKUP",
      `${file} is not a Ladle backup: make one with \`ladle backup -o FILE\`.`,
    );
  return header.data;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  /** Migrations run after the rows went in: the backup came from an older version. */
  migrated: string[];
  createdAt: string;
}

/**
 * Restores a backup into this database: refuses one that holds data unless `force` (then every
 * table goes first), builds the schema the backup was made at, puts every row back in one
 * transaction, then runs the migrations made since, so an older version's backup comes forward.
 */
export async function restoreBackup(
  db: Kysely<Schema>,
  repo: BackupRepo,
  file: string,
  opts: { force?: boolean } = {},
): Promise<RestoreSummary> {
  const lines = fileLines(file);
  const header = parseHeader(file, (await lines.next()).value);
  const newer = unknownMigrations(header.migrations);
  if (newer.length)
    throw new BackupError(
      "NEWER_BACKUP",
      `This backup was made by a newer version of Ladle (its database has run ${newer.join(", ")}). Restore it with that version or a later one.`,
    );
  const holding = await repo.tablesWithData();
  if (holding.length && !opts.force)
    throw new BackupError(
      "NOT_EMPTY",
      `This install already holds data (${holding.slice(0, 4).join(", ")}${holding.length > 4 ? "…" : ""}). Restore into an empty data directory or database, or add --force to replace everything in it with the backup.`,
    );
  // The schema must be the backup's own, not a later one: start from nothing.
  if ((await executedMigrations(db)).length) await repo.wipe();
  await migrateOnly(db, header.migrations);
  let tables = 0;
  let rows = 0;
  await repo.restore(async (w) => {
    let table: TableShape | null = null;
    let batch: TextRow[] = [];
    let bytes = 0;
    let end: { tables: number; rows: number } | null = null;
    const flush = async () => {
      if (table && batch.length) await w.insert(table, batch);
      rows += batch.length;
      batch = [];
      bytes = 0;
    };
    for await (const line of lines) {
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch (err) {
        throw cutShort(file, err);
      }
      if (Array.isArray(v)) {
        if (!table) throw new BackupError("NOT_A_BACKUP", `${file} has rows before any table.`);
        batch.push(v as TextRow);
        bytes += line.length;
        if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
        continue;
      }
      await flush();
      const o = v as Record<string, unknown>;
      if (typeof o.table === "string") {
        table = { name: o.table, columns: o.columns as string[] };
        tables++;
      } else if (Array.isArray(o.sequences)) {
        for (const s of o.sequences) await w.setSequence(s);
      } else if (o.end === true) end = { tables: Number(o.tables), rows: Number(o.rows) };
    }
    await flush();
    if (!end || end.tables !== tables || end.rows !== rows) throw cutShort(file);
  });
  const before = new Set(await executedMigrations(db));
  await migrateToLatest(db);
  const migrated = (await executedMigrations(db)).filter((n) => !before.has(n));
  return { tables, rows, migrated, createdAt: header.createdAt };
}
