import type { RecipeDraft } from "../../domain/draft.ts";
import {
  type AgentType,
  progressAfter,
  QUERY_PHASE_PLAN,
  URL_PHASE_PLAN,
  zIngestPayload,
  type QueryPayload,
  type SourcePayload,
  type UrlPayload,
  type IngestResult,
  type TaskEventType,
} from "../../domain/task.ts";
import { type Viewer } from "../../domain/user.ts";
import { type Failure } from "../../errors.ts";
import type { ArtifactDraft, PipelineContext } from "../../pipeline/context.ts";
import { metrics } from "../../metrics.ts";
import type { UrlImportResult } from "../../pipeline/urlImport.ts";
import type { QueryImportResult } from "../../pipeline/discoverImport.ts";
import type { Logger } from "pino";
import { JobReleased } from "../../queue/queue.ts";
import type { TaskRow } from "../../storage/schema.ts";
import type { TaskPatch, TasksRepo } from "../../storage/tasks.repo.ts";
import type { ArtifactStore } from "../shared/artifactStore.ts";
import { toEvent, type EventHub } from "../shared/eventHub.ts";
import type { OutcomeWriter } from "./outcomeWriter.ts";
import type { ProgressWriter } from "./progressWriter.ts";
import type { TaskClaimer } from "./taskClaimer.ts";
import { resumeAfterLoss, type AttemptInfo } from "./resumeAfterLoss.ts";
import { taskLogger } from "./taskLogger.ts";

// Running a task: its phases in order, with their progress, events, retries and artifacts
// (TaskService.run). Phases as data would replace the body of runTask.

const PHASE_EVENTS: Record<string, TaskEventType> = {
  "Ingest.Discover": "ingest.discover.progress",
  "Ingest.Fetch": "ingest.fetch.progress",
  "Ingest.Extract": "ingest.extract.progress",
  "Ingest.Validate": "ingest.validate.progress",
  "Ingest.RepairJson": "ingest.validate.progress",
  "Ingest.RepairParaphrase": "ingest.validate.progress",
  "Ingest.Normalize": "ingest.normalize.progress",
};

/** Thrown from a phase report when the task was cancelled meanwhile: the run stops there. */
class TaskCancelled extends Error {}

/**
 * The task-state fields every task event stores. Its task and thread are not stored in it (the
 * row's `task_id` says the task, whose thread never changes): the stream adds both as it sends it
 * (`withTask`), which spared ~100 bytes of jsonb, and their WAL, on each of an import's ~12 events.
 */
export function eventData(row: TaskRow): Record<string, unknown> {
  return {
    status: row.status,
    phase: row.current_phase,
    progress: row.progress,
  };
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
  /** Import from text or a file (the import family's readers), for the requester. */
  source?: {
    validate(payload: SourcePayload, userId: string | null): Promise<Failure | null>;
    run(ctx: PipelineContext, payload: SourcePayload, userId: string): Promise<UrlImportResult>;
  };
  /** A Url task made from a page the cook's browser sent: read from that page, never fetched. */
  capture?: {
    run(ctx: PipelineContext, payload: UrlPayload, row: TaskRow): Promise<UrlImportResult>;
  };
  /** Normalization tasks run wholly by their family; it moves the task to its final state. */
  normalize?: {
    validate(payload: unknown, viewer: Viewer): Promise<Failure | null>;
    run(taskId: string): Promise<void>;
  };
}

/**
 * An agent type other than Ingest (Research, Analysis), registered at composition. It checks
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

/** What running a task needs of TaskService, handed in so neither file imports the other. */
export interface RunDeps {
  readonly modes: ModeRunners;
  readonly agents: Partial<Record<Exclude<AgentType, "Ingest">, AgentRunner>>;
  readonly tasks: TasksRepo;
  readonly artifacts: ArtifactStore;
  readonly events: EventHub;
  /** Carries phase progress of this process's tasks together (absent: a statement per write). */
  readonly progress?: ProgressWriter;
  /** Carries claims of this process's task runs together (absent: a statement per claim). */
  readonly claims?: TaskClaimer;
  /** Carries outcomes of this process's task runs together (absent: a statement per outcome). */
  readonly outcomes?: OutcomeWriter;
  /** Longest a phase's progress waits before it is written (Ingest:ProgressWriteDelayMs). */
  readonly progressWriteDelayMs: number;
  withLlmUsage(taskId: string, metadata: unknown): Promise<Record<string, unknown>>;
  publish(row: TaskRow, type: TaskEventType, extra?: Record<string, unknown>): Promise<void>;
  publishAll(
    row: TaskRow,
    events: { type: TaskEventType; extra?: Record<string, unknown> }[],
    seen?: Set<string> | null,
  ): Promise<void>;
}

/**
 * Runs a task's phases (the queue's job handler). Idempotent: a task that is no longer
 * Pending or Running is left alone; a Running one (its worker died) starts over. `attempt` is what
 * the queue says of the attempt before (see resumeAfterLoss).
 */
export async function runTask(
  svc: RunDeps,
  taskId: string,
  ctx: Omit<PipelineContext, "onPhase">,
  logger?: Logger,
  attempt?: AttemptInfo,
): Promise<void> {
  // One conditional write claims the task: a task past Pending/Running is left alone.
  const claimed = await (svc.claims ? svc.claims.claim(taskId) : svc.tasks.claimWithPrevious(taskId));
  if (!claimed) return;
  let row: TaskRow = claimed;
  let cpu = ctx.cpu;
  if (attempt?.lost) {
    // The attempt before died with its process: counted by the task, not the queue's retries.
    const resumed = await resumeAfterLoss(svc, taskId, attempt, ctx.cpu);
    if (!resumed) return;
    ({ row, cpu } = resumed);
  }
  // A retry (the task was Running): its events so far are stored; don't send them again.
  const seen = claimed.prev_status === "Running" ? await svc.events.storedKeys(taskId) : null;
  if (row.agent_type !== "Ingest") {
    // Research and Analysis run wholly in their agent, which claims the task again (a no-op
    // for a Running task) and moves it to its final state; without one the task fails.
    const agent = svc.agents[row.agent_type as Exclude<AgentType, "Ingest">];
    if (agent) return agent.run(taskId, ctx);
    const error = { code: "AGENT_NOT_INSTALLED", message: `No ${row.agent_type} agent is installed.` };
    const failed = await svc.tasks.failIfUnfinished(taskId, error);
    if (failed) await svc.publish(failed, "ingest.progress", { error });
    return;
  }
  const payload = zIngestPayload.parse(row.payload);
  if (payload.mode === "Normalize") {
    if (svc.modes.normalize) return svc.modes.normalize.run(taskId);
    return;
  }
  // Logs carry the task, thread, phase and source URL; never page content. The task's logger is
  // made on its first line (see taskLogger): at level info a task that succeeds writes none.
  const threadId = row.thread_id;
  const log = taskLogger(logger, () => ({
    taskId,
    threadId,
    ...(payload.mode === "Url"
      ? { sourceUrl: payload.url }
      : payload.mode === "Query"
        ? { query: payload.query }
        : { sourceType: payload.sourceType }),
  }));
  const plan = payload.mode === "Query" ? QUERY_PHASE_PLAN : URL_PHASE_PLAN;
  const completed: string[] = [];
  const startedAt = new Map<string, number>();
  const pending: { type: TaskEventType; extra?: Record<string, unknown> }[] = [];
  // Names: the repair loops belong to validation.
  const phaseEvent = (phase: string): TaskEventType =>
    (PHASE_EVENTS[phase] ?? "ingest.progress") as TaskEventType;

  // Phase progress is written progressWriteDelayMs (250) after a phase starts, if the task still runs then
  // (at most one write per that time): a task that runs its phases in a few milliseconds writes
  // them with its outcome (one write instead of two per phase), a slow phase (fetch retries, a wait
  // for a CPU slot, an LLM) shows within that time. A phase that started long after the last write
  // used to be written at once, awaited: under a burst that was the quick validation after every
  // long wait for extraction, a statement and a task row update per import that the outcome
  // superseded a few milliseconds later. Writes run one after another, in order.
  let unwritten: { current_phase: string; progress: number } | null = null;
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
      // review: a cancelled task stops at the next phase boundary
      const events = pending.splice(0);
      // A first run's progress shares a statement with other tasks' (a retry's skips events it stored).
      const next =
        svc.progress && !seen
          ? await svc.progress.write(
              taskId,
              patch,
              events.map((e) => ({ type: e.type, data: { ...eventData(row), ...e.extra } })),
            )
          : await advance(svc, taskId, row, patch, [], events, [], seen);
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
    if (p.mode === "Url") {
      if (!(row.metadata as { capture?: unknown } | null)?.capture)
        // The pipeline loads with the first task run here: an API process never runs one.
        return import("../../pipeline/urlImport.ts").then((m) => m.runUrlImport(c, p.url, p.render ?? null));
      // A captured page is never fetched by the server: without its runner the task cannot run.
      if (!svc.modes.capture) throw new Error("captured pages are not wired (no capture runner)");
      return svc.modes.capture.run(c, p, row);
    }
    if (p.mode === "Source") {
      if (!svc.modes.source) throw new Error("source imports are not wired (no import readers)");
      return svc.modes.source.run(c, p, row.requested_by ?? "");
    }
    if (!svc.modes.query) throw new Error("query imports are not wired (no discovery runner)");
    return svc.modes.query.run(c, p);
  };
  const result: (UrlImportResult & Partial<QueryImportResult>) | null = await runImport(
    {
      ...ctx,
      ...(cpu ? { cpu } : {}),
      task: {
        id: taskId,
        promptSelection: payload.mode === "Source" ? null : (payload.promptSelection ?? null),
        promptOverrides: payload.mode === "Source" ? null : (payload.promptOverrides ?? null),
      },
      onPhase: async (phase, state, info) => {
        if (state === "started") startedAt.set(phase, performance.now());
        log("debug")?.debug({ phase, state }, "phase");
        if (state === "completed") {
          completed.push(phase);
          const t0 = startedAt.get(phase);
          if (t0 !== undefined) metrics.phaseDuration.observe({ phase }, (performance.now() - t0) / 1000);
        }
        const progress = progressAfter(plan, completed);
        // Every event carries the state it describes, whenever it is written.
        const at = { status: "Running", phase, progress };
        if (state === "completed") {
          // No `ingest.progress` beside it: a completed phase is always written together with what
          // follows it (the next phase's start, or the outcome), whose own `ingest.progress` says
          // the same status and progress; the screen never showed this one (3 of 15 events).
          pending.push({ type: phaseEvent(phase), extra: { state, ...at, ...(info ?? {}) } });
          return;
        }
        if (cancelled) throw new TaskCancelled();
        // A phase's start is stored alone: the `ingest.progress` that says the same status, phase
        // and progress is made as the stream sends it (taskEventFrames), not stored (3 of 12 events).
        pending.push({ type: phaseEvent(phase), extra: { state, ...at, ...(info ?? {}) } });
        unwritten = { current_phase: phase, progress };
        flushTimer ??= setTimeout(() => void flush().catch(() => undefined), svc.progressWriteDelayMs);
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
  // The outcome's statement completes the task's job too (the queue then sends no completion).
  const job = attempt?.completed && attempt.id && attempt.schema && attempt.name ? attempt : undefined;
  // The phases' events are stored with the outcome, before its own events: whoever sees the
  // task finished finds every event of the way there.
  const phaseEvents = pending.splice(0);
  const metadata = await svc.withLlmUsage(taskId, row.metadata);
  if (!result.ok) {
    const failed = await advance(
      svc,
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
      job,
    );
    if (!failed) return; // cancelled meanwhile
    row = failed;
    log("info")?.info({ phase: result.phase, code: result.code }, "task failed");
    metrics.tasksFinished.inc({ status: "Failed" });
    return;
  }

  // The draft as read is the result's draft, stored once: the artifact is read from the result
  // (it was the outcome's largest value sent and stored twice, once pretty-printed).
  const asRead = result.draft;
  const draftArtifact: ArtifactDraft = {
    name: "draft.recipe.json",
    type: "draft.recipe.json",
    contentType: "application/json",
    inTaskResult: true,
    get content() {
      return JSON.stringify(asRead, null, 2);
    },
  };
  const artifacts = [...result.artifacts, draftArtifact];
  const refs = svc.artifacts.refs(taskId, artifacts);
  const draft: RecipeDraft = { ...result.draft, artifacts: refs };
  const ingestResult: IngestResult = discovery
    ? { draft, ...discovery }
    : { draft, candidates: [], selectedCandidateIndex: null };
  completed.push("Ingest.ReviewReady");
  const sim = draft.similarity;
  if (sim?.violatesPolicy) metrics.paraphraseViolations.inc({ level: "error" });
  else if (sim?.details) metrics.paraphraseViolations.inc({ level: "warning" });
  const ready = await advance(
    svc,
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
    job,
  );
  if (!ready) return; // cancelled meanwhile
  row = ready;
  metrics.tasksFinished.inc({ status: "ReviewReady" });
  if (draft.source.extractionMethod) metrics.extractionMethod.inc({ method: draft.source.extractionMethod });
}

/**
 * A running task's update (undefined when it is no longer Running) with the events before it
 * (`before`, as of `row`), the events of its new state (`after`, only when it happened) and
 * artifacts: one statement. A retried run (`seen`) skips events it already stored, and takes the
 * longer way, one write after another.
 */
async function advance(
  svc: RunDeps,
  taskId: string,
  row: TaskRow,
  patch: TaskPatch,
  before: { type: TaskEventType; extra?: Record<string, unknown> }[],
  after: { type: TaskEventType; extra?: Record<string, unknown> }[],
  artifacts: ArtifactDraft[],
  seen: Set<string> | null,
  job?: AttemptInfo,
): Promise<TaskRow | undefined> {
  if (seen) {
    if (before.length) await svc.publishAll(row, before, seen);
    if (artifacts.length) await svc.artifacts.save(taskId, artifacts);
    const next = await svc.tasks.updateWhileRunning(taskId, patch);
    if (next && after.length) await svc.publishAll(next, after, seen);
    return next;
  }
  const base = eventData(row);
  const writes = [
    ...before.map((e) => ({ type: e.type, data: { ...base, ...e.extra } })),
    ...after.map((e) => ({ type: e.type, data: e.extra ?? {}, onUpdate: true })),
  ];
  // A first run's outcome shares a statement with other tasks' finishing meanwhile.
  if (svc.outcomes) {
    const next = await svc.outcomes.write({
      id: taskId,
      patch,
      events: writes,
      artifacts: svc.artifacts.prepare(artifacts),
      ...(job?.id && job.schema && job.name
        ? { job: { schema: job.schema, name: job.name, id: job.id } }
        : {}),
    });
    // Written with the task's update: the job was completed with it, if it was still active.
    if (next) job?.completed?.();
    return next;
  }
  const { row: next, events } = await svc.tasks.advance(
    taskId,
    patch,
    writes,
    svc.artifacts.prepare(artifacts),
    svc.events.listening([taskId]),
  );
  svc.events.announce(events.map(toEvent));
  return next;
}
