import { sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import { executedMigrations } from "./migrations/index.ts";
import type { Schema } from "./schema.ts";

/** A table as a backup holds it: its name and the columns written (generated ones are left out). */
export interface TableShape {
  name: string;
  columns: string[];
}

/** A sequence's position, so ids handed out after a restore never collide with restored rows. */
export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** One row: every column in its PostgreSQL text form (what COPY writes), null for NULL. */
export type TextRow = (string | null)[];

/** The migrations' own bookkeeping: written by the migrator, never copied. */
const OWN_TABLES = new Set(["ladle_migrations", "ladle_migrations_lock"]);

/** Tables of what people made: any row in one means the install is in use. */
const DATA_TABLES = [
  "recipes",
  "tasks",
  "media",
  "items",
  "import_jobs",
  "meal_plan_entries",
  "shopping_lists",
  "pantry_items",
  "webhooks",
  "feeds",
  "blobs",
];

/** What a snapshot reads: one consistent view of every table. */
export interface BackupSnapshot {
  /** The schema version: the migrations this database has run. */
  migrations(): Promise<string[]>;
  tables(): Promise<TableShape[]>;
  sequences(): Promise<SequenceState[]>;
  /** The rows of a table in batches, read through a cursor so a large table never sits in memory. */
  rows(table: TableShape, batchSize: number): AsyncIterable<TextRow[]>;
}

/** What a restore writes, inside one transaction with triggers and foreign-key checks held off. */
export interface RestoreWriter {
  insert(table: TableShape, rows: TextRow[]): Promise<void>;
  setSequence(s: SequenceState): Promise<void>;
}

type Db = Kysely<Schema> | Transaction<Schema>;

async function tableShapes(db: Db): Promise<TableShape[]> {
  const r = await sql<{ table: string; column: string }>`
    SELECT c.relname AS table, a.attname AS column
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    ORDER BY c.relname, a.attnum`.execute(db);
  const byTable = new Map<string, string[]>();
  for (const { table, column } of r.rows) {
    if (OWN_TABLES.has(table)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  return [...byTable].map(([name, columns]) => ({ name, columns }));
}

/** Column name → SQL type (as `format_type` writes it) of a table in this database. */
async function columnTypes(db: Db, table: string): Promise<Map<string, string>> {
  const r = await sql<{ column: string; type: string }>`
    SELECT a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type
    FROM pg_attribute a
    WHERE a.attrelid = ${`public.${quoteIdent(table)}`}::regclass
      AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''`.execute(db);
  return new Map(r.rows.map((x) => [x.column, x.type]));
}

const quoteIdent = (s: string) => `"${s.replaceAll('"', '""')}"`;

/** Database-wide reads and writes of backup and restore: every table, whatever its family. */
export class BackupRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /**
   * Runs `fn` in one read-only REPEATABLE READ transaction: every table is read as of one
   * moment, while the server goes on writing.
   */
  async snapshot<T>(fn: (s: BackupSnapshot) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute(async (trx) => {
        let cursors = 0;
        return fn({
          migrations: () => executedMigrations(trx),
          tables: () => tableShapes(trx),
          sequences: async () => {
            const names = await sql<{ name: string }>`
              SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`.execute(trx);
            const out: SequenceState[] = [];
            for (const { name } of names.rows) {
              const r = await sql<{ last_value: string; is_called: boolean }>`
                SELECT last_value::text AS last_value, is_called FROM ${sql.table(name)}`.execute(trx);
              out.push({ name, lastValue: r.rows[0]!.last_value, isCalled: r.rows[0]!.is_called });
            }
            return out;
          },
          rows: (table, batchSize) => ({
            async *[Symbol.asyncIterator]() {
              const cursor = sql.id(`ladle_backup_${++cursors}`);
              const cols: RawBuilder<unknown>[] = table.columns.map(
                (c, i) => sql`${sql.ref(c)}::text AS ${sql.id(`c${i}`)}`,
              );
              await sql`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${sql.join(cols)} FROM ${sql.table(table.name)}`.execute(
                trx,
              );
              try {
                for (;;) {
                  const r = await sql<
                    Record<string, string | null>
                  >`FETCH FORWARD ${sql.lit(batchSize)} FROM ${cursor}`.execute(trx);
                  if (!r.rows.length) break;
                  yield r.rows.map((row) => table.columns.map((_, i) => row[`c${i}`] ?? null));
                }
              } finally {
                await sql`CLOSE ${cursor}`.execute(trx);
              }
            },
          }),
        });
      });
  }

  /**
   * The tables of people's own data that hold rows: a fresh install (whose migrations seed
   * prompts and whose start-up adds the configured users) has none, so a restore may go in.
   */
  async tablesWithData(): Promise<string[]> {
    const present = new Set((await tableShapes(this.db)).map((t) => t.name));
    const out: string[] = [];
    for (const name of DATA_TABLES) {
      if (!present.has(name)) continue;
      const r = await sql<{ one: number }>`SELECT 1 AS one FROM ${sql.table(name)} LIMIT 1`.execute(this.db);
      if (r.rows.length) out.push(name);
    }
    return out;
  }

  /** Drops every table, the job queue's included: the install becomes empty (restore --force). */
  async wipe(): Promise<void> {
    await sql`DROP SCHEMA IF EXISTS pgboss CASCADE`.execute(this.db);
    await sql`DROP SCHEMA public CASCADE`.execute(this.db);
    await sql`CREATE SCHEMA public`.execute(this.db);
  }

  /**
   * Runs `fn` in one transaction with `session_replication_role = replica`: rows go in as they
   * were, in any order (no foreign-key checks), and no trigger fires (no webhook event, no search
   * row recomputed: the backup holds them). A failure leaves the install as empty as before.
   */
  async restore(fn: (w: RestoreWriter) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      // The migrations seeded some tables (prompts): the backup's rows replace them.
      const all = await tableShapes(trx);
      if (all.length) await sql`TRUNCATE ${sql.join(all.map((t) => sql.table(t.name)))}`.execute(trx);
      const types = new Map<string, Map<string, string>>();
      await fn({
        async insert(table, rows) {
          if (!rows.length) return;
          let t = types.get(table.name);
          if (!t) types.set(table.name, (t = await columnTypes(trx, table.name)));
          const missing = table.columns.filter((c) => !t.has(c));
          if (!t.size || missing.length)
            throw new Error(
              `the backup's table ${table.name} does not match this database (${t.size ? `no column ${missing.join(", ")}` : "no such table"})`,
            );
          // Each value goes through its type's input function, as COPY would: exact for every type.
          const values = table.columns.map((c, i) => sql`(r->>${sql.lit(i)})::${sql.raw(t.get(c)!)}`);
          await sql`INSERT INTO ${sql.table(table.name)} (${sql.join(table.columns.map((c) => sql.ref(c)))})
            OVERRIDING SYSTEM VALUE
            SELECT ${sql.join(values)} FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS r`.execute(
            trx,
          );
        },
        async setSequence(s) {
          await sql`SELECT setval(${`public.${quoteIdent(s.name)}`}::regclass, ${s.lastValue}::bigint, ${s.isCalled})`.execute(
            trx,
          );
        },
      });
    });
  }
}
