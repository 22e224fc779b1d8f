import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import pg from "pg";
import { openDatabase, type Database } from "../../src/storage/db.ts";

/** A fresh, migrated database for one test file, and a URL other processes can use to reach it. */
export interface TestDatabase extends Database {
  url: string;
}

/**
 * Embedded PGlite in memory by default; with DATABASE_URL set, a new throwaway database on that
 * server (dropped on close), so every test file starts empty.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    // A copy of the migrated template the suite's global setup made (test/helpers/globalSetup.ts):
    // no migrations to run per file.
    const template = process.env.LADLE_TEST_PGLITE_TEMPLATE;
    const db = await openDatabase({
      dataDir: null,
      ...(template && existsSync(template) ? { embeddedTemplate: new Blob([readFileSync(template)]) } : {}),
    });
    const url = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(db.connection.host!)}`;
    return Object.assign(db, { url });
  }
  const name = `ladle_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // A copy of the template the global setup migrated once; concurrent copies are safe because
  // nothing stays connected to the template.
  const template = process.env.LADLE_TEST_PG_TEMPLATE;
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const db = await openDatabase({ databaseUrl: url });
  const close = db.close.bind(db);
  return Object.assign(db, {
    url,
    async close() {
      await close();
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  });
}
