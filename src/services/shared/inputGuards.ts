import { RateLimiterMemory, RateLimiterRes } from "./memoryRateLimiter.ts";
import type { Caller } from "../../domain/user.ts";

/**
 * The guards every way in applies before work, in one place: the HTTP routes (api/guards.ts) and
 * the operation registry behind MCP and the CLI (mcp/operation.ts) call these same functions, so a
 * limit or a check cannot be skipped by choosing another door.
 */

// A NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when PostgreSQL's `text` could not hold this string (a NUL, a lone surrogate). */
export function hasBadText(s: string): boolean {
  return BAD_TEXT.test(s);
}

/** Where NUL or a lone surrogate sits in a parsed JSON value, as a path (`payload.url`), or null. */
export function badTextPath(value: unknown, path = ""): string | null {
  if (typeof value === "string") return hasBadText(value) ? path || "body" : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = badTextPath(value[i], `${path}[${i}]`);
      if (p) return p;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const here = path ? `${path}.${k}` : k;
      if (hasBadText(k)) return here;
      const p = badTextPath(v, here);
      if (p) return p;
    }
  }
  return null;
}

/** The sentence for text that holds a NUL or broken Unicode at `field`. */
export const badTextMessage = (field: string) =>
  `"${field}" contains a NUL character or broken Unicode (a lone surrogate); remove it and send it again.`;

/**
 * The per-user limit on creates (Server:RateLimit): `perMinute` in any minute, one count per user
 * across every door of this process. Admins are exempt unless `exemptAdmins` is false; guests are
 * counted by address.
 */
export class CreatesLimit {
  private readonly limiter: RateLimiterMemory;
  readonly perMinute: number;
  private readonly exemptAdmins: boolean;

  constructor(opts: { perMinute: number; exemptAdmins: boolean }) {
    this.perMinute = opts.perMinute;
    this.exemptAdmins = opts.exemptAdmins;
    this.limiter = new RateLimiterMemory({ points: Math.max(1, opts.perMinute), duration: 60 });
  }

  /** Counts one create; answers the wait and a sentence when past the limit, else null. */
  async take(
    caller: Caller | undefined,
    guestKey: string,
  ): Promise<{ retryAfterSeconds: number; message: string } | null> {
    if (this.perMinute <= 0) return null;
    if (caller?.role === "admin" && this.exemptAdmins) return null;
    try {
      await this.limiter.consume(caller ? `u:${caller.id}` : `ip:${guestKey}`);
      return null;
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const retryAfterSeconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      return {
        retryAfterSeconds,
        message: `You have added ${this.perMinute} things in the last minute, this server's limit; try again in ${retryAfterSeconds} s.`,
      };
    }
  }
}
