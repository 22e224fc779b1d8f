import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { Resolver } from "../fetcher/policy.ts";
import type { Database } from "../storage/db.ts";

/** Which parts run in this process. */
export type Role = "api" | "worker" | "all";

export interface LadleOptions {
  config: Config;
  role?: Role;
  /** An already-open database (tests); otherwise opened from config. */
  database?: Database;
  /** DNS resolver for the fetcher (tests stub it). */
  resolver?: Resolver;
  /** Clock (tests move it). */
  now?: () => Date;
  /** Use the job queue; false runs tasks in-process right away (the CLI's one-shot import). Default true. */
  queue?: boolean;
  /** pg-boss supervise interval (dead-worker detection), seconds. */
  superviseIntervalSeconds?: number;
  logger?: Logger;
}
