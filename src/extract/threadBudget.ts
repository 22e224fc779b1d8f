import os from "node:os";

/**
 * The whole machine's CPU time so far (ms, every core): idle and all, and its cores; and this
 * process's own (ms, every thread), read at the same moment so that both cover one window.
 */
export interface MachineCpu {
  idle: number;
  all: number;
  cores: number;
  own: number;
}

export function machineCpu(): MachineCpu {
  let idle = 0;
  let all = 0;
  const cpus = os.cpus();
  for (const c of cpus) {
    idle += c.times.idle;
    all += c.times.idle + c.times.user + c.times.nice + c.times.sys + c.times.irq;
  }
  const u = process.cpuUsage();
  return { idle, all, cores: cpus.length, own: (u.user + u.system) / 1000 };
}

/** The machine's cores that were idle between two readings. */
export function idleCores(since: MachineCpu, now: MachineCpu): number {
  const span = now.all - since.all;
  return span > 0 ? ((now.idle - since.idle) / span) * now.cores : 0;
}

/**
 * The cores idle between two readings plus the share this process used itself, rounded (1 to the
 * cores): what `ladle extract` may use, its own threads' CPU counting as free.
 */
export function freeCores(since: MachineCpu, now: MachineCpu): number {
  const span = now.all - since.all;
  if (span <= 0) return 1;
  const free = ((now.idle - since.idle + (now.own - since.own)) / span) * now.cores;
  return Math.max(1, Math.min(now.cores, Math.round(free)));
}

/** This process's part of the machine's busy time between two readings (0 to 1). */
export function ownShare(since: MachineCpu, now: MachineCpu): number {
  const busy = now.all - since.all - (now.idle - since.idle);
  return busy > 0 ? Math.min(1, (now.own - since.own) / busy) : 0;
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
  /** Cores that were idle during the window before (undefined for the first window). */
  idleBefore?: number;
  /**
   * CPU time its threads got over the time they had work (1: a core each; 0.5: they shared a core
   * with another runnable thread), or 1 when they were too little busy to tell.
   */
  share: number;
  /** This process's part of the machine's busy time (its threads, event loop and all). */
  own: number;
}

/**
 * The threads a pool should send work to next: one more while its threads are the limit and the
 * machine has a core to spare or is busy mostly with this process; one fewer while the machine is
 * full of others' work and its threads wait for a core (two worker processes on two cores each
 * started a thread per core: four extraction threads, two event loops and PostgreSQL on two cores,
 * and the second process lowered the throughput). So N processes on one host settle at about one
 * thread per core in total, and a process alone grows to its cores: alone, one worker used 0.75-0.85
 * of the machine's busy time (0.44-0.5 while its API took a burst of submissions) and two threads
 * imported ~10% more per second than one, the machine "full" of its own event loop, database and
 * API; two workers used 0.25-0.45 each. The bounds are apart so that one window's noise does not
 * flip it.
 */
export function nextThreadCount(w: ThreadWindow): number {
  // A spare core is one seen idle over two windows in a row: a single idle second (a lull between
  // bursts) grew two busy workers to two threads each, and the next two looks took them back down,
  // a fifth of their imports lost meanwhile.
  const spare = w.idleCores >= 0.5 && (w.idleBefore ?? 0) >= 0.5;
  if (w.backlogged && w.threads < w.max && (spare || w.own >= 0.6)) return w.threads + 1;
  if (w.threads > 1 && w.idleCores < 0.25 && w.share < 0.75 && w.own < 0.4) return w.threads - 1;
  return w.threads;
}
