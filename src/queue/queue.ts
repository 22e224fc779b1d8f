import pg from "pg";
import type { PgBoss, SendOptions } from "pg-boss";
import { traceSend } from "../telemetry.ts";
import { cronWithoutSystemLocale } from "./cronLocale.ts";
import { Dispatcher, MAX_BACKOFF_MS } from "./dispatcher.ts";
import {
  NOTIFY_CHANNEL,
  readWake,
  wakePayload,
  ownerShareOf,
  type JobDefinition,
  type JobHandler,
  type QueueOptions,
  type SqlExecutor,
  type WorkOptions,
} from "./jobTypes.ts";

// The job vocabulary lives in jobTypes.ts; importers keep reaching it here.
export * from "./jobTypes.ts";

/** The Postgres-backed job queue (pg-boss) with Ladle's queues declared. */
export class JobQueue {
  readonly schema: string;
  private readonly opts: QueueOptions;
  private readonly created = new Set<string>();
  private readonly dispatchers = new Map<string, Dispatcher<unknown>>();
  private listener: pg.Client | null = null;
  private closed = false;
  private started: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  /** Until the first job runs here (`QueueOptions.beforeFirstJob`). */
  private beforeFirstJob: (() => void) | null;
  /** pg-boss waits for the first job sent or queried (`QueueOptions.lazy`). */
  readonly lazy: boolean;

  constructor(opts: QueueOptions) {
    this.opts = opts;
    this.lazy = opts.lazy ?? false;
    this.beforeFirstJob = opts.beforeFirstJob ?? null;
    this.schema = opts.schema ?? "pgboss";
    // A process that runs schedules reads crons: without the ICU data their dates would page in.
    if (opts.schedule ?? true) cronWithoutSystemLocale();
  }

  /** pg-boss, once started (`start()`, or the first job sent or queried in a lazy queue). */
  get boss(): PgBoss {
    if (!this.started) throw new Error("the job queue is not started yet");
    return this.started;
  }

  /**
   * pg-boss loaded, constructed and started once (its schema installed or migrated): at `start()`,
   * or with the first use in a lazy queue. pg-boss with its scheduler, cron and migration code is
   * ~5 MiB of an API process that has sent nothing yet (`npm run bench -- memory`). A failed start
   * is tried again by the next use.
   */
  private ready(): Promise<PgBoss> {
    if (this.started) return Promise.resolve(this.started);
    this.starting ??= this.open().catch((err: unknown) => {
      this.starting = null;
      throw err;
    });
    return this.starting;
  }

  private async open(): Promise<PgBoss> {
    const { PgBoss } = await import("pg-boss");
    const { connectionString, host, port, database, user } = this.opts.connection;
    const opts = this.opts;
    const boss = new PgBoss({
      ...(connectionString ? { connectionString } : { host, port, database, user }),
      schema: this.schema,
      max: 4,
      superviseIntervalSeconds: opts.superviseIntervalSeconds ?? 10,
      monitorIntervalSeconds: opts.superviseIntervalSeconds ?? 10,
      schedule: opts.schedule ?? true,
      ...(opts.scheduleCheckSeconds ? { cronMonitorIntervalSeconds: opts.scheduleCheckSeconds } : {}),
      // Ladle traces sends and jobs itself (src/telemetry.ts), through its own dispatcher.
      openTelemetry: { enabled: false },
    });
    boss.on("error", (err: Error) => opts.onError?.(err));
    await boss.start();
    this.started = boss;
    return boss;
  }

  /** Reports a background error (a failed fetch, heartbeat or settlement) without stopping. */
  reportError(err: Error): void {
    this.opts.onError?.(err);
  }

  /** Starts pg-boss now, or (a lazy queue) leaves it to the first job sent or queried. */
  async start(): Promise<void> {
    if (!this.lazy) await this.ready();
  }

  /** Whether pg-boss answers (readiness): a lazy queue loads and starts it here. */
  async ping(): Promise<void> {
    const boss = await this.ready();
    await boss.getDb().executeSql(`SELECT 1 FROM ${this.schema}.version`);
  }

  /** Creates a family's queue (idempotent; called by `send` and `work` on first use). */
  async define<T>(def: JobDefinition<T>): Promise<void> {
    if (this.created.has(def.name)) return;
    await (await this.ready()).createQueue(def.name, { ...def.options });
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
    const boss = await this.ready();
    const id = await traceSend(def.name, data as object, (payload) =>
      boss.send(def.name, payload, {
        ...rest,
        ...(key ? { singletonKey: key } : {}),
        ...(owner ? { group: { id: owner } } : {}),
        ...(db ? { db } : {}),
      }),
    );
    // Every process's workers (LISTEN), delivered when the transaction commits.
    if (sendNotify || !db)
      await (db ?? boss.getDb()).executeSql("SELECT pg_notify($1, $2)", [
        NOTIFY_CHANNEL,
        wakePayload(def.name, owner),
      ]);
    // This process's own worker, without waiting for the round trip (and where LISTEN is off).
    if (!db) this.dispatchers.get(def.name)?.wake(owner);
    else queueMicrotask(() => this.dispatchers.get(def.name)?.wake(owner));
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
      (data, ctx) => {
        if (this.beforeFirstJob) {
          const first = this.beforeFirstJob;
          this.beforeFirstJob = null;
          first();
        }
        return handler(data, ctx);
      },
      opts.batchSize ?? concurrency,
      this.opts.pollIntervalMs ?? (listen ? 2000 : 250),
      ownerShareOf(this.opts.ownerShare, concurrency),
      opts.refill,
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
   * Gives back the retry pg-boss counted when it claimed this job again after an attempt lost with
   * its process (`JobContext.forgive`): it counts a claim of a job started before as a retry
   * (`retry_count + 1` in its fetch) and fails the job once `retry_count` reaches `retryLimit`, so
   * kills of the process would spend the retries meant for failures of the job.
   */
  async forgive(name: string, id: string): Promise<void> {
    await this.boss
      .getDb()
      .executeSql(
        `UPDATE ${this.schema}.job SET retry_count = retry_count - 1 WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count > 0`,
        [name, id],
      );
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
    const { rows } = await (await this.ready()).getDb().executeSql(
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
      if (msg.channel !== NOTIFY_CHANNEL || !msg.payload) return;
      const { queue, owner } = readWake(msg.payload);
      this.dispatchers.get(queue)?.wake(owner);
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
    const { rows } = await (await this.ready()).getDb().executeSql(
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
   * Wakes this process's workers of a queue at once (its job was just committed by a caller's
   * statement); `owner`: the job's, when it has one.
   */
  woken(queueName: string, owner?: string | null): void {
    this.dispatchers.get(queueName)?.wake(owner);
  }

  /**
   * The notification (`pg_notify(channel, payload)`) that wakes every process's workers of a
   * queue; `owner`: the job's, when it has one (see `wakePayload`).
   */
  static wakeUp(queueName: string, owner?: string | null): { channel: string; payload: string } {
    return { channel: NOTIFY_CHANNEL, payload: wakePayload(queueName, owner) };
  }

  /**
   * Schedules and runs a periodic job on the shared scheduler: one run per period across every
   * process (maintenance, the reconciler, the parse-request reaper).
   */
  async workPeriodic(name: string, cron: string, handler: () => Promise<void>): Promise<void> {
    const boss = await this.ready();
    await boss.createQueue(name, { retryLimit: 0, deleteAfterSeconds: 3600, policy: "singleton" });
    await boss.schedule(name, cron, {});
    const pollingIntervalSeconds = Math.min(10, this.opts.scheduleCheckSeconds ?? 10);
    await boss.work(name, { pollingIntervalSeconds }, async () => handler());
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
    // A lazy queue that never sent anything has no pg-boss to stop; one starting is stopped once up.
    const boss = this.started ?? (await this.starting?.catch(() => null));
    if (!boss) return;
    await boss.stop({ graceful: opts.graceful ?? true, timeout: Math.max(1000, grace) });
  }
}
