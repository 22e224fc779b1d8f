import { afterEach, describe, expect, it, vi } from "vitest";
import { reduceMemoryWhenIdle } from "./idleMemory.ts";

const MB = 1024 * 1024;

describe("reduceMemoryWhenIdle", () => {
  afterEach(() => vi.useRealTimers());

  it("collects once the process is quiet after its heap grew, never while busy, not again until it grows back", () => {
    vi.useFakeTimers();
    let busy = 0;
    let heap = 60 * MB;
    const reduce = vi.fn(() => {
      heap = 30 * MB;
    });
    const idle = reduceMemoryWhenIdle({
      checkMs: 1000,
      growthBytes: 8 * MB,
      busyShare: () => busy,
      heapBytes: () => heap,
      reduce,
    });
    // Busy starting: nothing.
    busy = 0.4;
    vi.advanceTimersByTime(2000);
    expect(reduce).not.toHaveBeenCalled();
    // One quiet check between busy ones (a person browsing): nothing yet.
    busy = 0.01;
    vi.advanceTimersByTime(1000);
    busy = 0.3;
    vi.advanceTimersByTime(1000);
    busy = 0.01;
    vi.advanceTimersByTime(1000);
    expect(reduce).not.toHaveBeenCalled();
    // Quiet for two checks in a row after starting: one collection.
    vi.advanceTimersByTime(1000);
    expect(reduce).toHaveBeenCalledTimes(1);
    // Quiet, the heap regrowing a little (code compiled again by the next poll): no more.
    heap = 34 * MB;
    vi.advanceTimersByTime(10_000);
    expect(reduce).toHaveBeenCalledTimes(1);
    // A burst of work grows it: nothing while busy, one collection once quiet.
    busy = 0.7;
    heap = 80 * MB;
    vi.advanceTimersByTime(5000);
    expect(reduce).toHaveBeenCalledTimes(1);
    busy = 0;
    vi.advanceTimersByTime(2000);
    expect(reduce).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    expect(reduce).toHaveBeenCalledTimes(2);
    idle.stop();
    heap = 200 * MB;
    vi.advanceTimersByTime(10_000);
    expect(reduce).toHaveBeenCalledTimes(2);
  });

  it("reaches V8's collector without --expose-gc, and leaves no gc for other code", () => {
    vi.useFakeTimers();
    const idle = reduceMemoryWhenIdle({ checkMs: 1000, busyShare: () => 0, heapBytes: () => 100 * MB });
    expect(() => vi.advanceTimersByTime(2000)).not.toThrow();
    idle.stop();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
