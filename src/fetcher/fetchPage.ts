import type { LookupAddress, LookupOptions } from "node:dns";
import net from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { Agent, request } from "undici";
import { checkUrl, systemResolver, type PolicyCode, type Resolver, type UrlPolicy } from "./policy.ts";

export interface FetchOptions {
  /** Descriptive User-Agent (recipe-ingest-agent.md §10.1). */
  userAgent: string;
  /** Cap on the body after decompression. */
  maxBytes: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Default 5000. */
  connectTimeoutMs?: number;
  /** Time to response headers; default 10000. */
  headersTimeoutMs?: number;
  /** Idle time between body chunks; default 10000. */
  bodyTimeoutMs?: number;
  /** Whole request including redirects; default 30000. */
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
  /** Extra request headers (browser sub-requests). */
  headers?: Record<string, string>;
}

export type FetchFailureCode =
  PolicyCode | "TOO_MANY_REDIRECTS" | "TOO_LARGE" | "TIMEOUT" | "CONNECTION_FAILED" | "HTTP_ERROR";

export type FetchResult =
  | {
      ok: true;
      /** Final URL after redirects. */
      url: string;
      status: number;
      headers: Record<string, string>;
      contentType: string | null;
      /** Decompressed body. */
      body: Buffer;
      redirects: string[];
      elapsedMs: number;
    }
  | {
      ok: false;
      code: FetchFailureCode;
      reason: string;
      status?: number;
      url: string;
      redirects: string[];
      /** Response headers of an error status (Retry-After, server, cf-mitigated...). */
      headers?: Record<string, string>;
      /** The first few KB of an error response, decompressed, for block detection. */
      snippet?: string;
    };

/** Bytes of an error response kept for diagnosis. */
const SNIPPET_BYTES = 16 * 1024;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Drops a response body we will not read; its abort error is expected, not a failure. */
function discard(body: Readable): void {
  body.on("error", () => {});
  body.destroy();
}

class Stop extends Error {
  readonly code: FetchFailureCode;
  constructor(code: FetchFailureCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** An undici Agent whose every connection goes to one of the vetted addresses, never re-resolved. */
function pinnedAgent(addresses: string[], connectTimeoutMs: number): Agent {
  const pinned: LookupAddress[] = addresses.map((address) => ({
    address,
    family: net.isIPv6(address) ? 6 : 4,
  }));
  return new Agent({
    connect: {
      timeout: connectTimeoutMs,
      lookup: ((_host: string, options: LookupOptions, cb: (...args: unknown[]) => void) => {
        if (options?.all) cb(null, pinned);
        else cb(null, pinned[0]!.address, pinned[0]!.family);
      }) as never,
    },
    keepAliveTimeout: 4_000,
    connections: 4,
  });
}

// Pinned agents are reused only for the same origin and the same vetted address set, so a
// kept-alive connection always leads to an address that passed the check for this request.
const AGENTS = new Map<string, Agent>();
const MAX_AGENTS = 64;

function agentFor(url: URL, addresses: string[], connectTimeoutMs: number): Agent {
  const key = `${url.protocol}//${url.host}|${[...addresses].sort().join(",")}|${connectTimeoutMs}`;
  let agent = AGENTS.get(key);
  if (agent) {
    AGENTS.delete(key);
  } else {
    agent = pinnedAgent(addresses, connectTimeoutMs);
    if (AGENTS.size >= MAX_AGENTS) {
      const [oldKey, old] = AGENTS.entries().next().value as [string, Agent];
      AGENTS.delete(oldKey);
      void old.close().catch(() => {});
    }
  }
  AGENTS.set(key, agent);
  return agent;
}

function decoder(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch (encoding.trim().toLowerCase()) {
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

/** Reads a body, decompressing, and stops as soon as the decompressed size passes `maxBytes`. */
async function readCapped(
  body: Readable,
  encoding: string | undefined,
  maxBytes: number,
  truncate = false,
): Promise<Buffer> {
  let source: AsyncIterable<Buffer> = body;
  let inflater: ReturnType<typeof decoder> = null;
  if (encoding && encoding !== "identity") {
    inflater = decoder(encoding);
    if (!inflater) throw new Stop("CONNECTION_FAILED", `unsupported content-encoding ${encoding}`);
    body.on("error", (e) => inflater!.destroy(e));
    source = body.pipe(inflater);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of source) {
      total += chunk.length;
      if (total > maxBytes) {
        if (!truncate) throw new Stop("TOO_LARGE", `body exceeds ${maxBytes} bytes after decompression`);
        chunks.push(chunk.subarray(0, chunk.length - (total - maxBytes)));
        total = maxBytes;
        break;
      }
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof Stop) throw err;
    if ((err as { code?: string }).code === "UND_ERR_BODY_TIMEOUT")
      throw new Stop("TIMEOUT", "body stalled (idle timeout)");
    if (inflater && (err as { code?: string }).code?.startsWith("Z_")) {
      throw new Stop("CONNECTION_FAILED", `corrupt ${encoding} body`);
    }
    throw err;
  } finally {
    inflater?.destroy();
    discard(body);
  }
  return Buffer.concat(chunks, total);
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

function passHeaders(h: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {}))
    if (!HOP_BY_HOP.has(k.toLowerCase()) && !k.startsWith(":")) out[k] = v;
  return out;
}

function headerRecord(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

function classifyError(err: unknown, totalSignal: AbortSignal): Stop {
  if (err instanceof Stop) return err;
  const code = (err as { code?: string }).code ?? "";
  if (totalSignal.aborted) return new Stop("TIMEOUT", "total time limit reached");
  if (code === "UND_ERR_CONNECT_TIMEOUT") return new Stop("TIMEOUT", "connect timeout");
  if (code === "UND_ERR_HEADERS_TIMEOUT")
    return new Stop("TIMEOUT", "no response headers in time (first-byte timeout)");
  if (code === "UND_ERR_BODY_TIMEOUT") return new Stop("TIMEOUT", "body stalled (idle timeout)");
  if (code === "UND_ERR_ABORTED" || (err as Error).name === "AbortError")
    return new Stop("TIMEOUT", "request aborted");
  return new Stop("CONNECTION_FAILED", `${code || (err as Error).name}: ${(err as Error).message}`);
}

/**
 * The egress fetch: checks every hop with the address policy, connects only to the addresses
 * vetted for that hop (DNS pinning), follows at most `maxRedirects` redirects, enforces the
 * timeouts and the decompressed size cap. Never throws for network problems.
 */
export async function fetchPage(url: string, opts: FetchOptions): Promise<FetchResult> {
  const started = performance.now();
  const resolver = opts.resolver ?? systemResolver();
  const maxRedirects = opts.maxRedirects ?? 5;
  const total = AbortSignal.timeout(opts.totalTimeoutMs ?? 30_000);
  const signal = opts.signal ? AbortSignal.any([total, opts.signal]) : total;
  const redirects: string[] = [];
  let current = url;
  let method = opts.method ?? "GET";
  let reqBody = opts.body;

  for (let hop = 0; ; hop++) {
    const check = await checkUrl(current, resolver, opts.policy);
    if (!check.allowed) {
      return {
        ok: false,
        code: check.code,
        reason: hop ? `redirect to ${current}: ${check.reason}` : check.reason,
        url: current,
        redirects,
      };
    }
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
          ...passHeaders(opts.headers),
          // Our identity and our decoder are not negotiable.
          "user-agent": opts.userAgent,
          "accept-encoding": "gzip, deflate, br",
        },
      });
      const headers = headerRecord(res.headers as Record<string, string | string[] | undefined>);
      if (REDIRECTS.has(res.statusCode) && headers.location) {
        discard(res.body);
        if (hop >= maxRedirects) {
          return {
            ok: false,
            code: "TOO_MANY_REDIRECTS",
            reason: `more than ${maxRedirects} redirects`,
            url: current,
            redirects,
          };
        }
        let next: string;
        try {
          next = new URL(headers.location, current).href;
        } catch {
          return {
            ok: false,
            code: "URL_INVALID",
            reason: `invalid redirect location ${headers.location}`,
            url: current,
            redirects,
          };
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
          snippet = (await readCapped(res.body, headers["content-encoding"], SNIPPET_BYTES, true)).toString(
            "utf8",
          );
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
      if (!headers["content-encoding"] && declared > opts.maxBytes) {
        discard(res.body);
        return {
          ok: false,
          code: "TOO_LARGE",
          reason: `content-length ${declared} exceeds ${opts.maxBytes} bytes`,
          url: current,
          redirects,
        };
      }
      const body = await readCapped(res.body, headers["content-encoding"], opts.maxBytes);
      return {
        ok: true,
        url: current,
        status: res.statusCode,
        headers,
        contentType: headers["content-type"] ?? null,
        body,
        redirects,
        elapsedMs: performance.now() - started,
      };
    } catch (err) {
      const stop = classifyError(err, total);
      return { ok: false, code: stop.code, reason: stop.message, url: current, redirects };
    }
  }
}
