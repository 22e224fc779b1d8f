import type { Context, MiddlewareHandler, Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  badTextMessage,
  badTextPath,
  hasBadText,
  type CreatesLimit,
} from "../services/shared/inputGuards.ts";
import type { AuthEnv } from "./auth.ts";
import { clientAddress } from "./clientAddress.ts";
import { hasRequestBody, requestText } from "./requestBody.ts";

/**
 * Limits before work: after auth, every request passes a body limit (refused while it
 * streams, never buffered past the limit), then its text is checked (NUL bytes and lone surrogates
 * are refused, naming the field: PostgreSQL's `text` cannot hold them), and creates are rate limited
 * per user. Each API family presents these refusals in its own error shape.
 */
export type GuardProblem =
  | { kind: "too_large"; limitBytes: number; message: string }
  | { kind: "bad_text"; field: string; message: string }
  | { kind: "rate_limited"; retryAfterSeconds: number; message: string };

/** A family's way of answering a refused request. */
export type Presenter = (c: Context, problem: GuardProblem) => Response;

export { badTextPath, hasBadText } from "../services/shared/inputGuards.ts";

const mb = (n: number) =>
  n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MB` : `${Math.round(n / 1024)} KB`;

/**
 * The body limit and text check for a family. `maxBytes(c)` gives the route's limit, or null for a
 * route that applies its own (uploads, at their caps).
 */
export function bodyGuard(opts: {
  maxBytes: (c: Context) => number | null;
  present: Presenter;
}): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    // Query strings reach SQL too (search terms): the same rule for them, on every method.
    for (const [k, values] of Object.entries(c.req.queries())) {
      if (values.some(hasBadText) || hasBadText(k))
        return opts.present(c, {
          kind: "bad_text",
          field: k,
          message: `The query parameter "${k}" contains a NUL character or broken Unicode; remove it and send it again.`,
        });
    }
    const max = opts.maxBytes(c);
    if (max === null || !hasRequestBody(c)) return next();
    const tooLarge = (cc: Context) =>
      opts.present(cc, {
        kind: "too_large",
        limitBytes: max,
        message: `The request body is larger than ${mb(max)}, this endpoint's limit; send less at once.`,
      });
    // A declared length is checked as Hono's bodyLimit checks it (the server holds the body to it),
    // without the fetch Request that bodyLimit builds to look; a streamed body goes through bodyLimit.
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined)
      return parseInt(length, 10) > max ? tooLarge(c) : checkText();
    const limit = bodyLimit({ maxSize: max, onError: tooLarge });
    // The inner step may answer itself; bodyLimit hands what `next` returns back up the chain.
    return limit(c, checkText as Next);

    async function checkText() {
      const type = c.req.header("content-type") ?? "";
      if (type && !/json/i.test(type) && !type.startsWith("text/")) return next();
      // Read once and kept: the route (and the idempotency check) read the same body as they like.
      const text = await requestText(c);
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        // Not JSON: the route answers that in its own words; plain text is still checked.
        if (hasBadText(text))
          return opts.present(c, {
            kind: "bad_text",
            field: "body",
            message:
              "The request body contains a NUL character or broken Unicode; remove it and send it again.",
          });
        return next();
      }
      const field = badTextPath(value);
      if (field)
        return opts.present(c, {
          kind: "bad_text",
          field,
          message: badTextMessage(field),
        });
      return next();
    }
  };
}

/** POSTs that only read or check (the review editor calls them as the cook types): not creates. */
const NOT_CREATES = [/\/api\/recipes\/check$/, /\/api\/recipes\/parse-ingredient$/];

/**
 * Per-user rate limit on creates (every POST but the read-only checks), answered 429 with
 * `Retry-After`: the one count (services/inputGuards.ts) that MCP and the CLI take from too.
 * In-process: each API process counts its own (several processes behind a balancer each allow it).
 */
export function createRateLimit(opts: {
  limit: CreatesLimit;
  present: Presenter;
  /** `Server:TrustedProxies`: guests behind a proxy are counted by their own address. */
  trustedProxies?: readonly string[];
}): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (c.req.method !== "POST" || NOT_CREATES.some((r) => r.test(c.req.path))) return next();
    const caller = c.get("caller") as AuthEnv["Variables"]["caller"] | undefined;
    const refused = await opts.limit.take(caller, clientAddress(c, opts.trustedProxies ?? []));
    if (!refused) return next();
    c.header("Retry-After", String(refused.retryAfterSeconds));
    return opts.present(c, { kind: "rate_limited", ...refused });
  };
}
