import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
} from "kysely";
import { describe, expect, it } from "vitest";
import { DatabaseHealth } from "../storage/db.ts";
import { readiness } from "./health.ts";
import type { Ladle } from "./ladle.ts";

// A database whose statements fail with the given errors in turn, then answer.
function ladleFailing(errors: Error[]): Ladle {
  const connection: DatabaseConnection = {
    executeQuery: () => {
      const err = errors.shift();
      return err ? Promise.reject(err) : Promise.resolve({ rows: [] });
    },
    // eslint-disable-next-line require-yield -- no statement here streams
    async *streamQuery() {
      throw new Error("not streamed");
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely<never>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return {
    database: { db, kind: "server", health: new DatabaseHealth() },
    queue: null,
  } as unknown as Ladle;
}

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("readiness while the database is away", () => {
  it("says why the database is away now, not that a pooled connection was cut a moment ago", async () => {
    const ladle = ladleFailing([
      pgError("57P01", "terminating connection due to administrator command"),
      pgError("57P01", "terminating connection due to administrator command"),
      pgError("55000", "database is not currently accepting connections"),
      pgError("55000", "database is not currently accepting connections"),
      pgError("55000", "database is not currently accepting connections"),
    ]);
    const r = await readiness(ladle);
    expect(r.ready).toBe(false);
    expect(r.checks.database).toMatchObject({
      ok: false,
      detail: expect.stringMatching(
        /cannot reach the database since .*: the database does not accept connections now/,
      ),
    });
  });

  it("is ready when the connection after a cut one answers", async () => {
    const ladle = ladleFailing([pgError("57P01", "terminating connection due to administrator command")]);
    const r = await readiness(ladle);
    expect(r.checks.database).toEqual({ ok: true, detail: "server" });
  });
});
