import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;

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

export interface Schema {
  tasks: TasksTable;
  recipes: RecipesTable;
  url_registry: UrlRegistryTable;
  artifacts: ArtifactsTable;
  task_events: TaskEventsTable;
  prompts: PromptsTable;
  llm_cache: LlmCacheTable;
  llm_usage: LlmUsageTable;
}

export type TaskRow = Selectable<TasksTable>;
export type NewTaskRow = Insertable<TasksTable>;
export type RecipeRow = Selectable<RecipesTable>;
export type ArtifactRow = Selectable<ArtifactsTable>;
export type TaskEventRow = Selectable<TaskEventsTable>;
export type PromptRow = Selectable<PromptsTable>;
