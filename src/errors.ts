/**
 * The error catalogue: every expected failure has a stable code, an HTTP status and a default
 * message. API families present these in their own documented shapes; the Tasks/Recipes family
 * uses `{ code, message, details }`.
 */
export const ERRORS = {
  //
  INVALID_AGENT_TYPE: { status: 400, message: "Unknown agentType." },
  AGENT_NOT_INSTALLED: {
    status: 422,
    message: "This agent type is valid but no agent for it is installed on this server.",
  },
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
      "Parts of this recipe are the site's own words. Rewrite the flagged text, or keep it for personal use by committing again with acknowledgeGuardrail: true.",
  },
  RECIPE_NOT_FOUND: { status: 404, message: "Recipe does not exist." },
  // Duplicates caught before they are saved
  DUPLICATE_RECIPE: {
    status: 409,
    message:
      'You already have this recipe. Commit again saying what to do: duplicateAction "replace" (with duplicateOf) updates the one you have as a new version, "keepBoth" saves this one beside it, "drop" discards this draft.',
  },
  // review experience (drafts inbox, recipe management)
  RECIPE_GONE: {
    status: 410,
    message: "The recipe was deleted too long ago to be restored.",
  },
  TASK_NOT_CANCELLABLE: {
    status: 409,
    message: "Only an import that is waiting or running can be cancelled.",
  },
  TASK_CANCELLED: { status: 409, message: "The import was cancelled." },
  ARTIFACT_NOT_FOUND: { status: 404, message: "Artifact does not exist." },
  // backups (docs/backups.md)
  CONFIRMATION_NEEDED: {
    status: 400,
    message: "To delete a person and everything of theirs, send confirm with their name exactly.",
  },
  BACKUP_NOT_FOUND: { status: 404, message: "There is no backup of that name in the backups folder." },
  BACKUP_WRITE_FAILED: {
    status: 507,
    message: "The backup could not be written. Free some space in the backups folder, then try again.",
  },
  INVALID_REQUEST: { status: 400, message: "Request validation failed." },
  INVALID_CURSOR: {
    status: 400,
    message: "That page marker is not one this server gave out. Start the search again from the first page.",
  },
  UNAUTHORIZED: { status: 401, message: "A valid bearer token is required." },
  FORBIDDEN: { status: 403, message: "This action needs the admin role." },
  INVALID_CREDENTIALS: {
    status: 401,
    message: "That name and password do not match. Check them, or ask your Ladle admin to set a password.",
  },
  CROSS_SITE_REQUEST: {
    status: 403,
    message:
      "This change was sent from another site's page, so it was refused. Make it from Ladle's own pages; if you reach Ladle under another address, the admin adds that address as described in docs/household.md.",
  },
  UNKNOWN_HOST: {
    status: 421,
    message:
      "Ladle is not served under this name. Open it under the address your admin gave you; an admin adds other names as described in docs/household.md.",
  },
  WEAK_PASSWORD: { status: 400, message: "Choose a password of at least 10 characters." },
  NOT_FOUND: { status: 404, message: "No such route." },
  INTERNAL: { status: 500, message: "Internal error." },
  PROMPT_NOT_FOUND: { status: 404, message: "Prompt does not exist." },
  INVALID_PROMPT: { status: 400, message: "Prompt validation failed." },
  PROMPT_LAST_ACTIVE: {
    status: 409,
    message: "A phase needs one active prompt; activate another version instead.",
  },
  PROMPT_RENDER_FAILED: { status: 400, message: "The prompt could not be rendered." },
  // Reliability: Idempotency-Key on create endpoints (every family)
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    message: "Idempotency-Key must be 1 to 255 visible ASCII characters.",
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message:
      "This Idempotency-Key was already used with a different request; use a new key for a new request.",
  },
  IDEMPOTENCY_KEY_IN_PROGRESS: {
    status: 409,
    message: "A request with this Idempotency-Key is still running; retry in a moment.",
  },
  // Limits before work, every family (each presents them in its own shape)
  PAYLOAD_TOO_LARGE: { status: 413, message: "The request body is larger than this endpoint accepts." },
  INVALID_TEXT: {
    status: 400,
    message: "The request contains a NUL character or broken Unicode; remove it and send it again.",
  },
  RATE_LIMITED: { status: 429, message: "Too many new requests in the last minute; try again shortly." },
  // Reliability: the database is away (terminated, restarting, unreachable); every family, 503 with Retry-After.
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: "Ladle cannot reach its database right now. Nothing was lost; try again in a few seconds.",
  },
  WORKER_CRASHED: {
    status: 500,
    message: "The worker running this stopped repeatedly without finishing; submit it again.",
  },
  // Users and libraries (articles family)
  USER_EXISTS: { status: 409, message: "A user with this name exists; pick another name." },
  USER_NOT_FOUND: { status: 404, message: "No such user; list them with `ladle users list`." },
  // One household: first run, invitations, resets, disabled people
  SETUP_DONE: { status: 409, message: "Ladle already has an owner; sign in instead." },
  SETUP_CODE_REQUIRED: {
    status: 403,
    message:
      "From another machine, the first run needs the setup code the server printed when it started (`ladle users setup` prints a new one).",
  },
  LINK_INVALID: {
    status: 410,
    message: "This link was used already or has expired; ask an admin for a new one.",
  },
  LAST_ADMIN: {
    status: 409,
    message: "You are the last admin: make someone else an admin first, so nobody is locked out.",
  },
  FIRST_RUN_NEEDED: {
    status: 409,
    message:
      "Ladle has no owner yet: open it in a browser on this machine and choose the owner's name and password first (from elsewhere, with the code `ladle users setup` prints).",
  },
  SINGLE_PERSON_MODE: {
    status: 409,
    message: "Ladle runs for one person without sign-in: switch on sign-in under People first.",
  },
  ACCOUNT_DISABLED: { status: 403, message: "An admin has disabled this account; ask them to enable it." },
  OIDC_FAILED: {
    status: 400,
    message: "Signing in through your household account did not work; start again from the sign-in screen.",
  },
  PASSWORD_SIGNIN_OFF: {
    status: 403,
    message: "Passwords are switched off here: sign in with your household account.",
  },
  SESSION_NOT_FOUND: { status: 404, message: "No such sign-in; it may have ended already." },
  INVALID_USER: { status: 400, message: "User names use 1-64 letters, digits, '.', '_' or '-'." },
  LIBRARY_NOT_FOUND: { status: 404, message: "Library does not exist." },
  TOKEN_NOT_FOUND: { status: 404, message: "No such token; it may have been revoked already." },
  // Web articles, presented as { error: { code, message } }
  E_URL_INVALID: { status: 400, message: "Give an absolute http:// or https:// URL." },
  E_FETCH_FORBIDDEN: {
    status: 400,
    message: "Ladle does not fetch this address (a private or refused host).",
  },
  E_UNAUTHORIZED: { status: 401, message: "A valid bearer token is required." },
  E_FORBIDDEN: { status: 403, message: "You need to be an admin of that library to add to it." },
  E_NOT_FOUND: { status: 404, message: "Not found." },
  E_INVALID_REQUEST: { status: 400, message: 'Send a JSON object like {"url": "https://…"}.' },
  E_NOT_READY: { status: 409, message: "The article is not ready for reading yet." },
  E_NOT_RETRYABLE: { status: 409, message: "Only a failed article can be retried." },
  E_PAYLOAD_TOO_LARGE: { status: 413, message: "The request body is larger than this endpoint accepts." },
  E_RATE_LIMITED: { status: 429, message: "Too many new requests in the last minute; try again shortly." },
  E_IMAGE_FORBIDDEN: { status: 403, message: "The image's address is not allowed." },
  E_IMAGE_UNSUPPORTED: { status: 415, message: "The origin did not send a supported image." },
  E_IMAGE_TOO_LARGE: { status: 413, message: "The image is larger than the proxy's limit." },
  E_IMAGE_FETCH_FAILED: { status: 502, message: "The image could not be fetched." },
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
  // Parse requests; presented as `{ error, code }`.
  PARSE_URL_INVALID: {
    status: 400,
    message: 'Send a JSON body {"url": "https://…"} with an absolute http(s) URL of a recipe page.',
  },
  PARSE_REQUEST_NOT_FOUND: { status: 404, message: "Request not found" },
  // Kept copies of pages and highlights: `/api/archives`, `/archives`, `/api/highlights`
  ARCHIVE_NOT_FOUND: { status: 404, message: "There is no kept copy with that id among yours." },
  ARCHIVE_SOURCE_NOT_FOUND: {
    status: 404,
    message: "There is no such article or bookmark among yours; pick one from your lists.",
  },
  ARCHIVE_FETCH_FAILED: {
    status: 502,
    message: "The page could not be fetched to keep a copy; try again later.",
  },
  ARCHIVE_TOO_LARGE: {
    status: 413,
    message:
      "The page's text alone is larger than a kept copy may be; an admin can raise Archives:MaxMegabytesPerArchive.",
  },
  ARCHIVE_ROOM_FULL: {
    status: 507,
    message:
      "Your kept copies fill the room they have: delete some you no longer need, or ask an admin for more room.",
  },
  HIGHLIGHT_ARTICLE_NOT_FOUND: { status: 404, message: "There is no such article in your libraries." },
  HIGHLIGHT_NOT_FOUND: { status: 404, message: "There is no highlight with that id among yours." },
  HIGHLIGHT_NOT_IN_TEXT: {
    status: 422,
    message: "Those words are not in the article's text; select them again in the reader.",
  },
  // Bookmarks: `/api/v1/items`
  ITEM_NOT_FOUND: { status: 404, message: "Bookmark does not exist." },
  INVALID_ITEM: { status: 400, message: "Bookmark validation failed." },
  PREVIEW_NOT_AVAILABLE: {
    status: 404,
    message:
      "This bookmark's preview image is not available; its page named none or it could not be fetched.",
  },
  THUMBNAIL_NOT_FOUND: {
    status: 404,
    message: "This bookmark has no screenshot thumbnail (yet); re-enrich it to take one.",
  },
  // Discovery (import by query)
  DISCOVERY_NOT_CONFIGURED: {
    status: 422,
    message:
      "No search provider is configured and the built-in one is off (Discovery:Builtin:Enabled); add one under Discovery:Providers, turn the built-in one on, or import by URL.",
  },
  NO_CANDIDATES: { status: 422, message: "The search found no recipe pages for this query." },
  DISCOVERY_FAILED: { status: 502, message: "The search provider failed." },
  DISCOVERY_QUOTA_EXCEEDED: {
    status: 429,
    message: "The search providers' daily quota or cost cap is spent; try again tomorrow.",
  },
  CANDIDATE_NOT_FOUND: { status: 404, message: "The task has no candidate with that index." },
  // Normalize
  NORMALIZE_CONFLICT: {
    status: 409,
    message: "The recipe changed since the normalization was proposed; normalize it again.",
  },
  VERSION_NOT_FOUND: { status: 404, message: "The recipe has no such version." },
  NOTHING_TO_APPLY: { status: 400, message: "No operation was selected to apply." },
  RECIPE_VERSION_CONFLICT: {
    status: 409,
    message: "The recipe changed at the same time; reload it and try again.",
  },
  // Refresh from source
  REFRESH_NOT_FOUND: { status: 404, message: "That refresh of this recipe does not exist." },
  REFRESH_NO_SOURCE: {
    status: 422,
    message: "This recipe was not imported from a web page, so there is no source to refresh from.",
  },
  REFRESH_NOT_READY: {
    status: 409,
    message: "The refresh is not waiting for review (still reading the page, failed, or already decided).",
  },
  // Capture from anywhere: the share target
  SHARED_ITEM_NOT_FOUND: {
    status: 404,
    message: "This shared page was already opened, or waited more than ten minutes; share it again.",
  },
  SHARED_FILE_UNREADABLE: {
    status: 422,
    message: "The shared file is not a photo, PDF or text Ladle can read.",
  },
  // A page sent by the cook's own browser (the bookmarklet, the extension)
  CAPTURE_TOO_LARGE: {
    status: 413,
    message:
      "The page your browser sent is larger than this server takes; save a smaller page or ask the admin.",
  },
  CAPTURE_INVALID: {
    status: 400,
    message: "The page your browser sent could not be read; send it again from the page itself.",
  },
  CAPTURE_GONE: {
    status: 410,
    message: "The page your browser sent is no longer kept here; send it again from your browser.",
  },
  // In the kitchen: scaling, meal plans, shopping lists, shared recipes
  SCALE_INVALID: { status: 400, message: "The recipe cannot be scaled that way." },
  PLAN_ENTRY_NOT_FOUND: { status: 404, message: "That meal is not in your plan." },
  SHOPPING_LIST_NOT_FOUND: { status: 404, message: "Shopping list does not exist." },
  SHARE_NOT_FOUND: { status: 404, message: "This shared recipe link does not exist or was turned off." },
  // Collections: bulk migration and URL jobs
  COLLECTION_NOT_FOUND: { status: 404, message: "That import or export job does not exist." },
  COLLECTION_UNREADABLE: {
    status: 422,
    message:
      "This file is not a collection Ladle can read; use a Paprika, Mealie, Tandoor, Nextcloud Cookbook, Cooklang or schema.org export, a bookmark file or a list of web addresses.",
  },
  COLLECTION_TOO_LARGE: {
    status: 413,
    message:
      "This file unpacks to more than Ladle reads from one upload, or took too much memory or time to read; split the export into smaller files.",
  },
  COLLECTION_ITEM_NOT_REVIEWABLE: {
    status: 409,
    message: "This entry is not waiting for review (it was already imported, skipped or failed).",
  },
  // Webhooks
  WEBHOOK_NOT_FOUND: { status: 404, message: "That webhook does not exist." },
  INVALID_WEBHOOK: {
    status: 400,
    message:
      'Send {"url": "https://…", "events": ["recipe.committed", …]} with at least one event Ladle knows.',
  },
  WEBHOOK_URL_NOT_ALLOWED: {
    status: 400,
    message: "Ladle does not send webhooks to this address; give a public https:// or http:// address.",
  },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: "That delivery is not in this webhook's log." },
  WEBHOOK_OFF: { status: 409, message: "This webhook is off; turn it on again first." },
  WEBHOOK_LIMIT_REACHED: { status: 409, message: "You have as many webhooks as allowed; delete one first." },
  // Job failure codes, written as the spec writes them, and the /v1
  // family's request errors in the same style (body `{ error_code, error_msg }`).
  download_error: { status: 502, message: "The source could not be downloaded. You can try again." },
  unsupported_format: {
    status: 415,
    message:
      "This kind of file can't be imported. Use a web page, PDF, photo (JPEG, PNG, WebP), text or captions (.vtt, .srt).",
  },
  extraction_failed: { status: 422, message: "No recipe could be read from this source." },
  timeout: { status: 504, message: "The import took too long. Please try again later." },
  oom: { status: 413, message: "The file is too large or complex to read on this server." },
  invalid_request: { status: 400, message: "The request is not valid." },
  not_found: { status: 404, message: "No such import job." },
  upload_not_found: { status: 404, message: "No upload with this token; upload the file again." },
  payload_too_large: { status: 413, message: "The upload is larger than allowed for its type." },
  storage_full: {
    status: 507,
    message: "Your storage is full: delete things you no longer need, or ask an admin for more room.",
  },
  unauthorized: { status: 401, message: "A valid bearer token is required." },
  rate_limited: { status: 429, message: "Too many new imports in the last minute; try again shortly." },
  database_unavailable: {
    status: 503,
    message: "Ladle cannot reach its database right now. Nothing was lost; try again in a few seconds.",
  },
  // Feeds
  FEED_NOT_FOUND: {
    status: 404,
    message: "No such feed in your libraries; list them with `ladle feeds list`.",
  },
  INVALID_FEED: {
    status: 400,
    message: "Give the web address of a feed, or of a site that names its feed, starting with https://.",
  },
  NO_FEED_THERE: {
    status: 422,
    message: "There is no RSS or Atom feed at that address; give the feed's own address.",
  },
  FEED_UNREACHABLE: { status: 502, message: "The feed's site did not answer; try again later." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** An expected failure as a value. */
export interface Failure {
  ok: false;
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** A use case's answer: its value, or the expected failure it met. */
export type Result<T> = { ok: true; value: T } | Failure;

/** Builds a Failure with the catalogue's default message unless one is given. */
export function fail(code: ErrorCode, message?: string, details?: Record<string, unknown>): Failure {
  return { ok: false, code, message: message ?? ERRORS[code].message, ...(details ? { details } : {}) };
}

/** HTTP status for a code. */
export function statusOf(code: ErrorCode): number {
  return ERRORS[code].status;
}

/** The error body. */
export function errorBody(f: Pick<Failure, "code" | "message" | "details">): {
  code: string;
  message: string;
  details?: Record<string, unknown>;
} {
  return { code: f.code, message: f.message, ...(f.details ? { details: f.details } : {}) };
}
