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
  /** How often the main thread's busy share is read; a quiet interval after a busy one reduces. */
  checkMs?: number;
  /** Below this share of the interval spent working the process counts as idle (timers, polls). */
  idleShare?: number;
  log?: Pick<Logger, "debug">;
  /** The busy share of the main thread since the last call (tests pass their own). */
  busyShare?: () => number;
  reduce?: ReduceMemory;
}

/**
 * Once a server process falls idle after work (starting, a burst of imports, a visit), one
 * memory-reducing collection: V8 otherwise keeps the young generation it grew, the emptied pages
 * and the code of functions that ran once, and the process stays at its busiest size while nobody
 * uses it (an API and a worker on PostgreSQL: ~260 → ~225 MiB together at rest). It runs once per
 * idle spell, never while work goes on; the pause is a full collection's (tens to a few hundred ms
 * on an idle machine, with nothing waiting).
 */
export function reduceMemoryWhenIdle(opts: IdleMemoryOptions = {}): { stop(): void } {
  const checkMs = opts.checkMs ?? 3_000;
  const idleShare = opts.idleShare ?? 0.05;
  const reduce = opts.reduce ?? memoryReducingGc();
  const busyShare = opts.busyShare ?? eventLoopBusyShare();
  // Starting is work: the first quiet interval after it reduces.
  let workedSinceReduce = true;
  const timer = setInterval(() => {
    if (busyShare() >= idleShare) {
      workedSinceReduce = true;
      return;
    }
    if (!workedSinceReduce) return;
    workedSinceReduce = false;
    const t0 = performance.now();
    reduce();
    // The collection's own time is not work: the next interval starts after it.
    busyShare();
    opts.log?.debug({ ms: Math.round(performance.now() - t0) }, "idle: memory given back");
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
