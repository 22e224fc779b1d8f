import { randomUUID } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { zIngestResult } from "../../domain/task.ts";
import { zRecipeSource, zStoredRecipe, type StoredRecipe } from "../../domain/recipe.ts";
import { fail, type Failure } from "../../errors.ts";
import { urlKey } from "../../domain/normalizeUrl.ts";
import { metrics } from "../../metrics.ts";
import type { RecipeIssue } from "../../pipeline/validateRecipe.ts";
import type { ArtifactsRepo } from "../../storage/artifacts.repo.ts";
import type { TaskRow } from "../../storage/schema.ts";
import { toStoredRecipe, type CommitRequest, type CommitResponse } from "../recipes/index.ts";
import { recipeDuplicates } from "../recipes/index.ts";
import type { Caller } from "../../domain/user.ts";
import type { TaskRepos } from "./taskRepos.ts";
import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import type { SimilarityReport } from "../../domain/draft.ts";
import type { IngestResult } from "../../domain/task.ts";
import type { Recipe } from "../../domain/recipe.ts";
import type { GuardrailFinding } from "../../guardrail/paraphraseGuardrail.ts";
import type { Schema } from "../../storage/schema.ts";
import type { TaskService } from "./tasks.service.ts";

/** What committing needs of the review service (ReviewService), handed in so neither file imports the other. */
export interface CommitDeps {
  readonly config: Config;
  readonly db: Kysely<Schema>;
  readonly repos: TaskRepos;
  readonly tasks: TaskService;
  readonly now: () => Date;
  assessGuardrail(
    taskId: string,
    draft: IngestResult["draft"],
    recipe: Recipe,
  ): Promise<{ similarity: SimilarityReport | null; findings: GuardrailFinding[] }>;
  parseRecipe(raw: unknown): { recipe: Recipe | null; errors: RecipeIssue[]; warnings: RecipeIssue[] };
  expiresAt(row: TaskRow): Date;
}

/** Thrown inside the commit transaction to roll it back when the replaced recipe changed. */
class ReplaceConflict extends Error {}

/** The language the imported page said it was in (the fetch kept it with the page's facts). */
async function pageLangOf(artifacts: ArtifactsRepo, taskId: string): Promise<string | null> {
  const row = await artifacts.get(taskId, "page.meta.json");
  if (!row) return null;
  try {
    const text = (row.encoding === "gzip" ? gunzipSync(row.data) : row.data).toString("utf8");
    const lang = (JSON.parse(text) as { lang?: unknown }).lang;
    return typeof lang === "string" ? lang : null;
  } catch {
    return null;
  }
}

const DELETED_SINCE = "The recipe saved from this draft has been deleted since.";

/**
 * The recipe a committed task made: live, in the trash (with `deletedAt`), or, once purged, the
 * draft as reviewed under the recipe's id (deleted as of now).
 */
async function committedRecipe(review: CommitDeps, task: TaskRow, caller: Caller): Promise<StoredRecipe> {
  const recipes = review.repos.recipes;
  const row = task.recipe_id
    ? ((await recipes.get(task.recipe_id, caller)) ?? (await recipes.getOwned(task.recipe_id, caller)))
    : undefined;
  if (row) return toStoredRecipe(row);
  const draft = zIngestResult.safeParse(task.result);
  const at = new Date(task.last_updated).toISOString();
  return zStoredRecipe.parse({
    ...(draft.success ? draft.data.draft.recipe : { name: "" }),
    source: draft.success ? draft.data.draft.source : null,
    id: task.recipe_id ?? task.id,
    createdAt: at,
    updatedAt: at,
    taskId: task.id,
    deletedAt: review.now().toISOString(),
  });
}

/**
 * Commits a ReviewReady draft (optionally edited) as a canonical recipe. Idempotent: a repeated
 * commit returns the same recipe; concurrent commits are decided by the row version.
 */
export async function commitDraft(
  review: CommitDeps,
  input: CommitRequest,
  opts: { ifMatch?: number | null; caller: Caller },
): Promise<{ ok: true; value: CommitResponse } | Failure> {
  const repo = review.repos.tasks;
  const task = await repo.get(input.taskId, opts.caller);
  if (!task) return fail("TASK_NOT_FOUND", `Task ${input.taskId} does not exist.`, { taskId: input.taskId });
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
    // An already committed task answers 200 whatever became of the recipe since.
    const recipe = await committedRecipe(review, task, opts.caller);
    return {
      ok: true,
      value: {
        recipe,
        taskId: task.id,
        status: "Committed",
        alreadyCommitted: true,
        code: "ALREADY_COMMITTED",
        warnings: recipe.deletedAt ? [...recipe.commitWarnings, DELETED_SINCE] : recipe.commitWarnings,
        issues: [],
        replaced: false,
      },
    };
  }
  if (task.status === "Expired") {
    return fail("DRAFT_EXPIRED", undefined, {
      taskId: task.id,
      expiredAt: review.expiresAt(task).toISOString(),
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
  const expiresAt = review.expiresAt(task);
  if (expiresAt.getTime() <= review.now().getTime()) {
    // Lazy expiry: record it so the UI agrees, whoever wins that write.
    const expired = await repo.updateIfVersion(task.id, task.version, { status: "Expired" });
    if (expired) await review.tasks.publish(expired, "ingest.progress");
    return fail("DRAFT_EXPIRED", undefined, { taskId: task.id, expiredAt: expiresAt.toISOString() });
  }

  const parsedResult = zIngestResult.safeParse(task.result);
  if (!parsedResult.success) {
    // A normalization proposal, a Research comparison or an Analysis also wait in ReviewReady,
    // but they have no draft to commit.
    return fail(
      "TASK_NOT_REVIEWABLE",
      task.agent_type !== "Ingest"
        ? `Task ${task.id} is a ${task.agent_type} result with no recipe draft; import a recipe with an Ingest task.`
        : `Task ${task.id} proposes changes to a stored recipe; apply them with POST /api/tasks/${task.id}/apply.`,
      { taskId: task.id, status: task.status },
    );
  }
  const result = parsedResult.data;
  const source = result.draft.source;
  if (input.source !== undefined && input.source !== null) {
    const given = zRecipeSource.partial().safeParse(input.source);
    if (!given.success || (given.data.url && urlKey(given.data.url) !== urlKey(source.url))) {
      return fail("INVALID_PAYLOAD", "source does not match the task's provenance.", { taskId: task.id });
    }
  }
  const edited = input.draftRecipe !== undefined && input.draftRecipe !== null;
  // The same checks as drafts; errors refuse the commit and name the field.
  const checked = review.parseRecipe(edited ? input.draftRecipe : result.draft.recipe);
  if (!checked.recipe || checked.errors.length) {
    return fail(
      "INVALID_RECIPE",
      checked.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join(" "),
      { taskId: task.id, errors: checked.errors, warnings: checked.warnings },
    );
  }
  const recipeIn = checked.recipe;
  const issues: RecipeIssue[] = [...checked.warnings];
  const { similarity, findings } = await review.assessGuardrail(task.id, result.draft, recipeIn);
  const policy = review.config.Ingest.Guardrail.CommitPolicy;
  let guardrailOverride: StoredRecipe["guardrailOverride"] = null;
  if (similarity?.violatesPolicy) {
    const said = findings.filter((f) => f.level === "error").map((f) => f.message);
    const summary = said.length ? said.join(" ") : "Parts of this recipe are the site's own words.";
    if (policy === "block") {
      return fail(
        "GUARDRAIL_VIOLATION",
        `${summary} This server requires such text to be rewritten in your own words before it is saved.`,
        { taskId: task.id, similarity, edited, findings, policy },
      );
    }
    if (policy === "acknowledge" && !input.acknowledgeGuardrail) {
      return fail(
        "GUARDRAIL_VIOLATION",
        `${summary} Rewrite the flagged text, or keep it for personal use by committing again with acknowledgeGuardrail: true.`,
        {
          taskId: task.id,
          similarity,
          edited,
          findings,
          policy,
          acknowledgeWith: { acknowledgeGuardrail: true },
        },
      );
    }
    guardrailOverride = {
      acknowledgedBy: input.acknowledgeGuardrail ? opts.caller.name : null,
      at: review.now().toISOString(),
      maxContiguousTokenOverlap: similarity.maxContiguousTokenOverlap,
      maxNgramSimilarity: similarity.maxNgramSimilarity,
      details: similarity.details,
    };
    for (const f of findings.filter((x) => x.level === "error"))
      issues.push({ field: f.field, message: `${f.message} Kept for personal use.` });
  }

  // A draft matching a recipe the caller has waits for their choice when the server asks.
  const duplicates = await recipeDuplicates(review.repos.duplicates, opts.caller, recipeIn, source.url);
  if (duplicates.length && !input.duplicateAction && review.config.Duplicates.AskOnCommit) {
    return fail("DUPLICATE_RECIPE", undefined, {
      taskId: task.id,
      duplicates,
      choose: ["replace", "keepBoth", "drop"],
    });
  }
  if (
    input.duplicateAction === "replace" &&
    input.duplicateOf &&
    !(await review.repos.recipes.get(input.duplicateOf, opts.caller, "edit"))
  ) {
    return fail("RECIPE_NOT_FOUND", `Recipe ${input.duplicateOf} does not exist.`, {
      recipeId: input.duplicateOf,
    });
  }

  const at = review.now();
  const key = urlKey(source.url);
  // The recipe is the requester's, whoever commits it (an admin's CLI commits for its requester).
  const ownerId = task.requested_by ?? opts.caller.id;
  // Read before the transaction: the embedded database has one connection, which the transaction holds.
  const pageLang = await pageLangOf(review.repos.artifacts, task.id);
  type Outcome = { recipe: StoredRecipe; row: TaskRow; replaced: boolean };
  const outcome = await review.db
    .transaction()
    .execute(async (trx): Promise<Outcome | null> => {
      const tasks = review.repos.tasks.withDb(trx);
      const recipes = review.repos.recipes.withDb(trx);
      const existing = await recipes.findLiveBySourceKey(key, opts.caller);
      const replaceId =
        input.duplicateAction === "replace"
          ? (input.duplicateOf ?? duplicates.find((d) => d.canUpdate)?.recipeId ?? existing?.id)
          : undefined;
      const replace = replaceId ? ((await recipes.get(replaceId, opts.caller, "edit")) ?? null) : null;
      const id = replace?.id ?? randomUUID();
      const won = await tasks.updateIfVersion(task.id, task.version, {
        status: "Committed",
        recipe_id: id,
      });
      if (!won) return null;
      if (existing && !replace) {
        issues.push({
          field: "source",
          message: `A recipe from the same source URL already exists ("${existing.name}"); this one was added beside it.`,
        });
      }
      const alike = replace ? undefined : duplicates.find((d) => d.reason === "same recipe");
      if (alike) {
        issues.push({
          field: "name",
          message: `This looks like "${alike.title}", which you already have; this one was added beside it.`,
        });
      }
      const warnings = issues.map((i) => i.message);
      const recipe: StoredRecipe = {
        ...recipeIn,
        id,
        // Provenance moves from the draft wrapper into the canonical recipe on commit.
        source,
        createdAt: replace ? (replace.document as StoredRecipe).createdAt : at.toISOString(),
        updatedAt: at.toISOString(),
        taskId: task.id,
        commitWarnings: warnings,
        guardrailOverride,
      };
      const meta = {
        kind: replace ? "replace" : "commit",
        createdBy: opts.caller.name,
        provenance: source,
        validation: { errors: [], warnings: issues },
        guardrail: guardrailOverride ? { ...guardrailOverride, policy, findings } : null,
        note: edited ? "edited in review" : null,
      };
      if (replace) {
        const row = await recipes.updateWithVersion(id, replace.version, recipe, meta, at);
        // Someone changed the recipe meanwhile: roll the task back too.
        if (!row) throw new ReplaceConflict();
        recipe.version = row.version;
      } else {
        const row = await recipes.insert({
          id,
          pageLang,
          name: recipe.name,
          document: recipe,
          sourceUrl: source.url,
          sourceUrlKey: key,
          taskId: task.id,
          at,
          ownerId,
          version: meta,
        });
        recipe.version = row.version;
      }
      recipe.deletedAt = null;
      await review.repos.urls.withDb(trx).setRecipe(key, id);
      return { recipe, row: won, replaced: replace !== null };
    })
    .catch((err: unknown) => {
      if (err instanceof ReplaceConflict) return null;
      throw err;
    });
  if (!outcome) {
    return fail(
      "COMMIT_CONFLICT",
      "Someone else committed this draft or changed that recipe at the same time; reload and try again.",
      {
        taskId: task.id,
      },
    );
  }
  const recipeId = outcome.recipe.id;
  await review.tasks.publish(outcome.row, "ingest.progress", { recipeId, edited });
  metrics.commits.inc();
  return {
    ok: true,
    value: {
      recipe: outcome.recipe,
      taskId: task.id,
      status: "Committed",
      alreadyCommitted: false,
      warnings: outcome.recipe.commitWarnings,
      issues,
      replaced: outcome.replaced,
    },
  };
}
