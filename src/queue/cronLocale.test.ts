import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../test/helpers/testDb.ts";
import { cronWithoutSystemLocale } from "./cronLocale.ts";
import { JobQueue } from "./queue.ts";

// The copy of cron-parser pg-boss's scheduler loads.
const fromBoss = createRequire(fileURLToPath(import.meta.resolve("pg-boss")));
const { CronExpressionParser } = fromBoss("cron-parser") as {
  CronExpressionParser: {
    parse(
      cron: string,
      o: { tz: string; strict: boolean; currentDate?: Date },
    ): { next(): { toISOString(): string }; prev(): { toISOString(): string } };
  };
};

// Ladle's schedules (houseJobs, feeds, the parse-request reaper, backups) and one in a named zone,
// each read as pg-boss reads it: first in UTC, then in the schedule's zone from a given date.
const CASES: [cron: string, tz: string][] = [
  ["* * * * *", "UTC"],
  ["*/10 * * * *", "UTC"],
  ["*/5 * * * *", "UTC"],
  ["0 3 * * *", "UTC"],
  ["0 3 * * *", "Europe/Paris"],
  ["30 2 * * 0", "America/New_York"],
];
const DATES = ["2026-03-29T00:30:00Z", "2026-11-01T05:59:30Z", "2026-06-15T12:00:00Z"].map(
  (d) => new Date(d),
);

function occurrences(): string[] {
  return CASES.flatMap(([cron, tz]) =>
    DATES.flatMap((d) => {
      CronExpressionParser.parse(cron, { tz: "UTC", strict: false });
      const it = CronExpressionParser.parse(cron, { tz, strict: false, currentDate: d });
      const back = CronExpressionParser.parse(cron, { tz, strict: false, currentDate: d });
      return [it.next().toISOString(), it.next().toISOString(), back.prev().toISOString()];
    }),
  );
}

describe("cron schedules without the system's locale", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it("land on the same instants, and a UTC schedule asks ICU nothing", () => {
    const before = occurrences();
    cronWithoutSystemLocale();
    expect(occurrences()).toEqual(before);
    const asked = vi.spyOn(Intl, "DateTimeFormat");
    for (const d of DATES)
      CronExpressionParser.parse("*/10 * * * *", { tz: "UTC", strict: false, currentDate: d }).next();
    CronExpressionParser.parse("0 3 * * *", { tz: "UTC", strict: false }).next();
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();
  });

  it("a periodic job still runs on the shared scheduler", async () => {
    const queue = new JobQueue({
      connection: db.connection,
      schedule: true,
      listen: false,
      scheduleCheckSeconds: 1,
    });
    await queue.start();
    try {
      let runs = 0;
      await queue.workPeriodic("test-periodic", "* * * * *", async () => {
        runs++;
      });
      // The schedules are looked at every second here (30 s by default) and the minute's run is
      // sent at the first look; the queue is polled every second.
      await expect.poll(() => runs, { timeout: 120_000, interval: 500 }).toBeGreaterThan(0);
    } finally {
      await queue.stop({ graceful: false });
    }
  });
});
