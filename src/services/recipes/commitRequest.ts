import { createRequire } from "node:module";
import { z } from "zod";
import type { SimilarityReport } from "../../domain/draft.ts";
import type { DuplicateMatchView } from "../../domain/duplicates.ts";
import { zStoredRecipe, type Recipe, type StoredRecipe } from "../../domain/recipe.ts";
import type { GuardrailFinding } from "../../guardrail/paraphraseGuardrail.ts";
import type * as Ingredients from "../../extract/ingredients.ts";
import { formatNumber } from "../../kitchen/amounts.ts";
import type { RecipeIssue } from "../../pipeline/validateRecipe.ts";
import type { RecipeRow } from "../../storage/schema.ts";

const require = createRequire(import.meta.url);
let ingredients: typeof Ingredients | undefined;
/**
 * The extraction's ingredient parser (its tagger, unit and number words), loaded with the first line
 * a commit or edit parses: an API process that parses none never holds it. `require`, since
 * {@link prepareRecipe} is synchronous (Node 22.12+ requires ES modules).
 */
const parseIngredientLine: typeof Ingredients.parseIngredientLine = (line, section) =>
  (ingredients ??= require("../../extract/ingredients.ts") as typeof Ingredients).parseIngredientLine(
    line,
    section,
  );

/** `POST /api/recipes/import` body. `draftRecipe` carries the reviewer's edits, if any. */
export const zCommitRequest = z
  .object({
    taskId: z.string().min(1),
    draftRecipe: z.unknown().optional(),
    source: z.unknown().optional(),
    /**
     * Keep text the paraphrase guardrail flags as the site's own words (personal use); recorded
     * with the recipe. Needed when `Ingest:Guardrail:CommitPolicy` is `acknowledge` (the default).
     */
    acknowledgeGuardrail: z.boolean().optional(),
    /**
     * When the draft duplicates a recipe the caller has (same address or same recipe):
     * `replace` makes this commit a new version of that recipe (`duplicateOf`, else the best
     * match); `keepBoth` adds another recipe with a warning (the default unless the server sets
     * `Duplicates:AskOnCommit`, then an undecided commit answers 409 DUPLICATE_RECIPE); `drop`
     * discards the draft (the task ends Rejected) and saves nothing.
     */
    duplicateAction: z.enum(["replace", "keepBoth", "drop"]).optional(),
    /** The recipe `replace` updates (one of the draft's duplicates the caller may change). */
    duplicateOf: z.string().min(1).optional(),
  })
  .meta({ id: "CommitRequest" });

/** `POST /api/recipes/check` and `/api/recipes/paraphrase` body: a draft, optionally edited. */
export const zReviewCheckRequest = z
  .object({ taskId: z.string().min(1), draftRecipe: z.unknown().optional() })
  .meta({ id: "ReviewCheckRequest" });
export type ReviewCheckRequest = z.infer<typeof zReviewCheckRequest>;

/** What a commit of this recipe would meet: field errors and warnings, guardrail findings, a duplicate. */
export interface ReviewCheck {
  recipe: Recipe;
  errors: RecipeIssue[];
  warnings: RecipeIssue[];
  guardrail: {
    policy: "block" | "acknowledge" | "warn";
    violatesPolicy: boolean;
    findings: GuardrailFinding[];
    similarity: SimilarityReport | null;
    /** True when an LLM can rewrite the flagged text (`POST /api/recipes/paraphrase`). */
    paraphraseAvailable: boolean;
  };
  duplicate: { id: string; name: string; createdAt: string } | null;
  /** Every recipe this draft duplicates, best first. */
  duplicates: DuplicateMatchView[];
}

/** Maps a zod issue path to the field name used in error details: `ingredients[2].quantity`. */
export function fieldOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, p) => (typeof p === "number" ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
    "",
  );
}

/** Zod's wording turned into a sentence about the field. */
export function issueMessage(i: z.core.$ZodIssue): string {
  const field = fieldOf(i.path) || "the recipe";
  if (i.code === "too_small") return `${field} must be ${String(i.minimum)} or more.`;
  if (i.code === "invalid_type")
    return `${field} must be ${i.expected === "array" ? "a list" : `a ${i.expected}`}.`;
  return `${field}: ${i.message}.`;
}

/** "2–3 cup flour, sifted" from {quantity: 2, quantityMax: 3, unit: "cup", name: "flour", notes: "sifted"}. */
function lineFromParts(p: Record<string, unknown>): string {
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v > 0 ? formatNumber(v) : "");
  const word = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const qty =
    num(p.quantity) && num(p.quantityMax) ? `${num(p.quantity)}–${num(p.quantityMax)}` : num(p.quantity);
  const line = [qty, word(p.unit), word(p.name)].filter(Boolean).join(" ");
  const notes = word(p.notes);
  return notes ? `${line}, ${notes}` : line;
}

/**
 * Fills what a client may leave out: an ingredient sent as a line (`"2 eggs"` or `{text}` without
 * quantity) is parsed with the extraction parser; given fields win over parsed ones. A step may be
 * sent as a string. An ingredient sent as parts without a line gets its line said from its parts.
 */
export function prepareRecipe(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const r = { ...(raw as Record<string, unknown>) };
  if (Array.isArray(r.ingredients)) {
    r.ingredients = r.ingredients.map((i: unknown) => {
      if (typeof i === "string") return parseIngredientLine(i.trim());
      if (!i || typeof i !== "object") return i;
      const given = i as Record<string, unknown>;
      const section = typeof given.section === "string" ? given.section : null;
      const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
      // Written as parts ({name, quantity, unit, notes}): the line is said from its parts.
      if (given.text === undefined && typeof given.name === "string" && given.name.trim()) {
        const text = lineFromParts(given);
        return { ...parseIngredientLine(text, section), ...defined, text };
      }
      if (typeof given.text !== "string" || given.quantity !== undefined) return i;
      return { ...parseIngredientLine(given.text.trim(), section), ...defined };
    });
  }
  if (Array.isArray(r.instructions)) {
    r.instructions = r.instructions.map((s: unknown) => (typeof s === "string" ? { text: s } : s));
  }
  return r;
}
export type CommitRequest = z.infer<typeof zCommitRequest>;

/**
 * A finding of the check at its field: English `message` for API clients, and `code` with
 * `params` (its figures) for a screen to say in the reader's language.
 */
export const zRecipeIssue = z
  .object({
    field: z.string(),
    message: z.string(),
    code: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .meta({ id: "RecipeIssue" });

export const zCommitResponse = z
  .object({
    recipe: zStoredRecipe,
    taskId: z.string(),
    status: z.literal("Committed"),
    alreadyCommitted: z.boolean(),
    /** Set on a repeated commit (table). */
    code: z.literal("ALREADY_COMMITTED").optional(),
    warnings: z.array(z.string()),
    /** The warnings tied to their fields (`servings`, `instructions[3]`...). */
    issues: z.array(zRecipeIssue).default([]),
    /** True when the commit replaced an existing recipe from the same page (a new version of it). */
    replaced: z.boolean().default(false),
  })
  .meta({ id: "CommitResponse" });
export type CommitResponse = z.infer<typeof zCommitResponse>;

/** The answer to a commit with `duplicateAction: "drop"`: the draft was discarded. */
export const zDropResponse = z
  .object({ taskId: z.string(), status: z.literal("Rejected"), dropped: z.literal(true) })
  .meta({ id: "DropDuplicateResponse" });

/** Presents a recipe row. */
export function toStoredRecipe(row: RecipeRow): StoredRecipe {
  const deleted = row.deleted_at ? new Date(row.deleted_at).toISOString() : null;
  return { ...(row.document as StoredRecipe), version: row.version, deletedAt: deleted };
}
