import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { EMBEDDED_SETTINGS, createEmbeddedCluster } from "./initEmbedded.ts";
import type { Schema } from "./schema.ts";
import {
  executedMigrations,
  migrateToLatest,
  pendingMigrations,
  unknownMigrations,
} from "./migrations/index.ts";

/** How to reach the database with the plain `pg` driver (also handed to pg-boss). */
export interface ConnectionConfig {
  connectionString?: string;
  host?: string;
  port?: number;
  database?: string;
  user?: string;
}

/** An open database: one `pg` pool and Kysely over it, whatever the server behind. */
export interface Database {
  db: Kysely<Schema>;
  pool: pg.Pool;
  connection: ConnectionConfig;
  /** Whether the database answers, as this process last saw it (readiness, 503s, logs). */
  health: DatabaseHealth;
  /** "server" for DATABASE_URL, "embedded" when this process hosts PGlite, "shared" when it joined another process's. */
  kind: "server" | "embedded" | "shared";
  /** The embedded database's files as a tarball (a template for tests); absent for a server. */
  dumpEmbedded?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; when absent an embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Directory for the embedded database; null keeps it in memory (tests). Default "./data". */
  dataDir?: string | null;
  /** Pool size. Default 10. */
  poolSize?: number;
  /** Run migrations. Default true. */
  migrate?: boolean;
  /** On a server, repeated statements as named prepared statements. Default true. */
  preparedStatements?: boolean;
  /** How long opening a connection may take before the request fails. Default 10 s. */
  connectionTimeoutMs?: number;
  /** An in-memory embedded database starts as a copy of this dump (`dumpEmbedded`): tests' template. */
  embeddedTemplate?: Blob;
  /** Called before a migration run that has migrations to apply on a database with data (a backup first). */
  beforeMigrate?: (db: Kysely<Schema>, pending: string[]) => Promise<void>;
}

/** The database was last opened by a newer Ladle: this one must not touch it. */
export class NewerDatabaseError extends Error {
  readonly unknown: string[];
  constructor(unknown: string[]) {
    super(
      `This database was upgraded by a newer version of Ladle (it has run ${unknown.join(", ")}, which this version does not know). ` +
        "Start the newer version again, or restore a backup made before that upgrade into an empty data directory with this version's `ladle restore`.",
    );
    this.name = "NewerDatabaseError";
    this.unknown = unknown;
  }
}

/** SQLSTATEs that mean "the database is away", not "this statement is wrong". */
const AWAY_STATES: Record<string, string> = {
  "57P01": "the database server ended the connection (administrator command)",
  "57P02": "the database server crashed",
  "57P03": "the database server is starting up or shutting down",
  "53300": "the database server has no free connections",
  "3D000": "the database does not exist",
  "08000": "the connection to the database failed",
  "08001": "the connection to the database could not be made",
  "08003": "the connection to the database does not exist",
  "08004": "the database server refused the connection",
  "08006": "the connection to the database failed",
};
const AWAY_ERRNOS: Record<string, string> = {
  ECONNREFUSED: "the database server refused the connection (is it running?)",
  ECONNRESET: "the connection to the database was reset",
  ETIMEDOUT: "the database server did not answer in time",
  EHOSTUNREACH: "the database server's host is unreachable",
  ENETUNREACH: "the database server's network is unreachable",
  ENOTFOUND: "the database server's host name does not resolve",
  EAI_AGAIN: "the database server's host name could not be resolved",
  EPIPE: "the connection to the database was closed",
};
const AWAY_MESSAGES: [RegExp, string][] = [
  [/connection terminated|not queryable|connection is closed/i, "the connection to the database was closed"],
  [
    /timeout exceeded when trying to connect|connection timeout/i,
    "the database server did not answer in time",
  ],
  [/not currently accepting connections/i, "the database does not accept connections now"],
];

/**
 * Why `err` means the database cannot be reached (in plain words), or null when it is another
 * failure. Looks through causes for a SQLSTATE, and into aggregated errors (a connect tried on
 * several addresses). A socket error (ECONNREFUSED…) counts only as thrown by pg itself: wrapped
 * as a cause, it is some other connection's (undici wraps a site's refusal in "fetch failed").
 */
export function unavailableReason(err: unknown, depth = 0): string | null {
  if (!err || typeof err !== "object" || depth > 4) return null;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  if (AWAY_STATES[code]) return AWAY_STATES[code];
  if (code === "55000" && /accepting connections/i.test(String(e.message))) return AWAY_MESSAGES[2]![1];
  if (AWAY_ERRNOS[code] && depth === 0) return AWAY_ERRNOS[code];
  // A SQLSTATE of another class is the statement's own failure, whatever its message says.
  if (!/^[0-9A-Z]{5}$/.test(code)) {
    const m = typeof e.message === "string" ? e.message : "";
    for (const [re, reason] of AWAY_MESSAGES) if (re.test(m)) return reason;
  }
  if (Array.isArray(e.errors) && depth === 0)
    for (const x of e.errors) {
      const r = unavailableReason(x);
      if (r) return r;
    }
  return unavailableReason(e.cause, depth + 1);
}

/**
 * Whether `err` is a connection the server ended (an administrator's command, a terminated
 * socket): what a pooled connection reports of a moment ago, where a fresh one tells of now.
 */
export function connectionWasCut(err: unknown): boolean {
  const reason = unavailableReason(err);
  return reason === AWAY_STATES["57P01"] || reason === AWAY_MESSAGES[0]![1];
}

/** How long a client is told to wait before retrying while the database is away (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * This process's view of the database: up, or away since when and why. Fed by connection errors
 * (pool, clients, failed requests and jobs) and by every new connection; `onChange` reports the
 * transitions only, so an outage is one log line and its end another, not one per request.
 */
export class DatabaseHealth {
  private away: { since: Date; reason: string } | null = null;
  onChange: ((up: boolean, reason: string | null, err?: unknown) => void) | null = null;

  /** Notes a failure: true when it means the database is away (then callers answer 503, not 500). */
  noteError(err: unknown): boolean {
    const reason = unavailableReason(err);
    if (!reason) return false;
    if (!this.away) {
      this.away = { since: new Date(), reason };
      this.onChange?.(false, reason, err);
    } else this.away.reason = reason;
    return true;
  }

  /** Notes that the database answered (a new connection was made, or a check passed). */
  noteUp(): void {
    if (!this.away) return;
    this.away = null;
    this.onChange?.(true, null);
  }

  /** Null while up; else since when and why it is away. */
  get outage(): { since: Date; reason: string } | null {
    return this.away;
  }
}

// Unix socket paths are limited to ~107 bytes; fall back to a temp dir for deep data dirs.
const SOCKET_NAME = ".s.PGSQL.5432";

function canConnect(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(socketPath);
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}

/** Most distinct statement texts one process prepares; later new texts run unprepared. */
const MAX_PREPARED = 400;
const statementNames = new Map<string, string | null>();

/**
 * An upsert on a partial unique index (`ON CONFLICT (...) WHERE col = $n`) finds its index only
 * when the parameter's value is known at planning, which a prepared statement's plan does not do.
 */
const PARTIAL_INDEX_UPSERT = /\bon conflict\s*\([^)]*\)\s*where\b/i;

/** The prepared-statement name of a statement text (stable per text), or null when it must not be prepared. */
function statementName(text: string): string | null {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= MAX_PREPARED) return null;
    name = PARTIAL_INDEX_UPSERT.test(text)
      ? null
      : `_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs every parameterised statement on `client` as a named prepared statement, so PostgreSQL
 * parses it once per connection and, after a few runs, reuses one plan. Kysely and pg-boss send
 * the same texts over and over with new values; parsing and planning them was about a third of
 * the server's CPU per import (measured with perf). Statements without values keep the simple
 * protocol, which is what allows several statements in one string (migrations).
 */
function prepareRepeatedStatements(client: pg.PoolClient, enabled: () => boolean): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // Names are the connection's own: behind a proxy that shares one session between connections
  // (an embedded PGlite served on a socket, to other processes), another's would already exist.
  const prefix = randomBytes(6).toString("base64url");
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (
      enabled() &&
      typeof text === "string" &&
      Array.isArray(values) &&
      values.length > 0 &&
      args.length === 2
    ) {
      const name = statementName(text);
      if (name) return query({ name: prefix + name, text, values });
    }
    return query(...args);
  };
}

/**
 * Opens the database. With `databaseUrl`, a pool on that server. Without, an embedded PGlite
 * under `dataDir/pgdata`, served on a unix socket in `dataDir` so that the `pg` driver, pg-boss
 * and other Ladle processes on the same data directory (separate workers) all share it.
 */
export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<Database> {
  const poolSize = opts.poolSize ?? 10;
  let connection: ConnectionConfig;
  let kind: Database["kind"];
  let shutdownEmbedded: (() => Promise<void>) | null = null;
  let dumpEmbedded: (() => Promise<Blob>) | undefined;

  if (opts.databaseUrl) {
    connection = { connectionString: opts.databaseUrl };
    kind = "server";
  } else {
    const dataDir = opts.dataDir === undefined ? "./data" : opts.dataDir;
    let socketDir: string;
    let pgdata: string | undefined;
    if (dataDir === null) {
      socketDir = await mkdtemp(path.join(os.tmpdir(), "ladle-pg-"));
    } else {
      const abs = path.resolve(dataDir);
      mkdirSync(abs, { recursive: true });
      pgdata = path.join(abs, "pgdata");
      socketDir = abs;
      if (path.join(socketDir, SOCKET_NAME).length > 100) {
        socketDir = path.join(os.tmpdir(), `ladle-pg-${Buffer.from(abs).toString("base64url").slice(-24)}`);
        mkdirSync(socketDir, { recursive: true });
      }
    }
    const socketPath = path.join(socketDir, SOCKET_NAME);
    connection = { host: socketDir, database: "postgres", user: "postgres" };
    if (existsSync(socketPath) && (await canConnect(socketPath))) {
      // Another Ladle process already hosts this data directory: join it.
      kind = "shared";
    } else {
      rmSync(socketPath, { force: true });
      // Loaded only here: a process on a PostgreSQL server never carries PGlite on its heap.
      const { PGlite } = await import("@electric-sql/pglite");
      const { createPgliteServer } = await import("./pgliteServer.ts");
      // pg_trgm is a contrib extension PGlite loads on demand: search forgives typos with it (026).
      const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
      if (pgdata && !existsSync(path.join(pgdata, "PG_VERSION"))) await createEmbeddedCluster(pgdata);
      const pglite = await PGlite.create({
        ...(pgdata
          ? { dataDir: pgdata }
          : opts.embeddedTemplate
            ? { loadDataDir: opts.embeddedTemplate }
            : {}),
        extensions: { pg_trgm },
        // PostgreSQL's 128 MB of shared buffers would be most of a small machine's Ladle: a
        // household's database is a few hundred MB at most and the OS caches its files anyway.
        startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
      });
      dumpEmbedded = async () => pglite.dumpDataDir("none");
      const server = createPgliteServer(pglite, socketPath);
      await server.start();
      kind = "embedded";
      shutdownEmbedded = async () => {
        await server.stop();
        await pglite.close();
        rmSync(socketPath, { force: true });
        if (dataDir === null) rmSync(socketDir, { recursive: true, force: true });
      };
    }
  }

  const health = new DatabaseHealth();
  const pool = new pg.Pool({
    ...connection,
    max: poolSize,
    // A server that accepts no connection (blackholed, overloaded) fails a request in seconds, not
    // never. The embedded database's socket serves one connection's startup at a time: no limit.
    ...(kind === "server"
      ? { connectionTimeoutMillis: opts.connectionTimeoutMs ?? 10_000, keepAlive: true }
      : {}),
  });
  // A connection ended under a client (57P01 admin shutdown, a restart, a network cut) must never
  // crash the process. pg-pool listens for that only while a client is idle; a client checked
  // out between two statements (inside a transaction) has no listener, and pg then throws the
  // 'error' event: each client gets its own listener for its whole life. The pool drops broken
  // clients and the next checkout connects afresh; requests meanwhile answer 503 (see health).
  pool.on("error", (err) => health.noteError(err));
  pool.on("connect", (client) => {
    client.on("error", (err) => health.noteError(err));
    health.noteUp();
  });
  // Pages, snapshots and drafts are stored as large values: lz4 compresses them several times
  // faster than PostgreSQL's default pglz (measured: a tenth of the server's CPU per import).
  // Sent first on each new connection; a server built without lz4 refuses it and keeps pglz.
  if (kind === "server")
    pool.on("connect", (client) => {
      client.query("SET default_toast_compression = lz4").catch(() => undefined);
      if (opts.preparedStatements !== false) prepareRepeatedStatements(client, () => migrated);
    });
  // Migrations (several processes may run them at once, behind a lock) keep unnamed statements.
  let migrated = false;
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  if (opts.migrate !== false) {
    try {
      const done = await executedMigrations(db);
      const newer = unknownMigrations(done);
      if (newer.length) throw new NewerDatabaseError(newer);
      if (opts.beforeMigrate && done.length) {
        const pending = await pendingMigrations(db);
        if (pending.length) await opts.beforeMigrate(db, pending);
      }
      await migrateToLatest(db);
    } catch (err) {
      await db.destroy();
      if (shutdownEmbedded) await shutdownEmbedded();
      throw err;
    }
  }
  migrated = true;

  return {
    db,
    pool,
    connection,
    health,
    kind,
    ...(dumpEmbedded ? { dumpEmbedded } : {}),
    async close() {
      await db.destroy();
      if (shutdownEmbedded) await shutdownEmbedded();
    },
  };
}
