import { z } from "zod";
import { zRecipeDraft } from "./draft.ts";
import { zConstraints, zRankedCandidate } from "./discovery.ts";
import { zWordsFrom } from "./importJob.ts";

/** Known agent types, matched case-insensitively. */
export const KNOWN_AGENT_TYPES = ["Ingest", "Research", "Analysis"] as const;
export type AgentType = (typeof KNOWN_AGENT_TYPES)[number];

/** Canonical spelling of an agent type, or null when unknown. */
export function canonicalAgentType(value: string): AgentType | null {
  return KNOWN_AGENT_TYPES.find((t) => t.toLowerCase() === value.toLowerCase()) ?? null;
}

/** Task status. Terminal: Committed, Rejected, Expired, Failed. */
export const zTaskStatus = z.enum([
  "Pending",
  "Running",
  "ReviewReady",
  "Committed",
  "Rejected",
  "Expired",
  "Failed",
]);
export type TaskStatus = z.infer<typeof zTaskStatus>;
export const TERMINAL_STATUSES: readonly TaskStatus[] = ["Committed", "Rejected", "Expired", "Failed"];

/** Ingest phases. */
export const zIngestPhase = z.enum([
  "Ingest.Discover",
  "Ingest.Fetch",
  "Ingest.Extract",
  "Ingest.Validate",
  "Ingest.RepairJson",
  "Ingest.RepairParaphrase",
  "Ingest.ReviewReady",
  "Ingest.Normalize",
]);
export type IngestPhase = z.infer<typeof zIngestPhase>;

/** Mode names are accepted in any case ("Url", "url"). */
const zMode = <T extends string>(mode: T) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.toLowerCase() === mode.toLowerCase() ? mode : v),
    z.literal(mode),
  );

const zPromptSelection = z
  .object({
    discoverPromptId: z.string().nullish(),
    extractPromptId: z.string().nullish(),
    normalizePromptId: z.string().nullish(),
  })
  .partial()
  .nullish();
const zPromptOverrides = z
  .object({
    discoverOverride: z.string().nullish(),
    extractOverride: z.string().nullish(),
    normalizeOverride: z.string().nullish(),
  })
  .partial()
  .nullish();
/** The older `promptIds` shape, still accepted. */
const zPromptIds = z.record(z.string(), z.string().nullable()).nullish();

const zHttpUrl = z
  .string()
  .trim()
  .min(1, "url is required")
  .refine((s) => URL.canParse(s) && /^https?:$/i.test(new URL(s).protocol), {
    message: "url must be an absolute http(s) URL",
  });

export const zUrlPayload = z.object({
  mode: zMode("Url"),
  url: zHttpUrl,
  /** Browser rendering for this request; default from configuration ("auto"). */
  render: z.enum(["never", "auto", "always"]).nullish(),
  promptSelection: zPromptSelection,
  promptOverrides: zPromptOverrides,
  promptIds: zPromptIds,
});
export const zQueryPayload = z.object({
  mode: zMode("Query"),
  query: z.string().trim().min(1, "query is required").max(500),
  /** dietType, cuisine, and any other words the results should match. */
  constraints: zConstraints.nullish(),
  /** Browser rendering for the candidate pages; default from configuration. */
  render: z.enum(["never", "auto", "always"]).nullish(),
  /** A restart from a chosen candidate: the earlier task's candidates (no new search) and the choice. */
  candidates: z.array(zRankedCandidate).max(50).nullish(),
  candidateIndex: z.number().int().min(0).nullish(),
  promptSelection: zPromptSelection,
  promptOverrides: zPromptOverrides,
  promptIds: zPromptIds,
});
/**
 * Import from pasted text, an uploaded file (a token of POST /v1/uploads: PDF, photo, captions) or a
 * video page: read by the import family's readers, then the same review as a page.
 */
export const zSourcePayload = z.object({
  mode: zMode("Source"),
  sourceType: z.enum(["text", "pdf", "image", "video"]),
  /** The text itself, an upload token, or (video) a page URL. */
  sourceRef: z
    .string()
    .min(1, "sourceRef is required")
    .max(1024 * 1024),
  /** Whose words: the copy check is for someone else's (default: the cook's own; video pages: someone else's). */
  words: zWordsFrom.nullish(),
});
export const zNormalizePayload = z.object({
  mode: zMode("Normalize"),
  /** A stored recipe to normalize… */
  recipeId: z.string().min(1).optional(),
  /** …or the draft of a ReviewReady import task (normalized before commit). */
  taskId: z.string().min(1).optional(),
  /** Unit conversion offered (High): default Ingest:Normalize:ConvertUnits. */
  convertUnits: z.enum(["auto", "metric", "us", "none"]).nullish(),
  promptSelection: zPromptSelection,
  promptOverrides: zPromptOverrides,
  promptIds: zPromptIds,
});

/** Ingest payload, discriminated by `mode`. */
export const zIngestPayload = z
  .union([zUrlPayload, zQueryPayload, zSourcePayload, zNormalizePayload])
  .meta({ id: "IngestPayload" });
export type IngestPayload = z.infer<typeof zIngestPayload>;
export type UrlPayload = z.infer<typeof zUrlPayload>;
export type QueryPayload = z.infer<typeof zQueryPayload>;
export type NormalizePayload = z.infer<typeof zNormalizePayload>;
export type SourcePayload = z.infer<typeof zSourcePayload>;

/** `POST /api/tasks` body. */
export const zCreateTaskRequest = z
  .object({
    agentType: z.string().min(1),
    threadId: z.string().trim().min(1).max(200).nullish(),
    payload: z.unknown().optional(),
  })
  .meta({ id: "CreateTaskRequest" });
export type CreateTaskRequest = z.infer<typeof zCreateTaskRequest>;

export const zCreateTaskResponse = z
  .object({ taskId: z.string(), threadId: z.string(), agentType: z.string(), status: zTaskStatus })
  .meta({ id: "CreateTaskResponse" });

/** A failed task's error. */
export const zTaskError = z
  .object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() })
  .meta({ id: "TaskError" });
export type TaskError = z.infer<typeof zTaskError>;

/** Result of an ingest task in ReviewReady. */
export const zIngestResult = z
  .object({
    draft: zRecipeDraft,
    candidates: z.array(zRankedCandidate).default([]),
    selectedCandidateIndex: z.number().int().nullable().default(null),
    /** Query imports: the candidates tried in order, and why the skipped ones were skipped. */
    attempts: z
      .array(
        z.object({
          index: z.number().int(),
          url: z.string(),
          outcome: z.enum(["imported", "skipped"]),
          code: z.string().nullable(),
          reason: z.string().nullable(),
        }),
      )
      .optional(),
  })
  .meta({ id: "IngestResult" });
export type IngestResult = z.infer<typeof zIngestResult>;

/** TaskState as the API returns it. */
export const zTaskState = z
  .object({
    taskId: z.string(),
    threadId: z.string(),
    agentType: z.string(),
    status: zTaskStatus,
    currentPhase: z.string().nullable(),
    progress: z.number().int().min(0).max(100),
    payload: z.unknown(),
    result: z.unknown().nullable(),
    error: zTaskError.nullable(),
    metadata: z.record(z.string(), z.unknown()),
    recipeId: z.string().nullable(),
    createdAt: z.string(),
    lastUpdated: z.string(),
    /** Row version, the ETag of this state. */
    version: z.number().int(),
    /** When a ReviewReady draft stops being committable. */
    expiresAt: z.string().nullable(),
  })
  .meta({ id: "TaskState" });
export type TaskState = z.infer<typeof zTaskState>;

/** Task event names. */
export const TASK_EVENT_TYPES = [
  "ingest.progress",
  "ingest.discover.progress",
  "ingest.fetch.progress",
  "ingest.extract.progress",
  "ingest.validate.progress",
  "ingest.review_ready",
  "ingest.normalize.progress",
  "ingest.normalize.completed",
] as const;
export type TaskEventType = (typeof TASK_EVENT_TYPES)[number];

export interface TaskEvent {
  id: string;
  taskId: string;
  type: TaskEventType;
  data: Record<string, unknown>;
  at: string;
}

/**
 * Phase weights; progress is the sum of completed phases' weights.
 * URL imports have no discovery, so the other weights are scaled up proportionally.
 */
export const PHASE_WEIGHTS: Record<string, number> = {
  "Ingest.Discover": 10,
  "Ingest.Fetch": 15,
  "Ingest.Extract": 40,
  "Ingest.Validate": 25,
  "Ingest.ReviewReady": 10,
};

/** Progress (0..100) once `completed` phases are done, for the given phase plan. */
export function progressAfter(plan: readonly string[], completed: readonly string[]): number {
  const total = plan.reduce((s, p) => s + (PHASE_WEIGHTS[p] ?? 0), 0);
  // A phase run again (a query import falling through to the next candidate) counts once.
  const done = [...new Set(completed)].reduce(
    (s, p) => s + (plan.includes(p) ? (PHASE_WEIGHTS[p] ?? 0) : 0),
    0,
  );
  return total === 0 ? 0 : Math.round((done / total) * 100);
}

export const URL_PHASE_PLAN = [
  "Ingest.Fetch",
  "Ingest.Extract",
  "Ingest.Validate",
  "Ingest.ReviewReady",
] as const;

/** Import by query: the five phases of with their default weights. */
export const QUERY_PHASE_PLAN = [
  "Ingest.Discover",
  "Ingest.Fetch",
  "Ingest.Extract",
  "Ingest.Validate",
  "Ingest.ReviewReady",
] as const;

/** Parses an ingest payload, choosing the branch by `mode` so errors name the real problem. */
export function parseIngestPayload(
  payload: unknown,
):
  | { ok: true; payload: IngestPayload }
  | { ok: false; message: string; issues: { path: string; message: string }[] } {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return {
      ok: false,
      message: "payload must be a JSON object.",
      issues: [{ path: "", message: "expected object" }],
    };
  }
  const mode = (payload as { mode?: unknown }).mode;
  const schema =
    typeof mode === "string"
      ? { url: zUrlPayload, query: zQueryPayload, source: zSourcePayload, normalize: zNormalizePayload }[
          mode.toLowerCase()
        ]
      : undefined;
  if (!schema) {
    return {
      ok: false,
      message: `payload.mode must be one of Url, Query, Source, Normalize (got ${JSON.stringify(mode ?? null)}).`,
      issues: [{ path: "mode", message: "invalid mode" }],
    };
  }
  const parsed = schema.safeParse(payload);
  if (parsed.success) return { ok: true, payload: parsed.data };
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = issues[0]!;
  return { ok: false, message: `payload.${first.path}: ${first.message}`, issues };
}
