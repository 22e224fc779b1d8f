import type { ImportErrorCode, ImportJob, ImportProgressEvent } from "../../domain/importJob.ts";
import type { ImportJobRow } from "../../storage/schema.ts";

// What the import family answers about a job: its public shape, its progress event, the answer to a start.

/** The job's public shape. */
export function toImportJob(row: ImportJobRow): ImportJob {
  return {
    id: row.id,
    status: row.status as ImportJob["status"],
    progress: row.progress,
    recipe_id: row.recipe_id,
    error_code: (row.error_code as ImportErrorCode | null) ?? null,
    error_msg: row.error_msg,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** A job's `import_progress` event. */
export const progressEvent = (row: ImportJobRow): ImportProgressEvent => ({
  type: "import_progress",
  job_id: row.id,
  progress: row.progress,
  status: row.status as ImportProgressEvent["status"],
});

/** The answer of `POST /v1/import` for a job (202 created, 200 the live job for the same source). */
export function startAnswer(
  job: ImportJobRow,
  created: boolean,
): { status: number; headers: Record<string, string>; body: string } {
  return {
    status: created ? 202 : 200,
    headers: { "content-type": "application/json", location: `/v1/import/${job.id}` },
    body: JSON.stringify({ id: job.id, status: job.status }),
  };
}
