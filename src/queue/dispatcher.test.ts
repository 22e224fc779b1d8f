import type { PgBoss } from "pg-boss";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { waitFor } from "../../test/helpers/waitFor.ts";
import { Dispatcher, type DispatcherHost } from "./dispatcher.ts";
import { readWake, wakePayload } from "./jobTypes.ts";

/** A queue whose fetches are recorded: `fair` when the fetch was the fair pass (group concurrency). */
function recordingHost(jobs: () => { id: string }[]) {
  const fetches: ("fair" | "rest")[] = [];
  const completed: string[] = [];
  const boss = {
    fetch: async (_name: string, opts: { groupConcurrency?: number }) => {
      fetches.push(opts.groupConcurrency ? "fair" : "rest");
      return jobs().map((j) => ({ ...j, data: {}, retryCount: 0, createdOn: new Date(), output: null }));
    },
    complete: async (_name: string, ids: string[]) => void completed.push(...ids),
    fail: async () => undefined,
    touch: async () => undefined,
  };
  return { host: hostOf(boss), fetches, completed };
}

/** A dispatcher's host around a stand-in for pg-boss; an error it reports fails the test. */
function hostOf(boss: object): DispatcherHost {
  return {
    boss: boss as unknown as PgBoss,
    schema: "pgboss",
    release: async () => undefined,
    forgive: async () => undefined,
    reportError: (err) => {
      throw err;
    },
  };
}

/** `n` fetched jobs as pg-boss returns them, ids from `id`, of one owner's group when given. */
function fakeJobs(n: number, id: () => string, groupId?: string) {
  return Array.from({ length: n }, () => ({
    id: id(),
    ...(groupId ? { groupId } : {}),
    data: {},
    retryCount: 0,
    createdOn: new Date(),
    output: null,
  }));
}

const DEF = { name: "test-idle", schema: z.object({}), options: {} };

describe("a dispatcher's backstop polls", () => {
  it("look at an empty queue with one statement, and again fairly once a job is sent", async () => {
    const { host, fetches } = recordingHost(() => []);
    // Polls 250 ms apart (the real ones: 2 s); the fair pass rests as long as a poll's interval.
    const d = new Dispatcher(host, DEF, 4, async () => undefined, 4, 250, 1);
    d.start();
    try {
      await waitFor("four polls", async () => fetches.length >= 5, 5_000, 2);
      // The first look runs both passes and finds nothing; an idle family's later polls need no
      // fair pass (no job was sent, and the queue was empty): one statement each, not two.
      expect(fetches.slice(0, 2)).toEqual(["fair", "rest"]);
      expect(fetches.slice(2, 5)).toEqual(["rest", "rest", "rest"]);
      // A job sent (maybe a new owner's): the next look runs the fair pass first again.
      const before = fetches.length;
      d.wake();
      await waitFor("the woken look", async () => fetches.length >= before + 2, 5_000, 2);
      expect(fetches.slice(before, before + 2)).toEqual(["fair", "rest"]);
    } finally {
      await d.stop(0);
    }
  });

  it("runs the fair pass again once a poll finds jobs nobody announced (a retry whose delay ran out)", async () => {
    let ready: { id: string }[] = [];
    const { host, fetches } = recordingHost(() => ready.splice(0));
    const d = new Dispatcher(host, DEF, 4, async () => undefined, 2, 250, 1);
    d.start();
    try {
      await waitFor("two polls", async () => fetches.length >= 3, 5_000, 2);
      const before = fetches.length;
      // Two retries appear without a notification: the idle poll's one look takes them (a full
      // batch), and the look that follows at once is fair again, the queue no longer seen empty.
      ready = [{ id: "a" }, { id: "b" }];
      await waitFor("the looks after the jobs", async () => fetches.includes("fair", before), 5_000, 2);
      expect(fetches.slice(before).indexOf("fair")).toBeGreaterThan(0);
    } finally {
      await d.stop(0);
    }
  });
});

describe("a job's completion", () => {
  it("is left to the handler whose own statement completed the job, and sent for the others", async () => {
    let ready = [{ id: "by-handler" }, { id: "by-queue" }];
    const { host, completed } = recordingHost(() => ready.splice(0));
    const ran: string[] = [];
    const d = new Dispatcher(
      host,
      DEF,
      4,
      async (_data, job) => {
        expect(job).toMatchObject({ schema: "pgboss", name: DEF.name });
        if (job.id === "by-handler") job.completed();
        ran.push(job.id);
      },
      2,
      250,
      1,
    );
    d.start();
    try {
      await waitFor("both jobs", async () => ran.length === 2 && completed.length >= 1, 5_000, 2);
      await new Promise((r) => setTimeout(r, 50));
      expect(completed).toEqual(["by-queue"]);
    } finally {
      await d.stop(0);
    }
    ready = [];
  });
});

describe("a backlog's fetches", () => {
  /** 40 queued jobs, taken up to each fetch's batch; running jobs end one at a time, in order. */
  async function fetchSizes(refill: number | undefined): Promise<number[]> {
    let queued = 40;
    const sizes: number[] = [];
    const boss = {
      fetch: async (_name: string, opts: { batchSize: number }) => {
        const n = Math.min(queued, opts.batchSize);
        queued -= n;
        if (n) sizes.push(n);
        return fakeJobs(n, () => `j${queued + n}-${Math.random()}`);
      },
      complete: async () => undefined,
      fail: async () => undefined,
      touch: async () => undefined,
    };
    const host = hostOf(boss);
    // Jobs end one by one, as a CPU-bound burst's do (one extraction thread).
    const waiting: (() => void)[] = [];
    let ended = 0;
    const ender = setInterval(() => {
      const next = waiting.shift();
      if (next) {
        ended++;
        next();
      }
    }, 2);
    const d = new Dispatcher(
      host,
      DEF,
      8,
      () => new Promise<void>((r) => waiting.push(r)),
      8,
      5_000,
      8,
      refill,
    );
    d.start();
    try {
      await waitFor("every job", async () => ended === 40, 10_000, 2);
    } finally {
      clearInterval(ender);
      await d.stop(0);
    }
    return sizes;
  }

  it("wait for `refill` free slots while jobs still run, not one fetch per freed slot", async () => {
    const sizes = await fetchSizes(4);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(40);
    // The first fetch fills the 8 slots; every later one waits until 4 are free (the last takes
    // what is left).
    expect(sizes[0]).toBe(8);
    expect(Math.min(...sizes.slice(1, -1))).toBeGreaterThanOrEqual(4);
    expect(sizes.length).toBeLessThanOrEqual(9);
  });

  it("fetch for each freed slot without a refill (the default)", async () => {
    const sizes = await fetchSizes(undefined);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(40);
    expect(sizes.length).toBeGreaterThan(9);
  });
});

describe("a lone owner's backlog", () => {
  // One owner's jobs (`jobMs` each): the fair pass looks past the owner just served and finds
  // nobody; the plain pass takes the owner's next jobs as slots free. The backstop poll is a minute,
  // so on a slow machine no second fair pass comes from it while the test runs.
  function loneOwner(jobMs: number) {
    const fetches: ("fair" | "rest")[] = [];
    let n = 0;
    const boss = {
      fetch: async (_name: string, opts: { batchSize: number; groupConcurrency?: number }) => {
        fetches.push(opts.groupConcurrency ? "fair" : "rest");
        if (opts.groupConcurrency) return [];
        return fakeJobs(opts.batchSize, () => `j${n++}`, "ann");
      },
      complete: async () => undefined,
      fail: async () => undefined,
      touch: async () => undefined,
    };
    const run = () => new Promise<void>((r) => setTimeout(r, jobMs));
    const d = new Dispatcher(hostOf(boss), DEF, 2, run, 2, 60_000, 2);
    const count = (kind: "fair" | "rest") => fetches.filter((f) => f === kind).length;
    return { fetches, d, count };
  }

  it("runs the fair pass again only at the backstop poll's pace while no job is announced", async () => {
    const { fetches, d, count } = loneOwner(150);
    d.start();
    try {
      // Several fetches as slots free, none announced by a notification.
      await waitFor("four plain fetches", async () => count("rest") >= 4, 10_000, 2);
      // Only the first look was fair: a statement per fetch fewer while one owner's backlog runs
      // (it ran every fetch more than 200 ms after the last empty one, ~0.1 statement an import).
      expect(count("fair")).toBe(1);
      // A job sent (maybe another owner's): the next look is fair at once.
      const before = fetches.length;
      d.wake();
      await waitFor("the woken look", async () => fetches.includes("fair", before), 5_000, 2);
    } finally {
      await d.stop(0);
    }
  });

  it("runs no fair pass for an announced job of the owner just served, and one for anyone else's", async () => {
    const { fetches, d, count } = loneOwner(100);
    d.start();
    try {
      await waitFor("the first looks", async () => count("rest") >= 2, 5_000, 2);
      // Ann's imports announced one after another (a burst of one person's submits).
      for (let i = 0; i < 5; i++) {
        d.wake("ann");
        await new Promise((r) => setTimeout(r, 60));
      }
      expect(count("fair")).toBe(1);
      // Bob's, or a job whose owner is not said (a release, an older process's wake-up): fair.
      for (const who of ["bob", null]) {
        const before = fetches.length;
        d.wake(who);
        await waitFor(`the look after ${who}'s`, async () => fetches.includes("fair", before), 5_000, 2);
      }
    } finally {
      await d.stop(0);
    }
  });
});

describe("a wake-up's payload", () => {
  it("carries the queue name and, when there is one, the job's owner", () => {
    expect(readWake(wakePayload("ladle-task", "u-1:x"))).toEqual({ queue: "ladle-task", owner: "u-1:x" });
    expect(readWake(wakePayload("ladle-task", null))).toEqual({ queue: "ladle-task", owner: null });
    // What a process of an earlier version sends: the queue name alone.
    expect(readWake("ladle-task")).toEqual({ queue: "ladle-task", owner: null });
  });
});
