import type { Config } from "../config.ts";
import type { GatewayResult, RenderMode } from "../domain/fetched.ts";
import type { RecipePageInput, RecipePageResult } from "../extract/readRecipePage.ts";
import type { LlmPhases } from "../llm/llm.service.ts";

/** What a phase may use. Phases know nothing of HTTP or the queue. */
export interface PipelineContext {
  config: Config;
  /** The egress gateway bound to the configured policy. */
  fetch(url: string, opts?: { signal?: AbortSignal; render?: RenderMode }): Promise<GatewayResult>;
  now(): Date;
  /** LLM phases; absent (or a phase without provider) means the phase is skipped with a warning. */
  llm?: LlmPhases;
  /** The task being run, with its prompt choices (payload promptSelection / promptOverrides). */
  task?: {
    id: string;
    promptSelection?: Record<string, string | null | undefined> | null;
    promptOverrides?: Record<string, string | null | undefined> | null;
  };
  /** Aborted when the run must stop (its worker shuts down and releases the job). */
  signal?: AbortSignal;
  /**
   * Runs CPU-bound work (extraction, validation) in one of a bounded number of CPU slots, so that
   * many runs can wait on the network while only about a core's worth compute at once.
   */
  cpu?<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Reads a recipe page (decode, extract, guardrail); the worker process's version runs it in a
   * worker thread (off the event loop). Absent: readRecipePage on the caller's thread (the CLI, tests).
   */
  extract?(input: RecipePageInput): Promise<RecipePageResult>;
  /** Called when a phase starts or finishes, for progress reporting. */
  onPhase?(
    phase: string,
    state: "started" | "completed",
    info?: Record<string, unknown>,
  ): Promise<void> | void;
}

/** A produced artifact before storage (capping and compression happen in the store). */
export interface ArtifactDraft {
  name: string;
  /** Spec artifact type, e.g. "snapshot.text". */
  type: string;
  contentType: string;
  content: string;
  /**
   * True: `content` is the task's `result.draft` as the outcome writes it (draft.recipe.json), so
   * the store keeps no copy of its own and reads it from the result (migration 068).
   */
  inTaskResult?: boolean;
}
