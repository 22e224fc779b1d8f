import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

import type { Json, Timestamp } from "./columnTypes.ts";
import type {
  MealPlanEntriesTable,
  PantryItemsTable,
  RecipeSharesTable,
  ShoppingItemsTable,
  ShoppingListsTable,
} from "./kitchenTables.ts";
import type { FeedEntriesTable, FeedRunsTable, FeedsTable } from "./feedTables.ts";
import type {
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEventsTable,
  WebhooksTable,
} from "./webhookTables.ts";
import type {
  ApiTokensTable,
  LibrariesTable,
  LibraryMembersTable,
  OneTimeLinksTable,
  UsersTable,
} from "./userTables.ts";
import type {
  ItemSearchTable,
  MediaSearchTable,
  RecipeSearchTable,
  SearchWordsTable,
} from "./searchTables.ts";

/** Tasks (recipe-ingest-agent.md TaskState + AgentTask). `version` is the row version (ETag). */
export interface TasksTable {
  id: string;
  thread_id: string;
  agent_type: string;
  status: string;
  current_phase: string | null;
  progress: number;
  payload: Json;
  result: Json | null;
  error: Json | null;
  metadata: Json;
  requested_by: string | null;
  recipe_id: string | null;
  created_at: Timestamp;
  last_updated: Timestamp;
  version: number;
}

/** Committed canonical recipes; `document` holds the whole Recipe (with `source`). */
export interface RecipesTable {
  id: string;
  name: string;
  document: Json;
  source_url: string | null;
  source_url_key: string | null;
  task_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Current version number; `recipe_versions` holds every version. */
  version: Generated<number>;
  owner_id: string | null;
  /** Soft delete: set when deleted, cleared when restored. */
  deleted_at: Timestamp | null;
  /** Duplicate key of source_url (028, domain/canonicalUrl.ts); "" when it has none. */
  dup_key: string | null;
  /** The language the recipe is written in ("de"), its words stemmed in it (064); null when unknown. */
  lang: Generated<string | null>;
}

/** One version of a recipe: what it was, who or what made it, and the checks kept with it. */
export interface RecipeVersionsTable {
  recipe_id: string;
  version: number;
  document: Json;
  /** commit | import | edit | replace | normalize | restore */
  kind: string;
  created_by: string | null;
  provenance: Json | null;
  validation: Json | null;
  guardrail: Json | null;
  /** JSON Patch operations applied to the previous version (normalization). */
  applied_ops: Json | null;
  note: string | null;
  created_at: Timestamp;
}

/** URL registry keyed by SHA-256 hex of the normalized URL. */
export interface UrlRegistryTable {
  url_key: string;
  normalized_url: string;
  url_hash: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
  last_task_id: string | null;
  recipe_id: string | null;
}

export interface ArtifactsTable {
  task_id: string;
  name: string;
  type: string;
  content_type: string;
  /** "identity" or "gzip" */
  encoding: string;
  size: number;
  original_size: number;
  truncated: boolean;
  data: Buffer;
  created_at: Timestamp;
}

export interface TaskEventsTable {
  id: Generated<string>;
  task_id: string;
  type: string;
  data: Json;
  created_at: Timestamp;
}

export interface PromptsTable {
  id: string;
  name: string;
  phase: string;
  version: number;
  is_active: boolean;
  system_prompt: string;
  user_prompt_template: string;
  constraints: Json;
  created_at: Timestamp;
  created_by: string | null;
}

export interface LlmCacheTable {
  key: string;
  response: string;
  prompt_tokens: number;
  completion_tokens: number;
  created_at: Timestamp;
}

export interface LlmUsageTable {
  id: Generated<string>;
  task_id: string | null;
  phase: string;
  provider: string;
  model: string;
  prompt_tokens: number;
  completion_tokens: number;
  cached: boolean;
  created_at: Timestamp;
}

/** Binary objects of the artifact store that belong to no task (blobs.repo.ts). */
export interface BlobsTable {
  key: string;
  content_type: string;
  size: number;
  sha256: string;
  data: Buffer;
  created_at: Timestamp;
  expires_at: Timestamp | null;
}

/** Reliability: a stored response per caller and Idempotency-Key (007_reliability). */
export interface IdempotencyKeysTable {
  caller_id: string;
  key: string;
  method: string;
  path: string;
  body_sha256: string;
  /** Null while the first request is still running. */
  status: number | null;
  response_headers: unknown;
  response_body: string | null;
  created_at: Timestamp;
  completed_at: Timestamp | null;
}

/** Reliability: per-domain circuit breaker state shared by every process (007_reliability). */
export interface CircuitBreakersTable {
  domain: string;
  /** Weighted failures in the current window (a timeout weighs more than other failures). */
  failures: number;
  window_started_at: Timestamp;
  open_until: Timestamp | null;
  last_code: string | null;
  updated_at: Timestamp;
  /** The current pause of an opened circuit (doubles with each failed probe); migration 022. */
  pause_ms: number | null;
  /** Lease of the probe of a half-open circuit, null when none is out. */
  probe_until: Timestamp | null;
}

/** Bookmarks; see migration 010_items. */
export interface ItemsTable {
  id: string;
  user_id: string;
  library_id: string | null;
  url: string;
  normalized_url: string;
  title: string | null;
  excerpt: string | null;
  title_locked: Generated<boolean>;
  excerpt_locked: Generated<boolean>;
  preview_image_url: string | null;
  thumbnail_key: string | null;
  /** recipe | article | other, from the one page classifier. */
  page_kind: string | null;
  /** pending | succeeded | failed */
  enrichment_status: string;
  enrichment_error: string | null;
  enrichment_attempts: Generated<number>;
  enriched_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
  /** Duplicate key of url (028). */
  dup_key: string | null;
  /** What the app it came from knew (029): tags, folder path, first saved, read or archived. */
  tags: Generated<string[]>;
  folder: Generated<string | null>;
  saved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  archived: Generated<boolean>;
  /** "browser" when the cook's own browser sent the page (060); null when the server fetched it. */
  sent_from: Generated<string | null>;
}

/** Search requests and spend per provider and UTC day (discovery quota and cost cap). */
export interface SearchUsageTable {
  provider: string;
  day: string;
  requests: number;
  cost: number;
}

/** Curated sources' title index: one row per page of an operator-listed site. */
export interface CuratedIndexTable {
  provider: string;
  site: string;
  url: string;
  title: string;
  /** Title tokens, lowercase and without accents, space-separated (matched with LIKE). */
  title_lc: string;
  refreshed_at: Timestamp;
}

export interface CuratedRefreshTable {
  provider: string;
  refreshed_at: Timestamp;
  report: Json | null;
}

/** Versions of a draft normalized before commit (012_normalize). */
export interface DraftVersionsTable {
  task_id: string;
  version: number;
  document: Json;
  kind: string;
  applied_ops: Json | null;
  created_by: string | null;
  created_at: Timestamp;
}

/** A merged media row's id (and submitted URL), still naming the article it was merged into. */
export interface MediaAliasesTable {
  id: string;
  media_id: string;
  source_url: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** parse-request-flow.md `resource`: the URL registry of parse requests, immutable once created. */
export interface ResourceTable {
  url_hash: string;
  url: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** parse-request-flow.md `recipe`: a URL's parsed result, 1:1 with its resource; `parsed_at` drives the TTL. */
export interface ParsedRecipeTable {
  url_hash: string;
  title: string | null;
  ingredients: Json;
  parsed_at: Timestamp;
}

/** Parse requests: one submission's lifecycle (PENDING → PROCESSING → COMPLETED | FAILED). */
export interface ParseRequestTable {
  id: Generated<string>;
  user_id: string | null;
  url_hash: string;
  status: Generated<string>;
  error_message: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Single-flight fetch: a lease on a normalized URL, then its result for a short reuse window. */
export interface FetchLeaseTable {
  key: string;
  url: string;
  holder: string;
  lease_until: Timestamp;
  done: Generated<boolean>;
  result: Json | null;
  /** zstd-compressed by fetchLeases.repo (raw in rows from before 014); PostgreSQL storage EXTERNAL. */
  body: Buffer | null;
  fetched_at: Timestamp | null;
  reuse_until: Timestamp | null;
  /** A caller in another process waits on the lease: the holder stores the body for it (032). */
  wanted: Generated<boolean>;
}

/** Web articles (006_articles): global media rows, deduplicated by (kind, canonical_url). */
export interface MediaTable {
  id: string;
  kind: string;
  source_url: string;
  canonical_url: string;
  title: string | null;
  byline: string | null;
  excerpt: string | null;
  site_name: string | null;
  lang: string | null;
  published_time: string | null;
  /** pending | extracting | ready_for_reading | failed */
  processing_status: string;
  failure_code: string | null;
  failure_message: string | null;
  failure_details_json: Json | null;
  processing_attempts: Generated<number>;
  /** Times the reconciler re-queued the row (015). */
  reconcile_requeues: Generated<number>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Duplicate key of canonical_url (028). */
  dup_key: string | null;
  /** "browser" when the cook's own browser sent the page (060); null when the server fetched it. */
  sent_from: Generated<string | null>;
}

/** The immutable render unit of a media item (one per web article). */
export interface FragmentsTable {
  id: string;
  media_id: string;
  ordinal: number;
  html_sanitized: string;
  canonical_text: string;
  created_at: Timestamp;
}

/** Opaque image ids of the proxy: `/api/images/{id}` serves `origin_url`. */
export interface ImageAssetsTable {
  id: string;
  media_id: string;
  origin_url: string;
  created_at: Timestamp;
}

/** Recipes shared into libraries (016): members read them, editors and admins change them. */
export interface LibraryRecipesTable {
  library_id: string;
  recipe_id: string;
  added_by: string | null;
  created_at: Timestamp;
}

export interface LibraryMediaTable {
  library_id: string;
  media_id: string;
  added_by: string | null;
  created_at: Timestamp;
}

/** Import jobs (migration 009). */
export interface ImportJobsTable {
  id: string;
  user_id: string;
  source_type: string;
  source_ref: string;
  /** SHA-256 of the source content; null when none could be read (a failed download). */
  source_hash: string | null;
  status: string;
  progress: Generated<number>;
  recipe_id: string | null;
  error_code: string | null;
  error_msg: string | null;
  content_hash: string | null;
  reader: string | null;
  source_text: string | null;
  details: Json | null;
  /** Whose words: "mine" or "someone_else" (migration 030); null on older jobs. */
  words_from: ColumnType<string | null, string | null | undefined, string | null>;
  requeues: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Schema {
  tasks: TasksTable;
  recipes: RecipesTable;
  recipe_versions: RecipeVersionsTable;
  blobs: BlobsTable;
  url_registry: UrlRegistryTable;
  artifacts: ArtifactsTable;
  task_events: TaskEventsTable;
  prompts: PromptsTable;
  llm_cache: LlmCacheTable;
  llm_usage: LlmUsageTable;
  idempotency_keys: IdempotencyKeysTable;
  circuit_breakers: CircuitBreakersTable;
  items: ItemsTable;
  search_usage: SearchUsageTable;
  curated_index: CuratedIndexTable;
  curated_refresh: CuratedRefreshTable;
  draft_versions: DraftVersionsTable;
  users: UsersTable;
  api_tokens: ApiTokensTable;
  one_time_links: OneTimeLinksTable;
  libraries: LibrariesTable;
  library_members: LibraryMembersTable;
  import_jobs: ImportJobsTable;
  resource: ResourceTable;
  media_aliases: MediaAliasesTable;
  recipe: ParsedRecipeTable;
  parse_request: ParseRequestTable;
  fetch_lease: FetchLeaseTable;
  media: MediaTable;
  fragments: FragmentsTable;
  image_assets: ImageAssetsTable;
  library_media: LibraryMediaTable;
  library_recipes: LibraryRecipesTable;
  meal_plan_entries: MealPlanEntriesTable;
  shopping_lists: ShoppingListsTable;
  shopping_items: ShoppingItemsTable;
  pantry_items: PantryItemsTable;
  recipe_shares: RecipeSharesTable;
  recipe_search: RecipeSearchTable;
  media_search: MediaSearchTable;
  item_search: ItemSearchTable;
  search_words: SearchWordsTable;
  webhooks: WebhooksTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  feeds: FeedsTable;
  feed_runs: FeedRunsTable;
  feed_entries: FeedEntriesTable;
}

export type { OneTimeLinksTable } from "./userTables.ts";

export type TaskRow = Selectable<TasksTable>;
export type NewTaskRow = Insertable<TasksTable>;
export type RecipeRow = Selectable<RecipesTable>;
export type BlobRow = Selectable<BlobsTable>;
export type RecipeVersionRow = Selectable<RecipeVersionsTable>;
export type ImportJobRow = Selectable<ImportJobsTable>;
export type ArtifactRow = Selectable<ArtifactsTable>;
export type TaskEventRow = Selectable<TaskEventsTable>;
export type PromptRow = Selectable<PromptsTable>;
export type ItemRow = Selectable<ItemsTable>;
export type UserRow = Selectable<UsersTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type LibraryRow = Selectable<LibrariesTable>;
export type MediaRow = Selectable<MediaTable>;
export type FragmentRow = Selectable<FragmentsTable>;
