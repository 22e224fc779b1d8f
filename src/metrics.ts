import { createRequire } from "node:module";
import type * as PromClient from "prom-client";

// The parts of prom-client Ladle uses, each from its own file: the package's index also loads its
// Pushgateway, whose node:http and node:https (TLS) cost a worker process, which serves no HTTP,
// ~10 MiB resident at rest (`npm run bench -- memory`). The same classes as the index exports.
const require = createRequire(import.meta.url);
const client = {
  Registry: require("prom-client/lib/registry") as typeof PromClient.Registry,
  Counter: require("prom-client/lib/counter") as typeof PromClient.Counter,
  Gauge: require("prom-client/lib/gauge") as typeof PromClient.Gauge,
  Histogram: require("prom-client/lib/histogram") as typeof PromClient.Histogram,
  collectDefaultMetrics: require("prom-client/lib/defaultMetrics") as typeof PromClient.collectDefaultMetrics,
};

/** Prometheus metrics, one registry per process. */
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
  // Reliability: the queue and the reconciler, per job family (the pg-boss queue name).
  jobsProcessed: new client.Counter({
    name: "ladle_jobs_processed_total",
    help: "Jobs settled by this process, per family and outcome (completed, failed, released)",
    labelNames: ["family", "outcome"],
    registers: [registry],
  }),
  jobDuration: new client.Histogram({
    name: "ladle_job_duration_seconds",
    help: "Time a job ran in this process, per family and outcome",
    labelNames: ["family", "outcome"],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [registry],
  }),
  jobAge: new client.Histogram({
    name: "ladle_job_wait_seconds",
    help: "Age of a job when a worker claimed it (queueing delay), per family",
    labelNames: ["family"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [registry],
  }),
  queueDepth: new client.Gauge({
    name: "ladle_queue_depth",
    help: "Jobs per family and state (created, retry, active), read at scrape time",
    labelNames: ["family", "state"],
    registers: [registry],
  }),
  queueOldest: new client.Gauge({
    name: "ladle_queue_oldest_job_seconds",
    help: "Age of the oldest queued (not yet running) job per family, read at scrape time",
    labelNames: ["family"],
    registers: [registry],
  }),
  reconcilerActions: new client.Counter({
    name: "ladle_reconciler_actions_total",
    help: "Rows the reconciler re-queued or failed, per family and action",
    labelNames: ["family", "action"],
    registers: [registry],
  }),
  idempotentReplays: new client.Counter({
    name: "ladle_idempotency_replays_total",
    help: "Requests answered from a stored Idempotency-Key response, or refused (conflict)",
    labelNames: ["outcome"],
    registers: [registry],
  }),
  // Parse requests and the shared fetch.
  sharedFetches: new client.Counter({
    name: "ladle_shared_fetch_total",
    help: "ladle.fetchShared calls: fetched (reached the gateway), joined (waited for another caller's fetch), reused (within the reuse window)",
    labelNames: ["source"],
    registers: [registry],
  }),
  parseRequests: new client.Counter({
    name: "ladle_parse_requests_total",
    help: "Parse request submissions by answer: cached (200), deduplicated (202, in flight), created (202, new)",
    labelNames: ["answer"],
    registers: [registry],
  }),
};
