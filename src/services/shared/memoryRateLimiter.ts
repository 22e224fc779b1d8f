import { createRequire } from "node:module";
import type * as Flexible from "rate-limiter-flexible";

const require = createRequire(import.meta.url);

/**
 * rate-limiter-flexible's in-memory limiter from its own files: the package's index loads every
 * store it supports (Redis, Mongo, Postgres, Drizzle… 36 modules) into every process, for the
 * one kind Ladle uses.
 */
export const RateLimiterMemory =
  require("rate-limiter-flexible/lib/RateLimiterMemory.js") as typeof Flexible.RateLimiterMemory;
export type RateLimiterMemory = Flexible.RateLimiterMemory;
/** What a refused `consume` rejects with. */
export const RateLimiterRes =
  require("rate-limiter-flexible/lib/RateLimiterRes.js") as typeof Flexible.RateLimiterRes;
export type RateLimiterRes = Flexible.RateLimiterRes;
