import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openTestDatabase, type TestDatabase } from "../../test/helpers/testDb.ts";
import { waitFor } from "../../test/helpers/waitFor.ts";
import { JobQueue, type JobDefinition } from "./queue.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const A: JobDefinition<{ n: number }> = {
  name: "test-first-job-a",
  schema: z.object({ n: z.number() }),
  options: { retryLimit: 0 },
};
const B: JobDefinition<{ n: number }> = { ...A, name: "test-first-job-b" };

// A worker process rests without V8's optimizing compilers until it has a job (bin/ladle.js): the
// queue says when the first job of any family is about to run, once, before its handler.
describe("a worker's first job", () => {
  it("is announced once, before its handler runs, whichever family it is; starting and waiting announce nothing", async () => {
    let announced = 0;
    const queue = new JobQueue({
      connection: db.connection,
      schedule: false,
      listen: false,
      beforeFirstJob: () => void announced++,
    });
    await queue.start();
    /** How many announcements each handler call had seen when it began. */
    const seen: number[] = [];
    const handler = async () => void seen.push(announced);
    try {
      await queue.work(A, 2, handler);
      await queue.work(B, 2, handler);
      // Both families' workers are taking jobs: no job yet, nothing announced.
      expect(queue.inFlight()).toEqual({ [A.name]: 0, [B.name]: 0 });
      expect(announced).toBe(0);
      await queue.send(A, { n: 1 });
      await queue.send(B, { n: 2 });
      await queue.send(A, { n: 3 });
      await waitFor("three jobs run", async () => seen.length === 3, 20_000);
      expect(announced).toBe(1);
      expect(seen).toEqual([1, 1, 1]);
    } finally {
      await queue.stop({ graceful: false });
    }
  });
});
