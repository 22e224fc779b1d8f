import { canonicalArticleUrl, type ArticleFailureCode } from "../domain/article.ts";
import type { Article, ReadArticleResult } from "../extract/article/readArticle.ts";
import { looksLikeScriptShell } from "../extract/scriptShell.ts";
import { decodeHtml } from "../extract/decodeBody.ts";
import { detectBlock } from "../extract/detectBlock.ts";
import type { GatewayResult, RenderMode } from "../domain/fetched.ts";
import { articleCode } from "../domain/outcomes.ts";

/** What the article pipeline needs from the outside: the gateway and the off-loop reader. */
export interface ArticleContext {
  /** `fresh`: fetch again rather than reuse another caller's recent result (retries). */
  fetch(url: string, opts?: { render?: RenderMode; fresh?: boolean }): Promise<GatewayResult>;
  read(html: string, url: string): Promise<ReadArticleResult>;
  render: RenderMode;
}

export type ArticleIngestResult =
  | { ok: true; canonicalUrl: string; article: Article; rendered: boolean }
  | {
      ok: false;
      code: ArticleFailureCode;
      message: string;
      details?: Record<string, unknown>;
      /** The final URL, when the fetch got that far (a redirect may reveal a known article). */
      canonicalUrl?: string;
    };

const MESSAGES: Partial<Record<ArticleFailureCode, string>> = {
  E_URL_INVALID: "The address is not a valid http(s) URL.",
  E_FETCH_FORBIDDEN: "The address is not allowed (private network, denied host or robots.txt).",
  E_FETCH_UNSUPPORTED_CONTENT_TYPE: "The address is not a web page (no readable content).",
  E_FETCH_KIND_MISMATCH_PDF: "The address is a PDF, not a web article.",
  E_FETCH_KIND_MISMATCH_EPUB: "The address is an EPUB, not a web article.",
  E_FETCH_FAILED: "The page could not be fetched.",
};

const WALL_MESSAGE = "The site answered with a challenge or login wall instead of the article.";

const gatewayFailure = (r: Extract<GatewayResult, { ok: false }>): ArticleIngestResult => {
  const code = articleCode(r.code);
  return {
    ok: false,
    code,
    message: `${r.code === "BLOCKED" ? WALL_MESSAGE : (MESSAGES[code] ?? "The page could not be fetched.")} (${r.reason})`,
    details: {
      gateway: r.code,
      reason: r.reason,
      url: r.url,
      status: r.status ?? null,
      redirects: r.redirects,
    },
  };
};

/**
 * The single ingestion job's phases, free of storage and queue:
 * validate the URL; fetch it through the egress gateway (network redirects decide
 * `canonical_url`; walls, PDFs, EPUBs and non-HTML fail with their codes); render it in the
 * headless browser (`Articles:Render`: always, or auto for script shells), keeping the fetched
 * HTML when rendering fails; then Readability, sanitization, rewriting and canonical text.
 */
export async function ingestArticle(
  ctx: ArticleContext,
  url: string,
  opts: { fresh?: boolean } = {},
): Promise<ArticleIngestResult> {
  const fresh = opts.fresh ?? false;
  if (!canonicalArticleUrl(url))
    return { ok: false, code: "E_URL_INVALID", message: MESSAGES.E_URL_INVALID! };
  const fetched = await ctx.fetch(url, { render: "never", fresh });
  if (!fetched.ok) return gatewayFailure(fetched);
  const canonicalUrl = canonicalArticleUrl(fetched.url) ?? canonicalArticleUrl(url)!;
  if (fetched.kind !== "html") {
    const code = articleCode(fetched.kind);
    return {
      ok: false,
      code,
      message: MESSAGES[code]!,
      details: { contentType: fetched.contentType },
      canonicalUrl,
    };
  }
  let html = decodeHtml(fetched.body, fetched.contentType).text;
  let rendered = false;
  let renderNote: string | null = null;
  if (ctx.render === "always" || (ctx.render === "auto" && looksLikeScriptShell(html))) {
    const r = await ctx.fetch(fetched.url, { render: "always", fresh });
    if (r.ok) {
      const text = r.body.toString("utf8");
      // A challenge can appear only once scripts run.
      const wall = detectBlock({
        status: r.status,
        headers: r.headers,
        html: text.slice(0, 16 * 1024),
        url: r.url,
        whole: () => text,
      });
      if (wall)
        return {
          ok: false,
          code: "E_FETCH_FORBIDDEN",
          message: `${WALL_MESSAGE} (${wall.kind})`,
          details: { evidence: wall },
          canonicalUrl,
        };
      html = text;
      rendered = true;
    } else renderNote = `${r.code}: ${r.reason}`;
  }
  const read = await ctx.read(html, canonicalUrl);
  if (!read.ok)
    return {
      ok: false,
      code: read.code,
      message: read.message,
      canonicalUrl,
      ...(renderNote ? { details: { render: renderNote } } : {}),
    };
  return { ok: true, canonicalUrl, article: read.article, rendered };
}
