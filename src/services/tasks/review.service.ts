import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import { zIngestResult, type IngestResult, type TaskState } from "../../domain/task.ts";
import type { SimilarityReport } from "../../domain/draft.ts";
import { zRecipe, type Recipe } from "../../domain/recipe.ts";
import type { GuardrailFinding } from "../../guardrail/paraphraseGuardrail.ts";
import type { LlmPhases } from "../../llm/llm.service.ts";
import type { ArtifactStore } from "../shared/artifactStore.ts";
import { fail, type Failure } from "../../errors.ts";
import { urlKey } from "../../domain/normalizeUrl.ts";
import type { DuplicateMatchView } from "../../domain/duplicates.ts";
import { recipeDuplicates } from "../recipes/index.ts";
import { checkRecipe, type RecipeIssue } from "../../pipeline/validateRecipe.ts";
import type { Schema, TaskRow } from "../../storage/schema.ts";
import type { TaskRepos } from "./taskRepos.ts";
import { toTaskState, type TaskService } from "./tasks.service.ts";
import { commitDraft } from "./commitDraft.ts";
import {
  fieldOf,
  issueMessage,
  prepareRecipe,
  type CommitRequest,
  type CommitResponse,
  type ReviewCheck,
  type ReviewCheckRequest,
} from "../recipes/index.ts";
import { SYSTEM, type Caller, type Viewer } from "../../domain/user.ts";

/** What the inbox shows of a task without opening its draft. */
export interface TaskSummary {
  url: string | null;
  recipeName: string | null;
  imageUrl: string | null;
}

function summarize(row: TaskRow): TaskSummary {
  const payload = (row.payload ?? {}) as { url?: string; query?: string };
  const draft = (row.result as { draft?: { recipe?: { name?: string; imageUrl?: string | null } } } | null)
    ?.draft;
  return {
    url: payload.url ?? null,
    recipeName: draft?.recipe?.name ?? null,
    imageUrl: draft?.recipe?.imageUrl ?? null,
  };
}

/** The review lifecycle: commit, reject, expiry, retention. */
export class ReviewService {
  readonly config: Config;
  readonly db: Kysely<Schema>;
  readonly repos: TaskRepos;
  readonly tasks: TaskService;
  readonly now: () => Date;
  readonly artifacts: ArtifactStore;
  readonly llm: () => LlmPhases | null;

  constructor(
    config: Config,
    db: Kysely<Schema>,
    repos: TaskRepos,
    tasks: TaskService,
    artifacts: ArtifactStore,
    now: () => Date = () => new Date(),
    llm: () => LlmPhases | null = () => null,
  ) {
    this.llm = llm;
    this.config = config;
    this.db = db;
    this.repos = repos;
    this.tasks = tasks;
    this.artifacts = artifacts;
    this.now = now;
  }

  /**
   * The guardrail verdict on what is about to be committed: a fresh check of the recipe's text
   * against the stored snapshot (the draft's own report when the snapshot is gone).
   */
  async assessGuardrail(
    taskId: string,
    draft: IngestResult["draft"],
    recipe: Recipe,
  ): Promise<{ similarity: SimilarityReport | null; findings: GuardrailFinding[] }> {
    const opts = this.config.Ingest.Guardrail;
    const snap = await this.artifacts.read(taskId, "snapshot.txt");
    if (!snap) return { similarity: draft.similarity, findings: [] };
    // The guardrail loads with the first review it checks, not with the API process.
    const { checkParaphrase, guardrailFindings } = await import("../../guardrail/paraphraseGuardrail.ts");
    const res = checkParaphrase(snap.data.toString("utf8"), recipe, opts);
    return { similarity: res.report, findings: guardrailFindings(res, opts) };
  }

  /** Parses and validates a recipe as a commit would: the recipe, or the field errors. */
  parseRecipe(raw: unknown): {
    recipe: Recipe | null;
    errors: RecipeIssue[];
    warnings: RecipeIssue[];
  } {
    const parsed = zRecipe.safeParse(prepareRecipe(raw));
    if (!parsed.success) {
      return {
        recipe: null,
        errors: parsed.error.issues.map((i) => ({
          field: fieldOf(i.path),
          message: issueMessage(i),
          code: "invalidValue" as const,
        })),
        warnings: [],
      };
    }
    const recipe: Recipe = {
      ...parsed.data,
      name: parsed.data.name.trim(),
      imageUrl: parsed.data.imageUrl?.trim() || null,
    };
    return { recipe, ...checkRecipe(recipe) };
  }

  /** A ReviewReady task's draft, or why it cannot be reviewed. */
  async reviewable(
    taskId: string,
    viewer: Viewer,
  ): Promise<{ ok: true; task: TaskRow; result: IngestResult } | Failure> {
    const task = await this.repos.tasks.get(taskId, viewer);
    if (!task) return fail("TASK_NOT_FOUND", `Task ${taskId} does not exist.`, { taskId });
    if (task.status !== "ReviewReady") {
      return fail(
        "TASK_NOT_REVIEWABLE",
        `This import is ${task.status}; only a draft waiting for review can be checked.`,
        {
          taskId,
          status: task.status,
        },
      );
    }
    return { ok: true, task, result: zIngestResult.parse(task.result) };
  }

  /**
   * What committing this (edited) draft would meet, without committing: field errors and
   * warnings, guardrail findings at the field, and a recipe already made from the same page.
   */
  async check(
    input: ReviewCheckRequest,
    viewer: Viewer,
  ): Promise<{ ok: true; value: ReviewCheck } | Failure> {
    const r = await this.reviewable(input.taskId, viewer);
    if (!r.ok) return r;
    const edited = input.draftRecipe !== undefined && input.draftRecipe !== null;
    const parsed = this.parseRecipe(edited ? input.draftRecipe : r.result.draft.recipe);
    if (!parsed.recipe) {
      return fail("INVALID_RECIPE", parsed.errors.map((e) => e.message).join(" "), { errors: parsed.errors });
    }
    const g = await this.assessGuardrail(r.task.id, r.result.draft, parsed.recipe);
    const dup = await this.repos.recipes.findLiveBySourceKey(urlKey(r.result.draft.source.url), viewer);
    const duplicates = await recipeDuplicates(
      this.repos.duplicates,
      viewer,
      parsed.recipe,
      r.result.draft.source.url,
    );
    return {
      ok: true,
      value: {
        recipe: parsed.recipe,
        errors: parsed.errors,
        warnings: parsed.warnings,
        guardrail: {
          policy: this.config.Ingest.Guardrail.CommitPolicy,
          violatesPolicy: g.similarity?.violatesPolicy ?? false,
          findings: g.findings,
          similarity: g.similarity,
          paraphraseAvailable: this.llm()?.configured("Ingest.RepairParaphrase") ?? false,
        },
        duplicate: dup
          ? { id: dup.id, name: dup.name, createdAt: new Date(dup.created_at).toISOString() }
          : null,
        duplicates,
      },
    };
  }

  /** The recipes a waiting draft duplicates, best first ("You already have this"). */
  async duplicates(
    taskId: string,
    viewer: Viewer,
  ): Promise<{ ok: true; value: { taskId: string; duplicates: DuplicateMatchView[] } } | Failure> {
    const r = await this.reviewable(taskId, viewer);
    if (!r.ok) return r;
    const { recipe, source } = r.result.draft;
    return {
      ok: true,
      value: {
        taskId,
        duplicates: await recipeDuplicates(this.repos.duplicates, viewer, recipe, source.url),
      },
    };
  }

  /**
   * Rewrites the description and steps of an (edited) draft with the configured LLM
   * (`Ingest.RepairParaphrase`), and checks the result again. Nothing is stored: the reviewer
   * sees the new text in the editor and commits it or not.
   */
  async paraphrase(
    input: ReviewCheckRequest,
    viewer: Viewer,
  ): Promise<{ ok: true; value: ReviewCheck } | Failure> {
    const llm = this.llm();
    if (!llm?.configured("Ingest.RepairParaphrase")) {
      return fail(
        "LLM_NOT_CONFIGURED",
        "No language model is set up for rewriting text on this server; rewrite the flagged steps yourself or keep them for personal use.",
      );
    }
    const r = await this.reviewable(input.taskId, viewer);
    if (!r.ok) return r;
    const parsed = this.parseRecipe(input.draftRecipe ?? r.result.draft.recipe);
    if (!parsed.recipe) {
      return fail("INVALID_RECIPE", parsed.errors.map((e) => e.message).join(" "), { errors: parsed.errors });
    }
    const recipe = parsed.recipe;
    const g = await this.assessGuardrail(r.task.id, r.result.draft, recipe);
    const res = await llm.paraphrase(
      {
        content: JSON.stringify(
          { description: recipe.description, instructions: recipe.instructions.map((s) => s.text) },
          null,
          2,
        ),
        details: g.findings.map((f) => f.message).join(" ") || "verbatim text",
      },
      { taskId: r.task.id },
    );
    if (!res.ok) return res;
    const steps = res.value.instructions.filter((t) => t.trim());
    if (steps.length !== recipe.instructions.length) {
      return fail(
        "LLM_OUTPUT_INVALID",
        `The language model returned ${steps.length} steps for ${recipe.instructions.length}; the text was left as it was. Try again or rewrite the steps yourself.`,
      );
    }
    const next: Recipe = {
      ...recipe,
      description: res.value.description?.trim() || recipe.description,
      instructions: recipe.instructions.map((s, i) => ({ ...s, text: steps[i]!.trim() })),
    };
    return this.check({ taskId: r.task.id, draftRecipe: next }, viewer);
  }

  expiresAt(row: TaskRow): Date {
    return new Date(
      new Date(row.last_updated).getTime() + this.config.Ingest.DraftExpirationDays * 86_400_000,
    );
  }

  /**
   * Commits a ReviewReady draft (optionally edited) as a canonical recipe (commitDraft.ts).
   */
  async commit(
    input: CommitRequest,
    opts: { ifMatch?: number | null; caller: Caller },
  ): Promise<{ ok: true; value: CommitResponse } | Failure> {
    return commitDraft(this, input, opts);
  }

  /** Rejects a ReviewReady draft. Rejecting a rejected task again is a no-op success. */
  async reject(
    taskId: string,
    reason: string | null,
    viewer: Viewer,
  ): Promise<{ ok: true; value: { taskId: string; status: "Rejected" } } | Failure> {
    const repo = this.repos.tasks;
    const task = await repo.get(taskId, viewer);
    if (!task) return fail("TASK_NOT_FOUND", `Task ${taskId} does not exist.`, { taskId });
    if (task.status === "Rejected") return { ok: true, value: { taskId, status: "Rejected" } };
    if (task.status === "Expired") {
      return fail("DRAFT_EXPIRED", undefined, { taskId, expiredAt: this.expiresAt(task).toISOString() });
    }
    if (task.status !== "ReviewReady") {
      return fail(
        "TASK_NOT_REVIEWABLE",
        `Task ${taskId} is ${task.status}; only a ReviewReady draft can be rejected.`,
        {
          taskId,
          status: task.status,
        },
      );
    }
    const metadata = { ...(task.metadata as Record<string, unknown>), rejectReason: reason };
    const row = await repo.updateIfVersion(taskId, task.version, { status: "Rejected", metadata });
    if (!row) return fail("COMMIT_CONFLICT", "The task changed while rejecting it; try again.", { taskId });
    await this.tasks.publish(row, "ingest.progress", { reason });
    return { ok: true, value: { taskId, status: "Rejected" } };
  }

  /**
   * The drafts inbox and task list: a caller's tasks newest first, paged, filtered by status and
   * thread: the viewer's own, everyone's for an admin whose route allows it.
   */
  async listTasks(opts: {
    viewer: Viewer;
    statuses?: string[];
    threadId?: string;
    order?: "asc" | "desc";
    page: number;
    pageSize: number;
  }): Promise<{
    tasks: (TaskState & { summary: TaskSummary })[];
    total: number;
    page: number;
    pageSize: number;
  }> {
    const { rows, total } = await this.repos.tasks.list({
      viewer: opts.viewer,
      ...(opts.statuses ? { statuses: opts.statuses } : {}),
      ...(opts.threadId ? { threadId: opts.threadId } : {}),
      ...(opts.order ? { order: opts.order } : {}),
      limit: opts.pageSize,
      offset: (opts.page - 1) * opts.pageSize,
    });
    return {
      tasks: rows.map((row) => ({ ...toTaskState(row, this.config), summary: summarize(row) })),
      total,
      page: opts.page,
      pageSize: opts.pageSize,
    };
  }

  /**
   * Cancels a waiting or running import: it ends Failed with `TASK_CANCELLED`, and a running
   * worker stops at its next phase. Cancelling a cancelled task again is a no-op success.
   */
  async cancel(taskId: string, viewer: Viewer): Promise<{ ok: true; value: TaskState } | Failure> {
    const repo = this.repos.tasks;
    const task = await repo.get(taskId, viewer);
    if (!task) return fail("TASK_NOT_FOUND", `Task ${taskId} does not exist.`, { taskId });
    const error = (task.error ?? null) as { code?: string } | null;
    if (task.status === "Failed" && error?.code === "TASK_CANCELLED")
      return { ok: true, value: toTaskState(task, this.config) };
    const row = await repo.cancel(taskId, {
      code: "TASK_CANCELLED",
      message: "You cancelled this import. Start it again from the import screen if you still want it.",
    });
    if (!row) {
      return fail(
        "TASK_NOT_CANCELLABLE",
        `This import is already ${task.status}; only an import that is waiting or running can be cancelled.`,
        { taskId, status: task.status },
      );
    }
    await this.tasks.publish(row, "ingest.progress", { error: row.error });
    return { ok: true, value: toTaskState(row, this.config) };
  }

  /** Background expiry: ReviewReady tasks past the window become Expired. */
  async expireDrafts(): Promise<string[]> {
    const cutoff = new Date(this.now().getTime() - this.config.Ingest.DraftExpirationDays * 86_400_000);
    const ids = await this.repos.tasks.expireReviewReady(cutoff);
    for (const id of ids) {
      const t = await this.tasks.get(id, SYSTEM);
      if (t.ok) await this.tasks.publish(t.row, "ingest.progress");
    }
    return ids;
  }

  /** Artifact retention: 180 days after commit, 30 days otherwise. */
  async applyRetention(): Promise<number> {
    const day = 86_400_000;
    const now = this.now().getTime();
    return this.repos.artifacts.deleteExpired(new Date(now - 180 * day), new Date(now - 30 * day));
  }
}
