// The web app reads a task's `result` (declared `unknown` by the API) through one schema per task
// type (src/web/app/api/taskResults.ts): each must accept what the server really produces for that
// type, as JSON, and refuse another type's result.
import { describe, expect, it } from "vitest";
import { zRankedCandidate } from "../../src/domain/discovery.ts";
import { zRecipe } from "../../src/domain/recipe.ts";
import { zNormalizeResult, zPatchOp } from "../../src/normalize/proposeNormalization.ts";
import { analyzeRecipe } from "../../src/pipeline/analyzeRecipe.ts";
import {
  analysisResult,
  ingestCandidates,
  normalizeResult,
  resultOf,
} from "../../src/web/app/api/taskResults.ts";
import type { Task } from "../../src/web/app/api/types.ts";

/** A task as GET /api/tasks/{id} answers it, its result as the JSON the browser reads. */
const task = (agentType: string, result: unknown): Task => ({
  taskId: "t1",
  threadId: "th",
  agentType,
  status: "ReviewReady",
  currentPhase: null,
  progress: 100,
  payload: {},
  result: JSON.parse(JSON.stringify(result)) as unknown,
  error: null,
  metadata: {},
  recipeId: null,
  createdAt: "2026-01-01T00:00:00Z",
  lastUpdated: "2026-01-01T00:00:00Z",
  version: 1,
  expiresAt: null,
});

const recipe = zRecipe.parse({
  name: "Pancakes",
  servings: 4,
  ingredients: [
    { text: "2 eggs", quantity: 2, unit: null, name: "eggs" },
    { text: "1 cup milk", quantity: 1, unit: "cup", name: "milk" },
  ],
  instructions: [{ text: "Whisk and fry." }],
});
const analysis = task("Analysis", analyzeRecipe(recipe, 2));
const normalize = task(
  "Normalize",
  zNormalizeResult.parse({
    patch: [
      zPatchOp.parse({
        op: "test",
        path: "/ingredients/1/unit",
        value: "cup",
        riskCategory: "Low",
        guards: 1,
      }),
      zPatchOp.parse({
        op: "replace",
        path: "/ingredients/1/unit",
        value: "ml",
        before: "cup",
        riskCategory: "Low",
        id: 1,
        rule: "units",
      }),
    ],
    diffSummary: ["Ingredient 2 unit: cup → ml (Low)"],
    validation: { errors: [], warnings: [], isValid: true },
    dropped: [{ op: { path: "/name" }, reason: "no change" }],
    warnings: [],
    target: { kind: "recipe", recipeId: "r1", taskId: null, version: 3 },
  }),
);
const ingest = task("Ingest", {
  draft: { recipe: {} },
  candidates: [
    zRankedCandidate.parse({ url: "https://a.example/soup", title: "Soup", score: 0.9 }),
    zRankedCandidate.parse({ url: "https://b.example/soup", title: null, score: 0.5 }),
  ],
  selectedCandidateIndex: 1,
  attempts: [
    {
      index: 0,
      url: "https://a.example/soup",
      outcome: "skipped",
      code: "NOT_A_RECIPE",
      reason: "an article",
    },
    { index: 1, url: "https://b.example/soup", outcome: "imported", code: null, reason: null },
  ],
});

describe("task results in the web app", () => {
  it("reads an Analysis task's allergens and diets", () => {
    const a = resultOf(analysis, analysisResult);
    expect(a?.allergens.map((x) => x.allergen)).toEqual(expect.arrayContaining(["eggs", "milk"]));
    expect(a?.diet.find((d) => d.label === "vegan")?.verdict).toBe("no");
  });

  it("reads a Normalize task's patch, target and auto-applied ids", () => {
    const n = resultOf(normalize, normalizeResult);
    expect(n?.patch.filter((o) => o.op !== "test").map((o) => o.id)).toEqual([1]);
    expect(n?.target).toMatchObject({ kind: "recipe", recipeId: "r1" });
    expect(n?.autoApplied).toBeNull();
    expect(n?.dropped[0]?.reason).toBe("no change");
  });

  it("reads an import by query's candidates and the ones tried", () => {
    const c = resultOf(ingest, ingestCandidates);
    expect(c?.candidates.map((x) => x.title)).toEqual(["Soup", null]);
    expect(c?.selectedCandidateIndex).toBe(1);
    expect(c?.attempts?.[0]).toMatchObject({ outcome: "skipped", reason: "an article" });
  });

  it("answers null for another task type's result, or none", () => {
    expect(resultOf(ingest, normalizeResult)).toBeNull();
    expect(resultOf(normalize, analysisResult)).toBeNull();
    expect(resultOf(analysis, ingestCandidates)).toBeNull();
    expect(resultOf(task("Normalize", null), normalizeResult)).toBeNull();
  });
});
