import type { ArtifactsRepo } from "../../storage/artifacts.repo.ts";
import type { DuplicatesRepo } from "../../storage/duplicates.repo.ts";
import type { IdempotencyRepo } from "../../storage/idempotency.repo.ts";
import type { RecipesRepo } from "../../storage/recipes.repo.ts";
import type { RefreshRepo } from "../../storage/refresh.repo.ts";
import type { TasksRepo } from "../../storage/tasks.repo.ts";
import type { UrlRegistryRepo } from "../../storage/urlRegistry.repo.ts";

/**
 * The repositories of the tasks family, built once by createTasks (the only place a repository is
 * constructed); inside a transaction a use case takes `repo.withDb(trx)`.
 */
export interface TaskRepos {
  readonly tasks: TasksRepo;
  readonly recipes: RecipesRepo;
  readonly urls: UrlRegistryRepo;
  readonly artifacts: ArtifactsRepo;
  readonly refresh: RefreshRepo;
  readonly duplicates: DuplicatesRepo;
  readonly idempotency: IdempotencyRepo;
}
