import type { z } from "zod";
import type { FetchOptions, FetchResult } from "../fetcher/fetchPage.ts";
import type {
  SearchCandidate,
  SearchError,
  SearchOutcome,
  SearchProvider,
  SearchRequest,
  SearchTransport,
} from "./searchProvider.ts";

/** The Discovery:Providers settings an HTTP search provider reads. */
export interface HttpSearchConfig {
  BaseUrl?: string | undefined;
  ApiKey?: string | undefined;
  TimeoutMs: number;
}

/** One search call: a path below the API base, its query string, and what else differs from a plain GET. */
export interface HttpSearchCall extends Pick<FetchOptions, "method" | "headers" | "body"> {
  path: string;
  query?: Record<string, string>;
}

/**
 * A search engine's HTTP API, reached as a gateway-configured endpoint: one attempt within the
 * provider's timeout, failures worded alike for every engine, the JSON answer checked against the
 * engine's schema. A subclass gives only what differs: the call, the answer's shape and its mapping.
 */
export abstract class HttpSearchProvider<Answer> implements SearchProvider {
  abstract readonly type: string;
  readonly name: string;
  /** The configured key, "" when none: the engine's refusal then says to check ApiKey. */
  protected readonly apiKey: string;
  private readonly baseUrl: string | undefined;
  private readonly transport: SearchTransport;
  private readonly timeoutMs: number;
  /** The engine as messages name it after the provider: "<name> (<engine>) …". */
  protected abstract readonly engine: string;
  /** The fields Ladle reads of the engine's JSON answer. */
  protected abstract readonly answer: z.ZodType<Answer>;
  /** The API base when BaseUrl is not configured. */
  protected readonly defaultBaseUrl: string = "";
  /** What the message says when the JSON is not of the engine's shape. */
  protected readonly unknownShape: string = "answered without results";

  constructor(name: string, cfg: HttpSearchConfig, transport: SearchTransport) {
    this.name = name;
    this.baseUrl = cfg.BaseUrl;
    this.apiKey = cfg.ApiKey ?? "";
    this.transport = transport;
    this.timeoutMs = cfg.TimeoutMs;
  }

  /** The call for one search. */
  protected abstract request(req: SearchRequest): HttpSearchCall;

  /** The candidates of a well-formed answer, at most `limit`. */
  protected abstract candidates(answer: Answer, limit: number): SearchCandidate[];

  /** The engine's own reading of an HTTP error status; undefined leaves it to the shared one. */
  protected statusError?(status: number): SearchError | undefined;

  /** How messages name this provider. */
  protected get label(): string {
    return `${this.name} (${this.engine})`;
  }

  /** One search: the engine's hits as candidates, or why there are none. */
  async search(req: SearchRequest, signal?: AbortSignal): Promise<SearchOutcome> {
    const { path, query, ...init } = this.request(req);
    const res = await this.transport.endpoint(this.url(path, query), {
      ...init,
      accept: "application/json",
      totalTimeoutMs: this.timeoutMs,
      headersTimeoutMs: this.timeoutMs,
      ...(signal ? { signal } : {}),
    });
    if (!res.ok) {
      const own =
        res.code === "HTTP_ERROR" && res.status !== undefined ? this.statusError?.(res.status) : undefined;
      return own ?? endpointError(this.label, res);
    }
    const json = parseJsonBody(this.name, res.body);
    if (!json.ok) return json;
    const parsed = this.answer.safeParse(json.value);
    if (!parsed.success)
      return { ok: false, kind: "invalid-response", message: `${this.label} ${this.unknownShape}` };
    return { ok: true, candidates: this.candidates(parsed.data, req.limit) };
  }

  private url(path: string, query: Record<string, string> | undefined): string {
    const base = `${(this.baseUrl ?? this.defaultBaseUrl).replace(/\/+$/, "")}${path}`;
    // Without a query the URL goes as written, so a bad one comes back as the transport's failure, not a throw.
    if (!query) return base;
    const u = new URL(base);
    for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
    return u.href;
  }
}

/** Maps a failed endpoint fetch to a SearchError naming the provider. */
function endpointError(provider: string, res: Extract<FetchResult, { ok: false }>): SearchError {
  if (res.code === "HTTP_ERROR" && res.status === 429)
    return {
      ok: false,
      kind: "rate-limited",
      status: 429,
      message: `${provider} answered 429 Too Many Requests${res.headers?.["retry-after"] ? ` (retry after ${res.headers["retry-after"]} s)` : ""}`,
    };
  if (res.code === "HTTP_ERROR" && (res.status === 401 || res.status === 403))
    return {
      ok: false,
      kind: "refused",
      status: res.status,
      message: `${provider} refused the request (HTTP ${res.status}); check its ApiKey`,
    };
  if (res.code === "HTTP_ERROR")
    return {
      ok: false,
      kind: "down",
      ...(res.status ? { status: res.status } : {}),
      message: `${provider} answered HTTP ${res.status}`,
    };
  return { ok: false, kind: "down", message: `${provider} is unreachable: ${res.reason}` };
}

/** Parses a JSON body or reports an invalid response. */
function parseJsonBody(provider: string, body: Buffer): { ok: true; value: unknown } | SearchError {
  try {
    return { ok: true, value: JSON.parse(body.toString("utf8")) };
  } catch {
    return { ok: false, kind: "invalid-response", message: `${provider} did not answer with JSON` };
  }
}
