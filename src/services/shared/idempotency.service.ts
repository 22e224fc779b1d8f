import type { IdempotencyRepo, StoredResponse } from "../../storage/idempotency.repo.ts";

export type { StoredResponse };

/**
 * What the HTTP idempotency middleware needs from the store of Idempotency-Key records: claim a
 * key, take over a dead request's claim, serve under the claim, store or drop the answer. The API
 * reaches the store through this use case, never the repository (the layout's rule).
 */
export type IdempotencyKeys = Pick<IdempotencyRepo, "begin" | "takeOver" | "serve" | "complete" | "abandon">;
