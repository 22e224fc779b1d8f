import type { Config } from "../../config.ts";
import { decodeHtml } from "../../extract/decodeBody.ts";
import type { RecipeDraft } from "../../domain/draft.ts";
import { fail, type Failure } from "../../errors.ts";
import type { PipelineContext } from "../../pipeline/context.ts";
import { extractPhase, validatePhase, type FetchedPage } from "../../pipeline/urlImport.ts";

/** A draft, or why the page gave none. */
export type ExtractFileResult = { ok: true; draft: Omit<RecipeDraft, "artifacts"> } | Failure;

/**
 * Extract + Validate over HTML already in hand (no network): the same phases as a URL import.
 * Unexpected exceptions become an `EXTRACT_FAILED`-style failure so one bad page never stops a batch.
 */
export async function extractFile(
  config: Config,
  html: string | Uint8Array,
  url: string,
): Promise<ExtractFileResult> {
  const ctx: PipelineContext = {
    config,
    now: () => new Date(),
    fetch: async (u) => ({
      ok: false,
      code: "CONNECTION_FAILED",
      reason: "offline extraction",
      url: u,
      redirects: [],
      attempts: 0,
    }),
  };
  const common = {
    requestedUrl: url,
    url,
    status: 200,
    contentType: "text/html",
    charset: "utf-8",
    // Only the page.meta artifact reads the size, and extractFile returns no artifacts: measuring
    // a page's UTF-8 bytes was 4% of its extraction.
    bytes: html.length,
    redirects: [],
    retrievedAt: ctx.now().toISOString(),
    elapsedMs: 0,
    rendered: false,
  };
  // Bytes are decoded and read in pieces by the extraction (src/extract/pageText.ts): no page-sized
  // string (a V8 large object, ~2.4 ms of fresh-memory faults a page on a VM); the whole text only if asked.
  const bytes = typeof html === "string" ? null : html;
  let text: string | undefined;
  const page: FetchedPage = bytes
    ? Object.defineProperty({ ...common, body: bytes } as unknown as FetchedPage, "html", {
        get: () => (text ??= decodeHtml(bytes, null).text),
      })
    : { ...common, html: html as string };
  try {
    const ex = await extractPhase(ctx, page);
    if (!ex.ok) return fail(ex.code, ex.message, ex.details);
    // The guardrail already ran on this very recipe beside the extraction: not a second time.
    const v = await validatePhase(ctx, ex.draft, ex.snapshot, [], ex.guardrail);
    if (!v.ok) return fail(v.code, v.message, v.details);
    return { ok: true, draft: v.draft };
  } catch (err) {
    return fail("INTERNAL", `extraction crashed: ${(err as Error).message}`);
  }
}
