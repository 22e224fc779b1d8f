// Once per test run: a migrated embedded database dumped to a file, which every test file's fresh
// database starts from (test/helpers/testDb.ts) instead of running every migration again.
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../src/storage/db.ts";

export async function setup(): Promise<() => void> {
  if (process.env.DATABASE_URL) return () => {};
  const file = path.join(os.tmpdir(), `ladle-test-template-${process.pid}.tar`);
  const db = await openDatabase({ dataDir: null });
  try {
    writeFileSync(file, Buffer.from(await (await db.dumpEmbedded!()).arrayBuffer()));
  } finally {
    await db.close();
  }
  process.env.LADLE_TEST_PGLITE_TEMPLATE = file;
  return () => rmSync(file, { force: true });
}
