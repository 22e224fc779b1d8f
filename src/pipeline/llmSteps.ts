import type { RecipeDraft } from "../domain/draft.ts";
import { zRecipe, type Recipe } from "../domain/recipe.ts";
import { fail, type Failure } from "../errors.ts";
import type { PartialRecipe } from "../extract/schemaRecipe.ts";
import { urlHash } from "../domain/normalizeUrl.ts";
import { groundingWarnings } from "../llm/grounding.ts";
import type { LlmTrace } from "../llm/llm.service.ts";
import type { LlmRecipe } from "../llm/llmRecipe.ts";
import { budgetContent } from "../prompts/contentBudget.ts";
import type { ArtifactDraft, PipelineContext } from "./context.ts";
import type { Extracted, FetchedPage, PhaseResult } from "./phaseResults.ts";

/** Names of required fields the structured methods left empty. */
function missingRequired(r: Recipe): string[] {
  const missing: string[] = [];
  if (!r.name.trim()) missing.push("name");
  if (!r.ingredients.length) missing.push("ingredients");
  if (!r.instructions.length) missing.push("instructions");
  return missing;
}

function llmArtifact(name: string, traces: LlmTrace[]): ArtifactDraft[] {
  return traces.length
    ? [
        {
          name,
          type: name.replace(/\.json$/, ""),
          contentType: "application/json",
          content: JSON.stringify(traces, null, 2),
        },
      ]
    : [];
}

/** LLM recipe → canonical fields. */
export function fromLlm(l: LlmRecipe): PartialRecipe {
  const r: PartialRecipe = {};
  if (l.name.trim()) r.name = l.name.trim();
  if (l.description?.trim()) r.description = l.description.trim();
  if (l.ingredients.length) {
    r.ingredients = l.ingredients.map((i) => ({
      text:
        i.text.trim() ||
        [i.quantity || "", i.unit ?? "", i.name, i.notes ? `, ${i.notes}` : ""]
          .join(" ")
          .replace(/\s+/g, " ")
          .trim(),
      quantity: i.quantity,
      quantityMax: null,
      unit: i.unit,
      name: i.name,
      notes: i.notes,
      section: null,
      optional: /\boptional\b/i.test(`${i.text} ${i.notes ?? ""}`),
      confidence: 0.8,
    }));
  }
  if (l.instructions.length) {
    r.instructions = l.instructions
      .filter((t) => t.trim())
      .map((text) => ({ text: text.trim(), section: null }));
  }
  if (l.prepTimeMinutes) r.prepTimeMinutes = l.prepTimeMinutes;
  if (l.cookTimeMinutes) r.cookTimeMinutes = l.cookTimeMinutes;
  if (l.totalTimeMinutes) r.totalTimeMinutes = l.totalTimeMinutes;
  else if (l.prepTimeMinutes || l.cookTimeMinutes)
    r.totalTimeMinutes = (l.prepTimeMinutes ?? 0) + (l.cookTimeMinutes ?? 0);
  if (l.servings) r.servings = l.servings;
  if (l.yield?.trim()) r.yield = l.yield.trim();
  if (l.cuisine?.trim()) r.cuisine = l.cuisine.trim();
  if (l.dietType?.trim()) r.dietType = l.dietType.trim();
  if (l.tags.length) r.tags = l.tags;
  return r;
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === "" || v === 0 || (Array.isArray(v) && v.length === 0);

/** Numbers in LLM-produced fields must appear in the source text (beyond the spec). */
function grounding(snapshot: string, r: PartialRecipe, fields: Set<string>): string[] {
  const items: Parameters<typeof groundingWarnings>[1] = [];
  if (fields.has("ingredients"))
    r.ingredients?.forEach((i, n) => items.push({ path: `ingredients[${n}].quantity`, value: i.quantity }));
  if (fields.has("instructions"))
    r.instructions?.forEach((s, n) => items.push({ path: `instructions[${n}]`, value: s.text }));
  for (const k of ["prepTimeMinutes", "cookTimeMinutes", "totalTimeMinutes"] as const) {
    if (fields.has(k)) items.push({ path: k, value: r[k], kind: "minutes" });
  }
  if (fields.has("servings")) items.push({ path: "servings", value: r.servings });
  return groundingWarnings(snapshot, items);
}

export type LlmExtractOutcome =
  (Extracted & { ok: true; warnings: string[] }) | (Failure & { artifacts?: ArtifactDraft[] });

/**
 * LLM extraction, the last resort: when structured data found no recipe, or (by
 * Llm:ExtractWhen) left name, ingredients or steps empty. Every LLM field is marked `Llm`; without
 * a provider the gap is reported, never silent.
 */
export async function llmExtractStep(
  ctx: PipelineContext,
  page: FetchedPage,
  extracted: PhaseResult<Extracted>,
): Promise<LlmExtractOutcome> {
  const when = ctx.config.Llm.ExtractWhen;
  const missing = extracted.ok ? missingRequired(extracted.draft.recipe) : [];
  const wanted =
    when !== "never" &&
    (extracted.ok ? when === "missing-required" && missing.length > 0 : extracted.code === "NO_RECIPE_FOUND");
  if (!wanted) return extracted.ok ? { ...extracted, warnings: [] } : extracted;
  const skipped =
    "LLM extraction skipped: no LLM provider is configured for Ingest.Extract (Llm:PhaseProviders)";
  if (!ctx.llm?.configured("Ingest.Extract")) {
    if (extracted.ok) return { ...extracted, warnings: [`${skipped}; ${missing.join(", ")} left empty`] };
    return { ...extracted, message: `${extracted.message} ${skipped}.` };
  }
  const baseArtifacts = extracted.ok ? extracted.artifacts : (extracted.artifacts ?? []);
  const snapshot = extracted.ok
    ? extracted.snapshot
    : (baseArtifacts.find((a) => a.name === "snapshot.txt")?.content ?? "");
  const known = extracted.ok
    ? JSON.stringify(
        Object.fromEntries(Object.entries(extracted.draft.recipe).filter(([, v]) => !isEmpty(v))),
      )
    : null;
  const res = await ctx.llm.extract(
    {
      url: page.url,
      content: budgetContent(snapshot, ctx.config.Ingest.ContentCharacterBudget).text,
      hints: known,
    },
    {
      taskId: ctx.task?.id ?? null,
      promptId: ctx.task?.promptSelection?.extractPromptId ?? null,
      override: ctx.task?.promptOverrides?.extractOverride ?? null,
    },
  );
  const artifacts = [...baseArtifacts, ...llmArtifact("llm.extract.json", res.traces)];
  if (!res.ok) return { ...fail(res.code, res.message, res.details), artifacts };
  if (!res.value.isRecipe) {
    if (!extracted.ok) {
      return {
        ...fail("NO_RECIPE_FOUND", "No recipe was found on the page, by structured data or by the LLM.", {
          url: page.url,
        }),
        artifacts,
      };
    }
    return {
      ...extracted,
      artifacts,
      warnings: ["The LLM found no recipe in the page text; structured data kept as is"],
    };
  }
  const llm = fromLlm(res.value);
  const base: Extracted["draft"] = extracted.ok
    ? extracted.draft
    : {
        recipe: zRecipe.parse({ name: "" }),
        source: {
          url: page.url,
          urlHash: urlHash(page.url),
          siteName: new URL(page.url).hostname.replace(/^www\./, ""),
          author: null,
          retrievedAt: page.retrievedAt,
          extractionMethod: "Llm",
          licenseHint: null,
        },
        similarity: null,
        fieldMethods: {},
        classification: { kind: "recipe", confidence: 0.6 },
        alternates: [],
      };
  const recipe: Record<string, unknown> = { ...base.recipe };
  const fieldMethods = { ...base.fieldMethods };
  const filled = new Set<string>();
  for (const [k, v] of Object.entries(llm)) {
    if (isEmpty(recipe[k]) && !isEmpty(v)) {
      recipe[k] = v;
      fieldMethods[k] = "Llm";
      filled.add(k);
    }
  }
  const draft: Extracted["draft"] = {
    ...base,
    recipe: zRecipe.parse(recipe),
    fieldMethods,
    source: { ...base.source, extractionMethod: extracted.ok ? base.source.extractionMethod : "Llm" },
  };
  return { ok: true, draft, artifacts, snapshot, warnings: grounding(snapshot, llm, filled) };
}

/** Ingest.RepairParaphrase: the flagged description and steps rewritten by the LLM (checked again by the caller). */
export async function paraphraseStep(
  ctx: PipelineContext,
  draft: Omit<RecipeDraft, "artifacts">,
  snapshot: string,
): Promise<{ draft: Extracted["draft"] | null; warnings: string[]; artifacts: ArtifactDraft[] }> {
  const recipe = draft.recipe;
  const res = await ctx.llm!.paraphrase(
    {
      content: JSON.stringify(
        { description: recipe.description, instructions: recipe.instructions.map((s) => s.text) },
        null,
        2,
      ),
      details: draft.similarity?.details ?? "verbatim text",
    },
    { taskId: ctx.task?.id ?? null },
  );
  const artifacts = llmArtifact("llm.paraphrase.json", res.traces);
  if (!res.ok)
    return { draft: null, warnings: [`Paraphrase repair failed: ${res.code}: ${res.message}`], artifacts };
  const steps = res.value.instructions.filter((t) => t.trim());
  if (steps.length !== recipe.instructions.length) {
    return {
      draft: null,
      warnings: [
        `Paraphrase repair returned ${steps.length} steps for ${recipe.instructions.length}; kept the original text`,
      ],
      artifacts,
    };
  }
  const next: Recipe = {
    ...recipe,
    description: res.value.description?.trim() || recipe.description,
    instructions: recipe.instructions.map((s, i) => ({ ...s, text: steps[i]!.trim() })),
  };
  const warnings = groundingWarnings(
    snapshot,
    next.instructions.map((s, i) => ({ path: `instructions[${i}]`, value: s.text })),
  );
  return {
    draft: {
      recipe: next,
      source: draft.source,
      similarity: null,
      fieldMethods: {
        ...draft.fieldMethods,
        instructions: "Llm",
        ...(res.value.description ? { description: "Llm" as const } : {}),
      },
      classification: draft.classification,
      alternates: draft.alternates,
    },
    warnings,
    artifacts,
  };
}
