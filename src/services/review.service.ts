import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Config } from "../config.ts";
import { zIngestResult, type IngestResult, type TaskState } from "../domain/task.ts";
import type { SimilarityReport } from "../domain/draft.ts";
import { zRecipe, zRecipeSource, zStoredRecipe, type Recipe, type StoredRecipe } from "../domain/recipe.ts";
import {
  checkParaphrase,
  guardrailFindings,
  type GuardrailFinding,
} from "../guardrail/paraphraseGuardrail.ts";
import { parseIngredientLine } from "../extract/ingredients.ts";
import type { LlmPhases } from "../llm/llm.service.ts";
import type { PromptTemplate } from "../domain/prompt.ts";
import type { ArtifactStore } from "./artifactStore.ts";
import { fail, type Failure } from "../errors.ts";
import { urlKey } from "../domain/normalizeUrl.ts";
import { metrics } from "../metrics.ts";
import { checkRecipe, type RecipeIssue } from "../pipeline/validateRecipe.ts";
import { ArtifactsRepo } from "../storage/artifacts.repo.ts";
import { RecipesRepo } from "../storage/recipes.repo.ts";
import type { RecipeRow, Schema, TaskRow } from "../storage/schema.ts";
import { TasksRepo } from "../storage/tasks.repo.ts";
import { UrlRegistryRepo } from "../storage/urlRegistry.repo.ts";
import { toTaskState, type TaskService } from "./tasks.service.ts";
import { SYSTEM, type Caller, type Viewer } from "../domain/user.ts";

/** `POST /api/recipes/import` body (§8.2). `draftRecipe` carries the reviewer's edits, if any. */
export const zCommitRequest = z
  .object({
    taskId: z.string().min(1),
    draftRecipe: z.unknown().optional(),
    source: z.unknown().optional(),
    /**
     * Keep text the paraphrase guardrail flags as the site's own words (personal use); recorded
     * with the recipe. Needed when `Ingest:Guardrail:CommitPolicy` is `acknowledge` (the default).
     */
    acknowledgeGuardrail: z.boolean().optional(),
    /**
     * When the source URL is already one of the recipes: `replace` makes this commit a new version
     * of that recipe; `keepBoth` (the default, as the spec's v1) adds another recipe with a warning.
     */
    duplicateAction: z.enum(["replace", "keepBoth"]).optional(),
  })
  .meta({ id: "CommitRequest" });

/** `POST /api/recipes/check` and `/api/recipes/paraphrase` body: a draft, optionally edited. */
export const zReviewCheckRequest = z
  .object({ taskId: z.string().min(1), draftRecipe: z.unknown().optional() })
  .meta({ id: "ReviewCheckRequest" });
export type ReviewCheckRequest = z.infer<typeof zReviewCheckRequest>;

/** What a commit of this recipe would meet: field errors and warnings, guardrail findings, a duplicate. */
export interface ReviewCheck {
  recipe: Recipe;
  errors: RecipeIssue[];
  warnings: RecipeIssue[];
  guardrail: {
    policy: "block" | "acknowledge" | "warn";
    violatesPolicy: boolean;
    findings: GuardrailFinding[];
    similarity: SimilarityReport | null;
    /** True when an LLM can rewrite the flagged text (`POST /api/recipes/paraphrase`). */
    paraphraseAvailable: boolean;
  };
  duplicate: { id: string; name: string; createdAt: string } | null;
}

/** Maps a zod issue path to the field name used in error details: `ingredients[2].quantity`. */
function fieldOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, p) => (typeof p === "number" ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
    "",
  );
}

/** Zod's wording turned into a sentence about the field. */
function issueMessage(i: z.core.$ZodIssue): string {
  const field = fieldOf(i.path) || "the recipe";
  if (i.code === "too_small") return `${field} must be ${String(i.minimum)} or more.`;
  if (i.code === "invalid_type")
    return `${field} must be ${i.expected === "array" ? "a list" : `a ${i.expected}`}.`;
  return `${field}: ${i.message}.`;
}

/**
 * Fills what a client may leave out: an ingredient sent as a line (`"2 eggs"` or `{text}` without
 * quantity) is parsed with the extraction parser; given fields win over parsed ones. A step may be
 * sent as a string.
 */
export function prepareRecipe(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const r = { ...(raw as Record<string, unknown>) };
  if (Array.isArray(r.ingredients)) {
    r.ingredients = r.ingredients.map((i: unknown) => {
      if (typeof i === "string") return parseIngredientLine(i.trim());
      if (!i || typeof i !== "object") return i;
      const given = i as Record<string, unknown>;
      if (typeof given.text !== "string" || given.quantity !== undefined) return i;
      const section = typeof given.section === "string" ? given.section : null;
      const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
      return { ...parseIngredientLine(given.text.trim(), section), ...defined };
    });
  }
  if (Array.isArray(r.instructions)) {
    r.instructions = r.instructions.map((s: unknown) => (typeof s === "string" ? { text: s } : s));
  }
  return r;
}
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
    /** The warnings tied to their fields (`servings`, `instructions[3]`...). */
    issues: z.array(z.object({ field: z.string(), message: z.string() })).default([]),
    /** True when the commit replaced an existing recipe from the same page (a new version of it). */
    replaced: z.boolean().default(false),
  })
  .meta({ id: "CommitResponse" });
export type CommitResponse = z.infer<typeof zCommitResponse>;

/** Presents a recipe row. */
export function toStoredRecipe(row: RecipeRow): StoredRecipe {
  const deleted = row.deleted_at ? new Date(row.deleted_at).toISOString() : null;
  return { ...(row.document as StoredRecipe), version: row.version, deletedAt: deleted };
}

/** The LLM phases a reviewer can choose prompts for, with the task payload keys that carry the choice. */
export const PROMPT_CHOICES = [
  {
    phase: "Ingest.Extract",
    selection: "extractPromptId",
    override: "extractOverride",
    label: "Reading the recipe",
  },
  {
    phase: "Ingest.Normalize",
    selection: "normalizePromptId",
    override: "normalizeOverride",
    label: "Tidying the recipe",
  },
  {
    phase: "Ingest.Discover",
    selection: "discoverPromptId",
    override: "discoverOverride",
    label: "Searching for recipes",
  },
] as const;

/** `GET /api/tasks/options`: what the import wizard's prompt selector (§4.2) offers. */
export interface ImportOptions {
  /** True when at least one phase has an LLM provider; false hides the prompt selector. */
  llmConfigured: boolean;
  /** Admins may see prompt texts and activate versions (`/api/prompts`). */
  canManagePrompts: boolean;
  phases: {
    phase: string;
    label: string;
    selection: string;
    override: string;
    active: { id: string; version: number; name: string } | null;
    versions: { id: string; version: number; name: string; isActive: boolean; createdAt: string }[];
  }[];
}

/** The prompt choices per configured LLM phase: the active version and the others. */
export async function importOptions(
  prompts: { list(phase?: string): Promise<PromptTemplate[]> },
  llm: Pick<LlmPhases, "configured">,
  isAdmin: boolean,
): Promise<ImportOptions> {
  const phases: ImportOptions["phases"] = [];
  for (const c of PROMPT_CHOICES) {
    if (!llm.configured(c.phase)) continue;
    const list = await prompts.list(c.phase);
    const versions = list
      .map((p) => ({
        id: p.id,
        version: p.version,
        name: p.name,
        isActive: p.isActive,
        createdAt: p.createdAt,
      }))
      .sort((a, b) => b.version - a.version);
    const active = versions.find((v) => v.isActive) ?? null;
    phases.push({
      ...c,
      active: active ? { id: active.id, version: active.version, name: active.name } : null,
      versions,
    });
  }
  return { llmConfigured: phases.length > 0, canManagePrompts: isAdmin, phases };
}

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

/** Thrown inside the commit transaction to roll it back when the replaced recipe changed. */
class ReplaceConflict extends Error {}

/** The review lifecycle (§4.3): commit, reject, expiry, retention. */
export class ReviewService {
  private readonly config: Config;
  private readonly db: Kysely<Schema>;
  private readonly tasks: TaskService;
  private readonly now: () => Date;
  private readonly artifacts: ArtifactStore;
  private readonly llm: () => LlmPhases | null;

  constructor(
    config: Config,
    db: Kysely<Schema>,
    tasks: TaskService,
    artifacts: ArtifactStore,
    now: () => Date = () => new Date(),
    llm: () => LlmPhases | null = () => null,
  ) {
    this.llm = llm;
    this.config = config;
    this.db = db;
    this.tasks = tasks;
    this.artifacts = artifacts;
    this.now = now;
  }

  /**
   * The guardrail verdict on what is about to be committed: a fresh check of the recipe's text
   * against the stored snapshot (the draft's own report when the snapshot is gone).
   */
  private async assessGuardrail(
    taskId: string,
    draft: IngestResult["draft"],
    recipe: Recipe,
  ): Promise<{ similarity: SimilarityReport | null; findings: GuardrailFinding[] }> {
    const opts = this.config.Ingest.Guardrail;
    const snap = await this.artifacts.read(taskId, "snapshot.txt");
    if (!snap) return { similarity: draft.similarity, findings: [] };
    const res = checkParaphrase(snap.data.toString("utf8"), recipe, opts);
    return { similarity: res.report, findings: guardrailFindings(res, opts) };
  }

  /** Parses and validates a recipe as a commit would: the recipe, or the field errors. */
  private parseRecipe(raw: unknown): {
    recipe: Recipe | null;
    errors: RecipeIssue[];
    warnings: RecipeIssue[];
  } {
    const parsed = zRecipe.safeParse(prepareRecipe(raw));
    if (!parsed.success) {
      return {
        recipe: null,
        errors: parsed.error.issues.map((i) => ({ field: fieldOf(i.path), message: issueMessage(i) })),
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
  private async reviewable(
    taskId: string,
    viewer: Viewer,
  ): Promise<{ ok: true; task: TaskRow; result: IngestResult } | Failure> {
    const task = await new TasksRepo(this.db, this.now).get(taskId, viewer);
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
    const dup = await new RecipesRepo(this.db).findLiveBySourceKey(urlKey(r.result.draft.source.url), viewer);
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
    opts: { ifMatch?: number | null; caller: Caller },
  ): Promise<{ ok: true; value: CommitResponse } | Failure> {
    const repo = new TasksRepo(this.db, this.now);
    const task = await repo.get(input.taskId, opts.caller);
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
      const existing = task.recipe_id
        ? await new RecipesRepo(this.db).get(task.recipe_id, opts.caller)
        : undefined;
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
            issues: [],
            replaced: false,
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
    // The same checks as drafts (§12); errors refuse the commit and name the field.
    const checked = this.parseRecipe(edited ? input.draftRecipe : result.draft.recipe);
    if (!checked.recipe || checked.errors.length) {
      return fail(
        "INVALID_RECIPE",
        checked.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join(" "),
        { taskId: task.id, errors: checked.errors, warnings: checked.warnings },
      );
    }
    const recipeIn = checked.recipe;
    const issues: RecipeIssue[] = [...checked.warnings];
    const { similarity, findings } = await this.assessGuardrail(task.id, result.draft, recipeIn);
    const policy = this.config.Ingest.Guardrail.CommitPolicy;
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
        at: this.now().toISOString(),
        maxContiguousTokenOverlap: similarity.maxContiguousTokenOverlap,
        maxNgramSimilarity: similarity.maxNgramSimilarity,
        details: similarity.details,
      };
      for (const f of findings.filter((x) => x.level === "error"))
        issues.push({ field: f.field, message: `${f.message} Kept for personal use.` });
    }

    const at = this.now();
    const key = urlKey(source.url);
    // The recipe is the requester's, whoever commits it (an admin's CLI commits for its requester).
    const ownerId = task.requested_by ?? opts.caller.id;
    type Outcome = { recipe: StoredRecipe; row: TaskRow; replaced: boolean };
    const outcome = await this.db
      .transaction()
      .execute(async (trx): Promise<Outcome | null> => {
        const tasks = new TasksRepo(trx, this.now);
        const recipes = new RecipesRepo(trx);
        const existing = await recipes.findLiveBySourceKey(key, opts.caller);
        const replace = existing && input.duplicateAction === "replace" ? existing : null;
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
        const warnings = issues.map((i) => i.message);
        const recipe: StoredRecipe = {
          ...recipeIn,
          id,
          // Provenance moves from the draft wrapper into the canonical recipe on commit (§6.2).
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
        await new UrlRegistryRepo(trx).setRecipe(key, id);
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
    await this.tasks.publish(outcome.row, "ingest.progress", { recipeId, edited });
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

  /** Rejects a ReviewReady draft. Rejecting a rejected task again is a no-op success. */
  async reject(
    taskId: string,
    reason: string | null,
    viewer: Viewer,
  ): Promise<{ ok: true; value: { taskId: string; status: "Rejected" } } | Failure> {
    const repo = new TasksRepo(this.db, this.now);
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
    const { rows, total } = await new TasksRepo(this.db, this.now).list({
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
    const repo = new TasksRepo(this.db, this.now);
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

  /** Background expiry (§4.3): ReviewReady tasks past the window become Expired. */
  async expireDrafts(): Promise<string[]> {
    const cutoff = new Date(this.now().getTime() - this.config.Ingest.DraftExpirationDays * 86_400_000);
    const ids = await new TasksRepo(this.db, this.now).expireReviewReady(cutoff);
    for (const id of ids) {
      const t = await this.tasks.get(id, SYSTEM);
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
