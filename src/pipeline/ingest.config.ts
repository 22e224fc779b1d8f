import { z } from "zod";
import { zBool } from "../configParts.ts";

// The Ingest section (the recipe pipeline, its guardrail and circuit breaker).
// Declared beside the code that reads it; src/config.ts composes every section into one validated object.

const zCircuitBreaker = z.object({
  /**
   * Origin-health failures (no connection, timeouts, 5xx, 429) within the window before a domain
   * is paused. A 404, 410 or other 4xx is the page's answer and never counts.
   */
  FailureThreshold: z.coerce.number().int().positive().default(5),
  /** Window in which failures are counted (minutes). */
  FailureWindowMinutes: z.coerce.number().int().positive().default(10),
  /**
   * The first pause of a paused domain (seconds); then one request probes it (half-open): an
   * answer resumes the domain, a failure pauses it again for twice as long.
   */
  ProbeAfterSeconds: z.coerce.number().positive().default(30),
  /** The longest pause (minutes): failed probes double the pause up to this. */
  BlockDurationMinutes: z.coerce.number().int().positive().default(30),
  /** How much a request that timed out counts: a stalling domain is paused after fewer of them. */
  TimeoutWeight: z.coerce.number().int().positive().default(2),
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
  /** Normalization (Flow C, §12.3): every patch needs approval unless AutoApplyLow. */
  Normalize: z
    .object({
      /** Apply Low-risk operations without review (High ones still wait). Default off (§12.3). */
      AutoApplyLow: zBool().default(false),
      /** Unit conversion offered as High: auto (minority system to the majority), metric, us, none. */
      ConvertUnits: z.enum(["auto", "metric", "us", "none"]).default("auto"),
    })
    .prefault({}),
  /** A deleted recipe can be restored for this many days, then it is purged. */
  RecipeRestoreDays: z.coerce.number().positive().default(30),
});
