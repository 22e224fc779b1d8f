import { createHash } from "node:crypto";
import { z } from "zod";
import type { Config } from "../config.ts";
import { fail, type Failure } from "../errors.ts";
import { metrics } from "../metrics.ts";
import { renderWith, type PromptService } from "../prompts/prompts.service.ts";
import type { LlmRepo } from "../storage/llm.repo.ts";
import { LlmClient, type EndpointFetch } from "./llmClient.ts";
import { zLlmParaphrase, zLlmRecipe, type LlmParaphrase, type LlmRecipe } from "./llmRecipe.ts";
import { zLlmPatch, type LlmPatch } from "./llmPatch.ts";

/** Raw model outputs of one LLM step, kept as artifacts. */
export interface LlmTrace {
  phase: string;
  promptId: string;
  output: string;
  cached: boolean;
}

export type LlmOutcome<T> = ({ ok: true; value: T } | Failure) & { traces: LlmTrace[] };

/** Who is asking, and with which prompt choices (payload promptSelection / promptOverrides). */
export interface LlmCallContext {
  taskId: string | null;
  promptId?: string | null;
  override?: string | null;
}

/** The LLM phases the pipeline may call; absent or unconfigured phases are skipped with a warning. */
export interface LlmPhases {
  configured(phase: string): boolean;
  extract(
    input: { url: string; content: string; hints?: string | null },
    ctx: LlmCallContext,
  ): Promise<LlmOutcome<LlmRecipe>>;
  paraphrase(
    input: { content: string; details: string },
    ctx: LlmCallContext,
  ): Promise<LlmOutcome<LlmParaphrase>>;
  /** Ingest.Normalize: a JSON Patch proposal for the recipe (the recipe's JSON as content). */
  normalize?(input: { content: string }, ctx: LlmCallContext): Promise<LlmOutcome<LlmPatch>>;
}

/** Pulls the JSON object out of a model's answer (code fences and chatter around it). */
export function extractJson(text: string): unknown {
  const t = text.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
  try {
    return JSON.parse(t);
  } catch {
    const a = t.indexOf("{");
    const b = t.lastIndexOf("}");
    if (a >= 0 && b > a) return JSON.parse(t.slice(a, b + 1));
    throw new Error("no JSON object in the output");
  }
}

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/**
 * Runs LLM phases: the phase's provider (Llm:PhaseProviders), its prompt (selection or active),
 * rendered with the required variables, token budgets, a response cache keyed by (prompt id and
 * version, model, content hash), and up to 2 Ingest.RepairJson attempts for invalid output.
 */
export class LlmService implements LlmPhases {
  private readonly config: Config;
  private readonly prompts: PromptService;
  private readonly repo: LlmRepo;
  private readonly clients = new Map<string, LlmClient>();

  constructor(config: Config, prompts: PromptService, repo: LlmRepo, send: EndpointFetch) {
    this.config = config;
    this.prompts = prompts;
    this.repo = repo;
    for (const [name, p] of Object.entries(config.Llm.Providers))
      this.clients.set(name, new LlmClient(name, p, send));
  }

  /** Hosts of configured providers, for the gateway's endpoint allowance. */
  static endpointHosts(config: Config): string[] {
    return Object.values(config.Llm.Providers).map((p) => new URL(p.BaseUrl).hostname);
  }

  private client(phase: string): LlmClient | null {
    const name = (this.config.Llm.PhaseProviders as Record<string, string | undefined>)[phase];
    return name ? (this.clients.get(name) ?? null) : null;
  }

  configured(phase: string): boolean {
    return this.client(phase) !== null;
  }

  extract(input: { url: string; content: string; hints?: string | null }, ctx: LlmCallContext) {
    return this.call(
      "Ingest.Extract",
      zLlmRecipe,
      { url: input.url, content: input.content, hints: input.hints ?? "" },
      ctx,
    );
  }

  paraphrase(input: { content: string; details: string }, ctx: LlmCallContext) {
    return this.call(
      "Ingest.RepairParaphrase",
      zLlmParaphrase,
      { content: input.content, details: input.details },
      ctx,
    );
  }

  normalize(input: { content: string }, ctx: LlmCallContext) {
    return this.call("Ingest.Normalize", zLlmPatch as z.ZodType<LlmPatch>, { content: input.content }, ctx);
  }

  private async call<T>(
    phase: string,
    schema: z.ZodType<T>,
    vars: Record<string, unknown>,
    ctx: LlmCallContext,
  ): Promise<LlmOutcome<T>> {
    const traces: LlmTrace[] = [];
    const first = await this.complete(phase, schema, vars, ctx, traces);
    if (!first.ok) return { ...first.failure, traces };
    let text = first.text;
    let problems = this.parse(text, schema);
    for (let attempt = 1; !problems.ok && attempt <= 2; attempt++) {
      if (!this.configured("Ingest.RepairJson")) break;
      const repaired = await this.complete(
        "Ingest.RepairJson",
        schema,
        { content: text, errors: problems.errors },
        { taskId: ctx.taskId },
        traces,
      );
      if (!repaired.ok) return { ...repaired.failure, traces };
      text = repaired.text;
      problems = this.parse(text, schema);
    }
    if (!problems.ok) {
      return {
        ...fail(
          "LLM_OUTPUT_INVALID",
          `${phase}: the model's output is not valid for the schema after repair attempts: ${problems.errors}`,
          { phase, attempts: traces.length },
        ),
        traces,
      };
    }
    return { ok: true, value: problems.value, traces };
  }

  private parse<T>(
    text: string,
    schema: z.ZodType<T>,
  ): { ok: true; value: T } | { ok: false; errors: string } {
    let json: unknown;
    try {
      json = extractJson(text);
    } catch (err) {
      return { ok: false, errors: `not JSON: ${(err as Error).message}` };
    }
    const r = schema.safeParse(json);
    if (r.success) return { ok: true, value: r.data };
    return {
      ok: false,
      errors: r.error.issues
        .slice(0, 8)
        .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
        .join("; "),
    };
  }

  /** One completion: prompt, budget, cache, provider, usage. */
  private async complete<T>(
    phase: string,
    schema: z.ZodType<T>,
    vars: Record<string, unknown>,
    ctx: LlmCallContext,
    traces: LlmTrace[],
  ): Promise<{ ok: true; text: string } | { ok: false; failure: Failure }> {
    const client = this.client(phase);
    if (!client)
      return {
        ok: false,
        failure: fail("LLM_NOT_CONFIGURED", `No provider is configured for ${phase} (Llm:PhaseProviders).`, {
          phase,
        }),
      };
    const prompt = await this.prompts.resolve(phase, ctx.promptId);
    if (!prompt.ok) return { ok: false, failure: prompt };
    const jsonSchema = z.toJSONSchema(schema) as Record<string, unknown>;
    const rendered = renderWith(prompt.value, {
      ...vars,
      schema: JSON.stringify(jsonSchema),
      override: ctx.override ?? "",
    });
    if (!rendered.ok) return { ok: false, failure: rendered };
    const { system, user } = rendered.value;

    const key = sha(
      JSON.stringify([
        prompt.value.id,
        prompt.value.version,
        client.name,
        client.model,
        phase,
        sha(system + "\u0000" + user),
      ]),
    );
    const hit = await this.repo.cached(key);
    if (hit) {
      await this.repo.recordUsage({
        taskId: ctx.taskId,
        phase,
        provider: client.name,
        model: client.model,
        promptTokens: hit.promptTokens,
        completionTokens: hit.completionTokens,
        cached: true,
      });
      traces.push({ phase, promptId: prompt.value.id, output: hit.response, cached: true });
      return { ok: true, text: hit.response };
    }
    const budget = await this.overBudget(ctx.taskId);
    if (budget) return { ok: false, failure: budget };

    const started = performance.now();
    const res = await client.chat({
      system,
      user,
      schema: jsonSchema,
      schemaName: phase.replace(/\W/g, "_"),
    });
    metrics.llmLatency.observe({ phase, provider: client.name }, (performance.now() - started) / 1000);
    if (!res.ok) {
      metrics.llmErrors.inc({ phase, code: res.code });
      return { ok: false, failure: fail(res.code, res.message, { phase, provider: client.name }) };
    }
    metrics.llmTokens.inc({ phase, kind: "prompt" }, res.promptTokens);
    metrics.llmTokens.inc({ phase, kind: "completion" }, res.completionTokens);
    await this.repo.recordUsage({
      taskId: ctx.taskId,
      phase,
      provider: client.name,
      model: res.model,
      promptTokens: res.promptTokens,
      completionTokens: res.completionTokens,
      cached: false,
    });
    await this.repo.store(key, res.text, res.promptTokens, res.completionTokens);
    traces.push({ phase, promptId: prompt.value.id, output: res.text, cached: false });
    return { ok: true, text: res.text };
  }

  private async overBudget(taskId: string | null): Promise<Failure | null> {
    const { TaskTokenBudget, DailyTokenBudget } = this.config.Llm;
    if (TaskTokenBudget > 0 && taskId) {
      const spent = await this.repo.spent({ taskId });
      if (spent >= TaskTokenBudget)
        return fail("LLM_BUDGET_EXCEEDED", `This task has used ${spent} of its ${TaskTokenBudget} tokens.`, {
          scope: "task",
          spent,
        });
    }
    if (DailyTokenBudget > 0) {
      const since = new Date();
      since.setUTCHours(0, 0, 0, 0);
      const spent = await this.repo.spent({ since });
      if (spent >= DailyTokenBudget)
        return fail(
          "LLM_BUDGET_EXCEEDED",
          `Today's ${DailyTokenBudget}-token budget is used up (${spent}).`,
          { scope: "day", spent },
        );
    }
    return null;
  }
}
