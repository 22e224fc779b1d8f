import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Config } from "../config.ts";
import { zIngestResult, type IngestResult } from "../domain/task.ts";
import type { SimilarityReport } from "../domain/draft.ts";
import { zRecipe, zRecipeSource, zStoredRecipe, type Recipe, type StoredRecipe } from "../domain/recipe.ts";
import { checkParaphrase } from "../guardrail/paraphraseGuardrail.ts";
import type { ArtifactStore } from "./artifactStore.ts";
import { fail, type Failure } from "../errors.ts";
import { urlKey } from "../fetcher/normalizeUrl.ts";
import { metrics } from "../metrics.ts";
import { validateRecipe } from "../pipeline/validateRecipe.ts";
import { ArtifactsRepo } from "../storage/artifacts.repo.ts";
import { RecipesRepo } from "../storage/recipes.repo.ts";
import type { RecipeRow, Schema, TaskRow } from "../storage/schema.ts";
import { TasksRepo } from "../storage/tasks.repo.ts";
import { UrlRegistryRepo } from "../storage/urlRegistry.repo.ts";
import type { TaskService } from "./tasks.service.ts";

/** `POST /api/recipes/import` body (§8.2). `draftRecipe` carries the reviewer's edits, if any. */
export const zCommitRequest = z
  .object({
    taskId: z.string().min(1),
    draftRecipe: z.unknown().optional(),
    source: z.unknown().optional(),
    /** Commit although the paraphrase guardrail reported an error; recorded with the recipe. */
    acknowledgeGuardrail: z.boolean().optional(),
  })
  .meta({ id: "CommitRequest" });
export type CommitRequest = z.infer<typeof zCommitRequest>;

export const zCommitResponse = z
  .object({
    recipe: zStoredRecipe,
    taskId: z.string(),
    status: z.literal("Committed"),
    alreadyCommitted: z.boolean(),
    /** Set on a repeated commit (§8.2 table). */
    code: z.literal("ALREADY_COMMITTED").optional(),
    warnings: z.array(z.string()),
  })
  .meta({ id: "CommitResponse" });
export type CommitResponse = z.infer<typeof zCommitResponse>;

/** Presents a recipe row. */
export function toStoredRecipe(row: RecipeRow): StoredRecipe {
  return row.document as StoredRecipe;
}

/** The review lifecycle (§4.3): commit, reject, expiry, retention. */
export class ReviewService {
  private readonly config: Config;
  private readonly db: Kysely<Schema>;
  private readonly tasks: TaskService;
  private readonly now: () => Date;
  private readonly artifacts: ArtifactStore;

  constructor(
    config: Config,
    db: Kysely<Schema>,
    tasks: TaskService,
    artifacts: ArtifactStore,
    now: () => Date = () => new Date(),
  ) {
    this.config = config;
    this.db = db;
    this.tasks = tasks;
    this.artifacts = artifacts;
    this.now = now;
  }

  /**
   * The guardrail verdict on what is about to be committed: the draft's own report, or for an
   * edited recipe a fresh check of the edited text against the stored snapshot.
   */
  private async guardrailFor(
    taskId: string,
    draft: IngestResult["draft"],
    recipe: Recipe,
    edited: boolean,
  ): Promise<SimilarityReport | null> {
    if (!draft.similarity?.violatesPolicy || !edited) return draft.similarity;
    const snap = await this.artifacts.read(taskId, "snapshot.txt");
    if (!snap) return draft.similarity;
    return checkParaphrase(snap.data.toString("utf8"), recipe, this.config.Ingest.Guardrail).report;
  }

  private expiresAt(row: TaskRow): Date {
    return new Date(
      new Date(row.last_updated).getTime() + this.config.Ingest.DraftExpirationDays * 86_400_000,
    );
  }

  /**
   * Commits a ReviewReady draft (optionally edited) as a canonical recipe. Idempotent: a repeated
   * commit returns the same recipe; concurrent commits are decided by the row version.
   */
  async commit(
    input: CommitRequest,
    opts: { ifMatch?: number | null; caller?: string | null } = {},
  ): Promise<{ ok: true; value: CommitResponse } | Failure> {
    const repo = new TasksRepo(this.db, this.now);
    const task = await repo.get(input.taskId);
    if (!task)
      return fail("TASK_NOT_FOUND", `Task ${input.taskId} does not exist.`, { taskId: input.taskId });
    // With If-Match the caller says which state it reviewed; any other state means someone else acted first.
    if (opts.ifMatch !== undefined && opts.ifMatch !== null && opts.ifMatch !== task.version) {
      return fail(
        "COMMIT_CONFLICT",
        `The task changed since version ${opts.ifMatch} (now ${task.version}, ${task.status}).`,
        {
          taskId: task.id,
          status: task.status,
          version: task.version,
        },
      );
    }

    if (task.status === "Committed") {
      const existing = task.recipe_id ? await new RecipesRepo(this.db).get(task.recipe_id) : undefined;
      if (existing) {
        const recipe = toStoredRecipe(existing);
        return {
          ok: true,
          value: {
            recipe,
            taskId: task.id,
            status: "Committed",
            alreadyCommitted: true,
            code: "ALREADY_COMMITTED",
            warnings: recipe.commitWarnings,
          },
        };
      }
    }
    if (task.status === "Expired") {
      return fail("DRAFT_EXPIRED", undefined, {
        taskId: task.id,
        expiredAt: this.expiresAt(task).toISOString(),
      });
    }
    if (task.status !== "ReviewReady") {
      return fail(
        "TASK_NOT_REVIEWABLE",
        `Task ${task.id} is ${task.status}; only a ReviewReady draft can be committed.`,
        {
          taskId: task.id,
          status: task.status,
        },
      );
    }
    const expiresAt = this.expiresAt(task);
    if (expiresAt.getTime() <= this.now().getTime()) {
      // Lazy expiry (§4.3): record it so the UI agrees, whoever wins that write.
      const expired = await repo.updateIfVersion(task.id, task.version, { status: "Expired" });
      if (expired) await this.tasks.publish(expired, "ingest.progress");
      return fail("DRAFT_EXPIRED", undefined, { taskId: task.id, expiredAt: expiresAt.toISOString() });
    }

    const result = zIngestResult.parse(task.result);
    const source = result.draft.source;
    if (input.source !== undefined && input.source !== null) {
      const given = zRecipeSource.partial().safeParse(input.source);
      if (!given.success || (given.data.url && urlKey(given.data.url) !== urlKey(source.url))) {
        return fail("INVALID_PAYLOAD", "source does not match the task's provenance.", { taskId: task.id });
      }
    }
    const edited = input.draftRecipe !== undefined && input.draftRecipe !== null;
    const parsed = zRecipe.safeParse(edited ? input.draftRecipe : result.draft.recipe);
    if (!parsed.success) {
      return fail(
        "INVALID_RECIPE",
        `draftRecipe is not a valid Recipe: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`,
        {
          issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        },
      );
    }
    const report = validateRecipe(parsed.data);
    if (report.errors.length) {
      return fail("INVALID_RECIPE", report.errors.join(" "), {
        errors: report.errors,
        warnings: report.warnings,
      });
    }
    const similarity = await this.guardrailFor(task.id, result.draft, parsed.data, edited);
    let guardrailOverride: StoredRecipe["guardrailOverride"] = null;
    if (similarity?.violatesPolicy) {
      if (!input.acknowledgeGuardrail) {
        return fail("GUARDRAIL_VIOLATION", undefined, { taskId: task.id, similarity, edited });
      }
      guardrailOverride = {
        acknowledgedBy: opts.caller ?? null,
        at: this.now().toISOString(),
        maxContiguousTokenOverlap: similarity.maxContiguousTokenOverlap,
        maxNgramSimilarity: similarity.maxNgramSimilarity,
        details: similarity.details,
      };
    }

    const at = this.now();
    const id = randomUUID();
    const key = urlKey(source.url);
    const outcome = await this.db.transaction().execute(async (trx) => {
      const tasks = new TasksRepo(trx, this.now);
      const recipes = new RecipesRepo(trx);
      const won = await tasks.updateIfVersion(task.id, task.version, { status: "Committed", recipe_id: id });
      if (!won) return null;
      const warnings: string[] = [];
      if (await recipes.existsWithSourceKey(key)) {
        warnings.push(`A recipe from the same source URL already exists (${source.url}).`);
      }
      const recipe: StoredRecipe = {
        ...parsed.data,
        id,
        // Provenance moves from the draft wrapper into the canonical recipe on commit (§6.2).
        source,
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
        taskId: task.id,
        commitWarnings: warnings,
        guardrailOverride,
      };
      await recipes.insert({
        id,
        name: recipe.name,
        document: recipe,
        sourceUrl: source.url,
        sourceUrlKey: key,
        taskId: task.id,
        at,
      });
      await new UrlRegistryRepo(trx).setRecipe(key, id);
      return { recipe, row: won, warnings, edited };
    });
    if (!outcome) {
      return fail("COMMIT_CONFLICT", "Another commit of this task happened at the same time.", {
        taskId: task.id,
      });
    }
    await this.tasks.publish(outcome.row, "ingest.progress", { recipeId: id, edited });
    metrics.commits.inc();
    return {
      ok: true,
      value: {
        recipe: outcome.recipe,
        taskId: task.id,
        status: "Committed",
        alreadyCommitted: false,
        warnings: outcome.warnings,
      },
    };
  }

  /** Rejects a ReviewReady draft. Rejecting a rejected task again is a no-op success. */
  async reject(
    taskId: string,
    reason: string | null,
  ): Promise<{ ok: true; value: { taskId: string; status: "Rejected" } } | Failure> {
    const repo = new TasksRepo(this.db, this.now);
    const task = await repo.get(taskId);
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

  /** Background expiry (§4.3): ReviewReady tasks past the window become Expired. */
  async expireDrafts(): Promise<string[]> {
    const cutoff = new Date(this.now().getTime() - this.config.Ingest.DraftExpirationDays * 86_400_000);
    const ids = await new TasksRepo(this.db, this.now).expireReviewReady(cutoff);
    for (const id of ids) {
      const t = await this.tasks.get(id);
      if (t.ok) await this.tasks.publish(t.row, "ingest.progress");
    }
    return ids;
  }

  /** Artifact retention (§14.1): 180 days after commit, 30 days otherwise. */
  async applyRetention(): Promise<number> {
    const day = 86_400_000;
    const now = this.now().getTime();
    return new ArtifactsRepo(this.db).deleteExpired(new Date(now - 180 * day), new Date(now - 30 * day));
  }
}
