import { z } from "zod";
import { zBool } from "../configParts.ts";

// The Ingest section (the recipe pipeline, its guardrail and circuit breaker).
// Declared beside the code that reads it; src/config.ts composes every section into one validated object.

const zCircuitBreaker = z.object({
  /**
   * Failures that say a domain refuses us or is unwell (anti-bot walls, 403, 429, 408, 5xx,
   * timeouts, no connection) within the window before a domain is blocked. A 404 or 410 is one
   * submitter's mistake and never counts.
   */
  FailureThreshold: z.coerce.number().int().positive().default(5),
  /** Window in which failures are counted (minutes). */
  FailureWindowMinutes: z.coerce.number().int().positive().default(10),
  /**
   * A shorter first pause (seconds), unset by default (the whole block); then one request probes
   * the domain: an answer resumes it, a failure pauses it again for twice as long, up to the block.
   */
  ProbeAfterSeconds: z.coerce.number().positive().optional(),
  /** How long a domain is blocked (minutes),; a failed probe after it blocks it again. */
  BlockDurationMinutes: z.coerce.number().int().positive().default(30),
  /** How much a fetch that timed out counts (one failure, like any other). */
  TimeoutWeight: z.coerce.number().int().positive().default(1),
});

const zGuardrail = z.object({
  TokenOverlapWarningThreshold: z.coerce.number().int().positive().default(40),
  TokenOverlapErrorThreshold: z.coerce.number().int().positive().default(80),
  NgramSimilarityWarningThreshold: z.coerce.number().min(0).max(1).default(0.2),
  NgramSimilarityErrorThreshold: z.coerce.number().min(0).max(1).default(0.35),
  NgramSize: z.coerce.number().int().positive().default(5),
  AutoRepairOnError: zBool().default(true),
  /**
   * What a commit does with text the guardrail flags: `block` refuses it (paraphrase first),
   * `acknowledge` needs the reviewer's explicit `acknowledgeGuardrail` (recorded), `warn` commits
   * with a warning kept on the recipe.
   */
  CommitPolicy: z.enum(["block", "acknowledge", "warn"]).default("acknowledge"),
});

export const zIngest = z.object({
  /**
   * How long a task's phase runs before its progress is written: a task whose phases all end
   * sooner writes them with its outcome (one write, not one per phase), a slow one (a fetch's
   * retries, a wait for a CPU slot, an LLM) shows within this time.
   */
  ProgressWriteDelayMs: z.coerce.number().int().nonnegative().default(250),
  MaxDiscoveryCandidates: z.coerce.number().int().positive().default(10),
  /** Drafts in ReviewReady expire after this many days. */
  DraftExpirationDays: z.coerce.number().positive().default(7),
  /** Cap on a fetched response, counted after decompression: 5 MiB. */
  MaxFetchSizeBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  ContentCharacterBudget: z.coerce.number().int().positive().default(60_000),
  RespectRobotsTxt: zBool().default(true),
  /** Larger artifacts are gzip-compressed, then truncated: 1 MiB. */
  MaxArtifactSizeBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  CircuitBreaker: zCircuitBreaker.prefault({}),
  Guardrail: zGuardrail.prefault({}),
  /** Normalization (Flow C): every patch needs approval unless AutoApplyLow. */
  Normalize: z
    .object({
      /** Apply Low-risk operations without review (High ones still wait). Default off. */
      AutoApplyLow: zBool().default(false),
      /** Unit conversion offered as High: auto (minority system to the majority), metric, us, none. */
      ConvertUnits: z.enum(["auto", "metric", "us", "none"]).default("auto"),
    })
    .prefault({}),
  /** A deleted recipe can be restored for this many days, then it is purged. */
  RecipeRestoreDays: z.coerce.number().positive().default(30),
});
