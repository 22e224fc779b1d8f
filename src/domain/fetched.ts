/**
 * What the network layer hands back, as plain types: src/pipeline/ and src/extract/ read these
 * without importing src/fetcher/ (the layout's rule, .dependency-cruiser.cjs).
 */

/** Why a URL was refused. */
export type PolicyCode =
  | "URL_INVALID"
  | "SCHEME_NOT_ALLOWED"
  | "CREDENTIALS_NOT_ALLOWED"
  | "HOST_NOT_ALLOWED"
  | "ADDRESS_NOT_ALLOWED"
  | "DNS_FAILED";

/** What a response is, for routing and the per-family errors. */
export type ContentKind = "html" | "pdf" | "epub" | "other";

/** Why a fetch failed: a policy refusal or a transport/HTTP outcome. */
export type FetchFailureCode =
  PolicyCode | "TOO_MANY_REDIRECTS" | "TOO_LARGE" | "TIMEOUT" | "CONNECTION_FAILED" | "HTTP_ERROR";

/** The outcome of {@link fetchPage}; failures are values, never exceptions. */
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

/** Every outcome of the gateway; each API family maps these to its own codes (src/domain/outcomes.ts). */
export type GatewayCode =
  FetchFailureCode | "BLOCKED" | "ROBOTS_DISALLOWED" | "CIRCUIT_OPEN" | "DOMAIN_DENIED" | "RENDER_FAILED";

export type RenderMode = "never" | "auto" | "always";

/** A gateway outcome: a fetch result plus what the gateway learned (kind, rendering, attempts). */
export type GatewayResult =
  | (Extract<FetchResult, { ok: true }> & { kind: ContentKind; rendered: boolean; attempts: number })
  | {
      ok: false;
      code: GatewayCode;
      reason: string;
      url: string;
      status?: number;
      redirects: string[];
      attempts: number;
      /** Retry-After, block evidence, circuit state... */
      details?: Record<string, unknown>;
    };
