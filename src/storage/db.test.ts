import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db.ts";

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
