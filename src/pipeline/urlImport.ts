import type { RecipeDraft } from "../domain/draft.ts";
import type { ExtractionMethod, RecipeSource } from "../domain/recipe.ts";
import { fail, type Failure } from "../errors.ts";
import type { RenderMode } from "../domain/fetched.ts";
import { recipeTaskCode } from "../domain/outcomes.ts";
import { looksLikeScriptShell } from "../extract/scriptShell.ts";
import { decodeHtml, htmlCharset } from "../extract/decodeBody.ts";
import { urlHash } from "../domain/normalizeUrl.ts";
import type { ArtifactDraft, PipelineContext } from "./context.ts";
import { checkParaphrase, type GuardrailResult } from "../guardrail/paraphraseGuardrail.ts";
import { llmExtractStep, paraphraseStep } from "./llmSteps.ts";
import type { Extracted, FetchedPage, PhaseResult } from "./phaseResults.ts";
import { severalRecipesWarning } from "./severalRecipes.ts";
import { validateRecipe } from "./validateRecipe.ts";
import { pageLanguage } from "../extract/pageLanguage.ts";
import type { RecipeLanguage } from "../domain/recipeLanguage.ts";

export type { Extracted, FetchedPage, PhaseResult };

/** Ingest.Fetch: URL → HTML page, through the egress gateway. */
export async function fetchPhase(
  ctx: PipelineContext,
  url: string,
  render: RenderMode = "never",
): Promise<PhaseResult<{ page: FetchedPage }>> {
  const res = await ctx.fetch(url, {
    render: render === "always" ? "always" : "never",
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  if (!res.ok) {
    return fail(recipeTaskCode(res.code), res.reason, {
      gatewayCode: res.code,
      url: res.url,
      attempts: res.attempts,
      ...(res.status ? { status: res.status } : {}),
      ...(res.redirects.length ? { redirects: res.redirects } : {}),
      ...(res.details ?? {}),
    });
  }
  if (res.kind !== "html") {
    return fail(
      "UNSUPPORTED_CONTENT_TYPE",
      `The URL is ${res.kind === "other" ? (res.contentType ?? "not HTML") : `a ${res.kind.toUpperCase()}`}, not a web page.`,
      {
        contentType: res.contentType,
        kind: res.kind,
        url: res.url,
      },
    );
  }
  const body = res.body;
  // Read when page.meta asks for it, if the extraction did not say (it sniffs it to decode).
  let charset: string | null = null;
  // Every supported charset gives at most one character per byte, so only a body longer than the
  // limit needs decoding here to be measured; the others are decoded where they are read.
  let text: string | null = null;
  if (body.length > ctx.config.Fetch.MaxDomChars) {
    text = decodeHtml(body, res.contentType).text;
    if (text.length > ctx.config.Fetch.MaxDomChars) {
      return fail(
        "FETCH_TOO_LARGE",
        `The page has ${text.length} characters, more than the ${ctx.config.Fetch.MaxDomChars} parsed.`,
        {
          url: res.url,
        },
      );
    }
  }
  return {
    ok: true,
    page: {
      requestedUrl: url,
      url: res.url,
      status: res.status,
      contentType: res.contentType,
      get charset() {
        charset ??= htmlCharset(body, res.contentType).charset;
        return charset;
      },
      get html() {
        text ??= decodeHtml(body, res.contentType).text;
        return text;
      },
      body,
      bytes: res.body.length,
      redirects: res.redirects,
      retrievedAt: ctx.now().toISOString(),
      elapsedMs: res.elapsedMs,
      rendered: res.rendered,
    },
  };
}

/**
 * An artifact whose content is written when first read: `ladle extract` (extractFile) drops the
 * artifacts, and serializing a page's JSON-LD for nothing was a cost per page.
 */
function lazyArtifact(a: Omit<ArtifactDraft, "content">, write: () => string): ArtifactDraft {
  let content: string | null = null;
  return {
    ...a,
    get content() {
      content ??= write();
      return content;
    },
  };
}

/**
 * `lang`: the page's language as the extraction read it, else undefined (read here from the page);
 * `charset` likewise (an extraction thread decoded the bytes with it).
 */
function pageMeta(
  page: FetchedPage,
  lang: RecipeLanguage | null | undefined,
  charset: string | undefined,
): ArtifactDraft {
  return lazyArtifact({ name: "page.meta.json", type: "page.meta", contentType: "application/json" }, () =>
    JSON.stringify(
      {
        requestedUrl: page.requestedUrl,
        url: page.url,
        statusCode: page.status,
        contentType: page.contentType,
        charset: charset ?? page.charset,
        retrievedAt: page.retrievedAt,
        sizeBytes: page.bytes,
        redirects: page.redirects,
        fetchMs: Math.round(page.elapsedMs),
        rendered: page.rendered,
        // The language the page says it is in: the recipe is stored with it (search stems in it).
        lang: lang === undefined ? pageLanguage(page.html) : lang,
      },
      null,
      2,
    ),
  );
}

/** Ingest.Extract: page → draft without validation (structured data first). */
export async function extractPhase(ctx: PipelineContext, page: FetchedPage): Promise<PhaseResult<Extracted>> {
  const input = {
    url: page.url,
    ...(page.body ? { body: page.body, contentType: page.contentType } : { html: page.html }),
    guardrail: ctx.config.Ingest.Guardrail,
  };
  // An extraction thread reads the language from the page it decoded (page.meta's, always
  // stored); in process it is read only when page.meta is (`ladle extract` drops it).
  // Without extraction threads the reader runs here, loaded with its first page (a server's
  // processes read in threads and never load it on their main thread).
  const ex = ctx.extract
    ? await ctx.extract({ ...input, language: true, jsonldText: true })
    : (await import("../extract/readRecipePage.ts")).readRecipePage(input);
  const meta = pageMeta(page, ex.lang, ex.charset);
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
  // From an extraction thread, the artifact's text as it wrote it (see `jsonldText`).
  if (ex.jsonldText !== undefined)
    artifacts.push({
      name: "recipe.jsonld",
      type: "jsonld.recipe",
      contentType: "application/ld+json",
      content: ex.jsonldText,
    });
  else if (ex.jsonld !== null && ex.jsonld !== undefined) {
    const jsonld = ex.jsonld;
    artifacts.push(
      lazyArtifact({ name: "recipe.jsonld", type: "jsonld.recipe", contentType: "application/ld+json" }, () =>
        JSON.stringify(jsonld, null, 2),
      ),
    );
  }
  return {
    ok: true,
    draft: {
      recipe: { ...ex.recipe, source: null },
      source,
      similarity: null,
      fieldMethods: ex.fieldMethods,
      classification: ex.classification,
      alternates: ex.alternates,
    },
    artifacts,
    snapshot: ex.snapshot,
    ...(ex.guardrail ? { guardrail: ex.guardrail } : {}),
  };
}

/** Ingest.Validate: + into the ValidationReport. */
/**
 * Ingest.Validate: + into the ValidationReport, and the paraphrase guardrail
 * against the snapshot into the SimilarityReport, its warnings and errors joining the report.
 */
export async function validatePhase(
  ctx: PipelineContext,
  draft: Extracted["draft"],
  snapshot: string,
  extraWarnings: string[] = [],
  /** The guardrail's verdict on this very `draft.recipe`, when extraction already computed it. */
  guardrail?: GuardrailResult,
): Promise<PhaseResult<{ draft: Omit<RecipeDraft, "artifacts"> }>> {
  const base = validateRecipe(draft.recipe);
  const g = guardrail ?? checkParaphrase(snapshot, draft.recipe, ctx.config.Ingest.Guardrail);
  const errors = [...base.errors, ...g.errors];
  const warnings = [...base.warnings, ...extraWarnings, ...g.warnings];
  return {
    ok: true,
    draft: { ...draft, similarity: g.report, validation: { errors, warnings, isValid: errors.length === 0 } },
  };
}

/** Outcome of a whole URL import. */
export type UrlImportResult =
  | { ok: true; draft: Omit<RecipeDraft, "artifacts">; artifacts: ArtifactDraft[] }
  | (Failure & { artifacts: ArtifactDraft[]; phase: string });

/** The render mode for a URL: the request's, else the domain's, else the configured default. */
export function renderModeFor(ctx: PipelineContext, url: string, requested?: RenderMode | null): RenderMode {
  if (requested) return requested;
  let host = "";
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    // invalid URLs fail in the fetch phase
  }
  const rules = ctx.config.Fetch.RenderDomains;
  const rule = Object.entries(rules).find(([d]) => host === d || host.endsWith(`.${d}`));
  return rule ? rule[1] : ctx.config.Fetch.Render;
}

/**
 * Fetch → Extract → Validate, reporting phases through `ctx.onPhase`. With render "auto", a page
 * that yields no recipe and looks like a script shell is fetched again in the browser.
 */
export async function runUrlImport(
  ctx: PipelineContext,
  url: string,
  requestedRender?: RenderMode | null,
): Promise<UrlImportResult> {
  const render = renderModeFor(ctx, url, requestedRender);
  await ctx.onPhase?.("Ingest.Fetch", "started", { url });
  const fetched = await fetchPhase(ctx, url, render);
  if (!fetched.ok) return { ...fetched, artifacts: fetched.artifacts ?? [], phase: "Ingest.Fetch" };
  await ctx.onPhase?.("Ingest.Fetch", "completed", {
    url: fetched.page.url,
    bytes: fetched.page.bytes,
    rendered: fetched.page.rendered,
  });

  await ctx.onPhase?.("Ingest.Extract", "started");
  // Extraction is CPU work: it waits for a CPU slot (fetches never hold one).
  const cpu = ctx.cpu ?? (<T>(fn: () => Promise<T>) => fn());
  let extracted = await cpu(() => extractPhase(ctx, fetched.page));
  if (
    !extracted.ok &&
    extracted.code === "NO_RECIPE_FOUND" &&
    render === "auto" &&
    looksLikeScriptShell(fetched.page.html)
  ) {
    await ctx.onPhase?.("Ingest.Fetch", "started", { url, render: "always", reason: "script shell" });
    const again = await fetchPhase(ctx, url, "always");
    if (again.ok) {
      await ctx.onPhase?.("Ingest.Fetch", "completed", {
        url: again.page.url,
        bytes: again.page.bytes,
        rendered: true,
      });
      extracted = await cpu(() => extractPhase(ctx, again.page));
    }
  }
  const withLlm = await llmExtractStep(ctx, fetched.page, extracted);
  if (!withLlm.ok) return { ...withLlm, artifacts: withLlm.artifacts ?? [], phase: "Ingest.Extract" };
  const { draft: extractedDraft, artifacts, snapshot, warnings } = withLlm;
  await ctx.onPhase?.("Ingest.Extract", "completed", { method: extractedDraft.source.extractionMethod });

  await ctx.onPhase?.("Ingest.Validate", "started");
  // The recipe extraction produced (no LLM step changed it) was already checked beside it.
  const checked =
    extracted.ok && extracted.draft.recipe === extractedDraft.recipe ? extracted.guardrail : undefined;
  // With the guardrail's verdict from extraction, validation is a few checks of the draft: run at
  // once, not queued for a CPU slot again. Queued, a page waited behind every page fetched since
  // (a burst's whole backlog of extractions) for a millisecond of work, and wrote its validation's
  // progress meanwhile. The guardrail computed here is CPU work and takes a slot.
  const validate = () => validatePhase(ctx, extractedDraft, snapshot, warnings, checked);
  let validated = await (checked ? validate() : cpu(validate));
  if (!validated.ok) return { ...validated, artifacts, phase: "Ingest.Validate" };
  if (validated.draft.similarity?.violatesPolicy && ctx.config.Ingest.Guardrail.AutoRepairOnError) {
    if (!ctx.llm?.configured("Ingest.RepairParaphrase")) {
      validated.draft.validation.warnings.push(
        "Paraphrase repair skipped: no LLM provider is configured for Ingest.RepairParaphrase (Llm:PhaseProviders)",
      );
    } else {
      await ctx.onPhase?.("Ingest.RepairParaphrase", "started");
      const repaired = await paraphraseStep(ctx, validated.draft, snapshot);
      artifacts.push(...repaired.artifacts);
      if (repaired.draft) {
        const again = await validatePhase(ctx, repaired.draft, snapshot, [...warnings, ...repaired.warnings]);
        if (again.ok) validated = again;
      } else {
        validated.draft.validation.warnings.push(...repaired.warnings);
      }
      await ctx.onPhase?.("Ingest.RepairParaphrase", "completed", {
        violatesPolicy: validated.draft.similarity?.violatesPolicy ?? false,
      });
    }
  }
  const { alternates } = validated.draft;
  if (alternates.length)
    validated.draft.validation.warnings.push(severalRecipesWarning(validated.draft.recipe.name, alternates));
  await ctx.onPhase?.("Ingest.Validate", "completed", {
    errors: validated.draft.validation.errors.length,
    warnings: validated.draft.validation.warnings.length,
  });
  return { ok: true, draft: validated.draft, artifacts };
}
