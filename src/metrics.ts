import client from "prom-client";

/** Prometheus metrics (recipe-ingest-agent.md §16), one registry per process. */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

export const metrics = {
  tasksCreated: new client.Counter({
    name: "ladle_tasks_created_total",
    help: "Ingest tasks created",
    registers: [registry],
  }),
  tasksFinished: new client.Counter({
    name: "ladle_tasks_finished_total",
    help: "Ingest tasks that reached ReviewReady or Failed",
    labelNames: ["status"],
    registers: [registry],
  }),
  phaseDuration: new client.Histogram({
    name: "ladle_phase_duration_seconds",
    help: "Duration of each ingest phase",
    labelNames: ["phase"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  }),
  extractionMethod: new client.Counter({
    name: "ladle_extraction_method_total",
    help: "Drafts by extraction method",
    labelNames: ["method"],
    registers: [registry],
  }),
  fetches: new client.Counter({
    name: "ladle_fetch_total",
    help: "Gateway fetches by outcome code",
    labelNames: ["outcome"],
    registers: [registry],
  }),
  circuitOpen: new client.Gauge({
    name: "ladle_fetch_circuit_open",
    help: "1 while a domain's circuit breaker is open",
    labelNames: ["domain"],
    registers: [registry],
  }),
  commits: new client.Counter({
    name: "ladle_commits_total",
    help: "Recipes committed",
    registers: [registry],
  }),
  llmTokens: new client.Counter({
    name: "ladle_llm_tokens_total",
    help: "LLM tokens by phase and kind (prompt, completion); cached answers cost none",
    labelNames: ["phase", "kind"],
    registers: [registry],
  }),
  llmLatency: new client.Histogram({
    name: "ladle_llm_request_seconds",
    help: "LLM request latency",
    labelNames: ["phase", "provider"],
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  }),
  llmErrors: new client.Counter({
    name: "ladle_llm_errors_total",
    help: "LLM failures",
    labelNames: ["phase", "code"],
    registers: [registry],
  }),
  paraphraseViolations: new client.Counter({
    name: "ladle_paraphrase_violations_total",
    help: "Drafts whose paraphrase guardrail reported an error or a warning",
    labelNames: ["level"],
    registers: [registry],
  }),
};
