import type { RecipeDraft } from "../domain/draft.ts";
import type { ExtractionMethod, RecipeSource } from "../domain/recipe.ts";
import { fail, type ErrorCode, type Failure } from "../errors.ts";
import { extractRecipe } from "../extract/extractRecipe.ts";
import type { FetchResult } from "../fetcher/fetchPage.ts";
import { decodeHtml } from "../fetcher/decodeBody.ts";
import { urlHash } from "../fetcher/normalizeUrl.ts";
import type { ArtifactDraft, PipelineContext } from "./context.ts";
import { validateRecipe } from "./validateRecipe.ts";

/** A fetched HTML page. */
export interface FetchedPage {
  requestedUrl: string;
  url: string;
  status: number;
  contentType: string | null;
  charset: string;
  html: string;
  bytes: number;
  redirects: string[];
  retrievedAt: string;
  elapsedMs: number;
}

export type PhaseResult<T> = ({ ok: true } & T) | (Failure & { artifacts?: ArtifactDraft[] });

/** Gateway failure codes → task error codes. */
const FETCH_CODES: Record<string, ErrorCode> = {
  URL_INVALID: "URL_NOT_ALLOWED",
  SCHEME_NOT_ALLOWED: "URL_NOT_ALLOWED",
  CREDENTIALS_NOT_ALLOWED: "URL_NOT_ALLOWED",
  HOST_NOT_ALLOWED: "URL_NOT_ALLOWED",
  ADDRESS_NOT_ALLOWED: "URL_NOT_ALLOWED",
  DNS_FAILED: "FETCH_FAILED",
  TOO_MANY_REDIRECTS: "TOO_MANY_REDIRECTS",
  TOO_LARGE: "FETCH_TOO_LARGE",
  TIMEOUT: "FETCH_TIMEOUT",
  CONNECTION_FAILED: "FETCH_FAILED",
  HTTP_ERROR: "FETCH_HTTP_ERROR",
};

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

/** Ingest.Fetch: URL → HTML page, through the egress gateway. */
export async function fetchPhase(
  ctx: PipelineContext,
  url: string,
): Promise<PhaseResult<{ page: FetchedPage }>> {
  const res: FetchResult = await ctx.fetch(url);
  if (!res.ok) {
    const code = FETCH_CODES[res.code] ?? "FETCH_FAILED";
    return fail(code, res.reason, {
      gatewayCode: res.code,
      url: res.url,
      ...(res.status ? { status: res.status } : {}),
      ...(res.redirects.length ? { redirects: res.redirects } : {}),
    });
  }
  // Pages served without a type are sniffed as HTML; anything else declared is refused.
  if (res.contentType && !HTML_TYPES.test(res.contentType) && !/^text\/plain\b/i.test(res.contentType)) {
    return fail("UNSUPPORTED_CONTENT_TYPE", `Content type ${res.contentType} is not an HTML page.`, {
      contentType: res.contentType,
      url: res.url,
    });
  }
  const { text, charset } = decodeHtml(res.body, res.contentType);
  return {
    ok: true,
    page: {
      requestedUrl: url,
      url: res.url,
      status: res.status,
      contentType: res.contentType,
      charset,
      html: text,
      bytes: res.body.length,
      redirects: res.redirects,
      retrievedAt: ctx.now().toISOString(),
      elapsedMs: res.elapsedMs,
    },
  };
}

function pageMeta(page: FetchedPage): ArtifactDraft {
  return {
    name: "page.meta.json",
    type: "page.meta",
    contentType: "application/json",
    content: JSON.stringify(
      {
        requestedUrl: page.requestedUrl,
        url: page.url,
        statusCode: page.status,
        contentType: page.contentType,
        charset: page.charset,
        retrievedAt: page.retrievedAt,
        sizeBytes: page.bytes,
        redirects: page.redirects,
        fetchMs: Math.round(page.elapsedMs),
      },
      null,
      2,
    ),
  };
}

export interface Extracted {
  draft: Omit<RecipeDraft, "validation" | "artifacts">;
  artifacts: ArtifactDraft[];
}

/** Ingest.Extract: page → draft without validation (structured data first). */
export async function extractPhase(ctx: PipelineContext, page: FetchedPage): Promise<PhaseResult<Extracted>> {
  const meta = pageMeta(page);
  const ex = extractRecipe({ html: page.html, url: page.url });
  const snapshot: ArtifactDraft = {
    name: "snapshot.txt",
    type: "snapshot.text",
    contentType: "text/plain; charset=utf-8",
    content: ex.snapshot,
  };
  if (!ex.ok) {
    return {
      ...fail(ex.code, ex.message, { url: page.url, classification: ex.classification }),
      artifacts: [snapshot, meta],
    };
  }
  const source: RecipeSource = {
    url: page.url,
    urlHash: urlHash(page.url),
    siteName: ex.siteName,
    author: ex.author,
    retrievedAt: page.retrievedAt,
    extractionMethod: ex.method as ExtractionMethod,
    licenseHint: ex.licenseHint,
  };
  const artifacts = [snapshot, meta];
  if (ex.jsonld !== null && ex.jsonld !== undefined) {
    artifacts.push({
      name: "recipe.jsonld",
      type: "jsonld.recipe",
      contentType: "application/ld+json",
      content: JSON.stringify(ex.jsonld, null, 2),
    });
  }
  void ctx;
  return {
    ok: true,
    draft: {
      recipe: { ...ex.recipe, source: null },
      source,
      similarity: null,
      fieldMethods: ex.fieldMethods,
      classification: ex.classification,
    },
    artifacts,
  };
}

/** Ingest.Validate: §12.1 + §12.2 into the ValidationReport. */
export async function validatePhase(
  _ctx: PipelineContext,
  draft: Extracted["draft"],
): Promise<PhaseResult<{ draft: Omit<RecipeDraft, "artifacts"> }>> {
  return { ok: true, draft: { ...draft, validation: validateRecipe(draft.recipe) } };
}

/** Outcome of a whole URL import. */
export type UrlImportResult =
  | { ok: true; draft: Omit<RecipeDraft, "artifacts">; artifacts: ArtifactDraft[] }
  | (Failure & { artifacts: ArtifactDraft[]; phase: string });

/** Fetch → Extract → Validate, reporting phases through `ctx.onPhase`. */
export async function runUrlImport(ctx: PipelineContext, url: string): Promise<UrlImportResult> {
  await ctx.onPhase?.("Ingest.Fetch", "started", { url });
  const fetched = await fetchPhase(ctx, url);
  if (!fetched.ok) return { ...fetched, artifacts: fetched.artifacts ?? [], phase: "Ingest.Fetch" };
  await ctx.onPhase?.("Ingest.Fetch", "completed", { url: fetched.page.url, bytes: fetched.page.bytes });

  await ctx.onPhase?.("Ingest.Extract", "started");
  const extracted = await extractPhase(ctx, fetched.page);
  if (!extracted.ok) return { ...extracted, artifacts: extracted.artifacts ?? [], phase: "Ingest.Extract" };
  await ctx.onPhase?.("Ingest.Extract", "completed", { method: extracted.draft.source.extractionMethod });

  await ctx.onPhase?.("Ingest.Validate", "started");
  const validated = await validatePhase(ctx, extracted.draft);
  if (!validated.ok) return { ...validated, artifacts: extracted.artifacts, phase: "Ingest.Validate" };
  await ctx.onPhase?.("Ingest.Validate", "completed", {
    errors: validated.draft.validation.errors.length,
    warnings: validated.draft.validation.warnings.length,
  });
  return { ok: true, draft: validated.draft, artifacts: extracted.artifacts };
}
