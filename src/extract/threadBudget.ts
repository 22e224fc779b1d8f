import os from "node:os";

/** The whole machine's CPU time so far (ms, every core): idle and all, and its cores. */
export interface MachineCpu {
  idle: number;
  all: number;
  cores: number;
}

export function machineCpu(): MachineCpu {
  let idle = 0;
  let all = 0;
  const cpus = os.cpus();
  for (const c of cpus) {
    idle += c.times.idle;
    all += c.times.idle + c.times.user + c.times.nice + c.times.sys + c.times.irq;
  }
  return { idle, all, cores: cpus.length };
}

/** The machine's cores that were idle between two readings. */
export function idleCores(since: MachineCpu, now: MachineCpu): number {
  const span = now.all - since.all;
  return span > 0 ? ((now.idle - since.idle) / span) * now.cores : 0;
}

/** What a pool saw over one window of its work. */
export interface ThreadWindow {
  /** Threads it sends work to now. */
  threads: number;
  /** Its upper bound (the cores). */
  max: number;
  /** Requests waited for room in its threads during the window: the threads were the limit. */
  backlogged: boolean;
  /** Cores of the machine that were idle during the window. */
  idleCores: number;
  /**
   * CPU time its threads got over the time they had work (1: a core each; 0.5: they shared a core
   * with another runnable thread), or 1 when they were too little busy to tell.
   */
  share: number;
}

/**
 * The threads a pool should send work to next: one more while its threads are the limit and the
 * machine has a core to spare, one fewer while the machine is full and its threads wait for a core
 * (two worker processes on two cores each started a thread per core: four extraction threads, two
 * event loops and PostgreSQL on two cores, and the second process lowered the throughput). So N
 * processes on one host settle at about one thread per core in total, and a process alone grows to
 * the cores it can use. The bounds are apart so that one window's noise does not flip it.
 */
export function nextThreadCount(w: ThreadWindow): number {
  if (w.backlogged && w.threads < w.max && w.idleCores >= 0.5) return w.threads + 1;
  if (w.threads > 1 && w.idleCores < 0.25 && w.share < 0.75) return w.threads - 1;
  return w.threads;
}
