import { SYSTEM, type Viewer } from "../../domain/user.ts";
import { zAnalysisPayload, zResearchPayload } from "../../domain/agents.ts";
import { zRecipe } from "../../domain/recipe.ts";
import { fail, type Failure } from "../../errors.ts";
import { metrics } from "../../metrics.ts";
import type { PipelineContext } from "../../pipeline/context.ts";
import type { Discover } from "../../pipeline/discoverImport.ts";
import type { TaskRow } from "../../storage/schema.ts";
import type { TasksRepo } from "../../storage/tasks.repo.ts";
import type { TaskRepos } from "./taskRepos.ts";
import type { AgentRunner, TaskService } from "./tasks.service.ts";

/** Progress after each phase of the two agents (their own weights; weighs Ingest only). */
const RESEARCH_PROGRESS: Record<string, number> = {
  "Research.Discover": 10,
  "Research.Extract": 80,
  "Research.Compare": 100,
};

const payloadFailure = (e: { issues: { path: PropertyKey[]; message: string }[] }): Failure =>
  fail(
    "INVALID_PAYLOAD",
    e.issues.map((i) => `${i.path.map(String).join(".") || "payload"}: ${i.message}`).join("; "),
    { issues: e.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })) },
  );

/**
 * The Research and Analysis agents (valid types). Both run as tasks
 * like Ingest: Pending → Running → ReviewReady with their result, or Failed with a stable code.
 * Their results are for reading; nothing is committed from them (an Ingest task imports a recipe).
 */
export class AgentsService {
  private readonly repos: TaskRepos;
  private readonly tasks: TaskService;
  private readonly discover: Discover;
  private readonly discoveryReady: () => boolean;
  private readonly now: () => Date;

  constructor(deps: {
    repos: TaskRepos;
    tasks: TaskService;
    discover: Discover;
    /** Whether a search provider (configured or built in) is there. */
    discoveryReady: () => boolean;
    now: () => Date;
  }) {
    this.repos = deps.repos;
    this.tasks = deps.tasks;
    this.discover = deps.discover;
    this.discoveryReady = deps.discoveryReady;
    this.now = deps.now;
  }

  /** Research: several recipes for a query, read and compared. */
  research(): AgentRunner {
    return {
      validate: async (payload) => {
        const p = zResearchPayload.safeParse(payload ?? {});
        if (!p.success) return payloadFailure(p.error);
        if (!this.discoveryReady()) return fail("DISCOVERY_NOT_CONFIGURED");
        return { ok: true, payload: p.data, metadata: { query: p.data.query } };
      },
      run: (taskId, ctx) => this.runResearch(taskId, ctx),
    };
  }

  /** Analysis: a committed recipe's scaled quantities, allergens and diet labels. */
  analysis(): AgentRunner {
    return {
      validate: async (payload, requester) => {
        const p = zAnalysisPayload.safeParse(payload ?? {});
        if (!p.success) return payloadFailure(p.error);
        if (!(await this.readableRecipe(p.data.recipeId, requester)))
          return fail("RECIPE_NOT_FOUND", `Recipe ${p.data.recipeId} does not exist.`, {
            recipeId: p.data.recipeId,
          });
        return { ok: true, payload: p.data, metadata: { recipeId: p.data.recipeId } };
      },
      run: (taskId) => this.runAnalysis(taskId),
    };
  }

  /** A live recipe the requester may read (another user's answers as missing). */
  private async readableRecipe(id: string, requester: Viewer) {
    return this.repos.recipes.get(id, requester);
  }

  private repo(): TasksRepo {
    return this.repos.tasks;
  }

  private async finish(
    row: TaskRow,
    outcome: { ok: true; result: unknown; summary: Record<string, unknown> } | Failure,
  ): Promise<void> {
    const repo = this.repo();
    if (!outcome.ok) {
      const error = {
        code: outcome.code,
        message: outcome.message,
        ...(outcome.details ? { details: outcome.details } : {}),
      };
      const failed = await repo.updateWhileRunning(row.id, { status: "Failed", error });
      if (!failed) return;
      await this.tasks.publish(failed, "ingest.progress", {
        error: { code: error.code, message: error.message },
      });
      metrics.tasksFinished.inc({ status: "Failed" });
      return;
    }
    const ready = await repo.updateWhileRunning(row.id, {
      status: "ReviewReady",
      progress: 100,
      result: outcome.result,
    });
    if (!ready) return; // cancelled meanwhile
    await this.tasks.publishAll(ready, [
      { type: "ingest.progress" },
      { type: "ingest.review_ready", extra: outcome.summary },
    ]);
    metrics.tasksFinished.inc({ status: "ReviewReady" });
  }

  private async runResearch(taskId: string, ctx: Omit<PipelineContext, "onPhase">): Promise<void> {
    const repo = this.repo();
    let row = await repo.claim(taskId);
    if (!row) return;
    const p = zResearchPayload.parse(row.payload);
    let cancelled = false;
    // The research pipeline loads with the first research task (never in an API process).
    const { runResearch } = await import("../../pipeline/researchQuery.ts");
    const res = await runResearch(
      {
        ...ctx,
        task: { id: taskId },
        onPhase: async (phase, state, info) => {
          if (cancelled) return;
          const progress =
            state === "completed" ? (RESEARCH_PROGRESS[phase] ?? row!.progress) : row!.progress;
          const next = await repo.updateWhileRunning(taskId, { current_phase: phase, progress });
          if (!next) {
            cancelled = true;
            return;
          }
          row = next;
          await this.tasks.publish(next, "ingest.progress", { state, ...(info ?? {}) });
        },
      },
      { query: p.query, constraints: p.constraints ?? {}, recipes: p.recipes, render: p.render ?? null },
      this.discover,
    );
    if (cancelled) return;
    if (!res.ok) return this.finish(row, res);
    const { ok: _ok, ...result } = res;
    await this.finish(row, {
      ok: true,
      result,
      summary: { recipes: result.recipes.length, top: result.recipes[0]?.name ?? null },
    });
  }

  private async runAnalysis(taskId: string): Promise<void> {
    const repo = this.repo();
    let row = await repo.claim(taskId);
    if (!row) return;
    const p = zAnalysisPayload.parse(row.payload);
    row = (await repo.updateWhileRunning(taskId, { current_phase: "Analysis.Analyze", progress: 0 })) ?? row;
    await this.tasks.publish(row, "ingest.progress", { state: "started" });
    // The recipe as its requester may read it now (unshared since the task began: not found).
    const stored = await this.readableRecipe(
      p.recipeId,
      row.requested_by ? { id: row.requested_by, role: "user" } : SYSTEM,
    );
    if (!stored) return this.finish(row, fail("RECIPE_NOT_FOUND", `Recipe ${p.recipeId} no longer exists.`));
    const recipe = zRecipe.safeParse(stored.document);
    if (!recipe.success)
      return this.finish(row, fail("INVALID_RECIPE", "The stored recipe does not match the Recipe schema."));
    const { analyzeRecipe } = await import("../../pipeline/analyzeRecipe.ts");
    const analysis = analyzeRecipe(recipe.data, p.servings ?? null);
    await this.finish(row, {
      ok: true,
      result: { ...analysis, recipeId: p.recipeId },
      summary: {
        recipeName: analysis.recipeName,
        allergens: analysis.allergens.map((a) => a.allergen),
      },
    });
  }
}
