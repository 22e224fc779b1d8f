import type { z } from "zod";
import type { ConnectionConfig } from "../storage/db.ts";

// The words of the job queue every family uses: options, a family's definition, a handler and its context.

export interface QueueOptions {
  connection: ConnectionConfig;
  /** Schema for pg-boss tables. Default "pgboss". */
  schema?: string;
  /**
   * How often pg-boss looks for dead workers (stale heartbeats) and expired jobs. Default 10 s, so a
   * job whose worker died is retried within about 20 s; tests lower it.
   */
  superviseIntervalSeconds?: number;
  /** Run cron schedules in this process. Default true. */
  schedule?: boolean;
  /**
   * How often the schedules are looked at and a periodic job's queue is polled (seconds). Default:
   * pg-boss's 30 s for the schedules, 10 s for the poll; a test lowers it rather than wait them out.
   */
  scheduleCheckSeconds?: number;
  /**
   * Load and start pg-boss with the first job sent or queried rather than at `start()`: a process
   * that only sends jobs (an API) holds none of pg-boss at rest. Default false.
   */
  lazy?: boolean;
  /**
   * Hold a LISTEN connection so jobs sent by any process wake this process's workers at once.
   * Default true; off on the embedded database, whose socket server cannot route notifications
   * between connections (workers there poll every `pollIntervalMs`).
   */
  listen?: boolean;
  /** Backstop poll when no notification arrives (also picks up retries whose delay ran out). Default 2000 ms with LISTEN, 250 ms without. */
  pollIntervalMs?: number;
  /**
   * Fair queues (`Server:QueueOwnerShare`): an owner running this many jobs of a family (across
   * every worker) lets any other owner's waiting job go first. 0 (default): a quarter of the
   * family's slots per worker process. Always at least 1 and below the family's slots, so a
   * backlogged owner always leaves a slot to take.
   */
  ownerShare?: number;
  /**
   * Called once, before the first job of any family runs in this process (not a periodic one): a
   * worker process rests without V8's optimizing compilers until then (bin/restingCompilers.js).
   */
  beforeFirstJob?: () => void;
  onError?: (err: Error) => void;
}

/**
 * A queue of one job family, declared where the family lives (graphile-worker habit: semantics
 * written beside the name). Every family (tasks, import jobs, parse requests, articles, bookmarks)
 * runs on this one pg-boss instance.
 */
export interface JobDefinition<T> {
  name: string;
  /** Validates a job's payload before its handler sees it. */
  schema: z.ZodType<T>;
  /** pg-boss queue options: retryLimit, retryDelay, retryBackoff, heartbeatSeconds, expireInSeconds… */
  options: Record<string, unknown>;
}

/** What a handler learns about the job it runs, besides its payload. */
export interface JobContext {
  /** pg-boss job id. */
  id: string;
  /**
   * Where the job's row is (pg-boss's schema and queue name): a handler whose last statement can
   * complete the job as one of its parts (`jobCompletion`) spares the queue's own round trip.
   */
  schema: string;
  name: string;
  /**
   * Says that the handler's own statement completed the job (state `completed` where it was
   * `active`, in the same transaction as the handler's outcome): the queue sends no completion.
   */
  completed(): void;
  /** 1 for the first attempt, 2 for the first retry... */
  attempt: number;
  /**
   * The previous attempt ended with its process, not with a failure its handler reported: pg-boss
   * saw its heartbeat stop (a kill, a crash, a machine gone) or its time run out. pg-boss counts
   * such an attempt as a retry spent like any failure; a family that counts losses itself gives
   * it back with `forgive`.
   */
  lost: boolean;
  /**
   * Gives back the retry pg-boss took for the lost attempt before this one, so that its retries
   * are left for failures of the job itself. A family calling it must bound its lost attempts itself.
   */
  forgive(): Promise<void>;
  /**
   * Aborted when this process shuts down and its grace period ran out: the job is then released
   * for another worker (not failed), so the handler should stop without writing a final state.
   */
  signal: AbortSignal;
}

export type JobHandler<T> = (job: T, ctx: JobContext) => Promise<void>;

/** An owner's share of a family's running jobs before other owners go first (see QueueOptions.ownerShare). */
export function ownerShareOf(configured: number | undefined, concurrency: number): number {
  const share = configured && configured > 0 ? configured : Math.floor(concurrency / 4);
  return Math.max(1, Math.min(share, concurrency - 1));
}

/** Options of `work`; the defaults reach the machine's ceiling (see docs/operations.md, Reliability). */
export interface WorkOptions {
  /** Most jobs one fetch claims; default the concurrency (every free slot filled by one round trip). */
  batchSize?: number;
  /**
   * While jobs are queued behind the ones running here, the fewest free slots worth a fetch
   * (default 1: each freed slot fetched for at once). See `Dispatcher.run`.
   */
  refill?: number;
}

/** Thrown by a handler that stopped because its job was released at shutdown. */
export class JobReleased extends Error {
  override name = "JobReleased";
}

/** A Kysely transaction (or any executor of raw SQL) as pg-boss's `db` option. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Whether a job's stored output is pg-boss's own verdict on an attempt that ended with its process:
 * the supervisor's heartbeat and expiry failures (node_modules/pg-boss/dist/plans.js,
 * failJobsByHeartbeat and failJobsByTimeout), not a failure its handler reported.
 */
export function lostWithItsProcess(output: unknown): boolean {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null | undefined;
  const message = o?.value?.message ?? o?.message;
  return message === "job heartbeat timeout" || message === "job timed out";
}

/** The channel every process LISTENs on; the payload is the queue name (see `wakePayload`). */
export const NOTIFY_CHANNEL = "ladle_jobs";

/**
 * A wake-up's payload: the queue name, then the job's owner after a ":" when it has one (pg-boss
 * queue names hold no ":"). The owner lets a worker whose last fetch served that owner skip the
 * fair pass (see `Dispatcher.wake`).
 */
export function wakePayload(queueName: string, owner?: string | null): string {
  return owner ? `${queueName}:${owner}` : queueName;
}

/** A wake-up's queue name and owner (null: none said, as older processes send). */
export function readWake(payload: string): { queue: string; owner: string | null } {
  const at = payload.indexOf(":");
  return at < 0
    ? { queue: payload, owner: null }
    : { queue: payload.slice(0, at), owner: payload.slice(at + 1) };
}
