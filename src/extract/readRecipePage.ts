import { decodeHtmlPieces } from "./decodeBody.ts";
import {
  checkParaphrase,
  type GuardrailOptions,
  type GuardrailResult,
} from "../guardrail/paraphraseGuardrail.ts";
import { extractRecipe, type ExtractResult } from "./extractRecipe.ts";
import { PageText } from "./pageText.ts";
import { pageLanguage } from "./pageLanguage.ts";
import type { RecipeLanguage } from "../domain/recipeLanguage.ts";

/** A recipe page to read: its text, or its fetched bytes and Content-Type (decoded here). */
export interface RecipePageInput {
  url: string;
  html?: string;
  body?: Uint8Array;
  contentType?: string | null;
  /** When given, the paraphrase guardrail is run on the extracted recipe against the snapshot. */
  guardrail?: GuardrailOptions;
  /** True: the page's language is read here too (`lang`), from the text already decoded. */
  language?: boolean;
  /**
   * True: the JSON-LD comes back as its artifact's text (`jsonldText`, `jsonld` null), written
   * here: an extraction thread's answer is copied to the event loop, and one string is copied
   * whole where an object tree is walked on both sides and then serialized there.
   */
  jsonldText?: boolean;
}

/** The extraction, with the guardrail's verdict on the recipe as extracted when it was asked for. */
export type RecipePageResult = ExtractResult & {
  guardrail?: GuardrailResult;
  /** The language the page says it is in (see `pageLanguage`), when `language` was asked. */
  lang?: RecipeLanguage | null;
  /** The JSON-LD pretty-printed (the recipe.jsonld artifact), when `jsonldText` was asked. */
  jsonldText?: string;
  /** The charset the bytes were decoded with, when `body` was given (page.meta's `charset`). */
  charset?: string;
};

/**
 * Everything CPU-heavy about one fetched page in one call: decoding, extraction and the guardrail.
 * The worker process runs it in a worker thread (src/extract/extractWorker.ts), so the page's
 * bytes are decoded there and the page text, hundreds of KB, never exists on the event loop's
 * heap (its decoding, copying and collection were a third of the worker thread's time per import).
 * The bytes are decoded in pieces, never as one string (see {@link PageText}).
 */
export function readRecipePage(input: RecipePageInput): RecipePageResult {
  const decoded =
    input.html === undefined
      ? decodeHtmlPieces(input.body ?? new Uint8Array(0), input.contentType ?? null)
      : null;
  const html = input.html ?? new PageText(decoded!.pieces);
  const ex: RecipePageResult = extractRecipe({ html, url: input.url });
  // Sniffed here anyway to decode the bytes: the event loop read the page's head again for it.
  if (decoded) ex.charset = decoded.charset;
  // Read here, where the page is decoded already: the worker's event loop decoded the whole page
  // a second time for this alone.
  if (input.language) ex.lang = pageLanguage(html);
  if (input.jsonldText && ex.ok && ex.jsonld !== null && ex.jsonld !== undefined) {
    ex.jsonldText = JSON.stringify(ex.jsonld, null, 2);
    ex.jsonld = null;
  }
  if (!ex.ok || !input.guardrail) return ex;
  return { ...ex, guardrail: checkParaphrase(ex.snapshot, ex.recipe, input.guardrail) };
}
