import type { Logger } from "pino";
import type { Config } from "../../config.ts";
import type { Resolver } from "../../fetcher/policy.ts";
import type { JobQueue } from "../../queue/queue.ts";
import type { Database } from "../../storage/db.ts";

/** What every family factory is handed by the composition root (src/app/ladle.ts). */
export interface Base {
  readonly config: Config;
  readonly database: Database;
  /** Null without a queue: the one-shot CLI runs work in its own process. */
  readonly queue: JobQueue | null;
  readonly now: () => Date;
  readonly log: Logger;
  /** DNS resolver for the fetcher (tests stub it). */
  readonly resolver?: Resolver;
}
