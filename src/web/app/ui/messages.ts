// The one table of what the screen says when something did not work, keyed by the API's stable
// error codes (src/errors.ts; the /v1 family's lower-case ones too): each code names a sentence of
// the `messages` catalogue (i18n/<language>/messages.json), said in the person's language. The
// server's words are meant for API clients and may name codes, settings or fields: they go under
// "Details", never in the sentence. Pure (no DOM), so the tests read the same table and the same
// check as the screens.
import { language, t, type MessageKey } from "../i18n/i18n.ts";

/** The sentence said when the code is unknown and the server's words are not for people. */
export function fallback(): string {
  return t("messages.fallback");
}

/** Each code's sentence, as a catalogue key (t() turns it into words when it is shown). */
export const MESSAGES: Record<string, MessageKey> = {
  // Import and review
  INVALID_AGENT_TYPE: "messages.invalidAgentType",
  AGENT_NOT_INSTALLED: "messages.agentNotInstalled",
  INVALID_PAYLOAD: "messages.checkForm",
  TASK_NOT_FOUND: "messages.taskNotFound",
  DRAFT_EXPIRED: "messages.draftExpired",
  ALREADY_COMMITTED: "messages.alreadyCommitted",
  COMMIT_CONFLICT: "messages.commitConflict",
  TASK_NOT_REVIEWABLE: "messages.taskNotReviewable",
  INVALID_RECIPE: "messages.invalidRecipe",
  GUARDRAIL_VIOLATION: "messages.guardrailViolation",
  RECIPE_NOT_FOUND: "messages.recipeNotFound",
  DUPLICATE_RECIPE: "messages.duplicateRecipe",
  RECIPE_GONE: "messages.recipeGone",
  TASK_NOT_CANCELLABLE: "messages.taskNotCancellable",
  TASK_CANCELLED: "messages.taskCancelled",
  ARTIFACT_NOT_FOUND: "messages.artifactNotFound",
  // Backups, people, sign-in
  CONFIRMATION_NEEDED: "messages.confirmationNeeded",
  BACKUP_NOT_FOUND: "messages.backupNotFound",
  BACKUP_WRITE_FAILED: "messages.backupWriteFailed",
  INVALID_REQUEST: "messages.checkForm",
  INVALID_CURSOR: "messages.invalidCursor",
  UNAUTHORIZED: "messages.signInAgain",
  FORBIDDEN: "messages.forbidden",
  INVALID_CREDENTIALS: "messages.invalidCredentials",
  CROSS_SITE_REQUEST: "messages.crossSiteRequest",
  UNKNOWN_HOST: "messages.unknownHost",
  WEAK_PASSWORD: "messages.weakPassword",
  NOT_FOUND: "messages.notFound",
  INTERNAL: "messages.internal",
  PROMPT_NOT_FOUND: "messages.promptNotFound",
  INVALID_PROMPT: "messages.invalidPrompt",
  PROMPT_LAST_ACTIVE: "messages.promptLastActive",
  PROMPT_RENDER_FAILED: "messages.promptRenderFailed",
  IDEMPOTENCY_KEY_INVALID: "messages.idempotencyKeyInvalid",
  IDEMPOTENCY_KEY_REUSED: "messages.idempotencyKeyReused",
  IDEMPOTENCY_KEY_IN_PROGRESS: "messages.idempotencyKeyInProgress",
  PAYLOAD_TOO_LARGE: "messages.tooBig",
  INVALID_TEXT: "messages.invalidText",
  RATE_LIMITED: "messages.busy",
  DATABASE_UNAVAILABLE: "messages.databaseAway",
  WORKER_CRASHED: "messages.workerCrashed",
  USER_EXISTS: "messages.userExists",
  USER_NOT_FOUND: "messages.userNotFound",
  SETUP_DONE: "messages.setupDone",
  SETUP_CODE_REQUIRED: "messages.setupCodeRequired",
  LINK_INVALID: "messages.linkInvalid",
  LAST_ADMIN: "messages.lastAdmin",
  FIRST_RUN_NEEDED: "messages.firstRunNeeded",
  SINGLE_PERSON_MODE: "messages.singlePersonMode",
  ACCOUNT_DISABLED: "messages.accountDisabled",
  OIDC_FAILED: "messages.oidcFailed",
  PASSWORD_SIGNIN_OFF: "messages.passwordSigninOff",
  SESSION_NOT_FOUND: "messages.sessionNotFound",
  INVALID_USER: "messages.invalidUser",
  LIBRARY_NOT_FOUND: "messages.libraryNotFound",
  TOKEN_NOT_FOUND: "messages.tokenNotFound",
  // Articles and pictures
  E_URL_INVALID: "messages.webAddress",
  E_FETCH_FORBIDDEN: "messages.eFetchForbidden",
  E_UNAUTHORIZED: "messages.signInAgain",
  E_FORBIDDEN: "messages.eForbidden",
  E_NOT_FOUND: "messages.gone",
  E_INVALID_REQUEST: "messages.webAddress",
  E_NOT_READY: "messages.eNotReady",
  E_NOT_RETRYABLE: "messages.eNotRetryable",
  E_PAYLOAD_TOO_LARGE: "messages.tooBig",
  E_RATE_LIMITED: "messages.busy",
  E_IMAGE_FORBIDDEN: "messages.eImageForbidden",
  E_IMAGE_UNSUPPORTED: "messages.eImageUnsupported",
  E_IMAGE_TOO_LARGE: "messages.eImageTooLarge",
  E_IMAGE_FETCH_FAILED: "messages.eImageFetchFailed",
  // Why an import failed
  URL_NOT_ALLOWED: "messages.urlNotAllowed",
  FETCH_FAILED: "messages.fetchFailed",
  FETCH_TIMEOUT: "messages.fetchTimeout",
  FETCH_TOO_LARGE: "messages.fetchTooLarge",
  FETCH_HTTP_ERROR: "messages.fetchHttpError",
  TOO_MANY_REDIRECTS: "messages.tooManyRedirects",
  UNSUPPORTED_CONTENT_TYPE: "messages.unsupportedContentType",
  ARCHIVE_NOT_FOUND: "messages.gone",
  ARCHIVE_SOURCE_NOT_FOUND: "messages.archiveSourceNotFound",
  ARCHIVE_FETCH_FAILED: "messages.archiveFetchFailed",
  ARCHIVE_TOO_LARGE: "messages.archiveTooLarge",
  ARCHIVE_ROOM_FULL: "messages.archiveRoomFull",
  HIGHLIGHT_ARTICLE_NOT_FOUND: "messages.gone",
  HIGHLIGHT_NOT_FOUND: "messages.gone",
  HIGHLIGHT_NOT_IN_TEXT: "messages.highlightNotInText",
  CAPTURE_TOO_LARGE: "messages.captureTooLarge",
  CAPTURE_INVALID: "messages.captureInvalid",
  CAPTURE_GONE: "messages.captureGone",
  FEED_NOT_FOUND: "messages.gone",
  INVALID_FEED: "messages.invalidFeed",
  NO_FEED_THERE: "messages.noFeedThere",
  FEED_UNREACHABLE: "messages.feedUnreachable",
  NO_RECIPE_FOUND: "messages.noRecipeFound",
  NOT_A_RECIPE: "messages.notARecipe",
  FETCH_BLOCKED: "messages.fetchBlocked",
  ROBOTS_DISALLOWED: "messages.robotsDisallowed",
  DOMAIN_CIRCUIT_OPEN: "messages.domainCircuitOpen",
  DOMAIN_DENIED: "messages.domainDenied",
  RENDER_FAILED: "messages.renderFailed",
  LLM_NOT_CONFIGURED: "messages.noModel",
  LLM_TIMEOUT: "messages.llmTimeout",
  LLM_ERROR: "messages.llmError",
  LLM_OUTPUT_INVALID: "messages.llmOutputInvalid",
  LLM_BUDGET_EXCEEDED: "messages.llmBudgetExceeded",
  PARSE_URL_INVALID: "messages.webAddress",
  PARSE_REQUEST_NOT_FOUND: "messages.gone",
  ITEM_NOT_FOUND: "messages.itemNotFound",
  INVALID_ITEM: "messages.invalidItem",
  PREVIEW_NOT_AVAILABLE: "messages.previewNotAvailable",
  THUMBNAIL_NOT_FOUND: "messages.thumbnailNotFound",
  // Finding recipes by a search
  DISCOVERY_NOT_CONFIGURED: "messages.discoveryNotConfigured",
  NO_CANDIDATES: "messages.noCandidates",
  DISCOVERY_FAILED: "messages.discoveryFailed",
  DISCOVERY_QUOTA_EXCEEDED: "messages.discoveryQuotaExceeded",
  CANDIDATE_NOT_FOUND: "messages.candidateNotFound",
  // Tidy-up, versions, refresh
  NORMALIZE_CONFLICT: "messages.normalizeConflict",
  VERSION_NOT_FOUND: "messages.versionNotFound",
  NOTHING_TO_APPLY: "messages.nothingToApply",
  RECIPE_VERSION_CONFLICT: "messages.recipeVersionConflict",
  REFRESH_NOT_FOUND: "messages.refreshNotFound",
  REFRESH_NO_SOURCE: "messages.refreshNoSource",
  REFRESH_NOT_READY: "messages.refreshNotReady",
  // Sharing into Ladle
  SHARED_ITEM_NOT_FOUND: "messages.sharedItemNotFound",
  SHARED_FILE_UNREADABLE: "messages.sharedFileUnreadable",
  // In the kitchen
  SCALE_INVALID: "messages.scaleInvalid",
  PLAN_ENTRY_NOT_FOUND: "messages.planEntryNotFound",
  SHOPPING_LIST_NOT_FOUND: "messages.shoppingListNotFound",
  SHARE_NOT_FOUND: "messages.shareNotFound",
  // Moving in and out
  COLLECTION_NOT_FOUND: "messages.collectionNotFound",
  COLLECTION_UNREADABLE: "messages.collectionUnreadable",
  COLLECTION_TOO_LARGE: "messages.collectionTooLarge",
  COLLECTION_ITEM_NOT_REVIEWABLE: "messages.collectionItemNotReviewable",
  // Webhooks
  WEBHOOK_NOT_FOUND: "messages.webhookNotFound",
  INVALID_WEBHOOK: "messages.invalidWebhook",
  WEBHOOK_URL_NOT_ALLOWED: "messages.webhookUrlNotAllowed",
  WEBHOOK_DELIVERY_NOT_FOUND: "messages.webhookDeliveryNotFound",
  WEBHOOK_OFF: "messages.webhookOff",
  WEBHOOK_LIMIT_REACHED: "messages.webhookLimitReached",
  // Files, photos and typed text (the /v1 imports)
  download_error: "messages.downloadError",
  unsupported_format: "messages.unsupportedFormat",
  extraction_failed: "messages.extractionFailed",
  timeout: "messages.timeout",
  oom: "messages.oom",
  invalid_request: "messages.checkForm",
  not_found: "messages.gone",
  upload_not_found: "messages.uploadNotFound",
  payload_too_large: "messages.tooBig",
  storage_full: "messages.storageFull",
  unauthorized: "messages.signInAgain",
  rate_limited: "messages.busy",
  database_unavailable: "messages.databaseAway",
  // Said by the web app itself
  OFFLINE: "messages.offline",
};

/** Sentences for a field a refusal names ("payload.url: …"), where the code's own is too vague. */
const FIELDS: Record<string, MessageKey> = {
  url: "messages.webAddress",
  sourceUrl: "messages.webAddress",
  servings: "messages.fieldServings",
  name: "messages.fieldName",
  password: "messages.weakPassword",
};

// Codes whose server words are specific to the case and written for people (which field, which
// limit): shown as the sentence when they carry no internal words, else the table's sentence.
const SERVER_WORDS_FIRST = new Set([
  "INVALID_REQUEST",
  "INVALID_PAYLOAD",
  "invalid_request",
  "INVALID_ITEM",
  "INVALID_RECIPE",
  "CONFIRMATION_NEEDED",
  "WEAK_PASSWORD",
  "oom",
  "extraction_failed",
  "download_error",
  "unsupported_format",
  "payload_too_large",
  // Why a backup could not be written (the disk is full, no such folder, no permission).
  "BACKUP_WRITE_FAILED",
  // Which address and why ("This address points inside a private network, …"): the first clause.
  "WEBHOOK_URL_NOT_ALLOWED",
  "E_FETCH_FORBIDDEN",
]);

// What a person should never meet outside "Details": error codes, settings, environment
// variables, field paths, system error names, stack lines, stand-in addresses.
const INTERNAL: [string, RegExp][] = [
  ["an error code", /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/],
  ["an error code", /\b[a-z]+_[a-z]+(?:_[a-z]+)*\b/],
  ["a setting", /\b[A-Z][A-Za-z]+:[A-Z][A-Za-z]+/],
  ["a field path", /(?:^|[\s(])[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+|\[\d+\])+:/],
  ["a field name", /\b[a-z]+[A-Z][A-Za-z]*: (?:true|false|"|\d)/],
  [
    "a system error",
    /\bE(?:NOTFOUND|CONNREFUSED|CONNRESET|TIMEDOUT|AI_AGAIN|ADDRINUSE|ACCES|PIPE|HOSTUNREACH|NETUNREACH)\b/,
  ],
  ["a stack line", /\bat [\w.<>]+ \(.*:\d+:\d+\)|\n\s+at \S/],
  ["a stand-in address", /\.invalid\b|urn:ladle:/],
];

/** The internal words in a text (empty when it is fit for a screen). */
export function internalWords(text: string): string[] {
  return INTERNAL.filter(([, re]) => re.test(text)).map(
    ([what, re]) => `${what}: ${re.exec(text)![0].trim()}`,
  );
}

/**
 * The server's first clause when it is for people and the rest is for operators ("This address points
 * inside a private network, which Ladle does not read; … set LADLE_ALLOW_PRIVATE_HOSTS=…").
 */
function plainPart(server: string): string | undefined {
  const first = server.split(/\s*[(;]\s*/)[0]!.replace(/[.,:\s]+$/, "");
  return first.length >= 20 && internalWords(first).length === 0 ? `${first}.` : undefined;
}

/** A problem as the API gave it: any family's code and words. */
export interface RawProblem {
  code?: string | null | undefined;
  message?: string | null | undefined;
  /** The server's own words, when they were already put aside (client.ts). */
  detail?: string | null | undefined;
}

/**
 * What the screen says: a sentence for the reader, and the server's words (with the code) for
 * "Details" when they add something.
 */
export function plainProblem(p: RawProblem | null | undefined): { text: string; details: string | null } {
  const code = p?.code ?? undefined;
  const server = (p?.detail ?? p?.message ?? "").trim();
  const fromTable = code && Object.hasOwn(MESSAGES, code) ? t(MESSAGES[code]!) : undefined;
  // The server speaks English: its words are the sentence only for a person who reads English;
  // anyone else reads the table's sentence in their language, the server's words under "Details".
  const english = language() === "en";
  const serverFits = english && server !== "" && internalWords(server).length === 0;
  // "payload.url: url must be …": a sentence for the field when there is one.
  const field = /^[\w.[\]]*?(\w+):\s/.exec(server)?.[1];
  const text =
    (code && SERVER_WORDS_FIRST.has(code) && english
      ? serverFits
        ? server
        : plainPart(server)
      : undefined) ??
    (code && SERVER_WORDS_FIRST.has(code) && field && Object.hasOwn(FIELDS, field)
      ? t(FIELDS[field]!)
      : undefined) ??
    fromTable ??
    (serverFits ? server : fallback());
  const details = server && server !== text ? (code ? `${server} (${code})` : server) : null;
  return { text, details };
}
