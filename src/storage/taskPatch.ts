/** Fields a state transition may set. */
export interface TaskPatch {
  status?: string;
  current_phase?: string | null;
  progress?: number;
  result?: unknown;
  error?: unknown;
  metadata?: Record<string, unknown>;
  recipe_id?: string | null;
}

/**
 * An event written with a task update (`TasksRepo.advance`). `data` is the event's own part; with
 * `onUpdate`, it is written only when the update happened, on top of the updated row's state
 * (status, phase, progress), as `eventData` would give.
 */
export interface EventWrite {
  type: string;
  data: Record<string, unknown>;
  onUpdate?: boolean;
}
