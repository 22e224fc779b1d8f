import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import type { RecipeDraft } from "../../domain/draft.ts";
import { zRecipe, type Recipe } from "../../domain/recipe.ts";
import { zIngestPayload, type NormalizePayload } from "../../domain/task.ts";
import { SYSTEM, type Actor, type Viewer } from "../../domain/user.ts";
import { fail, type Failure } from "../../errors.ts";
import type { LlmPhases } from "../../llm/llm.service.ts";
import { metrics } from "../../metrics.ts";
import {
  diffMarkdown,
  proposeNormalization,
  type NormalizeResult,
} from "../../normalize/proposeNormalization.ts";
import type { Schema, TaskRow } from "../../storage/schema.ts";
import type { TaskRepos } from "./taskRepos.ts";
import type { ArtifactStore } from "../shared/artifactStore.ts";
import type { TaskService } from "./tasks.service.ts";
import { applyNormalization, type ApplyOutcome, type ApplyRequest } from "./applyNormalization.ts";

/**
 * Flow C: normalization tasks propose a reviewable JSON
 * Patch for a stored recipe or a draft; the reviewer applies all, the Low ones, or a pick, which
 * writes a new version (recipe_versions, or draft_versions before commit). Versions can be restored.
 */
export class NormalizeService {
  private readonly config: Config;
  readonly db: Kysely<Schema>;
  readonly repos: TaskRepos;
  readonly tasks: TaskService;
  private readonly artifacts: ArtifactStore;
  private readonly llm: LlmPhases | null;
  readonly now: () => Date;

  constructor(
    config: Config,
    db: Kysely<Schema>,
    repos: TaskRepos,
    tasks: TaskService,
    artifacts: ArtifactStore,
    llm: LlmPhases | null,
    now: () => Date,
  ) {
    this.config = config;
    this.db = db;
    this.repos = repos;
    this.tasks = tasks;
    this.artifacts = artifacts;
    this.llm = llm;
    this.now = now;
  }

  /** Checks a Normalize payload at task creation: one target, and it exists and can be normalized. */
  async validate(payload: unknown, viewer: Viewer): Promise<Failure | null> {
    const p = zIngestPayload.parse(payload) as NormalizePayload;
    if (!!p.recipeId === !!p.taskId)
      return fail(
        "INVALID_PAYLOAD",
        "payload needs recipeId (a stored recipe) or taskId (a draft in review), not both.",
      );
    if (p.recipeId) {
      const row = await this.repos.recipes.get(p.recipeId, viewer, "edit");
      if (!row || row.deleted_at)
        return fail("RECIPE_NOT_FOUND", `Recipe ${p.recipeId} does not exist.`, { recipeId: p.recipeId });
      return null;
    }
    const t = await this.repos.tasks.get(p.taskId!, viewer);
    if (!t) return fail("TASK_NOT_FOUND", `Task ${p.taskId} does not exist.`, { taskId: p.taskId });
    if (t.status !== "ReviewReady" || !(t.result as { draft?: unknown } | null)?.draft)
      return fail(
        "TASK_NOT_REVIEWABLE",
        `Task ${p.taskId} is ${t.status}; only a draft waiting for review can be normalized.`,
        { taskId: p.taskId, status: t.status },
      );
    if ((t.payload as { mode?: string }).mode?.toLowerCase() === "normalize")
      return fail("TASK_NOT_REVIEWABLE", "A normalization proposal cannot itself be normalized.", {
        taskId: p.taskId,
      });
    return null;
  }

  /** The proposal for a recipe (also the MCP tool's answer): read-only. */
  async propose(
    recipe: Recipe,
    convertUnits: "auto" | "metric" | "us" | "none" | null,
    taskId: string | null,
  ) {
    const llm = this.llm;
    const phase = llm?.normalize && llm.configured("Ingest.Normalize") ? llm : null;
    return proposeNormalization(recipe, {
      convertUnits: convertUnits ?? this.config.Ingest.Normalize.ConvertUnits,
      llm: phase ? (content) => phase.normalize!({ content }, { taskId }) : null,
    });
  }

  private async loadTarget(
    p: NormalizePayload,
  ): Promise<
    | { ok: true; kind: "recipe" | "draft"; doc: Record<string, unknown>; version: number; title: string }
    | Failure
  > {
    if (p.recipeId) {
      const row = await this.repos.recipes.get(p.recipeId, SYSTEM);
      if (!row || row.deleted_at) return fail("RECIPE_NOT_FOUND", `Recipe ${p.recipeId} does not exist.`);
      return {
        ok: true,
        kind: "recipe",
        doc: row.document as Record<string, unknown>,
        version: row.version,
        title: row.name,
      };
    }
    const t = await this.repos.tasks.get(p.taskId!, SYSTEM);
    const draft = (t?.result as { draft?: RecipeDraft } | null)?.draft;
    if (!t || t.status !== "ReviewReady" || !draft)
      return fail("TASK_NOT_REVIEWABLE", `Task ${p.taskId} no longer has a draft waiting for review.`);
    return {
      ok: true,
      kind: "draft",
      doc: draft.recipe as unknown as Record<string, unknown>,
      version: await this.draftVersion(t.id),
      title: draft.recipe.name,
    };
  }

  async draftVersion(taskId: string): Promise<number> {
    const row = await this.db
      .selectFrom("draft_versions")
      .select((eb) => eb.fn.max("version").as("v"))
      .where("task_id", "=", taskId)
      .executeTakeFirst();
    return Number(row?.v ?? 1) || 1;
  }

  /** Runs a normalization task (the queue's handler); every outcome is a final or review state. */
  async run(taskId: string): Promise<void> {
    const repo = this.repos.tasks;
    let row = await repo.claim(taskId);
    if (!row) return;
    const p = zIngestPayload.parse(row.payload) as NormalizePayload;
    row = (await repo.update(taskId, { current_phase: "Ingest.Normalize", progress: 0 }))!;
    // Its `ingest.progress` is made as the stream sends the start (taskEventFrames), not stored.
    await this.tasks.publish(row, "ingest.normalize.progress", { state: "started" });
    const failTask = async (f: Failure) => {
      row = (await repo.update(taskId, { status: "Failed", error: { code: f.code, message: f.message } }))!;
      await this.tasks.publish(row, "ingest.progress", { error: { code: f.code, message: f.message } });
      metrics.tasksFinished.inc({ status: "Failed" });
    };
    const target = await this.loadTarget(p);
    if (!target.ok) return failTask(target);
    const parsed = zRecipe.safeParse(target.doc);
    if (!parsed.success)
      return failTask(fail("INVALID_RECIPE", "The recipe does not match the Recipe schema."));
    const started = performance.now();
    const proposal = await this.propose(parsed.data, p.convertUnits ?? null, taskId);
    metrics.phaseDuration.observe({ phase: "Ingest.Normalize" }, (performance.now() - started) / 1000);
    const { traces, ...rest } = proposal;
    let result: NormalizeResult = {
      ...rest,
      target: {
        kind: target.kind,
        recipeId: p.recipeId ?? null,
        taskId: p.taskId ?? null,
        version: target.version,
      },
      autoApplied: null,
    };
    await this.artifacts.save(taskId, [
      {
        name: "normalize.patch.json",
        type: "normalize.patch.json",
        contentType: "application/json",
        content: JSON.stringify(result.patch, null, 2),
      },
      {
        name: "normalize.diff.md",
        type: "normalize.diff.md",
        contentType: "text/markdown; charset=utf-8",
        content: diffMarkdown(result, target.title),
      },
      ...(traces.length
        ? [
            {
              name: "llm.normalize.json",
              type: "llm.normalize",
              contentType: "application/json",
              content: JSON.stringify(traces, null, 2),
            },
          ]
        : []),
    ]);
    const changes = result.patch.filter((o) => o.op !== "test");
    const counts = {
      operations: changes.length,
      low: changes.filter((o) => o.riskCategory === "Low").length,
      high: changes.filter((o) => o.riskCategory === "High").length,
      dropped: result.dropped.length,
    };
    row = (await repo.update(taskId, { status: "ReviewReady", progress: 100, result }))!;
    // Low operations may be applied without review behind a flag (default off).
    if (this.config.Ingest.Normalize.AutoApplyLow && counts.low > 0) {
      const applied = await this.apply(
        taskId,
        { accept: "low" },
        { ...SYSTEM, name: "auto-apply" },
        {
          keepOpen: counts.high > 0,
        },
      );
      if (applied.ok) {
        result = { ...result, autoApplied: { version: applied.value.version, ids: applied.value.applied } };
        const now = (await repo.get(taskId, SYSTEM))!;
        row = (await repo.update(taskId, { result, status: now.status, recipe_id: now.recipe_id }))!;
      }
    }
    await this.tasks.publishAll(row, [
      { type: "ingest.normalize.progress", extra: { state: "completed", ...counts } },
      { type: "ingest.normalize.completed", extra: { ...counts, autoApplied: result.autoApplied } },
      { type: "ingest.progress" },
    ]);
    metrics.tasksFinished.inc({ status: row.status });
  }

  /** Applies the picked operations of a ReviewReady normalization (applyNormalization.ts). */
  async apply(
    taskId: string,
    req: ApplyRequest,
    actor: Actor,
    opts: { keepOpen?: boolean } = {},
  ): Promise<{ ok: true; value: ApplyOutcome } | Failure> {
    return applyNormalization(this, taskId, req, actor, opts);
  }

  /** Restores version `n` as a new version (nothing is lost: the current one stays in the history). */
  async restore(recipeId: string, n: number, actor: Actor, expectedVersion: number | null) {
    const recipes = this.repos.recipes;
    const row = await recipes.get(recipeId, actor, "edit");
    if (!row || row.deleted_at)
      return fail("RECIPE_NOT_FOUND", `Recipe ${recipeId} does not exist.`, { recipeId });
    if (expectedVersion !== null && expectedVersion !== row.version)
      return fail(
        "RECIPE_VERSION_CONFLICT",
        `The recipe is at version ${row.version}, not ${expectedVersion}; reload it.`,
        {
          current: row.version,
        },
      );
    const v = await recipes.getVersion(recipeId, n);
    if (!v)
      return fail("VERSION_NOT_FOUND", `Recipe ${recipeId} has no version ${n}.`, { recipeId, version: n });
    const at = this.now();
    const doc = { ...(v.document as object), updatedAt: at.toISOString() } as unknown as {
      name: string;
    } & Record<string, unknown>;
    const written = await recipes.updateWithVersion(
      recipeId,
      row.version,
      doc,
      { kind: "restore", createdBy: actor.name, note: `restored version ${n}` },
      at,
    );
    if (!written) return fail("RECIPE_VERSION_CONFLICT");
    return { ok: true as const, value: { recipeId, version: written.version, restored: n, recipe: doc } };
  }

  /** A draft's versions (normalized before commit), newest first. */
  async draftVersions(taskId: string) {
    const rows = await this.db
      .selectFrom("draft_versions")
      .selectAll()
      .where("task_id", "=", taskId)
      .orderBy("version", "desc")
      .execute();
    return rows.map((r) => ({
      version: r.version,
      kind: r.kind,
      createdBy: r.created_by,
      createdAt: new Date(r.created_at).toISOString(),
      appliedOps: r.applied_ops,
    }));
  }

  /** Normalization tasks of a thread's draft or a recipe wait as ReviewReady; this row helper serves the API. */
  static isNormalizeTask(row: TaskRow): boolean {
    return (row.payload as { mode?: string }).mode?.toLowerCase() === "normalize";
  }
}
