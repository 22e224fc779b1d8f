// Once per test run: a migrated database that every test file's fresh database starts from
// (test/helpers/testDb.ts) instead of running every migration again. Embedded: a PGlite dump in a
// file. PostgreSQL server: a template database that CREATE DATABASE … TEMPLATE copies.
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../../src/storage/db.ts";

export async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) return serverTemplate(serverUrl);
  const file = path.join(os.tmpdir(), `ladle-test-template-${process.pid}.tar`);
  const db = await openDatabase({ dataDir: null });
  try {
    writeFileSync(file, Buffer.from(await (await db.dumpEmbedded!()).arrayBuffer()));
  } finally {
    await db.close();
  }
  process.env.LADLE_TEST_PGLITE_TEMPLATE = file;
  return async () => rmSync(file, { force: true });
}

async function serverTemplate(serverUrl: string): Promise<() => Promise<void>> {
  const name = `ladle_tpl_${randomBytes(6).toString("hex")}`;
  await admin(serverUrl, `CREATE DATABASE "${name}"`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: u.toString() });
  await db.close();
  process.env.LADLE_TEST_PG_TEMPLATE = name;
  return () => admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
