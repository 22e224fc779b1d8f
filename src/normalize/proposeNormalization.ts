import { applyPatch, type Operation } from "rfc6902";
import { z } from "zod";
import type { ValidationReport } from "../domain/draft.ts";
import { zRecipe, type Recipe } from "../domain/recipe.ts";
import type { Failure } from "../errors.ts";
import type { LlmPatch } from "../llm/llmPatch.ts";
import { validateRecipe } from "../pipeline/validateRecipe.ts";
import {
  conversionOps,
  fieldKind,
  highRiskReason,
  lowRiskOps,
  valueAt,
  type ProposedOp,
} from "./normalizeRules.ts";

/** An operation of the proposal ("Result: Normalize"). */
export const zPatchOp = z
  .object({
    op: z.enum(["add", "remove", "replace", "move", "copy", "test"]),
    path: z.string(),
    value: z.unknown().optional(),
    from: z.string().optional(),
    riskCategory: z.enum(["Low", "High"]),
    /** Change operations: their number, used to pick them; test operations: the one they guard. */
    id: z.number().int().optional(),
    guards: z.number().int().optional(),
    rule: z.string().optional(),
    /** Set when Ladle raised an operation labelled Low to High, and why. */
    relabelled: z.string().optional(),
    /** The value before (for the diff viewer). */
    before: z.unknown().optional(),
  })
  .meta({ id: "NormalizePatchOp" });
export type PatchOp = z.infer<typeof zPatchOp>;

/** The normalization result: `{patch, diffSummary, validation}` plus what Ladle dropped. */
export const zNormalizeResult = z
  .object({
    patch: z.array(zPatchOp),
    diffSummary: z.array(z.string()),
    validation: z.object({
      errors: z.array(z.string()),
      warnings: z.array(z.string()),
      isValid: z.boolean(),
    }),
    /** Operations removed before review, with the reason. */
    dropped: z.array(z.object({ op: z.unknown(), reason: z.string() })),
    warnings: z.array(z.string()),
    target: z.object({
      kind: z.enum(["recipe", "draft"]),
      recipeId: z.string().nullable(),
      taskId: z.string().nullable(),
      /** The version the patch was computed against. */
      version: z.number().int(),
    }),
    /** Set when AutoApplyLow applied the Low operations already. */
    autoApplied: z
      .object({ version: z.number().int(), ids: z.array(z.number().int()) })
      .nullable()
      .default(null),
  })
  .meta({ id: "NormalizeResult" });
export type NormalizeResult = z.infer<typeof zNormalizeResult>;

export interface ProposeOptions {
  convertUnits: "auto" | "metric" | "us" | "none";
  /** The LLM's proposal, or null when no provider is configured for Ingest.Normalize. */
  llm:
    ((content: string) => Promise<({ ok: true; value: LlmPatch } | Failure) & { traces?: unknown[] }>) | null;
}

/** The recipe fields the LLM sees: the content, no provenance, ids or parser internals. */
export function llmView(r: Recipe): string {
  return JSON.stringify(
    {
      name: r.name,
      description: r.description,
      yield: r.yield,
      servings: r.servings,
      ingredients: r.ingredients.map(({ text, quantity, quantityMax, unit, name, notes, section }) => ({
        text,
        quantity,
        quantityMax,
        unit,
        name,
        notes,
        section,
      })),
      instructions: r.instructions.map(({ text, section }) => ({ text, section })),
      tags: r.tags,
      category: r.category,
    },
    null,
    2,
  );
}

const STRUCTURAL = new Set(["add", "remove", "move", "copy"]);
const overlaps = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/** Applies operations to a copy; the errors rfc6902 reports, by index. */
export function tryApply<T>(doc: T, ops: Operation[]): { doc: T; errors: (string | null)[] } {
  const copy = structuredClone(doc);
  const errors = applyPatch(copy, ops).map((e) => (e ? e.message || e.name : null));
  return { doc: copy, errors };
}

/** Orders picked operations for applying: all tests first (the recipe must still be what was proposed against), value changes, then structural changes. */
export function applicationOrder(patch: PatchOp[], ids: Set<number>): Operation[] {
  const picked = patch.filter((o) => o.op !== "test" && ids.has(o.id!));
  const tests = patch.filter((o) => o.op === "test" && ids.has(o.guards!));
  const strip = (o: PatchOp): Operation =>
    ({
      op: o.op,
      path: o.path,
      ...(o.value !== undefined ? { value: o.value } : {}),
      ...(o.from ? { from: o.from } : {}),
    }) as Operation;
  return [
    ...tests.map(strip),
    ...picked.filter((o) => !STRUCTURAL.has(o.op)).map(strip),
    ...picked.filter((o) => STRUCTURAL.has(o.op)).map(strip),
  ];
}

/**
 * Proposes a normalization: deterministic Low rules, unit conversion (High), then the LLM's
 * operations. Every operation is checked on its own against the recipe: its path must be one
 * normalization may change and must exist, its result must still be a valid recipe, and its label
 * is Ladle's to decide (Low that changes meaning becomes High). The patch carries a `test` before
 * each change so that applying it to a recipe changed since answers a conflict.
 */
export async function proposeNormalization(
  recipe: Recipe,
  opts: ProposeOptions,
): Promise<Omit<NormalizeResult, "target" | "autoApplied"> & { traces: unknown[] }> {
  const warnings: string[] = [];
  const dropped: { op: unknown; reason: string }[] = [];
  const proposals: ProposedOp[] = [...lowRiskOps(recipe), ...conversionOps(recipe, opts.convertUnits)];
  let traces: unknown[] = [];
  if (!opts.llm) {
    warnings.push(
      "High-risk proposals (canonical names, merged or split steps) skipped: no LLM provider is configured for Ingest.Normalize (Llm:PhaseProviders)",
    );
  } else {
    const out = await opts.llm(llmView(recipe));
    traces = out.traces ?? [];
    if (!out.ok) warnings.push(`LLM proposals skipped: ${out.message}`);
    else
      for (const o of out.value.patch)
        proposals.push({
          op: o.op,
          path: o.path,
          ...(o.value !== undefined ? { value: o.value } : {}),
          ...(o.from !== undefined ? { from: o.from } : {}),
          riskCategory: o.riskCategory ?? "High",
          rule: "llm",
          summary: `${o.reason?.trim() || `${o.op} ${o.path}`}`,
        });
  }

  const patchOps: PatchOp[] = [];
  const tests: PatchOp[] = [];
  const summary: string[] = [];
  let id = 0;
  for (const p of proposals) {
    const bare = {
      op: p.op,
      path: p.path,
      ...(p.value !== undefined ? { value: p.value } : {}),
      ...(p.from ? { from: p.from } : {}),
    };
    const drop = (reason: string) =>
      dropped.push({ op: { ...bare, riskCategory: p.riskCategory, rule: p.rule }, reason });
    if (fieldKind(p.path) === null) {
      drop(`${p.path} is not a field normalization may change`);
      continue;
    }
    if (p.from !== undefined && (fieldKind(p.from) === null || valueAt(recipe, p.from) === undefined)) {
      drop(`${p.from} does not exist in the recipe`);
      continue;
    }
    const exists = valueAt(recipe, p.path) !== undefined;
    if ((p.op === "replace" || p.op === "remove") && !exists) {
      drop(`${p.path} does not exist in the recipe`);
      continue;
    }
    if (p.op === "add" && valueAt(recipe, p.path.replace(/\/[^/]*$/, "")) === undefined) {
      drop(`the parent of ${p.path} does not exist in the recipe`);
      continue;
    }
    const applied = tryApply(recipe, [bare as Operation]);
    if (applied.errors[0]) {
      drop(`cannot be applied: ${applied.errors[0]}`);
      continue;
    }
    const parsed = zRecipe.safeParse(applied.doc);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      drop(`the result is not a valid recipe (${issue.path.join(".")}: ${issue.message})`);
      continue;
    }
    const after = validateRecipe(parsed.data);
    if (after.errors.length > validateRecipe(recipe).errors.length) {
      drop(`the result fails validation: ${after.errors.join("; ")}`);
      continue;
    }
    const clash = patchOps.find((o) => overlaps(o.path, p.path) || (p.from && overlaps(o.path, p.from)));
    if (clash) {
      drop(`overlaps operation ${clash.id} on ${clash.path}`);
      continue;
    }
    const reason = highRiskReason(recipe, p);
    const risk = p.riskCategory === "Low" && reason ? "High" : p.riskCategory;
    const op: PatchOp = {
      ...bare,
      riskCategory: risk,
      id: id++,
      rule: p.rule,
      ...(risk !== p.riskCategory ? { relabelled: `labelled Low, but it ${reason}` } : {}),
      ...(exists ? { before: valueAt(recipe, p.path) } : {}),
    };
    patchOps.push(op);
    if (exists)
      tests.push({
        op: "test",
        path: p.path,
        value: valueAt(recipe, p.path),
        riskCategory: risk,
        guards: op.id!,
      });
    if (p.from !== undefined)
      tests.push({
        op: "test",
        path: p.from,
        value: valueAt(recipe, p.from),
        riskCategory: risk,
        guards: op.id!,
      });
    summary.push(
      `${p.summary.replace(/ \((Low|High)\)$/, "")} (${risk}${op.relabelled ? `: ${op.relabelled}` : ""})`,
    );
  }
  const patch = [...tests, ...patchOps];
  const all = tryApply(recipe, applicationOrder(patch, new Set(patchOps.map((o) => o.id!))));
  const whole = zRecipe.safeParse(all.doc);
  let validation: ValidationReport;
  if (!whole.success || all.errors.some(Boolean)) {
    validation = {
      errors: ["Applying every operation together does not give a valid recipe; pick fewer operations"],
      warnings: [],
      isValid: false,
    };
  } else validation = validateRecipe(whole.data);
  return { patch, diffSummary: summary, validation, dropped, warnings, traces };
}

/** The human-readable diff (`normalize.diff.md`). */
export function diffMarkdown(
  r: Pick<NormalizeResult, "patch" | "dropped" | "warnings">,
  title: string,
): string {
  const cell = (v: unknown) =>
    v === undefined
      ? ""
      : (typeof v === "string" ? v : JSON.stringify(v))
          .replace(/\|/g, "\\|")
          .replace(/\n/g, " ")
          .slice(0, 200);
  const lines = [
    `# Normalization of ${title}`,
    "",
    "| # | risk | op | path | before | after | why |",
    "|---|------|----|------|--------|-------|-----|",
  ];
  for (const o of r.patch.filter((x) => x.op !== "test"))
    lines.push(
      `| ${o.id} | ${o.riskCategory} | ${o.op} | \`${o.path}\` | ${cell(o.before)} | ${cell(o.value)} | ${cell(o.relabelled ?? o.rule)} |`,
    );
  if (r.dropped.length) {
    lines.push("", "## Dropped", "");
    for (const d of r.dropped) lines.push(`- \`${cell((d.op as { path?: string }).path)}\`: ${d.reason}`);
  }
  if (r.warnings.length) lines.push("", "## Warnings", "", ...r.warnings.map((w) => `- ${w}`));
  return lines.join("\n") + "\n";
}
