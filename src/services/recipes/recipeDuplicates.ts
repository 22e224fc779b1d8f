import { duplicateKey } from "../../domain/canonicalUrl.ts";
import type { DuplicateMatchView } from "../../domain/duplicates.ts";
import type { Viewer } from "../../domain/user.ts";
import type { DuplicatesRepo } from "../../storage/duplicates.repo.ts";
import { findDuplicates, titleTokens } from "./findDuplicates.ts";

/** The part of a recipe the detector reads. */
interface Comparable {
  name: string;
  ingredients?: readonly { name?: string | null; text?: string | null }[] | null;
}

const namesOf = (r: Comparable) =>
  (r.ingredients ?? []).map((i) => i.name || i.text || "").filter((n) => n.trim());

/**
 * The recipes the viewer may read that `recipe` (from `sourceUrl`) duplicates, best first: the same
 * address, then the same recipe by title and ingredients (findDuplicates.ts). Candidates are read
 * in SQL by the duplicate key's index and a title-word prefilter; at most `limit` are returned.
 */
export async function recipeDuplicates(
  duplicates: DuplicatesRepo,
  viewer: Viewer,
  recipe: Comparable,
  sourceUrl: string | null,
  limit = 5,
): Promise<DuplicateMatchView[]> {
  const dupKey = duplicateKey(sourceUrl);
  const words = [...new Set(titleTokens(recipe.name))].sort((a, b) => b.length - a.length);
  const rows = await duplicates.recipeCandidates(viewer, { dupKey, titleWords: words });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const matches = findDuplicates(
    { dupKey, title: recipe.name, ingredientNames: namesOf(recipe) },
    rows.map((r) => ({
      id: r.id,
      dupKey: r.dup_key || null,
      title: r.name,
      ingredientNames: namesOf(r.document as Comparable),
    })),
  );
  return matches.slice(0, limit).map((m) => {
    const row = byId.get(m.id)!;
    return {
      recipeId: m.id,
      title: m.title,
      reason: m.reason,
      score: Math.round(m.score * 100) / 100,
      canUpdate: Boolean(row.editable),
      createdAt: new Date(row.created_at).toISOString(),
    };
  });
}
