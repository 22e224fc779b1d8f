// The shapes an import job is started and stored with (kept apart from the service: its file was
// over 500 lines).
import { z } from "zod";
import type { IdempotencyRepo } from "../../storage/idempotency.repo.ts";
import type { ImportJobsRepo } from "../../storage/importJobs.repo.ts";
import type { RecipesRepo } from "../../storage/recipes.repo.ts";
import type { ImportJobRow } from "../../storage/schema.ts";
import type { UsersRepo } from "../../storage/users.repo.ts";

/** Why a submitted URL could not be downloaded, kept on its queued job for the worker. */
export const zDownloadFailure = z.object({
  code: z.enum(["download_error", "timeout", "oom"]),
  message: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type DownloadFailure = z.infer<typeof zDownloadFailure>;

/** A submission's outcome: a new job (202) or the live one for the same source (200). */
export type StartResult =
  | { ok: true; created: boolean; job: ImportJobRow }
  | { ok: false; code: "invalid_request" | "upload_not_found" | "unsupported_format"; message: string };

/** The repositories of an import (built by createImports). */
export interface ImportRepos {
  jobs: ImportJobsRepo;
  recipes: RecipesRepo;
  users: UsersRepo;
  idempotency: IdempotencyRepo;
}
