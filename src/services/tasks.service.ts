import { randomUUID } from "node:crypto";
import type { Config } from "../config.ts";
import type { RecipeDraft } from "../domain/draft.ts";
import {
  canonicalAgentType,
  parseIngestPayload,
  progressAfter,
  URL_PHASE_PLAN,
  zIngestPayload,
  type IngestResult,
  type TaskEventType,
  type TaskState,
} from "../domain/task.ts";
import { fail, type Failure } from "../errors.ts";
import { normalizeUrl, urlHash, urlKey } from "../fetcher/normalizeUrl.ts";
import type { PipelineContext } from "../pipeline/context.ts";
import { metrics } from "../metrics.ts";
import { runUrlImport } from "../pipeline/urlImport.ts";
import type { Logger } from "pino";
import type { TaskRow } from "../storage/schema.ts";
import type { TasksRepo } from "../storage/tasks.repo.ts";
import type { UrlRegistryRepo } from "../storage/urlRegistry.repo.ts";
import type { ArtifactStore } from "./artifactStore.ts";
import type { EventHub } from "./eventHub.ts";

const PHASE_EVENTS: Record<string, TaskEventType> = {
  "Ingest.Discover": "ingest.discover.progress",
  "Ingest.Fetch": "ingest.fetch.progress",
  "Ingest.Extract": "ingest.extract.progress",
  "Ingest.Validate": "ingest.validate.progress",
  "Ingest.RepairJson": "ingest.validate.progress",
  "Ingest.RepairParaphrase": "ingest.validate.progress",
  "Ingest.Normalize": "ingest.normalize.progress",
};

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
}

export interface CreateTaskOutput {
  taskId: string;
  threadId: string;
  agentType: string;
  status: "Pending";
}

/** Creating, reading and running tasks. */
export class TaskService {
  private readonly config: Config;
  private readonly tasks: TasksRepo;
  private readonly urls: UrlRegistryRepo;
  private readonly artifacts: ArtifactStore;
  private readonly events: EventHub;
  private readonly enqueue: ((taskId: string) => Promise<unknown>) | null;
  private readonly llmUsage: ((taskId: string) => Promise<Record<string, unknown>>) | null;

  constructor(
    config: Config,
    tasks: TasksRepo,
    urls: UrlRegistryRepo,
    artifacts: ArtifactStore,
    events: EventHub,
    enqueue: ((taskId: string) => Promise<unknown>) | null,
    llmUsage: ((taskId: string) => Promise<Record<string, unknown>>) | null = null,
  ) {
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
        `Unknown agentType "${input.agentType}". Valid values: Ingest, Research, Analysis.`,
        {
          agentType: input.agentType,
        },
      );
    }
    if (agentType !== "Ingest") {
      return fail(
        "INVALID_AGENT_TYPE",
        `agentType "${agentType}" has no agent in this Ladle server; use "Ingest".`,
        {
          agentType: input.agentType,
        },
      );
    }
    const parsed = parseIngestPayload(input.payload);
    if (!parsed.ok) return fail("INVALID_PAYLOAD", parsed.message, { issues: parsed.issues });
    const payload = parsed.payload;
    if (payload.mode !== "Url") {
      return fail(
        "INVALID_PAYLOAD",
        `mode "${payload.mode}" is not available yet on this server; use mode "Url".`,
        {
          mode: payload.mode,
        },
      );
    }
    const id = randomUUID();
    const threadId = input.threadId?.trim() || randomUUID();
    const metadata: Record<string, unknown> = {
      requestedBy: input.requestedBy ?? null,
      sourceUrl: payload.url,
      urlHash: urlHash(payload.url),
    };
    for (const [k, v] of Object.entries(payload.promptSelection ?? {})) if (v) metadata[`promptId:${k}`] = v;
    for (const [k, v] of Object.entries(payload.promptIds ?? {})) if (v) metadata[`promptId:${k}`] = v;
    for (const [k, v] of Object.entries(payload.promptOverrides ?? {}))
      if (v) metadata[`promptOverride:${k}`] = v;

    const row = await this.tasks.insert({
      id,
      threadId,
      agentType,
      status: "Pending",
      payload,
      metadata,
      requestedBy: input.requestedBy ?? null,
    });
    await this.urls.touch({
      urlKey: urlKey(payload.url),
      normalizedUrl: normalizeUrl(payload.url),
      urlHash: urlHash(payload.url),
      taskId: id,
    });
    await this.publish(row, "ingest.progress");
    metrics.tasksCreated.inc();
    if (this.enqueue) await this.enqueue(id);
    return { ok: true, value: { taskId: id, threadId, agentType, status: "Pending" }, row };
  }

  async get(taskId: string): Promise<{ ok: true; value: TaskState; row: TaskRow } | Failure> {
    const row = await this.tasks.get(taskId);
    if (!row) return fail("TASK_NOT_FOUND", `Task ${taskId} does not exist.`, { taskId });
    return { ok: true, value: toTaskState(row, this.config), row };
  }

  /** The task's metadata with its LLM token usage per phase (when any LLM phase ran). */
  private async withLlmUsage(taskId: string, metadata: unknown): Promise<Record<string, unknown>> {
    const base = (metadata as Record<string, unknown>) ?? {};
    const usage = this.llmUsage ? await this.llmUsage(taskId) : {};
    return Object.keys(usage).length ? { ...base, llmUsage: usage } : base;
  }

  /** Tasks of an import session, oldest first. */
  async listByThread(threadId: string): Promise<TaskRow[]> {
    return this.tasks.listByThread(threadId);
  }

  /** Publishes the task's state as an event of `type`, with extra data. */
  async publish(row: TaskRow, type: TaskEventType, extra: Record<string, unknown> = {}): Promise<void> {
    await this.publishAll(row, [{ type, extra }]);
  }

  /** Publishes several events of the task's current state with one write. */
  async publishAll(
    row: TaskRow,
    events: { type: TaskEventType; extra?: Record<string, unknown> }[],
  ): Promise<void> {
    const base = {
      taskId: row.id,
      threadId: row.thread_id,
      status: row.status,
      phase: row.current_phase,
      progress: row.progress,
    };
    await this.events.publishMany(
      row.id,
      events.map((e) => ({ type: e.type, data: { ...base, ...e.extra } })),
    );
  }

  /**
   * Runs a task's phases (the queue's job handler). Idempotent: a task that is no longer
   * Pending or Running is left alone; a Running one (its worker died) starts over.
   */
  async run(taskId: string, ctx: Omit<PipelineContext, "onPhase">, logger?: Logger): Promise<void> {
    // One conditional write claims the task: a task past Pending/Running is left alone.
    let row = await this.tasks.claim(taskId);
    if (!row) return;
    const payload = zIngestPayload.parse(row.payload);
    if (payload.mode !== "Url") return;
    // Logs carry the task, thread, phase and source URL; never page content.
    const log = logger?.child({ taskId, threadId: row.thread_id, sourceUrl: payload.url });
    const plan = URL_PHASE_PLAN;
    const completed: string[] = [];
    const startedAt = new Map<string, number>();
    const pending: { type: TaskEventType; extra?: Record<string, unknown> }[] = [];
    // §13.2 names: the repair loops belong to validation.
    const phaseEvent = (phase: string): TaskEventType =>
      (PHASE_EVENTS[phase] ?? "ingest.progress") as TaskEventType;

    const result = await runUrlImport(
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
          if (state === "completed") {
            // Written together with the next phase's start (or the outcome): one round trip fewer.
            // Sent later, so they carry the state they describe, not the row's at sending time.
            pending.push(
              {
                type: phaseEvent(phase),
                extra: { state, status: "Running", phase, progress, ...(info ?? {}) },
              },
              { type: "ingest.progress", extra: { status: "Running", phase, progress } },
            );
            return;
          }
          row = (await this.tasks.update(taskId, { current_phase: phase, progress }))!;
          await this.publishAll(row, [
            ...pending.splice(0),
            { type: phaseEvent(phase), extra: { state, ...(info ?? {}) } },
            { type: "ingest.progress" },
          ]);
        },
      },
      payload.url,
      payload.render ?? null,
    );

    const metadata = await this.withLlmUsage(taskId, row.metadata);
    if (!result.ok) {
      await this.artifacts.save(taskId, result.artifacts);
      row = (await this.tasks.update(taskId, {
        status: "Failed",
        metadata,
        error: {
          code: result.code,
          message: result.message,
          ...(result.details ? { details: result.details } : {}),
        },
      }))!;
      log?.info({ phase: result.phase, code: result.code }, "task failed");
      await this.publishAll(row, [
        ...pending.splice(0),
        { type: "ingest.progress", extra: { error: { code: result.code, message: result.message } } },
      ]);
      metrics.tasksFinished.inc({ status: "Failed" });
      return;
    }

    const draftArtifact = {
      name: "draft.recipe.json",
      type: "draft.recipe.json",
      contentType: "application/json",
      content: JSON.stringify(result.draft, null, 2),
    };
    const refs = await this.artifacts.save(taskId, [...result.artifacts, draftArtifact]);
    const draft: RecipeDraft = { ...result.draft, artifacts: refs };
    const ingestResult: IngestResult = { draft, candidates: [], selectedCandidateIndex: null };
    completed.push("Ingest.ReviewReady");
    const sim = draft.similarity;
    if (sim?.violatesPolicy) metrics.paraphraseViolations.inc({ level: "error" });
    else if (sim?.details) metrics.paraphraseViolations.inc({ level: "warning" });
    row = (await this.tasks.update(taskId, {
      status: "ReviewReady",
      metadata,
      current_phase: "Ingest.ReviewReady",
      progress: progressAfter(plan, completed),
      result: ingestResult,
    }))!;
    metrics.tasksFinished.inc({ status: "ReviewReady" });
    if (draft.source.extractionMethod)
      metrics.extractionMethod.inc({ method: draft.source.extractionMethod });
    await this.publishAll(row, [
      ...pending.splice(0),
      { type: "ingest.progress" },
      {
        type: "ingest.review_ready",
        extra: {
          recipeName: draft.recipe.name,
          extractionMethod: draft.source.extractionMethod,
          validation: draft.validation,
        },
      },
    ]);
  }
}
