import { submittedUrlProblem } from "../shared/submittedUrl.ts";
import { randomUUID } from "node:crypto";
import type { Config } from "../../config.ts";
import type { EndsRide } from "../../fetcher/sharedFetch.ts";
import {
  type AgentType,
  canonicalAgentType,
  parseIngestPayload,
  type TaskEventType,
  type TaskState,
} from "../../domain/task.ts";
import { SYSTEM, type Viewer } from "../../domain/user.ts";
import { fail, type Failure } from "../../errors.ts";
import { normalizeUrl, urlHash, urlKey } from "../../domain/normalizeUrl.ts";
import type { PipelineContext } from "../../pipeline/context.ts";
import { metrics } from "../../metrics.ts";
import type { Logger } from "pino";
import type { Kysely } from "kysely";
import { type SqlExecutor } from "../../queue/queue.ts";
import type { ReconcilerFamily } from "../../queue/reconciler.ts";
import { IdempotencyKeyTaken, type IdempotencyRepo, type KeyClaim } from "../../storage/idempotency.repo.ts";
import { kyselyExecutor } from "../../storage/rawSql.ts";
import type { Schema, TaskRow } from "../../storage/schema.ts";
import type { TasksRepo } from "../../storage/tasks.repo.ts";
import { embeddable, type StatementPart } from "../../storage/insertNewTask.ts";
import type { UrlRegistryRepo } from "../../storage/urlRegistry.repo.ts";
import type { ArtifactStore } from "../shared/artifactStore.ts";
import { eventKey, toEvent, type EventHub } from "../shared/eventHub.ts";
import { OutcomeWriter } from "./outcomeWriter.ts";
import { ProgressWriter } from "./progressWriter.ts";
import { TaskClaimer } from "./taskClaimer.ts";
import type { AttemptInfo } from "./resumeAfterLoss.ts";
import { eventData, runTask, type AgentRunner, type ModeRunners } from "./runTask.ts";

export type { AgentRunner, ModeRunners };

/**
 * Queues a task's job, in the caller's transaction when `db` is given (pg-boss's `db` option on
 * send); with `notify` false the transaction sends `wakeUp` itself.
 */
type Enqueue = ((
  taskId: string,
  db?: SqlExecutor,
  notify?: boolean,
  owner?: string | null,
) => Promise<unknown>) & {
  /**
   * The notification that wakes every process's task workers for a job of `owner`'s
   * (JobQueue.wakeUp), sent at commit.
   */
  wakeUp?: (owner: string | null) => { channel: string; payload: string };
  /** Wakes this process's own task workers (a job of `owner`'s committed by a statement of the caller's). */
  woken?: (owner: string | null) => void;
};

/**
 * The statement the queue would send for a task's job, captured instead of run, so that the task's
 * own statement carries it: the queue (pg-boss) writes a job with one INSERT through the executor
 * it is given. Null when it sent anything else (the caller then sends the job as before).
 */
async function jobStatement(
  enqueue: Enqueue,
  taskId: string,
  owner?: string | null,
): Promise<StatementPart | null> {
  const sent: StatementPart[] = [];
  await enqueue(
    taskId,
    {
      executeSql: async (text, values = []) => {
        sent.push({ text, values });
        // The job's id as the INSERT would return it (nobody here reads it).
        return { rows: [{ id: taskId }] };
      },
    },
    false,
    owner,
  );
  return sent.length === 1 ? sent[0]! : null;
}

/** Presents a task row as the API's TaskState. */
export function toTaskState(row: TaskRow, config: Config): TaskState {
  const lastUpdated = new Date(row.last_updated);
  return {
    taskId: row.id,
    threadId: row.thread_id,
    agentType: row.agent_type,
    status: row.status as TaskState["status"],
    currentPhase: row.current_phase,
    progress: row.progress,
    payload: row.payload,
    result: row.result ?? null,
    error: (row.error as TaskState["error"]) ?? null,
    metadata: (row.metadata as Record<string, unknown>) ?? {},
    recipeId: row.recipe_id,
    createdAt: new Date(row.created_at).toISOString(),
    lastUpdated: lastUpdated.toISOString(),
    version: row.version,
    expiresAt:
      row.status === "ReviewReady"
        ? new Date(lastUpdated.getTime() + config.Ingest.DraftExpirationDays * 86_400_000).toISOString()
        : null,
  };
}

export interface CreateTaskInput {
  agentType: string;
  threadId?: string | null;
  payload?: unknown;
  requestedBy?: string | null;
  /** Who asks, when known with their role (what a Normalize target is checked against). */
  requester?: Viewer | null;
  /** Kept with the task's own metadata (a refresh names the recipe it refreshes: refreshOf). */
  metadata?: Record<string, unknown>;
  /**
   * The request's Idempotency-Key: its response is stored in the creating transaction. With
   * `claim`, the key is not claimed yet and is claimed there too: a key taken meanwhile throws
   * `IdempotencyKeyTaken` with nothing written.
   */
  idempotency?: { callerId: string; key: string; claim?: KeyClaim };
}

export interface CreateTaskOutput {
  taskId: string;
  threadId: string;
  agentType: string;
  status: "Pending";
}

/** Creating, reading and running tasks. */
export class TaskService {
  /** The modes run by other use cases of the family (createTasks wires them). */
  readonly modes: ModeRunners;
  /** Installed agents besides Ingest, by canonical type. A type without one fails at creation. */
  readonly agents: Partial<Record<Exclude<AgentType, "Ingest">, AgentRunner>>;
  private readonly config: Config;
  readonly tasks: TasksRepo;
  private readonly urls: UrlRegistryRepo;
  private readonly keys: IdempotencyRepo;
  readonly artifacts: ArtifactStore;
  readonly events: EventHub;
  /** Phase progress of this process's running tasks, written together. */
  readonly progress: ProgressWriter;
  /** Outcomes of this process's task runs, written together. */
  readonly outcomes: OutcomeWriter;
  /** Claims of this process's task runs, written together. */
  readonly claims: TaskClaimer;
  /** Longest a phase's progress waits before it is written. */
  readonly progressWriteDelayMs: number;
  private readonly enqueue: Enqueue | null;
  private readonly llmUsage: ((taskId: string) => Promise<Record<string, unknown>>) | null;
  private readonly db: Kysely<Schema>;

  constructor(
    config: Config,
    tasks: TasksRepo,
    urls: UrlRegistryRepo,
    /** Idempotency-Key answers, stored with the task they created. */
    keys: IdempotencyRepo,
    artifacts: ArtifactStore,
    events: EventHub,
    enqueue: Enqueue | null,
    llmUsage: ((taskId: string) => Promise<Record<string, unknown>>) | null,
    /** The database, so that creation is one transaction. */
    db: Kysely<Schema>,
    runners: Pick<TaskService, "modes" | "agents"> = { modes: {}, agents: {} },
    /** The shared fetcher's waiting lease ends, carried by the outcome statements (OutcomeWriter). */
    takeLeaseEnds?: () => EndsRide | null,
  ) {
    this.modes = runners.modes;
    this.agents = runners.agents;
    this.db = db;
    this.llmUsage = llmUsage;
    this.config = config;
    this.tasks = tasks;
    this.urls = urls;
    this.keys = keys;
    this.artifacts = artifacts;
    this.events = events;
    this.outcomes = new OutcomeWriter(tasks, events, takeLeaseEnds);
    this.progress = new ProgressWriter(this.outcomes);
    this.claims = new TaskClaimer(tasks);
    this.progressWriteDelayMs = config.Ingest.ProgressWriteDelayMs;
    this.enqueue = enqueue;
  }

  /** Validates and persists a task, then enqueues it. */
  async create(
    input: CreateTaskInput,
  ): Promise<{ ok: true; value: CreateTaskOutput; row: TaskRow } | Failure> {
    const agentType = canonicalAgentType(input.agentType ?? "");
    if (!agentType) {
      return fail(
        "INVALID_AGENT_TYPE",
        `Unknown agentType "${input.agentType}"; valid types are Ingest, Research and Analysis.`,
        {
          agentType: input.agentType,
        },
      );
    }
    let payload: unknown;
    let metadata: Record<string, unknown> = { ...input.metadata, requestedBy: input.requestedBy ?? null };
    /** An import by URL registers its URL with the task. */
    let ingestUrl: string | null = null;
    if (agentType !== "Ingest") {
      // Valid types: an installed agent checks its payload; a type without one fails now
      // with a stable code rather than waiting Pending for a worker that will never come.
      const agent = this.agents[agentType];
      if (!agent)
        return fail("AGENT_NOT_INSTALLED", `No ${agentType} agent is installed on this server.`, {
          agentType,
        });
      const checked = await agent.validate(
        input.payload,
        input.requester ?? { id: input.requestedBy ?? SYSTEM.id, role: "user" },
      );
      if (!checked.ok) return checked;
      payload = checked.payload;
      metadata = { ...metadata, ...checked.metadata };
    } else {
      const parsed = parseIngestPayload(input.payload);
      if (!parsed.ok) return fail("INVALID_PAYLOAD", parsed.message, { issues: parsed.issues });
      const ingest = parsed.payload;
      if (ingest.mode === "Url") {
        const refused = submittedUrlProblem(ingest.url, this.config);
        if (refused) return fail("INVALID_PAYLOAD", refused, { field: "payload.url" });
      }
      if (ingest.mode === "Query" && !this.modes.query?.ready() && !ingest.candidates?.length)
        return fail("DISCOVERY_NOT_CONFIGURED");
      if (ingest.mode === "Source") {
        const bad = this.modes.source
          ? await this.modes.source.validate(ingest, input.requestedBy ?? null)
          : fail("INVALID_PAYLOAD", 'mode "Source" is not available on this server.');
        if (bad) return bad;
      }
      if (ingest.mode === "Normalize") {
        const bad = this.modes.normalize
          ? await this.modes.normalize.validate(
              ingest,
              input.requester ?? { id: input.requestedBy ?? SYSTEM.id, role: "user" },
            )
          : fail("INVALID_PAYLOAD", 'mode "Normalize" is not available on this server.');
        if (bad) return bad;
      }
      payload = ingest;
      if (ingest.mode === "Url") ingestUrl = ingest.url;
      metadata = {
        ...metadata,
        ...(ingest.mode === "Url" ? { sourceUrl: ingest.url, urlHash: urlHash(ingest.url) } : {}),
        ...(ingest.mode === "Query" ? { query: ingest.query } : {}),
      };
      if (ingest.mode === "Source") metadata = { ...metadata, sourceType: ingest.sourceType };
      else {
        for (const [k, v] of Object.entries(ingest.promptSelection ?? {}))
          if (v) metadata[`promptId:${k}`] = v;
        for (const [k, v] of Object.entries(ingest.promptIds ?? {})) if (v) metadata[`promptId:${k}`] = v;
        for (const [k, v] of Object.entries(ingest.promptOverrides ?? {}))
          if (v) metadata[`promptOverride:${k}`] = v;
      }
    }
    const id = randomUUID();
    const threadId = input.threadId?.trim() || randomUUID();

    const pendingRow = {
      id,
      threadId,
      agentType,
      status: "Pending",
      payload,
      metadata,
      requestedBy: input.requestedBy ?? null,
    };
    // The answer to replay, committed with the task: a crash before the API answers still gives
    // the client's retry this task, never a second one.
    const answer = input.idempotency
      ? {
          ...input.idempotency,
          status: 202,
          headers: { "content-type": "application/json", location: `/api/tasks/${id}` },
          body: JSON.stringify({
            taskId: id,
            threadId,
            agentType,
            status: "Pending",
          } satisfies CreateTaskOutput),
        }
      : undefined;
    const firstEvent = {
      type: "ingest.progress",
      // What eventData gives for the row just written.
      data: { status: "Pending", phase: null, progress: 0 },
      at: new Date(),
    };
    const url = ingestUrl
      ? { urlKey: urlKey(ingestUrl), normalizedUrl: normalizeUrl(ingestUrl), urlHash: urlHash(ingestUrl) }
      : null;
    // Task row, URL registry, first event, job and the request's answer all or none: a process
    // killed at any point leaves no task stuck without its job and no retry that makes a second task.
    // The requester owns the job: the queue takes each user's jobs in turn (fair queues).
    const job = this.enqueue ? await jobStatement(this.enqueue, id, input.requestedBy) : null;
    let first: Awaited<ReturnType<TasksRepo["insertWithFirstEvent"]>>;
    if (this.enqueue?.wakeUp && job && embeddable(job)) {
      // One statement (every submit pays it): the queue's own INSERT of the job as one of its parts.
      first = await this.tasks.insertWithFirstEvent(pendingRow, firstEvent, {
        url,
        notify: this.enqueue.wakeUp(input.requestedBy ?? null),
        job,
        ...(answer ? { answer } : {}),
      });
      this.enqueue.woken?.(input.requestedBy ?? null);
    } else {
      first = await this.db.transaction().execute(async (trx) => {
        if (answer?.claim && !(await this.keys.withDb(trx).claimAnswered(answer, answer.claim)))
          throw new IdempotencyKeyTaken();
        const w = await this.tasks.withDb(trx).insertWithFirstEvent(pendingRow, firstEvent, {
          url,
          ...(this.enqueue?.wakeUp ? { notify: this.enqueue.wakeUp(input.requestedBy ?? null) } : {}),
        });
        if (this.enqueue)
          await this.enqueue(id, kyselyExecutor(trx), !this.enqueue.wakeUp, input.requestedBy);
        if (answer && !answer.claim)
          await this.keys.withDb(trx).complete(answer.callerId, answer.key, {
            status: 202,
            headers: answer.headers,
            body: answer.body,
          });
        return w;
      });
      // The job is visible from the commit on: the send's own wake-up ran before it, and a fair
      // pass then found nothing (another owner's first import then waited on a backlog's slots).
      if (this.enqueue) this.enqueue.woken?.(input.requestedBy ?? null);
    }
    if (answer)
      this.keys.stored(answer.callerId, answer.key, {
        status: 202,
        headers: answer.headers,
        body: answer.body,
      });
    const row = first.row;
    const written = [toEvent(first.event)];
    this.events.announce(written);
    metrics.tasksCreated.inc();
    return { ok: true, value: { taskId: id, threadId, agentType, status: "Pending" }, row };
  }

  /**
   * The reconciler's view of tasks: Pending/Running tasks, re-queued as task jobs (the task id is
   * the job key), failed with their event like any other failure.
   */
  reconcilerFamily(queueName: string): ReconcilerFamily {
    return {
      family: "tasks",
      queue: queueName,
      findStale: (before, limit) => this.tasks.findStale(before, limit),
      requeue: async (id, requeues) => {
        const owner = await this.tasks.noteRequeue(id, requeues);
        if (this.enqueue) await this.enqueue(id, undefined, true, owner);
      },
      failDead: async (id, failure) => {
        const row = await this.tasks.failIfUnfinished(id, {
          code: failure.code,
          message: failure.message,
          ...(failure.details ? { details: failure.details } : {}),
        });
        if (!row) return false;
        await this.publishAll(row, [
          { type: "ingest.progress", extra: { error: { code: failure.code, message: failure.message } } },
        ]);
        metrics.tasksFinished.inc({ status: "Failed" });
        return true;
      },
    };
  }

  /** A task `viewer` may see; another user's answers TASK_NOT_FOUND, as a missing one does. */
  async get(taskId: string, viewer: Viewer): Promise<{ ok: true; value: TaskState; row: TaskRow } | Failure> {
    const row = await this.tasks.get(taskId, viewer);
    if (!row) return fail("TASK_NOT_FOUND", `Task ${taskId} does not exist.`, { taskId });
    return { ok: true, value: toTaskState(row, this.config), row };
  }

  /** The task's metadata with its LLM token usage per phase (when any LLM phase ran). */
  async withLlmUsage(taskId: string, metadata: unknown): Promise<Record<string, unknown>> {
    const base = (metadata as Record<string, unknown>) ?? {};
    const usage = this.llmUsage ? await this.llmUsage(taskId) : {};
    return Object.keys(usage).length ? { ...base, llmUsage: usage } : base;
  }

  /** Publishes the task's state as an event of `type`, with extra data. */
  async publish(row: TaskRow, type: TaskEventType, extra: Record<string, unknown> = {}): Promise<void> {
    await this.publishAll(row, [{ type, extra }]);
  }

  /**
   * Publishes several events of the task's current state with one write. With `seen` (a retried
   * run), events identical to ones already stored are skipped, so clients see each step once.
   */
  async publishAll(
    row: TaskRow,
    events: { type: TaskEventType; extra?: Record<string, unknown> }[],
    seen: Set<string> | null = null,
  ): Promise<void> {
    const base = eventData(row);
    let out = events.map((e) => ({ type: e.type, data: { ...base, ...e.extra } }));
    if (seen) {
      out = out.filter((e) => {
        const k = eventKey(e.type, e.data);
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      });
    }
    if (out.length) await this.events.publishMany(row.id, out);
  }

  /** Runs a task's phases (the queue's job handler; runTask.ts). */
  async run(
    taskId: string,
    ctx: Omit<PipelineContext, "onPhase">,
    logger?: Logger,
    attempt?: AttemptInfo,
  ): Promise<void> {
    return runTask(this, taskId, ctx, logger, attempt);
  }
}
