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

const JOB: JobDefinition<{ who: string }> = {
  name: "test-new-owner",
  schema: z.object({ who: z.string() }),
  options: { retryLimit: 0 },
};
const SLOTS = 4;
const BACKLOG = 300;
// Several newcomers: each is one chance for a fetch to pass over a waiting newcomer's job.
const NEWCOMERS = ["bob", "carl", "dora", "emil", "fay", "gus", "hana", "ivo"];

describe("a new owner's job behind another owner's backlog", () => {
  it("takes the next slot that frees, however recently the fair pass found nobody", async () => {
    // No LISTEN (the embedded database): a send wakes this process's worker directly.
    const queue = new JobQueue({ connection: db.connection, schedule: false, listen: false });
    await queue.start();
    /** Whose job each handler call ran, in the order they started. */
    const started: string[] = [];
    /** Ann's running jobs, each ended by the test (a slot frees exactly when the test says). */
    const running: (() => void)[] = [];
    const endOneOfAnns = async () => {
      const before = started.length;
      running.shift()!();
      // The freed slot is taken: by ann's next job, or by a newcomer's.
      await waitFor("the freed slot to be taken", async () => started.length > before, 60_000, 2);
    };
    try {
      await queue.work(JOB, SLOTS, async ({ who }) => {
        started.push(who);
        if (who === "ann") await new Promise<void>((r) => running.push(r));
      });
      await queue.define(JOB);
      // One statement for the backlog (sends one by one would be run as they arrive).
      await queue.boss.insert(
        JOB.name,
        Array.from({ length: BACKLOG }, () => ({ data: { who: "ann" }, group: { id: "ann" } })),
      );
      queue.woken(JOB.name);
      await waitFor("ann's jobs to fill the slots", async () => running.length === SLOTS);
      // Ann's backlog flows: each slot that frees goes to her next job (the fair pass finds nobody).
      for (let i = 0; i < 10; i++) await endOneOfAnns();
      /** How many of ann's jobs took a slot between a newcomer's send and its start. */
      const aheadOf: Record<string, number> = {};
      for (const who of NEWCOMERS) {
        // Ann's next job just took a slot (its fetch found no owner under their share): send now.
        await endOneOfAnns();
        await queue.send(JOB, { who }, { owner: who });
        const sentAt = started.length;
        while (!started.includes(who)) await endOneOfAnns();
        aheadOf[who] = started.indexOf(who) - sentAt;
        // The newcomer's job ended at once: ann holds every slot again.
        await waitFor("ann's jobs to fill the slots", async () => running.length === SLOTS);
      }
      expect(aheadOf).toEqual(Object.fromEntries(NEWCOMERS.map((w) => [w, 0])));
    } finally {
      for (const end of running.splice(0)) end();
      await queue.stop({ graceful: false });
    }
  });
});
