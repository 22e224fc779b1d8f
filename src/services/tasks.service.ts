import { submittedUrlProblem } from "./submittedUrl.ts";
import { randomUUID } from "node:crypto";
import type { Config } from "../config.ts";
import type { RecipeDraft } from "../domain/draft.ts";
import {
  type AgentType,
  canonicalAgentType,
  parseIngestPayload,
  progressAfter,
  QUERY_PHASE_PLAN,
  URL_PHASE_PLAN,
  zIngestPayload,
  type QueryPayload,
  type IngestResult,
  type TaskEventType,
  type TaskState,
} from "../domain/task.ts";
import { SYSTEM, type Viewer } from "../domain/user.ts";
import { fail, type Failure } from "../errors.ts";
import { normalizeUrl, urlHash, urlKey } from "../domain/normalizeUrl.ts";
import type { ArtifactDraft, PipelineContext } from "../pipeline/context.ts";
import { metrics } from "../metrics.ts";
import { runUrlImport, type UrlImportResult } from "../pipeline/urlImport.ts";
import type { QueryImportResult } from "../pipeline/discoverImport.ts";
import type { Logger } from "pino";
import type { Kysely } from "kysely";
import { JobReleased, type SqlExecutor } from "../queue/queue.ts";
import type { ReconcilerFamily } from "../queue/reconciler.ts";
import { IdempotencyRepo } from "../storage/idempotency.repo.ts";
import { kyselyExecutor } from "../storage/rawSql.ts";
import type { Schema, TaskRow } from "../storage/schema.ts";
import type { TaskPatch, TasksRepo } from "../storage/tasks.repo.ts";
import type { UrlRegistryRepo } from "../storage/urlRegistry.repo.ts";
import type { ArtifactStore } from "./artifactStore.ts";
import { eventKey, toEvent, type EventHub } from "./eventHub.ts";

const PHASE_EVENTS: Record<string, TaskEventType> = {
  "Ingest.Discover": "ingest.discover.progress",
  "Ingest.Fetch": "ingest.fetch.progress",
  "Ingest.Extract": "ingest.extract.progress",
  "Ingest.Validate": "ingest.validate.progress",
  "Ingest.RepairJson": "ingest.validate.progress",
  "Ingest.RepairParaphrase": "ingest.validate.progress",
  "Ingest.Normalize": "ingest.normalize.progress",
};

/**
 * Queues a task's job, in the caller's transaction when `db` is given; with `notify` false the
 * transaction sends `wakeUp` itself.
 */
type Enqueue = ((
  taskId: string,
  db?: SqlExecutor,
  notify?: boolean,
  owner?: string | null,
) => Promise<unknown>) & {
  /** The job's insert statement, to run inside the task's own (JobQueue.taskJobInsert); null: enqueue. */
  jobInsert?(taskId: string, owner?: string | null): Promise<{ text: string; param: unknown } | null>;
  /** The notification that wakes every process's task workers (JobQueue.wakeUp), sent at commit. */
  wakeUp?: { channel: string; payload: string };
  /** Wakes this process's task workers once a job written by the task's statement is committed. */
  woken?(): void;
};

/** Thrown from a phase report when the task was cancelled meanwhile: the run stops there. */
class TaskCancelled extends Error {}
/** Longest a task's phase progress waits before it is written (see TaskService.run). */
const PROGRESS_FLUSH_MS = 250;

/** The task-state fields every task event carries. */
function eventData(row: TaskRow): Record<string, unknown> {
  return {
    taskId: row.id,
    threadId: row.thread_id,
    status: row.status,
    phase: row.current_phase,
    progress: row.progress,
  };
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
  /** The request's Idempotency-Key: its response is stored in the creating transaction. */
  idempotency?: { callerId: string; key: string };
}

export interface CreateTaskOutput {
  taskId: string;
  threadId: string;
  agentType: string;
  status: "Pending";
}

/**
 * Runners of payload modes other than Url, registered by their families at composition
 * (discovery: Query; normalize: Normalize), so this service stays the one task lifecycle.
 */
export interface ModeRunners {
  /** Import by query; `ready` says whether a search provider is configured. */
  query?: {
    ready(): boolean;
    run(ctx: PipelineContext, payload: QueryPayload): Promise<QueryImportResult>;
  };
  /** Normalization tasks run wholly by their family; it moves the task to its final state. */
  normalize?: {
    validate(payload: unknown, viewer: Viewer): Promise<Failure | null>;
    run(taskId: string): Promise<void>;
  };
}

/**
 * An agent type other than Ingest (§8.0: Research, Analysis), registered at composition. It checks
 * its payload at creation and runs its tasks to ReviewReady or Failed itself.
 */
export interface AgentRunner {
  validate(
    payload: unknown,
    /** Who asks: what they may read (a recipe to analyse) follows the ownership rule. */
    requester: Viewer,
  ): Promise<{ ok: true; payload: unknown; metadata: Record<string, unknown> } | Failure>;
  run(taskId: string, ctx: Omit<PipelineContext, "onPhase">): Promise<void>;
}

/** Creating, reading and running tasks. */
export class TaskService {
  /** Set by the composition root. */
  readonly modes: ModeRunners = {};
  /** Installed agents besides Ingest, by canonical type. A type without one fails at creation. */
  readonly agents: Partial<Record<Exclude<AgentType, "Ingest">, AgentRunner>> = {};
  private readonly config: Config;
  private readonly tasks: TasksRepo;
  private readonly urls: UrlRegistryRepo;
  private readonly artifacts: ArtifactStore;
  private readonly events: EventHub;
  private readonly enqueue: Enqueue | null;
  private readonly llmUsage: ((taskId: string) => Promise<Record<string, unknown>>) | null;
  private readonly db: Kysely<Schema>;

  constructor(
    config: Config,
    tasks: TasksRepo,
    urls: UrlRegistryRepo,
    artifacts: ArtifactStore,
    events: EventHub,
    enqueue: Enqueue | null,
    llmUsage: ((taskId: string) => Promise<Record<string, unknown>>) | null,
    /** The database, so that creation is one transaction. */
    db: Kysely<Schema>,
  ) {
    this.db = db;
    this.llmUsage = llmUsage;
    this.config = config;
    this.tasks = tasks;
    this.urls = urls;
    this.artifacts = artifacts;
    this.events = events;
    this.enqueue = enqueue;
  }

  /** Validates and persists a task, then enqueues it (§8.0, §8.0.1). */
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
    let metadata: Record<string, unknown> = { requestedBy: input.requestedBy ?? null };
    /** An import by URL registers its URL with the task. */
    let url: string | null = null;
    if (agentType !== "Ingest") {
      // §8.0 valid types: an installed agent checks its payload; a type without one fails now
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
      if (ingest.mode === "Url") url = ingest.url;
      metadata = {
        ...metadata,
        ...(ingest.mode === "Url" ? { sourceUrl: ingest.url, urlHash: urlHash(ingest.url) } : {}),
        ...(ingest.mode === "Query" ? { query: ingest.query } : {}),
      };
      for (const [k, v] of Object.entries(ingest.promptSelection ?? {})) if (v) metadata[`promptId:${k}`] = v;
      for (const [k, v] of Object.entries(ingest.promptIds ?? {})) if (v) metadata[`promptId:${k}`] = v;
      for (const [k, v] of Object.entries(ingest.promptOverrides ?? {}))
        if (v) metadata[`promptOverride:${k}`] = v;
    }
    const id = randomUUID();
    const threadId = input.threadId?.trim() || randomUUID();

    // Task row, URL registry, first event and job in one statement (or, when the queue cannot hand
    // over its insert, one transaction): a process killed at any point leaves either all of them
    // or none (issue 11, "tasks stuck forever").
    const insert = async (
      tasks: TasksRepo,
      exec: SqlExecutor | null,
      keys: IdempotencyRepo,
      job: { text: string; param: unknown } | null,
    ) => {
      const pendingRow = {
        id,
        threadId,
        agentType,
        status: "Pending",
        payload,
        metadata,
        requestedBy: input.requestedBy ?? null,
      };
      // The answer to replay, committed with the task: a crash before the API answers still
      // gives the client's retry this task, never a second one.
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
      const first = await tasks.insertWithFirstEvent(
        pendingRow,
        {
          type: "ingest.progress",
          // What eventData gives for the row just written.
          data: { taskId: id, threadId, status: "Pending", phase: null, progress: 0 },
          at: new Date(),
        },
        url ? { urlKey: urlKey(url), normalizedUrl: normalizeUrl(url), urlHash: urlHash(url) } : null,
        {
          ...(answer ? { answer } : {}),
          ...(this.enqueue?.wakeUp ? { notify: this.enqueue.wakeUp } : {}),
          ...(job ? { job } : {}),
        },
      );
      const row = first.row;
      const written = [toEvent(first.event)];
      if (this.enqueue && !job)
        await this.enqueue(id, exec ?? undefined, !this.enqueue.wakeUp, input.requestedBy);
      if (answer)
        keys.stored(answer.callerId, answer.key, {
          status: answer.status,
          headers: answer.headers,
          body: answer.body,
        });
      return { row, written };
    };
    // The requester owns the job: the queue takes each user's jobs in turn (fair queues).
    const job = (await this.enqueue?.jobInsert?.(id, input.requestedBy)) ?? null;
    const { row, written } = job
      ? await insert(this.tasks, null, new IdempotencyRepo(this.db), job)
      : await this.db
          .transaction()
          .execute((trx) =>
            insert(this.tasks.withDb(trx), kyselyExecutor(trx), new IdempotencyRepo(trx), null),
          );
    if (job) this.enqueue?.woken?.();
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
  private async withLlmUsage(taskId: string, metadata: unknown): Promise<Record<string, unknown>> {
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

  /**
   * Runs a task's phases (the queue's job handler). Idempotent: a task that is no longer
   * Pending or Running is left alone; a Running one (its worker died) starts over.
   */
  async run(taskId: string, ctx: Omit<PipelineContext, "onPhase">, logger?: Logger): Promise<void> {
    // One conditional write claims the task: a task past Pending/Running is left alone.
    const claimed = await this.tasks.claimWithPrevious(taskId);
    if (!claimed) return;
    let row: TaskRow = claimed;
    // A retry (the task was Running): its events so far are stored; don't send them again.
    const seen = claimed.prev_status === "Running" ? await this.events.storedKeys(taskId) : null;
    if (row.agent_type !== "Ingest") {
      // Research and Analysis run wholly in their agent, which claims the task again (a no-op
      // for a Running task) and moves it to its final state; without one the task fails.
      const agent = this.agents[row.agent_type as Exclude<AgentType, "Ingest">];
      if (agent) return agent.run(taskId, ctx);
      const error = { code: "AGENT_NOT_INSTALLED", message: `No ${row.agent_type} agent is installed.` };
      const failed = await this.tasks.failIfUnfinished(taskId, error);
      if (failed) await this.publish(failed, "ingest.progress", { error });
      return;
    }
    const payload = zIngestPayload.parse(row.payload);
    if (payload.mode === "Normalize") {
      if (this.modes.normalize) return this.modes.normalize.run(taskId);
      return;
    }
    // Logs carry the task, thread, phase and source URL; never page content.
    const log = logger?.child({
      taskId,
      threadId: row.thread_id,
      ...(payload.mode === "Url" ? { sourceUrl: payload.url } : { query: payload.query }),
    });
    const plan = payload.mode === "Query" ? QUERY_PHASE_PLAN : URL_PHASE_PLAN;
    const completed: string[] = [];
    const startedAt = new Map<string, number>();
    const pending: { type: TaskEventType; extra?: Record<string, unknown> }[] = [];
    // §13.2 names: the repair loops belong to validation.
    const phaseEvent = (phase: string): TaskEventType =>
      (PHASE_EVENTS[phase] ?? "ingest.progress") as TaskEventType;

    // Phase progress is written at most every PROGRESS_FLUSH_MS: a task that runs its phases in a
    // few milliseconds writes them with its outcome (one write instead of two per phase), a slow
    // phase (fetch retries, an LLM) shows within that time. Writes run one after another, in order.
    let unwritten: { current_phase: string; progress: number } | null = null;
    let lastWrite = performance.now();
    let writes: Promise<void> = Promise.resolve();
    let flushTimer: NodeJS.Timeout | undefined;
    let cancelled = false;
    const flush = (): Promise<void> => {
      clearTimeout(flushTimer);
      flushTimer = undefined;
      writes = writes.then(async () => {
        if (!unwritten || cancelled) return;
        const patch = unwritten;
        unwritten = null;
        lastWrite = performance.now();
        // review: a cancelled task stops at the next phase boundary
        const next = await this.advance(taskId, row, patch, [], pending.splice(0), [], seen);
        if (!next) {
          cancelled = true;
          return;
        }
        row = next;
      });
      return writes;
    };
    // Query imports discover first, then run the same phases on the chosen candidate.
    const runImport = (
      c: PipelineContext,
      p: typeof payload,
    ): Promise<UrlImportResult & Partial<QueryImportResult>> => {
      if (p.mode !== "Query") return runUrlImport(c, p.url, p.render ?? null);
      if (!this.modes.query) throw new Error("query imports are not wired (no discovery runner)");
      return this.modes.query.run(c, p);
    };
    const result: (UrlImportResult & Partial<QueryImportResult>) | null = await runImport(
      {
        ...ctx,
        task: {
          id: taskId,
          promptSelection: payload.promptSelection ?? null,
          promptOverrides: payload.promptOverrides ?? null,
        },
        onPhase: async (phase, state, info) => {
          if (state === "started") startedAt.set(phase, performance.now());
          log?.debug({ phase, state }, "phase");
          if (state === "completed") {
            completed.push(phase);
            const t0 = startedAt.get(phase);
            if (t0 !== undefined) metrics.phaseDuration.observe({ phase }, (performance.now() - t0) / 1000);
          }
          const progress = progressAfter(plan, completed);
          // Every event carries the state it describes, whenever it is written.
          const at = { status: "Running", phase, progress };
          if (state === "completed") {
            pending.push(
              { type: phaseEvent(phase), extra: { state, ...at, ...(info ?? {}) } },
              { type: "ingest.progress", extra: at },
            );
            return;
          }
          if (cancelled) throw new TaskCancelled();
          pending.push(
            { type: phaseEvent(phase), extra: { state, ...at, ...(info ?? {}) } },
            { type: "ingest.progress", extra: at },
          );
          unwritten = { current_phase: phase, progress };
          if (performance.now() - lastWrite >= PROGRESS_FLUSH_MS) {
            await flush();
            if (cancelled) throw new TaskCancelled();
          } else {
            flushTimer ??= setTimeout(() => void flush().catch(() => undefined), PROGRESS_FLUSH_MS);
          }
        },
      },
      payload,
    )
      .catch((err: unknown) => {
        if (err instanceof TaskCancelled) return null;
        throw err;
      })
      .finally(() => clearTimeout(flushTimer));
    // A progress write still on its way lands before the outcome (events stay in order).
    await writes.catch(() => undefined);
    if (!result || cancelled) return;
    const discovery =
      payload.mode === "Query"
        ? {
            candidates: result.candidates ?? [],
            selectedCandidateIndex: result.selectedCandidateIndex ?? null,
            attempts: result.attempts ?? [],
          }
        : null;

    // Released at shutdown: another worker runs the task again; write no outcome here.
    if (ctx.signal?.aborted) throw new JobReleased(`task ${taskId} released at shutdown`);
    // The phases' events are stored with the outcome, before its own events: whoever sees the
    // task finished finds every event of the way there.
    const phaseEvents = pending.splice(0);
    const metadata = await this.withLlmUsage(taskId, row.metadata);
    if (!result.ok) {
      const failed = await this.advance(
        taskId,
        row,
        {
          status: "Failed",
          metadata,
          // A failed query import keeps its candidates, so the reviewer can pick one by hand.
          ...(discovery?.candidates.length ? { result: { draft: null, ...discovery } } : {}),
          error: {
            code: result.code,
            message: result.message,
            ...(result.details ? { details: result.details } : {}),
          },
        },
        phaseEvents,
        [{ type: "ingest.progress", extra: { error: { code: result.code, message: result.message } } }],
        result.artifacts,
        seen,
      );
      if (!failed) return; // cancelled meanwhile
      row = failed;
      log?.info({ phase: result.phase, code: result.code }, "task failed");
      metrics.tasksFinished.inc({ status: "Failed" });
      return;
    }

    const draftArtifact = {
      name: "draft.recipe.json",
      type: "draft.recipe.json",
      contentType: "application/json",
      content: JSON.stringify(result.draft, null, 2),
    };
    const artifacts = [...result.artifacts, draftArtifact];
    const refs = this.artifacts.refs(taskId, artifacts);
    const draft: RecipeDraft = { ...result.draft, artifacts: refs };
    const ingestResult: IngestResult = discovery
      ? { draft, ...discovery }
      : { draft, candidates: [], selectedCandidateIndex: null };
    completed.push("Ingest.ReviewReady");
    const sim = draft.similarity;
    if (sim?.violatesPolicy) metrics.paraphraseViolations.inc({ level: "error" });
    else if (sim?.details) metrics.paraphraseViolations.inc({ level: "warning" });
    const ready = await this.advance(
      taskId,
      row,
      {
        status: "ReviewReady",
        metadata,
        current_phase: "Ingest.ReviewReady",
        progress: progressAfter(plan, completed),
        result: ingestResult,
      },
      phaseEvents,
      [
        { type: "ingest.progress" },
        {
          type: "ingest.review_ready",
          extra: {
            recipeName: draft.recipe.name,
            extractionMethod: draft.source.extractionMethod,
            validation: draft.validation,
          },
        },
      ],
      artifacts,
      seen,
    );
    if (!ready) return; // cancelled meanwhile
    row = ready;
    metrics.tasksFinished.inc({ status: "ReviewReady" });
    if (draft.source.extractionMethod)
      metrics.extractionMethod.inc({ method: draft.source.extractionMethod });
  }

  /**
   * A running task's update (undefined when it is no longer Running) with the events before it
   * (`before`, as of `row`), the events of its new state (`after`, only when it happened) and
   * artifacts: one statement. A retried run (`seen`) skips events it already stored, and takes the
   * longer way, one write after another.
   */
  private async advance(
    taskId: string,
    row: TaskRow,
    patch: TaskPatch,
    before: { type: TaskEventType; extra?: Record<string, unknown> }[],
    after: { type: TaskEventType; extra?: Record<string, unknown> }[],
    artifacts: ArtifactDraft[],
    seen: Set<string> | null,
  ): Promise<TaskRow | undefined> {
    if (seen) {
      if (before.length) await this.publishAll(row, before, seen);
      if (artifacts.length) await this.artifacts.save(taskId, artifacts);
      const next = await this.tasks.updateWhileRunning(taskId, patch);
      if (next && after.length) await this.publishAll(next, after, seen);
      return next;
    }
    const base = eventData(row);
    const { row: next, events } = await this.tasks.advance(
      taskId,
      patch,
      [
        ...before.map((e) => ({ type: e.type, data: { ...base, ...e.extra } })),
        ...after.map((e) => ({ type: e.type, data: e.extra ?? {}, onUpdate: true })),
      ],
      this.artifacts.prepare(artifacts),
    );
    this.events.announce(events.map(toEvent));
    return next;
  }
}
