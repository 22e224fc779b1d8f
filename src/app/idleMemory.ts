import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import type { Logger } from "pino";

/** A full collection that gives memory back: what V8 does before it would run out of memory. */
type ReduceMemory = () => void;

/**
 * V8's garbage collector as a function, without `--expose-gc` on the command line (which would
 * hand `gc` to every library): the flag is on only while one new context is made.
 */
function memoryReducingGc(): ReduceMemory {
  v8.setFlagsFromString("--expose-gc");
  try {
    const gc = vm.runInNewContext("gc") as (o: object) => void;
    return () => gc({ type: "major", execution: "sync", flavor: "last-resort" });
  } finally {
    v8.setFlagsFromString("--no-expose-gc");
  }
}

export interface IdleMemoryOptions {
  /** How often the main thread's busy share is read. */
  checkMs?: number;
  /** Below this share of the interval spent working the process counts as idle (timers, polls). */
  idleShare?: number;
  /** The heap must have grown this much since the last collection here for another to be worth it. */
  growthBytes?: number;
  /**
   * How many checks in a row must find the process idle before it collects: the collection holds
   * the event loop, so it waits until nobody has asked for anything for a while rather than
   * falling between the requests of a person browsing.
   */
  quietChecks?: number;
  log?: Pick<Logger, "debug">;
  /** The busy share of the main thread since the last call (tests pass their own). */
  busyShare?: () => number;
  /** The heap's resident size (tests pass their own). */
  heapBytes?: () => number;
  reduce?: ReduceMemory;
}

/**
 * Once a server process falls idle after its heap grew (starting, a burst of imports, a visit),
 * one memory-reducing collection: V8 otherwise keeps the young generation it grew, the emptied
 * pages and the code of functions that ran once, and the process stays at its busiest size while
 * nobody uses it (an API and a worker on PostgreSQL: ~260 → ~225 MiB together at rest). Never
 * while work goes on, and not again until the heap has grown back by `growthBytes` (a collection
 * flushes code that the next poll compiles again: an idle process must not collect over and over).
 * The pause is two full collections' (V8 collects again to see whether the first freed more; 0.4-1.7 s
 * on a busy two-core machine): a request arriving meanwhile waits for it, hence `quietChecks`.
 */
export function reduceMemoryWhenIdle(opts: IdleMemoryOptions = {}): { stop(): void } {
  const checkMs = opts.checkMs ?? 3_000;
  const idleShare = opts.idleShare ?? 0.05;
  const growth = opts.growthBytes ?? 8 * 1024 * 1024;
  const quietChecks = opts.quietChecks ?? 2;
  const reduce = opts.reduce ?? memoryReducingGc();
  const busyShare = opts.busyShare ?? eventLoopBusyShare();
  const heapBytes = opts.heapBytes ?? (() => v8.getHeapStatistics().total_physical_size);
  // What the heap held after the last collection here (none yet: starting grew it).
  let after = 0;
  let quiet = 0;
  const timer = setInterval(() => {
    quiet = busyShare() < idleShare ? quiet + 1 : 0;
    if (quiet < quietChecks || heapBytes() < after + growth) return;
    const t0 = performance.now();
    reduce();
    // The collection's own time is not work: the next interval starts after it.
    busyShare();
    after = heapBytes();
    opts.log?.debug(
      { ms: Math.round(performance.now() - t0), heapMb: Math.round(after / 1048576) },
      "idle: memory given back",
    );
  }, checkMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
/** The share of the time since the last call the event loop spent running code. */
function eventLoopBusyShare(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return share;
  };
}
