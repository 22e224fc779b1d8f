/**
 * The error catalogue: every expected failure has a stable code, an HTTP status and a default
 * message. API families present these in their own documented shapes; the Tasks/Recipes family
 * uses `{ code, message, details }` (recipe-ingest-agent.md §8.2).
 */
export const ERRORS = {
  // recipe-ingest-agent.md §8.2
  INVALID_AGENT_TYPE: { status: 400, message: "Unknown agentType." },
  INVALID_PAYLOAD: { status: 400, message: "Payload validation failed." },
  TASK_NOT_FOUND: { status: 404, message: "Task does not exist." },
  DRAFT_EXPIRED: { status: 410, message: "Draft expired and cannot be committed." },
  ALREADY_COMMITTED: { status: 200, message: "Already committed." },
  COMMIT_CONFLICT: { status: 409, message: "Concurrent commit detected." },
  // Ladle's own, same family
  TASK_NOT_REVIEWABLE: { status: 409, message: "Task is not waiting for review." },
  INVALID_RECIPE: { status: 400, message: "Recipe validation failed." },
  GUARDRAIL_VIOLATION: {
    status: 422,
    message:
      "The draft copies large verbatim blocks of the source; paraphrase the flagged text or acknowledge the override.",
  },
  RECIPE_NOT_FOUND: { status: 404, message: "Recipe does not exist." },
  ARTIFACT_NOT_FOUND: { status: 404, message: "Artifact does not exist." },
  INVALID_REQUEST: { status: 400, message: "Request validation failed." },
  UNAUTHORIZED: { status: 401, message: "A valid bearer token is required." },
  FORBIDDEN: { status: 403, message: "This action needs the admin role." },
  NOT_FOUND: { status: 404, message: "No such route." },
  INTERNAL: { status: 500, message: "Internal error." },
  PROMPT_NOT_FOUND: { status: 404, message: "Prompt does not exist." },
  INVALID_PROMPT: { status: 400, message: "Prompt validation failed." },
  PROMPT_LAST_ACTIVE: {
    status: 409,
    message: "A phase needs one active prompt; activate another version instead.",
  },
  PROMPT_RENDER_FAILED: { status: 400, message: "The prompt could not be rendered." },
  // Task failure codes (stored in a Failed task's `error`)
  URL_NOT_ALLOWED: { status: 422, message: "The URL is not allowed by the fetch policy." },
  FETCH_FAILED: { status: 502, message: "The page could not be fetched." },
  FETCH_TIMEOUT: { status: 504, message: "Fetching the page timed out." },
  FETCH_TOO_LARGE: { status: 422, message: "The page exceeds the size limit." },
  FETCH_HTTP_ERROR: { status: 502, message: "The site answered with an error status." },
  TOO_MANY_REDIRECTS: { status: 422, message: "The page redirects too many times." },
  UNSUPPORTED_CONTENT_TYPE: { status: 415, message: "The content type is not supported." },
  NO_RECIPE_FOUND: { status: 422, message: "No recipe was found on the page." },
  NOT_A_RECIPE: { status: 422, message: "The page is an article, not a recipe." },
  FETCH_BLOCKED: {
    status: 502,
    message: "The site answered with a bot or consent wall instead of the page.",
  },
  ROBOTS_DISALLOWED: { status: 422, message: "robots.txt does not allow fetching this page." },
  DOMAIN_CIRCUIT_OPEN: { status: 503, message: "The site failed repeatedly and is paused for a while." },
  DOMAIN_DENIED: { status: 422, message: "The operator does not allow fetching from this domain." },
  RENDER_FAILED: { status: 502, message: "The page could not be rendered in the browser." },
  LLM_NOT_CONFIGURED: { status: 422, message: "No LLM provider is configured for this phase." },
  LLM_TIMEOUT: { status: 504, message: "The LLM provider did not answer in time." },
  LLM_ERROR: { status: 502, message: "The LLM provider failed." },
  LLM_OUTPUT_INVALID: { status: 422, message: "The LLM output stayed invalid after repair attempts." },
  LLM_BUDGET_EXCEEDED: { status: 429, message: "The LLM token budget is exhausted." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** An expected failure as a value. */
export interface Failure {
  ok: false;
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** Builds a Failure with the catalogue's default message unless one is given. */
export function fail(code: ErrorCode, message?: string, details?: Record<string, unknown>): Failure {
  return { ok: false, code, message: message ?? ERRORS[code].message, ...(details ? { details } : {}) };
}

/** HTTP status for a code. */
export function statusOf(code: ErrorCode): number {
  return ERRORS[code].status;
}

/** The §8.2 error body. */
export function errorBody(f: Pick<Failure, "code" | "message" | "details">): {
  code: string;
  message: string;
  details?: Record<string, unknown>;
} {
  return { code: f.code, message: f.message, ...(f.details ? { details: f.details } : {}) };
}
