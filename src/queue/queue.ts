import pg from "pg";
import { PgBoss, type JobWithMetadata, type SendOptions } from "pg-boss";
import type { z } from "zod";
import { metrics } from "../metrics.ts";
import type { ConnectionConfig } from "../storage/db.ts";
import { QUEUES, TASK_QUEUE_OPTIONS, zTaskJob, type TaskJob } from "./jobs.ts";
import { traceJob, traceSend } from "../telemetry.ts";

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
  /** 1 for the first attempt, 2 for the first retry... */
  attempt: number;
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

/** Options of `work`; the defaults reach the machine's ceiling (see README, Reliability). */
export interface WorkOptions {
  /** Most jobs one fetch claims; default the concurrency (every free slot filled by one round trip). */
  batchSize?: number;
}

/** Thrown by a handler that stopped because its job was released at shutdown. */
export class JobReleased extends Error {
  override name = "JobReleased";
}

/** A Kysely transaction (or any executor of raw SQL) as pg-boss's `db` option. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The channel every process LISTENs on; the payload is the queue name. */
export const NOTIFY_CHANNEL = "ladle_jobs";

/**
 * Runs one family's jobs in this process: claims as many jobs as there are free slots in one
 * fetch, runs each on its own (a slow job never holds the others' slots or their completion),
 * settles each as it ends, and fetches again at once while there is work: on a notification, on a
 * slot freeing after a full fetch, or at the backstop poll.
 */
/** Longest wait between attempts to reach the database while it is away. */
const MAX_BACKOFF_MS = 30_000;
/** How long the fair pass of a fetch rests after finding no owner under their share. */
const FAIR_RECHECK_MS = 200;

/** How long a finished job waits for others to share its completion write. */
const COMPLETE_BATCH_MS = 5;

class Dispatcher<T> {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private stopping = false;
  private more = true;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  /** Fetches failed in a row (the database away), for the backoff. */
  private failedFetches = 0;

  private readonly queue: JobQueue;
  private readonly def: JobDefinition<T>;
  private readonly concurrency: number;
  private readonly handler: JobHandler<T>;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly share: number;
  /** Until then the fair pass is skipped: it last came back empty (see `claim`). */
  private fairIdleUntil = 0;

  constructor(
    queue: JobQueue,
    def: JobDefinition<T>,
    concurrency: number,
    handler: JobHandler<T>,
    batchSize: number,
    pollMs: number,
    share: number,
  ) {
    this.queue = queue;
    this.def = def;
    this.concurrency = concurrency;
    this.handler = handler;
    this.batchSize = batchSize;
    this.pollMs = pollMs;
    this.share = share;
  }

  start(): void {
    this.loop = this.run();
    const hb = Number(this.def.options.heartbeatSeconds ?? 0);
    if (hb > 0) {
      // Refresh claims of running jobs; a process that dies stops this, and pg-boss retries its jobs.
      this.heartbeat = setInterval(
        () => {
          const ids = [...this.running.keys()];
          if (ids.length)
            this.queue.boss.touch(this.def.name, ids).catch((err: Error) => this.queue.reportError(err));
        },
        (hb * 1000) / 2,
      );
      this.heartbeat.unref();
    }
  }

  /** A job may be waiting: fetch now instead of at the next poll. */
  wake(): void {
    this.more = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const free = this.concurrency - this.running.size;
      if (free > 0 && this.more) {
        this.more = false;
        const want = Math.min(free, this.batchSize);
        let jobs: JobWithMetadata<unknown>[] = [];
        try {
          jobs = await this.claim(want);
          this.failedFetches = 0;
        } catch (err) {
          this.queue.reportError(err as Error);
          // The database away: back off (poll × 2, 4… up to 30 s) instead of knocking every poll;
          // the LISTEN connection's return wakes every dispatcher at once.
          this.failedFetches++;
        }
        for (const job of jobs) this.startJob(job);
        // A full batch says more may be waiting: go again as soon as a slot is free.
        if (jobs.length === want) this.more = true;
        if (this.more && this.running.size < this.concurrency) continue;
      }
      const wait =
        this.failedFetches > 0
          ? Math.min(MAX_BACKOFF_MS, this.pollMs * 2 ** Math.min(this.failedFetches, 10))
          : this.pollMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.more = true;
          resolve();
        }, wait);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }

  /**
   * Claims up to `want` jobs, fairly across owners (a job's pg-boss group is its owner): first the
   * oldest jobs of owners running fewer than their share of this family anywhere (pg-boss's own
   * group concurrency, counted in the fetch statement), then, for slots still free, the oldest of
   * anyone's, so one owner alone still uses every slot. One owner's backlog thus delays another
   * owner's job by one freed slot, not by the backlog.
   */
  private async claim(want: number): Promise<JobWithMetadata<unknown>[]> {
    const boss = this.queue.boss;
    let fair: JobWithMetadata<unknown>[] = [];
    // One owner alone (the common case) gets nothing from the fair pass: it is skipped for a
    // moment after coming back empty, so a busy lone owner costs one statement per fetch, and
    // another owner's job waits at most FAIR_RECHECK_MS more.
    if (performance.now() >= this.fairIdleUntil) {
      fair = await boss.fetch<unknown>(this.def.name, {
        batchSize: want,
        includeMetadata: true,
        groupConcurrency: this.share,
      });
      if (!fair.length) this.fairIdleUntil = performance.now() + FAIR_RECHECK_MS;
    }
    if (fair.length >= want) return fair;
    const rest = await boss.fetch<unknown>(this.def.name, {
      batchSize: want - fair.length,
      includeMetadata: true,
    });
    return fair.length ? [...fair, ...rest] : rest;
  }

  private startJob(job: JobWithMetadata<unknown>): void {
    const controller = new AbortController();
    const name = this.def.name;
    const started = performance.now();
    metrics.jobAge.observe(
      { family: name },
      Math.max(0, (Date.now() - new Date(job.createdOn).getTime()) / 1000),
    );
    const done = (async () => {
      let outcome: "completed" | "failed" | "released" = "completed";
      try {
        const data = this.def.schema.parse(job.data);
        await traceJob(name, job.data, () =>
          this.handler(data, { id: job.id, attempt: job.retryCount + 1, signal: controller.signal }),
        );
        if (controller.signal.aborted) throw new JobReleased("released at shutdown");
        await this.complete(job.id);
      } catch (err) {
        if (controller.signal.aborted || err instanceof JobReleased) {
          outcome = "released";
          await this.queue.release(name, [job.id]).catch((e: Error) => this.queue.reportError(e));
        } else {
          outcome = "failed";
          const e = err as Error;
          await this.queue.boss
            .fail(name, job.id, { message: e?.message ?? String(err), name: e?.name ?? "Error" })
            .catch((e2: Error) => this.queue.reportError(e2));
        }
      } finally {
        metrics.jobsProcessed.inc({ family: name, outcome });
        metrics.jobDuration.observe({ family: name, outcome }, (performance.now() - started) / 1000);
        this.running.delete(job.id);
        // A slot freed: fetch again if the last fetch suggested more work.
        if (this.more) this.wakeUp?.();
      }
    })();
    this.running.set(job.id, { controller, done });
  }

  private completing: { ids: string[]; done: Promise<void> } | null = null;

  /**
   * Marks a job completed. Jobs finishing within the same few milliseconds share one statement
   * (at a hundred jobs a second, one completion write per job was a tenth of the database's work).
   */
  private complete(id: string): Promise<void> {
    if (!this.completing) {
      const batch: { ids: string[]; done: Promise<void> } = { ids: [], done: Promise.resolve() };
      batch.done = new Promise<void>((r) => setTimeout(r, COMPLETE_BATCH_MS)).then(async () => {
        if (this.completing === batch) this.completing = null;
        await this.queue.boss.complete(this.def.name, batch.ids);
      });
      this.completing = batch;
    }
    this.completing.ids.push(id);
    return this.completing.done;
  }

  /** Stops fetching; waits up to `graceMs` for running jobs, then aborts and releases the rest. */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loop;
    const all = () => Promise.all([...this.running.values()].map((r) => r.done));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      all().then(() => false),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(true), graceMs))),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      for (const r of this.running.values()) r.controller.abort(new JobReleased("released at shutdown"));
      await all();
    }
    if (this.heartbeat) clearInterval(this.heartbeat);
  }

  inFlight(): number {
    return this.running.size;
  }
}

/** The Postgres-backed job queue (pg-boss) with Ladle's queues declared. */
export class JobQueue {
  readonly boss: PgBoss;
  readonly schema: string;
  private readonly opts: QueueOptions;
  private readonly created = new Set<string>();
  private readonly dispatchers = new Map<string, Dispatcher<unknown>>();
  private listener: pg.Client | null = null;
  private closed = false;

  constructor(opts: QueueOptions) {
    this.opts = opts;
    this.schema = opts.schema ?? "pgboss";
    const { connectionString, host, port, database, user } = opts.connection;
    this.boss = new PgBoss({
      ...(connectionString ? { connectionString } : { host, port, database, user }),
      schema: this.schema,
      max: 4,
      superviseIntervalSeconds: opts.superviseIntervalSeconds ?? 10,
      monitorIntervalSeconds: opts.superviseIntervalSeconds ?? 10,
      schedule: opts.schedule ?? true,
      // Ladle traces sends and jobs itself (src/telemetry.ts), through its own dispatcher.
      openTelemetry: { enabled: false },
    });
    this.boss.on("error", (err: Error) => opts.onError?.(err));
  }

  /** Reports a background error (a failed fetch, heartbeat or settlement) without stopping. */
  reportError(err: Error): void {
    this.opts.onError?.(err);
  }

  async start(): Promise<void> {
    await this.boss.start();
    await this.boss.createQueue(QUEUES.task, { ...TASK_QUEUE_OPTIONS });
    this.created.add(QUEUES.task);
  }

  /** Creates a family's queue (idempotent; called by `send` and `work` on first use). */
  async define<T>(def: JobDefinition<T>): Promise<void> {
    if (this.created.has(def.name)) return;
    await this.boss.createQueue(def.name, { ...def.options });
    this.created.add(def.name);
  }

  /**
   * Sends one job of a family; `key` makes it a singleton while queued or active. Pass `db`
   * (see `executor`) to send inside the caller's transaction: the job then exists exactly when the
   * caller's rows do, and its wake-up is delivered at commit.
   */
  async send<T>(
    def: JobDefinition<T>,
    data: T,
    opts: Omit<SendOptions, "db" | "group"> & {
      key?: string;
      /** Whose job it is (a user id): the queue takes owners' jobs in turn (fair queues). */
      owner?: string | null;
      db?: SqlExecutor;
      /** False when the caller's transaction sends `wakeUp(def)` itself (one statement fewer). */
      notify?: boolean;
    } = {},
  ): Promise<string | null> {
    await this.define(def);
    const { key, owner, db, notify: sendNotify = true, ...rest } = opts;
    const id = await traceSend(def.name, data as object, (payload) =>
      this.boss.send(def.name, payload, {
        ...rest,
        ...(key ? { singletonKey: key } : {}),
        ...(owner ? { group: { id: owner } } : {}),
        ...(db ? { db } : {}),
      }),
    );
    // Every process's workers (LISTEN), delivered when the transaction commits.
    if (sendNotify || !db)
      await (db ?? this.boss.getDb()).executeSql("SELECT pg_notify($1, $2)", [NOTIFY_CHANNEL, def.name]);
    // This process's own worker, without waiting for the round trip (and where LISTEN is off).
    if (!db) this.dispatchers.get(def.name)?.wake();
    else queueMicrotask(() => this.dispatchers.get(def.name)?.wake());
    return id;
  }

  /**
   * Runs a family's jobs with up to `concurrency` handlers at once in this process (a throw fails
   * the attempt; pg-boss retries it per the family's options). Jobs are claimed in batches and
   * settled one by one.
   */
  async work<T>(
    def: JobDefinition<T>,
    concurrency: number,
    handler: JobHandler<T>,
    opts: WorkOptions = {},
  ): Promise<void> {
    await this.define(def);
    if (this.dispatchers.has(def.name)) throw new Error(`queue ${def.name} already has a worker here`);
    const listen = this.opts.listen ?? true;
    const d = new Dispatcher<T>(
      this,
      def,
      concurrency,
      handler,
      opts.batchSize ?? concurrency,
      this.opts.pollIntervalMs ?? (listen ? 2000 : 250),
      ownerShareOf(this.opts.ownerShare, concurrency),
    );
    this.dispatchers.set(def.name, d as Dispatcher<unknown>);
    if (listen) await this.ensureListener();
    d.start();
  }

  /** Puts claimed jobs back to `created` without counting an attempt (pg-boss's own restore). */
  async release(name: string, ids: string[]): Promise<void> {
    await this.boss
      .getDb()
      .executeSql(
        `UPDATE ${this.schema}.job SET state = 'created', started_on = NULL, heartbeat_on = NULL WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`,
        [name, ids],
      );
    await this.boss.getDb().executeSql("SELECT pg_notify($1, $2)", [NOTIFY_CHANNEL, name]);
  }

  /**
   * The newest job of each key (`send(def, data, { key })`) in a family's queue: its state,
   * attempts and last error; keys with no job at all are absent.
   */
  async newestJobs(
    name: string,
    keys: string[],
  ): Promise<Map<string, { state: string; attempts: number; lastError: string | null }>> {
    const out = new Map<string, { state: string; attempts: number; lastError: string | null }>();
    if (!keys.length) return out;
    const { rows } = await this.boss.getDb().executeSql(
      // A family may key its jobs `<row id>:<attempt…>` (articles): the row is the part before ":".
      `SELECT DISTINCT ON (split_part(singleton_key, ':', 1)) split_part(singleton_key, ':', 1) AS key,
              state::text AS state, retry_count, output
       FROM ${this.schema}.job
       WHERE name = $1 AND (singleton_key = ANY($2::text[]) OR singleton_key LIKE ANY($3::text[]))
       ORDER BY split_part(singleton_key, ':', 1), created_on DESC`,
      [name, keys, keys.map((k) => `${k.replace(/[\\%_]/g, "\\$&")}:%`)],
    );
    for (const r of rows as { key: string; state: string; retry_count: number; output: unknown }[]) {
      const o = r.output as { message?: unknown; value?: unknown } | null;
      const lastError =
        o && typeof o === "object"
          ? typeof o.message === "string"
            ? o.message
            : JSON.stringify(o).slice(0, 1000)
          : null;
      // A job that failed was attempted retry_count + 1 times; one still waiting, retry_count.
      const attempts = r.state === "failed" || r.state === "active" ? r.retry_count + 1 : r.retry_count;
      out.set(r.key, { state: r.state, attempts, lastError });
    }
    return out;
  }

  private async ensureListener(): Promise<void> {
    if (this.listener || this.closed) return;
    const client = new pg.Client({ ...this.opts.connection, keepAlive: true });
    this.listener = client;
    client.on("notification", (msg) => {
      if (msg.channel === NOTIFY_CHANNEL && msg.payload) this.dispatchers.get(msg.payload)?.wake();
    });
    let lost = false;
    const reconnect = (err: Error) => {
      if (lost || this.closed) return;
      lost = true;
      this.reportError(err);
      if (this.listener === client) this.listener = null;
      client.end().catch(() => {});
      this.relisten();
    };
    client.on("error", reconnect);
    // A server that closes the connection cleanly (restart) ends it without an error.
    client.on("end", () => reconnect(new Error("Connection terminated: the LISTEN connection ended")));
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      this.listenFailures = 0;
    } catch (err) {
      // Polling still works meanwhile; try again with backoff.
      reconnect(err as Error);
    }
  }

  /** Failed LISTEN connections in a row, for the backoff. */
  private listenFailures = 0;
  private relistening = false;

  /**
   * Reconnects the LISTEN connection after 1, 2, 4… s (at most 30 s), then fetches once
   * everywhere: notifications sent meanwhile were missed, and jobs queued during an outage wait.
   */
  private relisten(): void {
    if (this.closed || this.relistening) return;
    this.relistening = true;
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(this.listenFailures++, 5));
    setTimeout(() => {
      this.relistening = false;
      if (this.closed) return;
      this.ensureListener()
        .then(() => this.dispatchers.forEach((d) => d.wake()))
        .catch(() => undefined);
    }, delay).unref();
  }

  /** A transaction's (or pool's) raw SQL as pg-boss's `db` option. */
  static executor(run: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>): SqlExecutor {
    return { executeSql: (text, values = []) => run(text, values) };
  }

  /** Queued and running jobs per family and state, with the age of the oldest queued one (metrics). */
  async depth(): Promise<{ family: string; state: string; count: number; oldestSeconds: number }[]> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT name, state::text AS state, count(*)::int AS count,
              extract(epoch FROM now() - min(created_on))::float AS oldest
       FROM ${this.schema}.job WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`,
    );
    return (rows as { name: string; state: string; count: number; oldest: number }[]).map((r) => ({
      family: r.name,
      state: r.state,
      count: r.count,
      oldestSeconds: r.oldest,
    }));
  }

  /** Jobs running in this process, per family. */
  inFlight(): Record<string, number> {
    return Object.fromEntries([...this.dispatchers].map(([n, d]) => [n, d.inFlight()]));
  }

  /**
   * Enqueues a task run; the task id is the job key, so a task is never queued twice at once.
   * With `notify: false`, the caller's transaction (`db`) sends `wakeUp(QUEUES.task)` itself.
   * `owner`: who asked for the task (fair queues).
   */
  async enqueueTask(
    taskId: string,
    db?: SqlExecutor,
    notify = true,
    owner?: string | null,
  ): Promise<string | null> {
    return this.send(TASK_JOB, { taskId }, { key: taskId, notify, owner, ...(db ? { db } : {}) });
  }

  /**
   * The statement that would queue a task's job (pg-boss's own insert, with its one JSON
   * parameter), for a caller that runs it inside its own statement, as a data-modifying CTE: the
   * task and its job are then written by one atomic statement, with no transaction around them.
   * Null when pg-boss's insert is not that one statement (the caller then uses `enqueueTask`).
   * Call `woken(QUEUES.task)` after the statement ran.
   */
  async taskJobInsert(
    taskId: string,
    owner?: string | null,
  ): Promise<{ text: string; param: unknown } | null> {
    await this.define(TASK_JOB);
    const seen: { text: string; values: unknown[] }[] = [];
    const capture: SqlExecutor = {
      executeSql: async (text, values = []) => {
        seen.push({ text, values });
        return { rows: [{ id: null }] };
      },
    };
    await traceSend(TASK_JOB.name, { taskId }, (payload) =>
      this.boss.send(TASK_JOB.name, payload, {
        singletonKey: taskId,
        ...(owner ? { group: { id: owner } } : {}),
        db: capture,
      }),
    );
    const only = seen.length === 1 ? seen[0]! : null;
    if (!only || only.values.length !== 1 || (only.text.match(/\$\d+/g) ?? []).join() !== "$1") return null;
    return { text: only.text, param: only.values[0] };
  }

  /** Wakes this process's workers of a queue at once (its job was just committed by a caller's statement). */
  woken(queueName: string): void {
    this.dispatchers.get(queueName)?.wake();
  }

  /** The notification (`pg_notify(channel, payload)`) that wakes every process's workers of a queue. */
  static wakeUp(queueName: string): { channel: string; payload: string } {
    return { channel: NOTIFY_CHANNEL, payload: queueName };
  }

  /** Runs task jobs with `concurrency` handlers in this process. */
  async workTasks(concurrency: number, handler: JobHandler<TaskJob>): Promise<void> {
    await this.work(TASK_JOB, concurrency, handler);
  }

  /**
   * Schedules and runs a periodic job on the shared scheduler: one run per period across every
   * process (maintenance, the reconciler, the parse-request reaper).
   */
  async workPeriodic(name: string, cron: string, handler: () => Promise<void>): Promise<void> {
    await this.boss.createQueue(name, { retryLimit: 0, deleteAfterSeconds: 3600, policy: "singleton" });
    await this.boss.schedule(name, cron, {});
    await this.boss.work(name, { pollingIntervalSeconds: 10 }, async () => handler());
  }

  /**
   * Stops taking jobs, gives running ones `graceMs` to finish, releases the rest for another
   * worker, then closes pg-boss.
   */
  async stop(opts: { graceful?: boolean; timeoutMs?: number } = {}): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const grace = opts.graceful === false ? 0 : (opts.timeoutMs ?? 10_000);
    await Promise.all([...this.dispatchers.values()].map((d) => d.stop(grace)));
    if (this.listener) await this.listener.end().catch(() => {});
    this.listener = null;
    await this.boss.stop({ graceful: opts.graceful ?? true, timeout: Math.max(1000, grace) });
  }
}

const TASK_JOB: JobDefinition<TaskJob> = { name: QUEUES.task, schema: zTaskJob, options: TASK_QUEUE_OPTIONS };
