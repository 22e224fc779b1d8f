import os from "node:os";
import PQueue from "p-queue";
import type { GatewayResult } from "../../fetcher/gateway.ts";
import { SharedFetcher, type SharedFetchOptions } from "../../fetcher/sharedFetch.ts";
import type { RecipePageInput, RecipePageResult } from "../../extract/readRecipePage.ts";
import type { WorkerPool } from "../../extract/workerPool.ts";
import { LlmService } from "../../llm/llm.service.ts";
import { metrics } from "../../metrics.ts";
import type { PipelineContext } from "../../pipeline/context.ts";
import { PromptService } from "../../prompts/prompts.service.ts";
import { Reconciler } from "../../queue/reconciler.ts";
import { ArtifactsRepo } from "../../storage/artifacts.repo.ts";
import { BlobsRepo } from "../../storage/blobs.repo.ts";
import { CircuitBreakersRepo } from "../../storage/circuitBreakers.repo.ts";
import { EventsRepo } from "../../storage/events.repo.ts";
import { FetchLeasesRepo } from "../../storage/fetchLeases.repo.ts";
import { IdempotencyRepo } from "../../storage/idempotency.repo.ts";
import { LlmRepo } from "../../storage/llm.repo.ts";
import { PromptsRepo } from "../../storage/prompts.repo.ts";
import { withSpan } from "../../telemetry.ts";
import { ArtifactStore } from "./artifactStore.ts";
import type { Base } from "./base.ts";
import { createEgress } from "./egress.ts";
import { EventHub } from "./eventHub.ts";
import type { IdempotencyKeys } from "./idempotency.service.ts";
import { CreatesLimit } from "./inputGuards.ts";

export type { Base } from "./base.ts";

/** Pages each extraction thread holds at once: the one it reads and the next (see WorkerPool). */
const EXTRACT_DEPTH = 2;

/**
 * What every family shares: the egress gateway and the one fetch per URL, the LLM and its prompts,
 * the CPU slots and extraction threads, the event hub, the artifact and blob stores, the creates
 * limit and the reconciler.
 */
export function createShared(base: Base, deps: { searchHosts: readonly string[] }) {
  const { config, database, queue, now, log } = base;
  const db = database.db;
  const f = config.Fetch;
  const a = config.Articles;
  const { browser, gateway } = createEgress(
    config,
    new CircuitBreakersRepo(db),
    now,
    base.resolver,
    deps.searchHosts,
  );
  const fetchLeases = new FetchLeasesRepo(db);
  const sharedFetch = new SharedFetcher({
    fetch: (url, o) => gateway.fetch(url, o),
    admits: (url, r) => gateway.admits(url, r),
    store: fetchLeases,
    reuseSeconds: f.SharedFetchReuseSeconds,
    leaseSeconds: f.SharedFetchLeaseSeconds,
  });
  /**
   * One fetch per URL, everywhere: fetches a page through the egress gateway (policy, DNS pinning,
   * robots.txt, limits, retries all apply) so that concurrent callers asking for the same
   * normalized URL, in this process or any worker process on the same database, reach the origin
   * once and share the result; callers within `Fetch:SharedFetchReuseSeconds` (default 30) reuse
   * it. Keyed by the recipe normalization (SHA-256 hex), plus render mode and body cap.
   */
  const fetchShared = async (url: string, opts: SharedFetchOptions = {}): Promise<GatewayResult> => {
    const { result, source } = await sharedFetch.fetchWithSource(url, opts);
    metrics.sharedFetches.inc({ source });
    return result;
  };
  const llmRepo = new LlmRepo(db);
  // The one owner of the Idempotency-Key records: the API middleware, and the families whose
  // creation stores its answer in the creating transaction (tasks, imports).
  const idempotency = new IdempotencyRepo(db);
  const prompts = new PromptService(new PromptsRepo(db));
  const llm = new LlmService(config, prompts, llmRepo, (url, init) => gateway.once(url, init, "endpoint"));
  const threads = config.Server.CpuConcurrency || os.availableParallelism();
  // A URL import's extraction holds a CPU slot while its page is in the extraction pool, which
  // keeps EXTRACT_DEPTH pages in each thread (the next one queued there) so a thread never idles
  // while this busy event loop answers and sends more: with one slot per thread, each thread held
  // one page and waited between pages. The rest of the slot work (validation, the guardrail when
  // not done beside extraction) runs on this thread synchronously, so more slots do not make it
  // run more at once.
  const cpu = new PQueue({ concurrency: threads * EXTRACT_DEPTH });
  /**
   * The extraction threads' pool, made with the first page to extract: its code (and the threads)
   * belong to a process that runs imports, never to an API process.
   */
  let pool: Promise<WorkerPool<RecipePageInput, RecipePageResult>> | undefined;
  const extractPool = {
    run: async (input: RecipePageInput): Promise<RecipePageResult> => {
      pool ??= import("../../extract/workerPool.ts").then(
        ({ WorkerPool }) =>
          new WorkerPool<RecipePageInput, RecipePageResult>({
            entry: new URL("../../extract/extractWorker.ts", import.meta.url),
            workers: threads,
            // Unless set, the threads follow what the machine gives them: N worker processes on one host
            // settle at about a thread per core in total instead of N threads per core.
            adaptive: !config.Server.CpuConcurrency,
            depth: EXTRACT_DEPTH,
            timeoutMs: a.ParseTimeoutMs,
            memoryMb: a.ParseMemoryMb,
            // The page's bytes go in a buffer of the pool's, transferred and given back (see
            // WorkerPool's `bytes`): cloned, they were copied twice and faulted in fresh memory
            // (~4% of a worker process's CPU in a queue bench). The fetched body itself stays
            // here: the fetcher may keep it for other callers.
            bytes: { of: (req) => req.body, with: (req, body) => ({ ...req, body }) },
            failure: (message) => ({
              ok: false,
              code: "NO_RECIPE_FOUND",
              message: `The page could not be read: ${message}.`,
              snapshot: "",
              classification: { kind: "other", confidence: 0 },
            }),
          }),
      );
      return (await pool).run(input);
    },
    close: async () => (pool ? (await pool).close() : undefined),
  };
  /**
   * The pipeline context bound to this configuration. `keepPages` false: pages fetched are not
   * stored for later callers of other processes (see SharedFetchOptions.keep).
   */
  const pipelineContext = (signal?: AbortSignal, keepPages = true): Omit<PipelineContext, "onPhase"> => ({
    config,
    ...(signal ? { signal } : {}),
    cpu: (fn) => cpu.add(fn) as Promise<Awaited<ReturnType<typeof fn>>>,
    extract: (input) => extractPool.run(input),
    now,
    llm,
    fetch: (url, o) =>
      withSpan("gateway.fetch", { "url.full": url }, () =>
        fetchShared(url, {
          ...(o?.signal ? { signal: o.signal } : {}),
          ...(o?.render ? { render: o.render } : {}),
          ...(keepPages ? {} : { keep: false }),
        }),
      ),
  });
  return {
    gateway,
    browser,
    sharedFetch,
    fetchShared,
    /** Expired shared-fetch results dropped (with the parse-request reaper). */
    dropExpiredFetches: () => fetchLeases.deleteExpired(),
    llmRepo,
    idempotency,
    /** What the HTTP idempotency middleware reaches of the Idempotency-Key records. */
    idempotencyKeys: idempotency as IdempotencyKeys,
    /** Idempotency-Key records older than `before` dropped (maintenance). */
    dropExpiredKeys: (before: Date) => idempotency.deleteExpired(before),
    prompts,
    llm,
    /** CPU slots (extraction threads × EXTRACT_DEPTH) for extraction and other CPU-bound job work. */
    cpu,
    /** Recipe extraction in worker threads (one per CPU slot), off the event loop. */
    extractPool,
    pipelineContext,
    events: new EventHub(new EventsRepo(db)),
    /** Task-less binary objects of the artifact store: proxied images, thumbnails, uploads. */
    blobs: new BlobsRepo(db),
    artifacts: new ArtifactStore(new ArtifactsRepo(db), config.Ingest.MaxArtifactSizeBytes),
    /** The per-user creates limit every door takes from (routes, MCP, CLI): inputGuards.ts. */
    creates: new CreatesLimit({
      perMinute: config.Server.RateLimit.CreatesPerMinute,
      exemptAdmins: config.Server.RateLimit.ExemptAdmins,
    }),
    /** Every family's job rows against the queue (src/queue/reconciler.ts). Null without a queue. */
    reconciler: queue
      ? new Reconciler(
          queue,
          log,
          {
            staleAfterMs: config.Server.ReconcileAfterSeconds * 1000,
            maxRequeues: config.Server.ReconcileMaxRequeues,
          },
          now,
        )
      : null,
  };
}

export type Shared = ReturnType<typeof createShared>;
