import type { LlmPhases } from "../../llm/llm.service.ts";
import type { PromptTemplate } from "../../domain/prompt.ts";

/** The LLM phases a reviewer can choose prompts for, with the task payload keys that carry the choice. */
export const PROMPT_CHOICES = [
  {
    phase: "Ingest.Extract",
    selection: "extractPromptId",
    override: "extractOverride",
    label: "Reading the recipe",
  },
  {
    phase: "Ingest.Normalize",
    selection: "normalizePromptId",
    override: "normalizeOverride",
    label: "Tidying the recipe",
  },
  {
    phase: "Ingest.Discover",
    selection: "discoverPromptId",
    override: "discoverOverride",
    label: "Searching for recipes",
  },
] as const;

/** `GET /api/tasks/options`: what the import wizard's prompt selector offers. */
export interface ImportOptions {
  /** True when at least one phase has an LLM provider; false hides the prompt selector. */
  llmConfigured: boolean;
  /** Admins may see prompt texts and activate versions (`/api/prompts`). */
  canManagePrompts: boolean;
  phases: {
    phase: string;
    label: string;
    selection: string;
    override: string;
    active: { id: string; version: number; name: string } | null;
    versions: { id: string; version: number; name: string; isActive: boolean; createdAt: string }[];
  }[];
}

/** The prompt choices per configured LLM phase: the active version and the others. */
export async function importOptions(
  prompts: { list(phase?: string): Promise<PromptTemplate[]> },
  llm: Pick<LlmPhases, "configured">,
  isAdmin: boolean,
): Promise<ImportOptions> {
  const phases: ImportOptions["phases"] = [];
  for (const c of PROMPT_CHOICES) {
    if (!llm.configured(c.phase)) continue;
    const list = await prompts.list(c.phase);
    const versions = list
      .map((p) => ({
        id: p.id,
        version: p.version,
        name: p.name,
        isActive: p.isActive,
        createdAt: p.createdAt,
      }))
      .sort((a, b) => b.version - a.version);
    const active = versions.find((v) => v.isActive) ?? null;
    phases.push({
      ...c,
      active: active ? { id: active.id, version: active.version, name: active.name } : null,
      versions,
    });
  }
  return { llmConfigured: phases.length > 0, canManagePrompts: isAdmin, phases };
}
