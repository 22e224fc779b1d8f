import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { metrics } from "../metrics.ts";
import {
  IdempotencyKeyTaken,
  type IdempotencyKeys,
  type KeyClaim,
  type StoredResponse,
} from "../services/shared/idempotency.service.ts";
import type { AuthEnv } from "./auth.ts";
import { requestBytes } from "./requestBody.ts";
import { sendError, sentText } from "./respond.ts";

/**
 * The claimed key of the request being served, for a create endpoint that wants its stored
 * response written in the same transaction as what it creates (`IdempotencyRepo.complete` on the
 * transaction): then a process killed after the commit but before answering still replays the
 * answer to the client's retry instead of creating a second time. Tasks do this.
 */
export interface IdempotencyScope {
  callerId: string;
  key: string;
  /**
   * Set when the key is not claimed yet (`claimedByRoute`): the route claims it in the statement
   * that creates, with its answer, or throws `IdempotencyKeyTaken` having written nothing.
   */
  claim?: KeyClaim;
  /** Set by the route when its statement found the key taken (`IdempotencyKeyTaken`). */
  taken?: boolean;
}

declare module "hono" {
  interface ContextVariableMap {
    idempotency?: IdempotencyScope;
  }
}

export interface IdempotencyOptions {
  /** How long a key's response is replayed; default 24 h. */
  ttlMs: number;
  /** An unfinished first request older than this is taken to have died, and a retry runs; default 60 s. */
  abandonedAfterMs?: number;
  now?: () => Date;
  /**
   * Requests whose route claims the key itself, in the statement that creates (`IdempotencyScope.claim`):
   * a task submit is then one round trip, not the claim and then the task.
   */
  claimedByRoute?: (method: string, path: string) => boolean;
}

// Headers a replay gives back; others (dates, request ids) belong to the moment.
const KEPT_HEADERS = ["content-type", "location", "etag", "retry-after"];
// Responses larger than this are not stored (a replay then runs the request again).
const MAX_STORED_BYTES = 1024 * 1024;
const KEY_RE = /^[\x21-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` for every create endpoint (every POST under the API), per caller: the same key
 * with the same request within the TTL answers the stored response (header `Idempotent-Replayed:
 * true`); the same key with another method, path or body answers 422 IDEMPOTENCY_KEY_REUSED; while
 * the first request still runs, 409 IDEMPOTENCY_KEY_IN_PROGRESS. Server errors are not stored, so
 * a retry after one runs again. Requests without the header are untouched.
 */
export function idempotency(repo: IdempotencyKeys, opts: IdempotencyOptions): MiddlewareHandler<AuthEnv> {
  const now = opts.now ?? (() => new Date());
  const abandonedAfter = opts.abandonedAfterMs ?? 60_000;
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const key = c.req.header("idempotency-key");
    if (key === undefined) return next();
    if (!KEY_RE.test(key)) return sendError(c, "IDEMPOTENCY_KEY_INVALID");
    // Routes that check tokens themselves (guests allowed) run this before knowing the caller: the
    // token's digest stands for it, and guests share one namespace.
    const auth = c.req.header("authorization");
    const callerId =
      c.get("caller")?.id ??
      (auth ? `token:${createHash("sha256").update(auth).digest("hex").slice(0, 32)}` : "guest");
    // Read once and kept, so the route still reads the body in whatever form it wants (JSON, form data).
    const body = new Uint8Array(await requestBytes(c));
    const bodySha256 = createHash("sha256")
      .update(`${c.req.method}\n${c.req.path}\n`)
      .update(body)
      .digest("hex");
    if (opts.claimedByRoute?.(c.req.method, c.req.path)) {
      const claim: KeyClaim = {
        method: c.req.method,
        path: c.req.path,
        bodySha256,
        now: now(),
        expiredBefore: new Date(now().getTime() - opts.ttlMs),
        abandonedBefore: new Date(now().getTime() - abandonedAfter),
      };
      const scope: IdempotencyScope = { callerId, key, claim };
      c.set("idempotency", scope);
      const storedByRoute = await repo.serve(callerId, key, next).catch((err: unknown) => {
        if (err instanceof IdempotencyKeyTaken) return "taken" as const;
        throw err;
      });
      // The key was taken: the record's answer, as for a key claimed before the route.
      if (scope.taken || storedByRoute === "taken" || c.error instanceof IdempotencyKeyTaken) {
        const r = await repo.find(callerId, key);
        if (!r) {
          // Dropped since (expired and purged): the client's retry claims it afresh.
          c.header("Retry-After", "1");
          c.res = sendError(c, "IDEMPOTENCY_KEY_IN_PROGRESS", undefined, { idempotencyKey: key });
          return;
        }
        if (r.bodySha256 !== bodySha256) {
          metrics.idempotentReplays.inc({ outcome: "conflict" });
          c.res = sendError(c, "IDEMPOTENCY_KEY_REUSED", undefined, { idempotencyKey: key });
        } else if (r.status === null) {
          c.header("Retry-After", "1");
          c.res = sendError(c, "IDEMPOTENCY_KEY_IN_PROGRESS", undefined, { idempotencyKey: key });
        } else c.res = replay(r.status, r.headers, r.body);
        return;
      }
      const stored = await storable(c.res);
      if (storedByRoute) {
        if (stored && !sameResponse(storedByRoute, stored)) await repo.complete(callerId, key, stored);
        return;
      }
      // The route answered without creating (a refusal): stored as for any route, claimed with it.
      if (stored) await repo.claimAnswered({ callerId, key, ...stored }, claim);
      return;
    }
    const begun = await repo.begin({
      callerId,
      key,
      method: c.req.method,
      path: c.req.path,
      bodySha256,
      expiredBefore: new Date(now().getTime() - opts.ttlMs),
      now: now(),
    });
    if (!begun.claimed) {
      const r = begun.record;
      if (r.bodySha256 !== bodySha256) {
        metrics.idempotentReplays.inc({ outcome: "conflict" });
        return sendError(c, "IDEMPOTENCY_KEY_REUSED", undefined, { idempotencyKey: key });
      }
      if (r.status === null) {
        const stale = now().getTime() - r.createdAt.getTime() > abandonedAfter;
        if (!stale || !(await repo.takeOver(callerId, key, r.createdAt, now()))) {
          c.header("Retry-After", "1");
          return sendError(c, "IDEMPOTENCY_KEY_IN_PROGRESS", undefined, { idempotencyKey: key });
        }
      } else {
        return replay(r.status, r.headers, r.body);
      }
    }
    c.set("idempotency", { callerId, key });
    let storedByRoute: StoredResponse | null;
    try {
      storedByRoute = await repo.serve(callerId, key, next);
    } catch (err) {
      await repo.abandon(callerId, key);
      throw err;
    }
    const stored = await storable(c.res);
    if (!stored) {
      await repo.abandon(callerId, key);
      return;
    }
    // A route that stored its answer in its own transaction (tasks) already wrote this very record.
    if (storedByRoute && sameResponse(storedByRoute, stored)) return;
    await repo.complete(callerId, key, stored);
  };
}

/** The stored answer replayed. */
function replay(status: number, headers: Record<string, string>, body: string | null): Response {
  metrics.idempotentReplays.inc({ outcome: "replayed" });
  return new Response(body, { status, headers: { ...headers, "idempotent-replayed": "true" } });
}

/** What of `res` a replay gives back; null when it is not stored (a server error, too large). */
async function storable(res: Response): Promise<StoredResponse | null> {
  if (res.status >= 500) return null;
  const text = sentText(res) ?? (await res.clone().text());
  if (Buffer.byteLength(text) > MAX_STORED_BYTES) return null;
  const headers: Record<string, string> = {};
  for (const h of KEPT_HEADERS) {
    const v = res.headers.get(h);
    if (v !== null) headers[h] = v;
  }
  return { status: res.status, headers, body: text };
}

// Compared in full so that a route answering other than what it stored still gets the answer it
// sent replayed, as when the middleware always wrote last.
function sameResponse(a: StoredResponse, b: StoredResponse): boolean {
  if (a.status !== b.status || a.body !== b.body) return false;
  const ak = Object.keys(a.headers);
  return ak.length === Object.keys(b.headers).length && ak.every((k) => a.headers[k] === b.headers[k]);
}
