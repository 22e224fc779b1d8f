import { zPromptTemplate, type CreatePromptRequest, type PromptTemplate } from "../domain/prompt.ts";
import { fail, type Failure } from "../errors.ts";
import type { PromptsRepo } from "../storage/prompts.repo.ts";
import type { PromptRow } from "../storage/schema.ts";
import { LLM_PHASES, POLICY_CLAUSE, REQUIRED_VARIABLES } from "./builtinPrompts.ts";
import { checkTemplate, renderPrompt, templateVariables } from "./promptRenderer.ts";

/** White space collapsed: the clause may be wrapped or indented differently. */
const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** Whether a prompt carries the clause: written out, or through the `{{ policy }}` slot. */
export function carriesPolicy(systemPrompt: string, userPromptTemplate: string): boolean {
  const uses = (t: string) => templateVariables(t).includes("policy");
  return (
    uses(systemPrompt) ||
    uses(userPromptTemplate) ||
    squash(`${systemPrompt}\n${userPromptTemplate}`).includes(squash(POLICY_CLAUSE))
  );
}

export function toPrompt(r: PromptRow): PromptTemplate {
  return zPromptTemplate.parse({
    id: r.id,
    name: r.name,
    phase: r.phase,
    version: r.version,
    isActive: r.is_active,
    systemPrompt: r.system_prompt,
    userPromptTemplate: r.user_prompt_template,
    constraints: r.constraints ?? {},
    createdAt: new Date(r.created_at).toISOString(),
    createdBy: r.created_by,
  });
}

/** The prompt registry: versions per phase, exactly one active. */
export class PromptService {
  private readonly repo: PromptsRepo;

  constructor(repo: PromptsRepo) {
    this.repo = repo;
  }

  async list(phase?: string): Promise<PromptTemplate[]> {
    return (await this.repo.list(phase)).map(toPrompt);
  }

  async get(id: string, phase?: string): Promise<{ ok: true; value: PromptTemplate } | Failure> {
    const row = await this.repo.get(id, phase);
    if (!row)
      return fail("PROMPT_NOT_FOUND", `Prompt ${id}${phase ? ` in phase ${phase}` : ""} does not exist.`, {
        id,
        phase: phase ?? null,
      });
    return { ok: true, value: toPrompt(row) };
  }

  async getActive(phase: string): Promise<{ ok: true; value: PromptTemplate } | Failure> {
    const row = await this.repo.active(phase);
    if (!row) return fail("PROMPT_NOT_FOUND", `No active prompt for phase ${phase}.`, { phase });
    return { ok: true, value: toPrompt(row) };
  }

  /** The prompt a task uses for a phase: the selected id when given, else the active one. */
  async resolve(
    phase: string,
    selectedId?: string | null,
  ): Promise<{ ok: true; value: PromptTemplate } | Failure> {
    if (!selectedId) return this.getActive(phase);
    const p = await this.get(selectedId, phase);
    return p;
  }

  async create(
    req: CreatePromptRequest,
    createdBy: string | null,
  ): Promise<{ ok: true; value: PromptTemplate } | Failure> {
    if (!LLM_PHASES.includes(req.phase)) {
      return fail("INVALID_PROMPT", `phase must be one of ${LLM_PHASES.join(", ")}.`, { phase: req.phase });
    }
    for (const [field, template] of [
      ["systemPrompt", req.systemPrompt],
      ["userPromptTemplate", req.userPromptTemplate],
    ] as const) {
      const check = checkTemplate(template);
      if (!check.ok)
        return fail("INVALID_PROMPT", `${field} is not a valid template: ${check.message}`, { field });
    }
    // The phase's required variables are slots of the user template, `{{ schema }}` among them.
    const used = templateVariables(req.userPromptTemplate);
    const absent = (REQUIRED_VARIABLES[req.phase] ?? []).filter((v) => !used.includes(v));
    if (absent.length)
      return fail(
        "INVALID_PROMPT",
        `userPromptTemplate must contain ${absent.map((v) => `{{ ${v} }}`).join(", ")}: ${req.phase} fills ${absent.length > 1 ? "them" : "it"} at each run.`,
        { field: "userPromptTemplate", missingVariables: absent },
      );
    // Every prompt that produces recipe text carries the no-verbatim policy clause.
    if (!carriesPolicy(req.systemPrompt, req.userPromptTemplate))
      return fail(
        "INVALID_PROMPT",
        "The prompt lacks the paraphrase policy: put {{ policy }} in systemPrompt (it renders the clause), or write the clause out.",
        { field: "systemPrompt", policyClause: POLICY_CLAUSE },
      );
    const row = await this.repo.insertNextVersion({
      name: req.name ?? req.phase.replace("Ingest.", "Ingest "),
      phase: req.phase,
      system_prompt: req.systemPrompt,
      user_prompt_template: req.userPromptTemplate,
      constraints: req.constraints ?? {},
      created_by: createdBy,
    });
    if (req.activate) await this.repo.activate(row.id, row.phase);
    return this.get(row.id, row.phase);
  }

  async activate(id: string, phase?: string): Promise<{ ok: true; value: PromptTemplate } | Failure> {
    const p = await this.get(id, phase);
    if (!p.ok) return p;
    await this.repo.activate(id, p.value.phase);
    return this.get(id, p.value.phase);
  }

  /** Deactivating the phase's only active prompt is refused: a phase keeps exactly one. */
  async deactivate(id: string, phase?: string): Promise<{ ok: true; value: PromptTemplate } | Failure> {
    const p = await this.get(id, phase);
    if (!p.ok) return p;
    if (p.value.isActive) {
      return fail(
        "PROMPT_LAST_ACTIVE",
        `${id} is the active prompt of ${p.value.phase}; activate another version instead.`,
        { id, phase: p.value.phase },
      );
    }
    return p;
  }

  /** Renders a prompt's user template (MCP prompt_render, LLM phases). */
  async render(
    id: string,
    phase: string | undefined,
    variables: Record<string, unknown>,
  ): Promise<{ ok: true; value: { system: string; user: string; prompt: PromptTemplate } } | Failure> {
    const p = await this.get(id, phase);
    if (!p.ok) return p;
    return renderWith(p.value, variables);
  }
}

/** Renders a prompt's system and user templates with the phase's required variables. */
export function renderWith(
  prompt: PromptTemplate,
  given: Record<string, unknown>,
): { ok: true; value: { system: string; user: string; prompt: PromptTemplate } } | Failure {
  const variables = { policy: POLICY_CLAUSE, ...given };
  const required = REQUIRED_VARIABLES[prompt.phase] ?? [];
  const user = renderPrompt(prompt.userPromptTemplate, variables, required);
  if (!user.ok)
    return fail("PROMPT_RENDER_FAILED", `${prompt.id}: ${user.message}`, {
      promptId: prompt.id,
      missingVariables: user.missingVariables,
    });
  const system = renderPrompt(prompt.systemPrompt, variables, []);
  if (!system.ok)
    return fail("PROMPT_RENDER_FAILED", `${prompt.id}: ${system.message}`, {
      promptId: prompt.id,
      missingVariables: [],
    });
  // Holds for prompts stored before the registry checked it: the clause is added when absent.
  const text =
    prompt.phase in REQUIRED_VARIABLES && !carriesPolicy(prompt.systemPrompt, prompt.userPromptTemplate)
      ? `${system.text}\n\n${POLICY_CLAUSE}`.trim()
      : system.text;
  return { ok: true, value: { system: text, user: user.text, prompt } };
}
