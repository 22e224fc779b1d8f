import type { RecipeDraft } from "../domain/draft.ts";
import { importCodeOf, type ImportErrorCode } from "../domain/importJob.ts";
import { pastedHtml } from "../extract/pastedHtml.ts";
import { textToHtml } from "../extract/textRecipe.ts";
import { splitRecipeTexts } from "../extract/textRecipes.ts";
import { ownWordsVerdict } from "../guardrail/paraphraseGuardrail.ts";
import type { PipelineContext } from "./context.ts";
import { llmExtractStep, paraphraseStep } from "./llmSteps.ts";
import { severalRecipesWarning } from "./severalRecipes.ts";
import { extractPhase, validatePhase, type FetchedPage } from "./urlImport.ts";

/** What a reader hands to the extraction core: a page of HTML (a fetched page, or text made into HTML). */
export interface ReadSource {
  html: string;
  /** The page URL, or a stand-in URL for files and pasted text. */
  url: string;
  /** True when the html was made from text by `textToHtml`. */
  fromText: boolean;
  /** The other recipes of a text that holds several, each as HTML (the draft keeps them as alternates). */
  more?: string[];
}

/** An import's failure with a code and a message for people. */
export interface ImportFailure {
  ok: false;
  code: ImportErrorCode;
  message: string;
}

export type ImportExtraction =
  { ok: true; draft: Omit<RecipeDraft, "artifacts">; snapshot: string } | ImportFailure;

/** Text (pasted, a PDF's text layer, OCR, captions) as a page for the extraction core. */
export function textSource(text: string, url: string, title?: string | null): ReadSource {
  // Markup pasted as text is read as the page it is (pastedHtml.ts).
  const page = pastedHtml(text);
  if (page) return { html: page, url, fromText: true };
  const [first, ...more] = splitRecipeTexts(text);
  return {
    html: textToHtml(first ?? text, title),
    url,
    fromText: true,
    ...(more.length ? { more: more.map((t) => textToHtml(t)) } : {}),
  };
}

/**
 * Extract → (LLM when configured) → Validate (+ paraphrase guardrail and its repair): the same
 * phases a URL task runs after its fetch, for any source an import reader produced.
 */
export async function extractImport(
  ctx: PipelineContext,
  src: ReadSource,
  /** The cook's own words: no copy check (not checked, said so) and no rewording of them. */
  opts: { ownWords?: boolean } = {},
): Promise<ImportExtraction> {
  const page: FetchedPage = {
    requestedUrl: src.url,
    url: src.url,
    status: 200,
    contentType: "text/html; charset=utf-8",
    charset: "utf-8",
    html: src.html,
    bytes: Buffer.byteLength(src.html),
    redirects: [],
    retrievedAt: ctx.now().toISOString(),
    elapsedMs: 0,
    rendered: false,
  };
  const extracted = await extractPhase(ctx, page);
  const withLlm = await llmExtractStep(ctx, page, extracted);
  if (!withLlm.ok) {
    const what = src.fromText ? "this text" : "this page";
    const hint = src.fromText
      ? " It needs a title, an ingredient list and steps; headings such as “Ingredients” and “Method” help."
      : "";
    return {
      ok: false,
      code: importCodeOf(withLlm.code),
      message:
        withLlm.code === "NO_RECIPE_FOUND" || withLlm.code === "NOT_A_RECIPE"
          ? `No recipe was found in ${what}.${hint}${ctx.llm?.configured("Ingest.Extract") ? "" : " (Free-form text needs an AI reader, which this server does not have.)"}`
          : withLlm.message,
    };
  }
  const { draft, snapshot, warnings } = withLlm;
  if (!draft.recipe.ingredients.length && !draft.recipe.instructions.length)
    return {
      ok: false,
      code: "extraction_failed",
      message: `Neither ingredients nor steps were found in ${src.fromText ? "this text" : "this page"}.`,
    };
  const validated = await validatePhase(
    ctx,
    draft,
    snapshot,
    warnings,
    opts.ownWords ? ownWordsVerdict() : undefined,
  );
  if (!validated.ok) return { ok: false, code: "extraction_failed", message: validated.message };
  let result = validated.draft;
  if (result.similarity?.violatesPolicy && ctx.config.Ingest.Guardrail.AutoRepairOnError) {
    if (ctx.llm?.configured("Ingest.RepairParaphrase")) {
      const repaired = await paraphraseStep(ctx, result, snapshot);
      if (repaired.draft) {
        const again = await validatePhase(ctx, repaired.draft, snapshot, [...warnings, ...repaired.warnings]);
        if (again.ok) result = again.draft;
      } else result.validation.warnings.push(...repaired.warnings);
    } else {
      result.validation.warnings.push(
        "Paraphrase repair skipped: no LLM provider is configured for Ingest.RepairParaphrase (Llm:PhaseProviders)",
      );
    }
  }
  // A text holding several recipes: the others ride along, and the draft says so.
  const more = src.more?.length ? await import("../extract/readRecipePage.ts") : null;
  for (const html of src.more ?? []) {
    const other = more!.readRecipePage({ html, url: src.url });
    if (other.ok) result.alternates = [...result.alternates, other.recipe];
  }
  if (src.more?.length && result.alternates.length)
    result.validation.warnings.push(severalRecipesWarning(result.recipe.name, result.alternates, "text"));
  return { ok: true, draft: result, snapshot };
}
