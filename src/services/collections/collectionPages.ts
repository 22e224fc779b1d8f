import type { RecipeDraft } from "../../domain/draft.ts";
import { urlKey } from "../../domain/normalizeUrl.ts";
import type { InteropImage } from "../../interop/types.ts";
import type { PipelineContext } from "../../pipeline/context.ts";
import { isSeveralRecipesWarning } from "../../pipeline/severalRecipes.ts";
import type { UrlImportResult } from "../../pipeline/urlImport.ts";
import type { NewCollectionItem } from "../../storage/collections.repo.ts";

/** What a recipe entry of a bulk job carries: the draft and the pictures that came with it. */
export interface RecipePayload {
  draft: RecipeDraft;
  images: { name: string; contentType: string; base64: string }[];
  /**
   * Which recipe of a page that holds several (its name, folded): each is keyed apart from the
   * page's address, so the second recipe of a page is not a duplicate of the first.
   */
  part?: string;
}

export function toPayload(draft: RecipeDraft, images: InteropImage[], part?: string): RecipePayload {
  return {
    draft,
    images: images.map((i) => ({
      name: i.name,
      contentType: i.contentType,
      base64: Buffer.from(i.bytes).toString("base64"),
    })),
    ...(part ? { part } : {}),
  };
}

/** The key a recipe's source is matched on for duplicates (a file's stand-in URL is its own key). */
export function sourceKey(url: string, part?: string): string {
  const key = /^https?:/i.test(url) ? urlKey(url) : `file:${url}`;
  return part ? `${key}#${part}` : key;
}

const fold = (name: string) => name.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();

/**
 * The entries a fetched page makes in a bulk job: one when it holds one recipe; else one per
 * recipe (the main one first), each validated and checked by the guardrail on its own against the
 * page's text, labelled "Name (2 of 3 on URL)".
 */
export async function pageEntries(
  ctx: Omit<PipelineContext, "onPhase">,
  url: string,
  r: Extract<UrlImportResult, { ok: true }>,
): Promise<{ first: { label: string; payload: RecipePayload }; more: NewCollectionItem[] }> {
  const { alternates, ...main } = r.draft;
  const draft: RecipeDraft = { ...main, alternates: [], artifacts: [] };
  if (!alternates.length) return { first: { label: url, payload: toPayload(draft, []) }, more: [] };
  draft.validation = {
    ...draft.validation,
    warnings: draft.validation.warnings.filter((w) => !isSeveralRecipesWarning(w)),
  };
  const n = alternates.length + 1;
  const label = (name: string, i: number) => `${name.trim() || "Untitled"} (${i} of ${n} on ${url})`;
  const snapshot = r.artifacts.find((a) => a.type === "snapshot.text")?.content ?? "";
  const more: NewCollectionItem[] = [];
  const parts = new Set([fold(draft.recipe.name)]);
  // Only here once a page was read: the pipeline is loaded already (never in an API process).
  const { validatePhase } = alternates.length
    ? await import("../../pipeline/urlImport.ts")
    : { validatePhase: null };
  for (const [i, alt] of alternates.entries()) {
    const checked = await validatePhase!(
      ctx,
      { ...main, recipe: alt, fieldMethods: {}, alternates: [] },
      snapshot,
    );
    const at = label(alt.name, i + 2);
    if (!checked.ok) {
      more.push({ label: at, kind: "failed", payload: null, status: "failed", reason: checked.message });
      continue;
    }
    const altDraft: RecipeDraft = { ...checked.draft, artifacts: [] };
    // Two recipes of one name on a page are told apart by their place.
    const part = parts.has(fold(alt.name)) ? `${fold(alt.name)}#${i + 2}` : fold(alt.name);
    parts.add(part);
    more.push({
      label: at,
      kind: "recipe",
      payload: toPayload(altDraft, [], part),
      status: "pending",
      reason: null,
    });
  }
  return { first: { label: label(draft.recipe.name, 1), payload: toPayload(draft, []) }, more };
}
