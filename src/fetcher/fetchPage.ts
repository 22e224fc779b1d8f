import type { LookupAddress } from "node:dns";
import net from "node:net";
import { pipeline, Transform, type Readable } from "node:stream";
import zlib from "node:zlib";
import type * as Undici from "undici";
import type { FetchFailureCode, FetchResult } from "../domain/fetched.ts";
import { checkUrl, systemResolver, type Resolver, type UrlCheck, type UrlPolicy } from "./policy.ts";

export type { FetchFailureCode, FetchResult };

/** Limits and identity for one egress fetch. */
export interface FetchOptions {
  /** Descriptive User-Agent. */
  userAgent: string;
  /** Cap on the body after decompression. */
  maxBytes: number;
  /** Default 5. */
  maxRedirects?: number;
  /** TCP connect plus TLS handshake; default 5000. */
  connectTimeoutMs?: number;
  /** Time to response headers; default 10000. */
  headersTimeoutMs?: number;
  /** Idle time between body chunks; default 10000. */
  bodyTimeoutMs?: number;
  /** Whole request including DNS and redirects; default 30000. */
  totalTimeoutMs?: number;
  policy: UrlPolicy;
  /** Default: the system resolver. */
  resolver?: Resolver;
  /** Default "text/html,application/xhtml+xml;q=0.9,*\/*;q=0.5". */
  accept?: string;
  signal?: AbortSignal;
  /** Default GET. Redirects of a non-GET request are followed with GET (as browsers do for 301-303). */
  method?: string;
  body?: Buffer | string;
  /** Extra request headers (browser sub-requests); credentials among them stay on the first origin. */
  headers?: Record<string, string>;
  /**
   * The address policy's verdict on `url` (the first hop) that the caller has just made itself
   * (the gateway, before robots.txt): the first hop connects to its addresses instead of checking
   * the URL and resolving its host a second time. Redirects are always checked here.
   */
  vetted?: UrlCheck & { allowed: true };
}

type Failure = { ok: false; code: FetchFailureCode; reason: string };

/** Bytes of an error response kept for diagnosis. */
const SNIPPET_BYTES = 16 * 1024;

// Compressed data is never much larger than what it inflates to; more wire bytes than this past the
// cap means a stream that inflates to little or nothing (e.g. endless empty deflate blocks).
const WIRE_SLACK_BYTES = 64 * 1024;

const MAX_CODINGS = 3;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Drops a response body we will not read; its abort error is expected, not a failure. */
function discard(body: Readable): void {
  body.on("error", () => {});
  body.destroy();
}

const bareHost = (h: string) =>
  h
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.+$/, "")
    .toLowerCase();

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address?: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for sockets that answers only for `hostname`, and only with the vetted addresses:
 * the connection goes where the policy looked, whatever DNS says by then. Any other name is an
 * error, so a socket can never be steered to an address that was not checked.
 */
export function pinnedLookup(
  hostname: string,
  addresses: string[],
): (host: string, options: { all?: boolean } | number | undefined, cb: LookupCallback) => void {
  const expected = bareHost(hostname);
  const pinned: LookupAddress[] = addresses.map((address) => ({
    address,
    family: net.isIPv6(address) ? 6 : 4,
  }));
  if (pinned.length === 0 || pinned.some((p) => !net.isIP(p.address))) {
    throw new Error(`pinnedLookup needs vetted IP addresses, got ${JSON.stringify(addresses)}`);
  }
  return (host, options, cb) => {
    if (bareHost(host) !== expected) {
      const err: NodeJS.ErrnoException = new Error(`${host} was not vetted for this connection`);
      err.code = "ENOTVETTED";
      return void process.nextTick(cb, err);
    }
    if (typeof options === "object" && options?.all) process.nextTick(cb, null, pinned);
    else process.nextTick(cb, null, pinned[0]!.address, pinned[0]!.family);
  };
}

// undici (~110 modules, and Node's HTTP/2 and web streams under it) is loaded by the first fetch,
// not by every process that could fetch: an API process at rest never has.
let undici: typeof Undici | undefined;
const loadUndici = async () => (undici ??= await import("undici"));

/** An undici Agent whose every connection goes to one of the vetted addresses, never re-resolved. */
function pinnedAgent(hostname: string, addresses: string[], connectTimeoutMs: number): Undici.Agent {
  return new undici!.Agent({
    connect: { timeout: connectTimeoutMs, lookup: pinnedLookup(hostname, addresses) as never },
    keepAliveTimeout: 4_000,
    connections: 4,
  });
}

// Pinned agents are reused only for the same origin and the same vetted address set, so a
// kept-alive connection always leads to an address that passed the check for this request.
const AGENTS = new Map<string, Undici.Agent>();
const MAX_AGENTS = 64;

function agentFor(url: URL, addresses: string[], connectTimeoutMs: number): Undici.Agent {
  const key = `${url.protocol}//${url.host}|${[...addresses].sort().join(",")}|${connectTimeoutMs}`;
  let agent = AGENTS.get(key);
  if (agent) {
    AGENTS.delete(key);
  } else {
    agent = pinnedAgent(url.hostname, addresses, connectTimeoutMs);
    if (AGENTS.size >= MAX_AGENTS) {
      const [oldKey, old] = AGENTS.entries().next().value as [string, Undici.Agent];
      AGENTS.delete(oldKey);
      void old.close().catch(() => {});
    }
  }
  AGENTS.set(key, agent);
  return agent;
}

function decoder(coding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch (coding) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

const errorCode = (err: unknown): string => String((err as { code?: unknown } | null)?.code ?? "");

/**
 * Reads a body through its content codings and stops as soon as the decompressed size passes
 * `maxBytes` (or, with `truncate`, keeps the first `maxBytes`). Decompression is pulled chunk by
 * chunk, so a bomb is never inflated past the cap and memory stays near `maxBytes`.
 */
async function readCapped(
  body: Readable,
  contentEncoding: string | undefined,
  maxBytes: number,
  truncate = false,
): Promise<{ ok: true; body: Buffer } | Failure> {
  // Codings are listed in the order they were applied; undo them in reverse.
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== "identity")
    .reverse();
  if (codings.length > MAX_CODINGS) {
    discard(body);
    return { ok: false, code: "CONNECTION_FAILED", reason: `too many content codings: ${contentEncoding}` };
  }
  const stages: (zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress)[] = [];
  for (const c of codings) {
    const d = decoder(c);
    if (!d) {
      discard(body);
      for (const s of stages) s.destroy();
      return { ok: false, code: "CONNECTION_FAILED", reason: `unsupported content-encoding ${c}` };
    }
    stages.push(d);
  }

  let wireExceeded = false;
  let source: Readable = body;
  if (stages.length) {
    let wire = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        wire += chunk.length;
        if (wire > maxBytes + WIRE_SLACK_BYTES) {
          wireExceeded = true;
          done(new Error("compressed body too large"));
        } else done(null, chunk);
      },
    });
    // pipeline() tears every stage down when one fails or the reader stops early.
    source = pipeline([body, meter, ...stages], () => {}) as unknown as Readable;
  }

  const chunks: Buffer[] = [];
  let total = 0;
  const tooLarge = (): Failure => ({
    ok: false,
    code: "TOO_LARGE",
    reason: wireExceeded
      ? `compressed body exceeds ${maxBytes + WIRE_SLACK_BYTES} bytes on the wire`
      : `body exceeds ${maxBytes} bytes after decompression`,
  });
  // The body owns its whole ArrayBuffer (Buffer.concat gives a slice of Buffer's shared pool below
  // 4 KB), so it can be handed to an extraction thread by transfer instead of by copy.
  const done = () => {
    const whole = Buffer.allocUnsafeSlow(total);
    let at = 0;
    for (const c of chunks) {
      whole.set(c, at);
      at += c.length;
    }
    return { ok: true as const, body: whole };
  };
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) {
        if (!truncate) return tooLarge();
        chunks.push(chunk.subarray(0, chunk.length - (total - maxBytes)));
        total = maxBytes;
        break;
      }
      chunks.push(chunk);
    }
    if (wireExceeded) return truncate ? done() : tooLarge();
  } catch (err) {
    if (wireExceeded) return truncate ? done() : tooLarge();
    const code = errorCode(err);
    if (code === "UND_ERR_BODY_TIMEOUT")
      return { ok: false, code: "TIMEOUT", reason: "body stalled (idle timeout)" };
    if (stages.length && code.startsWith("Z_")) {
      return { ok: false, code: "CONNECTION_FAILED", reason: `corrupt ${contentEncoding} body` };
    }
    // Aborts and socket errors: the caller classifies them.
    throw err;
  } finally {
    for (const s of stages) s.destroy();
    discard(body);
  }
  return done();
}

// Connection-level headers a caller (the browser) must not set on our connection.
const HOP_BY_HOP = new Set([
  "host",
  "connection",
  "content-length",
  "transfer-encoding",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "proxy-authorization",
  "user-agent",
  "accept-encoding",
]);

// Caller headers that identify the user to the first origin; a redirect elsewhere must not get them.
const CREDENTIAL_HEADERS = new Set(["authorization", "cookie", "proxy-authorization"]);

function passHeaders(h: Record<string, string> | undefined, sameOrigin: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) {
    const key = k.toLowerCase();
    if (HOP_BY_HOP.has(key) || key.startsWith(":")) continue;
    if (!sameOrigin && CREDENTIAL_HEADERS.has(key)) continue;
    out[k] = v;
  }
  return out;
}

function headerRecord(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

function classifyError(err: unknown, total: AbortSignal, caller: AbortSignal | undefined): Failure {
  const code = errorCode(err);
  const fail = (c: FetchFailureCode, reason: string): Failure => ({ ok: false, code: c, reason });
  if (total.aborted) return fail("TIMEOUT", "total time limit reached");
  if (caller?.aborted) return fail("TIMEOUT", "aborted by the caller");
  if (code === "UND_ERR_CONNECT_TIMEOUT") return fail("TIMEOUT", "connect timeout");
  if (code === "UND_ERR_HEADERS_TIMEOUT")
    return fail("TIMEOUT", "no response headers in time (headers timeout)");
  if (code === "UND_ERR_BODY_TIMEOUT") return fail("TIMEOUT", "body stalled (idle timeout)");
  if (code === "UND_ERR_ABORTED" || (err as Error | null)?.name === "AbortError")
    return fail("TIMEOUT", "request aborted");
  const message = err instanceof Error ? err.message : String(err);
  return fail("CONNECTION_FAILED", `${code || (err as Error | null)?.name || "error"}: ${message}`);
}

/** Settles with the promise, or with null as soon as the signal aborts (the promise is left to finish). */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise<T | null>((resolve, reject) => {
    const onAbort = () => resolve(null);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * The egress fetch: checks every hop with the address policy before connecting, connects only to
 * the addresses vetted for that hop (DNS pinning), follows at most `maxRedirects` redirects,
 * enforces the connect, headers, body-idle and total timeouts and the decompressed size cap.
 * Never throws for network problems: every failure is a `{ ok: false, code }` value.
 */
export async function fetchPage(url: string, opts: FetchOptions): Promise<FetchResult> {
  const started = performance.now();
  const resolver = opts.resolver ?? systemResolver();
  const maxRedirects = opts.maxRedirects ?? 5;
  const total = AbortSignal.timeout(opts.totalTimeoutMs ?? 30_000);
  const signal = opts.signal ? AbortSignal.any([total, opts.signal]) : total;
  const redirects: string[] = [];
  const visited = new Set<string>();
  let firstOrigin: string | null = null;
  let current = url;
  let method = opts.method ?? "GET";
  let reqBody = opts.body;
  const failed = (f: Failure, extra: { status?: number } = {}): FetchResult => ({
    ...f,
    ...extra,
    url: current,
    redirects,
  });

  for (let hop = 0; ; hop++) {
    let check;
    try {
      check =
        hop === 0 && opts.vetted
          ? opts.vetted
          : await untilAborted(checkUrl(current, resolver, opts.policy), signal);
    } catch (err) {
      // checkUrl turns resolver failures into values; reaching here is a bug in a custom resolver.
      return failed({ ok: false, code: "DNS_FAILED", reason: `resolver failed: ${(err as Error).message}` });
    }
    if (check === null) return failed(classifyError(null, total, opts.signal));
    if (!check.allowed) {
      return failed({
        ok: false,
        code: check.code,
        reason: hop ? `redirect to ${current}: ${check.reason}` : check.reason,
      });
    }
    visited.add(check.url.href.replace(/#.*$/, ""));
    firstOrigin ??= check.url.origin;
    const { request } = await loadUndici();
    const agent = agentFor(check.url, check.addresses, opts.connectTimeoutMs ?? 5_000);
    try {
      const res = await request(check.url, {
        method: method as "GET",
        ...(reqBody !== undefined ? { body: reqBody } : {}),
        dispatcher: agent,
        signal,
        headersTimeout: opts.headersTimeoutMs ?? 10_000,
        bodyTimeout: opts.bodyTimeoutMs ?? 10_000,
        headers: {
          accept: opts.accept ?? "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
          "accept-language": "en;q=0.9, *;q=0.5",
          ...passHeaders(opts.headers, check.url.origin === firstOrigin),
          // Our identity and our decoder are not negotiable.
          "user-agent": opts.userAgent,
          "accept-encoding": "gzip, deflate, br",
        },
      });
      const headers = headerRecord(res.headers as Record<string, string | string[] | undefined>);
      if (REDIRECTS.has(res.statusCode) && headers.location) {
        discard(res.body);
        if (hop >= maxRedirects) {
          return failed({
            ok: false,
            code: "TOO_MANY_REDIRECTS",
            reason: `more than ${maxRedirects} redirects`,
          });
        }
        let next: string;
        try {
          next = new URL(headers.location, current).href;
        } catch {
          return failed({
            ok: false,
            code: "URL_INVALID",
            reason: `invalid redirect location ${headers.location}`,
          });
        }
        if (visited.has(next.replace(/#.*$/, ""))) {
          redirects.push(next);
          return failed({ ok: false, code: "TOO_MANY_REDIRECTS", reason: `redirect loop back to ${next}` });
        }
        redirects.push(next);
        current = next;
        if (res.statusCode <= 303 && method !== "GET" && method !== "HEAD") {
          method = "GET";
          reqBody = undefined;
        }
        continue;
      }
      if (res.statusCode < 200 || res.statusCode >= 300) {
        let snippet = "";
        try {
          const read = await readCapped(res.body, headers["content-encoding"], SNIPPET_BYTES, true);
          if (read.ok) snippet = read.body.toString("utf8");
        } catch {
          // the snippet is best effort
        }
        return {
          ok: false,
          code: "HTTP_ERROR",
          status: res.statusCode,
          reason: `HTTP ${res.statusCode}`,
          url: current,
          redirects,
          headers,
          snippet,
        };
      }
      const declared = Number(headers["content-length"] ?? NaN);
      const declaredCap = opts.maxBytes + (headers["content-encoding"] ? WIRE_SLACK_BYTES : 0);
      if (declared > declaredCap) {
        discard(res.body);
        return failed({
          ok: false,
          code: "TOO_LARGE",
          reason: `content-length ${declared} exceeds ${opts.maxBytes} bytes`,
        });
      }
      const read = await readCapped(res.body, headers["content-encoding"], opts.maxBytes);
      if (!read.ok) return failed(read);
      return {
        ok: true,
        url: current,
        status: res.statusCode,
        headers,
        contentType: headers["content-type"] ?? null,
        body: read.body,
        redirects,
        elapsedMs: Math.round(performance.now() - started),
      };
    } catch (err) {
      return failed(classifyError(err, total, opts.signal));
    }
  }
}
