import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db.ts";
import { openTestDatabase } from "../../test/helpers/testDb.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("embedded database", () => {
  it("persists under the data directory across restarts and migrates once", async () => {
    const a = await openDatabase({ dataDir: dir });
    expect(a.kind).toBe("embedded");
    await sql`INSERT INTO url_registry (url_key, normalized_url, url_hash) VALUES ('k', 'https://x.test', 'h')`.execute(
      a.db,
    );
    await a.close();
    const b = await openDatabase({ dataDir: dir });
    const rows = await sql<{ n: string }>`SELECT count(*) AS n FROM url_registry`.execute(b.db);
    expect(Number(rows.rows[0]!.n)).toBe(1);
    await b.close();
    // Every migration from an empty directory, on a busy machine's single-threaded PGlite.
  });

  it("lets a second process on the same data directory join the first one's database", async () => {
    const host = await openDatabase({ dataDir: dir });
    const guest = await openDatabase({ dataDir: dir });
    expect(guest.kind).toBe("shared");
    const rows = await sql<{ n: string }>`SELECT count(*) AS n FROM url_registry`.execute(guest.db);
    expect(Number(rows.rows[0]!.n)).toBe(1);
    await guest.close();
    await host.close();
  });
});

describe.skipIf(!process.env.DATABASE_URL)("PostgreSQL server", () => {
  it("prepares a repeated statement once per connection, unless Server:PreparedStatements is off", async () => {
    const created = await openTestDatabase();
    try {
      const prepared = async (preparedStatements: boolean): Promise<number> => {
        const d = await openDatabase({
          databaseUrl: created.url,
          poolSize: 1,
          migrate: false,
          preparedStatements,
        });
        try {
          for (const v of [1, 2, 3]) {
            const r = await sql<{ one: number }>`SELECT ${v}::int AS one`.execute(d.db);
            expect(r.rows[0]!.one).toBe(v);
          }
          const r = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE ${"%AS one"}`.execute(
            d.db,
          );
          return r.rows[0]!.n;
        } finally {
          await d.close();
        }
      };
      expect(await prepared(true)).toBe(1);
      expect(await prepared(false)).toBe(0);
    } finally {
      await created.close();
    }
  });

  it("survives its connection being terminated inside a transaction, and answers again", async () => {
    const created = await openTestDatabase();
    const d = await openDatabase({ databaseUrl: created.url, poolSize: 2, migrate: false });
    const admin = new pg.Client({ connectionString: created.url });
    await admin.connect();
    try {
      const away: string[] = [];
      d.health.onChange = (up, reason) => away.push(up ? "up" : `away: ${reason}`);
      // A checked-out client between two statements: pg-pool has no 'error' listener on it then,
      // and an unhandled 'error' event ends the process (the worker died on 57P01).
      const failed = await d.db
        .transaction()
        .execute(async (trx) => {
          const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx)).rows[0]!.pid;
          await admin.query("SELECT pg_terminate_backend($1)", [pid]);
          // Wait until the client saw its connection end, then use it.
          for (let i = 0; i < 200 && away.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
          await sql`SELECT 1`.execute(trx);
        })
        .then(
          () => null,
          (err: Error) => err,
        );
      expect(failed).toBeInstanceOf(Error);
      expect(away[0]).toMatch(/^away: the database server ended the connection/);
      // The pool drops the broken client and connects afresh.
      const r = await sql<{ one: number }>`SELECT 1 AS one`.execute(d.db);
      expect(r.rows[0]!.one).toBe(1);
      expect(away.at(-1)).toBe("up");
      expect(d.health.outage).toBeNull();
    } finally {
      await admin.end();
      await d.close();
      await created.close();
    }
  });
});
