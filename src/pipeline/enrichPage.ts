import type { PageKind } from "../domain/item.ts";
import { extractPageMetadata } from "../extract/pageMetadata.ts";
import type { extractRecipe } from "../extract/extractRecipe.ts";
import { decodeHtml } from "../extract/decodeBody.ts";
import type { GatewayCode, GatewayResult } from "../domain/fetched.ts";

/** Why enrichment got nothing (or not everything) from the page. */
export type EnrichmentFailureCode = GatewayCode | "BUDGET_EXCEEDED" | "NOT_HTML";

export interface EnrichmentFailure {
  code: EnrichmentFailureCode;
  /** In words, for the bookmark's `enrichmentError`. */
  message: string;
  /** True when trying again cannot help (policy refusal, wall, 404...); false for timeouts, 5xx. */
  permanent: boolean;
}

/** What a page's synchronous enrichment found: the caller applies it to the item. */
export interface PageEnrichment {
  title: string | null;
  excerpt: string | null;
  previewImageUrl: string | null;
  pageKind: PageKind | null;
  failure: EnrichmentFailure | null;
  durationMs: number;
}

/** The gateway fetch enrichment uses (a plain fetch: never the browser, never retried past the signal). */
export type EnrichmentFetch = (
  url: string,
  o: { signal: AbortSignal; maxBytes: number },
) => Promise<GatewayResult>;

export interface EnrichPageInput {
  url: string;
  /** Budget of the HTML fetch (3 s in the create request). */
  htmlBudgetMs: number;
  /** Master budget of the whole enrichment (4 s); the answer comes by then whatever hangs. */
  masterBudgetMs: number;
  maxBytes: number;
  /** `performance.now()` when the budget started (the request's arrival); default: now. */
  startedAt?: number;
  /**
   * Kept back from the master budget for what follows enrichment inside it (storing the item,
   * queueing the job, answering: the headroom); default 0.
   */
  reserveMs?: number;
  /** Aborts the work (the request went away). */
  signal?: AbortSignal;
}

// Classification parses the whole page; with less time than this left it is skipped, so a huge page
// cannot push the answer past the master budget (extraction is synchronous and cannot be cut short).
const CLASSIFY_MIN_LEFT_MS = 400;

const PERMANENT = new Set<EnrichmentFailureCode>([
  "URL_INVALID",
  "SCHEME_NOT_ALLOWED",
  "CREDENTIALS_NOT_ALLOWED",
  "HOST_NOT_ALLOWED",
  "ADDRESS_NOT_ALLOWED",
  "DOMAIN_DENIED",
  "ROBOTS_DISALLOWED",
  "BLOCKED",
  "TOO_LARGE",
  "TOO_MANY_REDIRECTS",
  "NOT_HTML",
]);

/** A gateway failure as an enrichment failure, worded for the people who read bookmark cards. */
export function describeFailure(r: Extract<GatewayResult, { ok: false }>): EnrichmentFailure {
  const code: EnrichmentFailureCode = r.code;
  let message: string;
  switch (r.code) {
    case "URL_INVALID":
    case "SCHEME_NOT_ALLOWED":
    case "CREDENTIALS_NOT_ALLOWED":
      message = `Ladle cannot fetch this address: ${r.reason}.`;
      break;
    case "HOST_NOT_ALLOWED":
    case "ADDRESS_NOT_ALLOWED":
      message = `Ladle does not fetch local or private network addresses (${r.reason}); the bookmark is kept without a preview.`;
      break;
    case "DOMAIN_DENIED":
      message = `The server's operator does not allow fetching this site (${r.reason}).`;
      break;
    case "ROBOTS_DISALLOWED":
      message = `The site asks robots not to fetch this page (${r.reason}).`;
      break;
    case "BLOCKED":
      message =
        "The site showed a bot check or sign-in wall instead of the page; give the bookmark a title yourself.";
      break;
    case "TIMEOUT":
      message = `The site did not answer in time (${r.reason}).`;
      break;
    case "HTTP_ERROR":
      message = `The site answered with an error${r.status ? ` (HTTP ${r.status})` : ""}.`;
      break;
    case "CIRCUIT_OPEN":
      message = `The site failed repeatedly and is paused for a while (${r.reason}).`;
      break;
    default:
      message = `The page could not be fetched (${r.reason}).`;
  }
  const permanent =
    PERMANENT.has(code) ||
    (r.code === "HTTP_ERROR" && !!r.status && r.status < 500 && r.status !== 408 && r.status !== 429);
  return { code, message, permanent };
}

/**
 * Reads title, excerpt, preview image and, given the extraction core, the page kind from fetched
 * HTML (pure, synchronous).
 */
export function readPage(
  html: string,
  url: string,
  classifyWith?: typeof extractRecipe,
): Pick<PageEnrichment, "title" | "excerpt" | "previewImageUrl" | "pageKind"> {
  const meta = extractPageMetadata(html, url);
  let pageKind: PageKind | null = null;
  if (classifyWith) {
    try {
      // The one extraction core classifies the page (recipe, article, other).
      pageKind = classifyWith({ html, url }).classification.kind;
    } catch {
      pageKind = null;
    }
  }
  return { title: meta.title, excerpt: meta.excerpt, previewImageUrl: meta.previewImageUrl, pageKind };
}

/**
 * Sync enrichment: one fetch through the egress gateway under the HTML budget, inside a
 * master budget that holds whatever hangs (robots.txt, the per-domain queue, a stalled body). The
 * result says what was found; the caller decides status and the async fallback by the status table.
 */
export async function enrichPage(fetch: EnrichmentFetch, input: EnrichPageInput): Promise<PageEnrichment> {
  const started = input.startedAt ?? performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const masterLeft = Math.max(1, input.masterBudgetMs - (input.reserveMs ?? 0) - elapsed());
  const master = new AbortController();
  const htmlSignal = AbortSignal.any([
    master.signal,
    AbortSignal.timeout(Math.max(1, Math.min(input.htmlBudgetMs - elapsed(), masterLeft))),
    ...(input.signal ? [input.signal] : []),
  ]);
  const empty = { title: null, excerpt: null, previewImageUrl: null, pageKind: null };

  const work = async (): Promise<PageEnrichment> => {
    const r = await fetch(input.url, { signal: htmlSignal, maxBytes: input.maxBytes });
    if (!r.ok) {
      if (
        htmlSignal.aborted &&
        !master.signal.aborted &&
        (r.code === "TIMEOUT" || r.code === "CONNECTION_FAILED")
      )
        return {
          ...empty,
          failure: {
            code: "BUDGET_EXCEEDED",
            message: `The page did not arrive within ${input.htmlBudgetMs} ms; Ladle keeps trying in the background.`,
            permanent: false,
          },
          durationMs: elapsed(),
        };
      return { ...empty, failure: describeFailure(r), durationMs: elapsed() };
    }
    if (r.kind !== "html")
      return {
        ...empty,
        failure: {
          code: "NOT_HTML",
          message: `The link is a ${r.kind === "other" ? (r.contentType ?? "file") : r.kind.toUpperCase()} file, not a web page; there is nothing to read a title from.`,
          permanent: true,
        },
        durationMs: elapsed(),
      };
    const html = decodeHtml(r.body, r.contentType).text;
    const left = input.masterBudgetMs - elapsed();
    // The extraction core (~80 modules) comes with the first page classified, not with every process.
    const classifyWith =
      left > CLASSIFY_MIN_LEFT_MS ? (await import("../extract/extractRecipe.ts")).extractRecipe : undefined;
    return { ...readPage(html, r.url, classifyWith), failure: null, durationMs: elapsed() };
  };

  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<PageEnrichment>((resolve) => {
    timer = setTimeout(() => {
      master.abort();
      resolve({
        ...empty,
        failure: {
          code: "BUDGET_EXCEEDED",
          message: `Enrichment did not finish within ${input.masterBudgetMs} ms; Ladle keeps trying in the background.`,
          permanent: false,
        },
        durationMs: elapsed(),
      });
    }, masterLeft);
  });
  try {
    return await Promise.race([
      work().catch((err: unknown): PageEnrichment => ({
        ...empty,
        failure: {
          code: "CONNECTION_FAILED",
          message: `The page could not be read (${(err as Error).message}).`,
          permanent: false,
        },
        durationMs: elapsed(),
      })),
      overrun,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
