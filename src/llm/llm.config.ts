import { z } from "zod";

// The Llm section (providers and phases).
// Declared beside the code that reads it; src/config.ts composes every section into one validated object.

const zProvider = z.object({
  /** OpenAI-compatible base URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
  BaseUrl: z.url(),
  ApiKey: z.string().optional(),
  Model: z.string().min(1),
  /** One request's time limit. */
  TimeoutMs: z.coerce.number().int().positive().default(60_000),
  /** Requests in flight at once to this provider. */
  MaxConcurrency: z.coerce.number().int().positive().default(2),
  RequestsPerMinute: z.coerce.number().int().positive().default(60),
  /** Retries after a timeout, 429 or 5xx. */
  MaxRetries: z.coerce.number().int().min(0).max(5).default(1),
  /** json_schema (structured outputs), json_object, or none (plain JSON in text) for servers without them. */
  StructuredOutput: z.enum(["json_schema", "json_object", "none"]).default("json_schema"),
});

export const zLlm = z.object({
  /** Named OpenAI-compatible providers; their hosts become reachable endpoints of the gateway. */
  Providers: z.record(z.string(), zProvider).default({}),
  /** Tokens one task may spend (0: no limit). */
  TaskTokenBudget: z.coerce.number().int().min(0).default(0),
  /** Tokens all tasks may spend per UTC day (0: no limit). */
  DailyTokenBudget: z.coerce.number().int().min(0).default(0),
  /** When the LLM extracts: when structured data leaves name, ingredients or steps empty; only when nothing was found; never. */
  ExtractWhen: z.enum(["missing-required", "no-recipe", "never"]).default("missing-required"),
  /** Provider name per LLM-backed phase; empty means the phase is skipped with a warning. */
  PhaseProviders: z
    .object({
      "Ingest.Extract": z.string().optional(),
      "Ingest.Normalize": z.string().optional(),
      "Ingest.RepairJson": z.string().optional(),
      "Ingest.RepairParaphrase": z.string().optional(),
    })
    .prefault({}),
});
