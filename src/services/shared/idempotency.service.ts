import type { IdempotencyRepo, KeyClaim, StoredResponse } from "../../storage/idempotency.repo.ts";
import { IdempotencyKeyTaken } from "../../storage/idempotency.repo.ts";

export type { KeyClaim, StoredResponse };
export { IdempotencyKeyTaken };

/**
 * What the HTTP idempotency middleware needs from the store of Idempotency-Key records: claim a
 * key, read its record, take over a dead request's claim, serve under the claim, store or drop the answer. The API
 * reaches the store through this use case, never the repository (the layout's rule).
 */
export type IdempotencyKeys = Pick<
  IdempotencyRepo,
  "begin" | "claimAnswered" | "find" | "takeOver" | "serve" | "complete" | "abandon"
>;
