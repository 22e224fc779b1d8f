import { afterEach, describe, expect, it, vi } from "vitest";
import { WorkerPool } from "./workerPool.ts";

type Req = { echo: string } | { hang: true } | { crash: true } | { whoami: true } | { bytes: Uint8Array };

const pools: WorkerPool<Req, string>[] = [];
const makePool = (
  workers: number,
  timeoutMs = 60_000,
  depth?: number,
  adaptive?: boolean,
  idleMs?: number,
) => {
  const pool = new WorkerPool<Req, string>({
    idleMs,
    entry: new URL("../../test/helpers/poolWorker.ts", import.meta.url),
    workers,
    adaptive,
    depth,
    timeoutMs,
    memoryMb: 128,
    failure: (message) => `failed: ${message}`,
  });
  pools.push(pool);
  return pool;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe("WorkerPool", () => {
  it("answers every request, each with its own answer, more requests than threads and queue room", async () => {
    const pool = makePool(2);
    const asked = Array.from({ length: 25 }, (_, i) => `page ${i}`);
    expect(await Promise.all(asked.map((echo) => pool.run({ echo })))).toEqual(asked.map((a) => `echo ${a}`));
  });

  it("adaptive: starts with one thread and still answers every request", async () => {
    const pool = makePool(4, 60_000, 2, true);
    expect(pool.threads).toBe(1);
    const asked = Array.from({ length: 25 }, (_, i) => `page ${i}`);
    expect(await Promise.all(asked.map((echo) => pool.run({ echo })))).toEqual(asked.map((a) => `echo ${a}`));
  });

  it("adaptive: sends work to the threads its rule allows, more and then fewer", async () => {
    // The rule allows one thread until the test says otherwise: on a busy machine the first answers
    // can take longer than a look, and a rule allowing two from the start would already have grown.
    let allowed = 1;
    const pool = new WorkerPool<Req, string>({
      entry: new URL("../../test/helpers/poolWorker.ts", import.meta.url),
      workers: 2,
      adaptive: true,
      nextThreads: () => allowed,
      timeoutMs: 60_000,
      memoryMb: 128,
      failure: (message) => `failed: ${message}`,
    });
    pools.push(pool);
    const threadsAnswering = async () =>
      new Set(await Promise.all(Array.from({ length: 4 }, () => pool.run({ whoami: true })))).size;
    expect(await threadsAnswering()).toBe(1);
    allowed = 2;
    await vi.waitFor(() => expect(pool.threads).toBe(2), { timeout: 60_000, interval: 50 });
    expect(await threadsAnswering()).toBe(2);
    allowed = 1;
    await vi.waitFor(() => expect(pool.threads).toBe(1), { timeout: 60_000, interval: 50 });
    expect(await threadsAnswering()).toBe(1);
  });

  it("fails only the request that hangs; the one queued behind it in the same thread is still read", async () => {
    // One thread holding two requests: the hanging one and the one sent after it.
    const pool = makePool(1, 1_500, 2);
    const [hung, next] = await Promise.all([pool.run({ hang: true }), pool.run({ echo: "after" })]);
    expect(hung).toBe("failed: reading the page took longer than 2 s");
    expect(next).toBe("echo after");
  });

  it("counts a page's time limit from when its thread has loaded, not while it loads", async () => {
    const pool = new WorkerPool<Req, string>({
      entry: new URL("../../test/helpers/poolWorker.ts", import.meta.url),
      workers: 1,
      timeoutMs: 300,
      memoryMb: 128,
      failure: (message) => `failed: ${message}`,
      workerData: { loadMs: 1_500 },
    });
    pools.push(pool);
    expect(await pool.run({ echo: "first page" })).toBe("echo first page");
  });

  it("lets a thread go that never finishes loading, and fails its page with a reason", async () => {
    const pool = new WorkerPool<Req, string>({
      entry: new URL("../../test/helpers/poolWorker.ts", import.meta.url),
      workers: 1,
      timeoutMs: 60_000,
      startLimitMs: 200,
      memoryMb: 128,
      failure: (message) => `failed: ${message}`,
      workerData: { loadMs: 600_000 },
    });
    pools.push(pool);
    expect(await pool.run({ echo: "first page" })).toBe("failed: the reader did not start");
  });

  it("replaces a thread that crashes and goes on with the request queued behind the crash", async () => {
    const pool = makePool(1);
    const [crashed, a] = await Promise.all([pool.run({ crash: true }), pool.run({ echo: "a" })]);
    expect(crashed).toBe("failed: the reader stopped");
    expect(a).toBe("echo a");
    expect(await pool.run({ echo: "b" })).toBe("echo b");
  });

  it("hands a request's bytes over in a buffer of its own, transferred and given back, the caller's left whole", async () => {
    const pool = new WorkerPool<Req, string>({
      entry: new URL("../../test/helpers/poolWorker.ts", import.meta.url),
      workers: 1,
      timeoutMs: 60_000,
      memoryMb: 128,
      failure: (message) => `failed: ${message}`,
      bytes: {
        of: (req) => ("bytes" in req ? req.bytes : undefined),
        with: (_req, bytes) => ({ bytes }),
      },
    });
    pools.push(pool);
    const bytes = new Uint8Array([1, 2, 3, 250]);
    // Queued behind a crash: its thread is lost and the request is sent again, whole, to the next.
    const [crashed, read] = await Promise.all([pool.run({ crash: true }), pool.run({ bytes })]);
    expect(crashed).toBe("failed: the reader stopped");
    expect(read).toBe("bytes 4 256");
    expect(bytes).toEqual(new Uint8Array([1, 2, 3, 250]));
    // The buffer came back with the answer; the next request's bytes go in it, its own length.
    expect(pool.spareBuffers).toBe(1);
    expect(await pool.run({ bytes: new Uint8Array([7, 7]) })).toBe("bytes 2 14");
    expect(pool.spareBuffers).toBe(1);
  });

  it("starts its threads when asked and resolves once each serves requests", async () => {
    const pool = makePool(2);
    await pool.start();
    expect(await Promise.all([pool.run({ echo: "a" }), pool.run({ echo: "b" })])).toEqual([
      "echo a",
      "echo b",
    ]);
  });

  it("starts one thread first, keeps fewer threads when told, and still answers every request", async () => {
    const pool = makePool(3);
    const first = pool.start(1);
    pool.keep(2);
    await Promise.all([first, pool.start()]);
    const asked = Array.from({ length: 6 }, (_, i) => `page ${i}`);
    expect(await Promise.all(asked.map((echo) => pool.run({ echo })))).toEqual(asked.map((a) => `echo ${a}`));
  });

  it("gives its threads back once it has had no work for a while, and starts one for the next request", async () => {
    const pool = makePool(2, 60_000, 2, true, 20);
    const first = await pool.run({ whoami: true });
    expect(pool.running).toBe(1);
    await vi.waitFor(() => expect(pool.running).toBe(0), { timeout: 30_000 });
    const second = await pool.run({ whoami: true });
    expect(second).not.toBe(first);
    expect(pool.running).toBe(1);
  });

  it("keeps its threads while requests come", async () => {
    const pool = makePool(1, 60_000, 2, false, 60_000);
    await pool.run({ echo: "a" });
    await pool.run({ echo: "b" });
    expect(pool.running).toBe(1);
  });

  it("resolves start when closed while its threads load", async () => {
    const pool = makePool(2);
    const started = pool.start();
    await pool.close();
    await started;
    expect(await pool.run({ echo: "z" })).toBe("failed: the reader is shut down");
  });

  it("answers what it still holds with a failure when closed", async () => {
    const pool = makePool(1, 60_000, 3);
    const pending = [pool.run({ hang: true }), pool.run({ echo: "x" }), pool.run({ echo: "y" })];
    await pool.close();
    expect(await Promise.all(pending)).toEqual(Array(3).fill("failed: the reader is shut down"));
    expect(await pool.run({ echo: "z" })).toBe("failed: the reader is shut down");
  });
});
