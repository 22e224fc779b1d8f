import type { Viewer } from "../../domain/user.ts";
import PQueue from "p-queue";
import { type Config } from "../../config.ts";
import { zSearchProvider } from "../../search/discovery.config.ts";
import { fail, type Failure } from "../../errors.ts";
import { urlKey } from "../../domain/normalizeUrl.ts";
import { BraveProvider } from "../../search/braveProvider.ts";
import { CuratedProvider } from "../../search/curatedProvider.ts";
import { inDomains, rankCandidates, type RankedCandidate } from "../../search/rankCandidates.ts";
import {
  siteOf,
  type SearchCandidate,
  type SearchError,
  type SearchProvider,
  type SearchTransport,
} from "../../search/searchProvider.ts";
import { SearxngProvider } from "../../search/searxngProvider.ts";
import { TavilyProvider } from "../../search/tavilyProvider.ts";
import type { DiscoveryRepo } from "../../storage/discovery.repo.ts";
import { zRankedCandidate, type Constraints } from "../../domain/discovery.ts";
import { zIngestPayload } from "../../domain/task.ts";
import type { ArtifactStore } from "../shared/artifactStore.ts";
import type { CreateTaskOutput, TaskService } from "./tasks.service.ts";

type ProviderConfig = Config["Discovery"]["Providers"][string];

/** The outcome of one discovery: ranked candidates and what was left out or went wrong. */
export interface DiscoveryOutcome {
  ok: true;
  candidates: RankedCandidate[];
  /** The provider that answered. */
  provider: string;
  /** Results the allow/deny lists removed. */
  filtered: { url: string; reason: string }[];
  /** Providers asked before the one that answered, and why they did not. */
  skippedProviders: { provider: string; reason: string }[];
}

/** Default API bases, for the gateway's endpoint allowance. */
const DEFAULT_BASE: Record<string, string> = {
  brave: "https://api.search.brave.com",
  tavily: "https://api.tavily.com",
};

/**
 * The search providers in effect: the configured ones, or, when none is, the built-in provider
 * (`Discovery:Builtin`): recipe sites' own search pages, no account needed, so that an import by
 * query works on a fresh install (Flow A). External providers stay optional.
 */
export function effectiveProviders(config: Config): Record<string, ProviderConfig> {
  const configured = config.Discovery.Providers;
  const b = config.Discovery.Builtin;
  if (Object.keys(configured).length || !b.Enabled || !b.SearchUrlTemplates.length) return configured;
  return {
    builtin: zSearchProvider.parse({ Type: "curated", SearchUrlTemplates: b.SearchUrlTemplates }),
  };
}

/** Builds the named search providers from configuration. */
export function buildProviders(
  config: Config,
  transport: SearchTransport,
  repo: DiscoveryRepo,
): Map<string, SearchProvider> {
  const out = new Map<string, SearchProvider>();
  for (const [name, p] of Object.entries(effectiveProviders(config))) {
    if (p.Type === "searxng") {
      if (!p.BaseUrl) throw new Error(`Discovery:Providers:${name}: a searxng provider needs BaseUrl`);
      out.set(name, new SearxngProvider(name, { BaseUrl: p.BaseUrl, TimeoutMs: p.TimeoutMs }, transport));
    } else if (p.Type === "brave") out.set(name, new BraveProvider(name, p, transport));
    else if (p.Type === "tavily") out.set(name, new TavilyProvider(name, p, transport));
    else
      out.set(
        name,
        new CuratedProvider(
          name,
          {
            Sites: p.Sites,
            SearchUrlTemplates: p.SearchUrlTemplates,
            maxPagesPerSite: config.Discovery.CuratedMaxPagesPerSite,
          },
          transport,
          repo,
        ),
      );
  }
  return out;
}

/**
 * Import by query's discovery: asks the configured providers in
 * order (each behind its rate limit, daily quota and cost cap) until one answers, drops results the
 * operator's allow and deny lists exclude, and ranks the rest with Ladle's own signals.
 */
export class DiscoveryService {
  private readonly config: Config;
  private readonly repo: DiscoveryRepo;
  private readonly providers: Map<string, SearchProvider>;
  private readonly limiters = new Map<string, PQueue>();
  private readonly settings: Record<string, ProviderConfig>;
  private readonly now: () => Date;

  constructor(config: Config, repo: DiscoveryRepo, transport: SearchTransport, now: () => Date) {
    this.config = config;
    this.repo = repo;
    this.now = now;
    this.providers = buildProviders(config, transport, repo);
    this.settings = effectiveProviders(config);
    for (const [name, p] of Object.entries(this.settings))
      this.limiters.set(
        name,
        new PQueue({ concurrency: 4, interval: 60_000, intervalCap: p.RequestsPerMinute }),
      );
  }

  /** Hosts of API search providers, made reachable as configured endpoints of the gateway. */
  static endpointHosts(config: Config): string[] {
    return Object.values(config.Discovery.Providers)
      .filter((p) => p.Type !== "curated")
      .map((p) => new URL(p.BaseUrl ?? DEFAULT_BASE[p.Type]!).hostname);
  }

  /** True when at least one provider is configured. */
  configured(): boolean {
    return this.order().length > 0;
  }

  private order(): string[] {
    const use = this.config.Discovery.Use;
    return (use.length ? use : [...this.providers.keys()]).filter((n) => this.providers.has(n));
  }

  /** Searches and ranks: up to `Ingest:MaxDiscoveryCandidates` candidates, or a failure. */
  async discover(
    query: string,
    constraints: Constraints,
    signal?: AbortSignal,
  ): Promise<DiscoveryOutcome | Failure> {
    const order = this.order();
    if (!order.length) return fail("DISCOVERY_NOT_CONFIGURED");
    const limit = this.config.Ingest.MaxDiscoveryCandidates;
    const skipped: { provider: string; reason: string; kind: SearchError["kind"] }[] = [];
    for (const name of order) {
      const provider = this.providers.get(name)!;
      const cfg = this.settings[name]!;
      const res = await this.ask(name, provider, cfg, { query, constraints, limit: cfg.MaxResults }, signal);
      if (!res.ok) {
        skipped.push({ provider: name, reason: res.message, kind: res.kind });
        continue;
      }
      const { kept, filtered } = this.filter(res.candidates);
      // An empty answer from one engine is worth a second opinion from the next.
      if (!kept.length && order.indexOf(name) < order.length - 1) {
        skipped.push({ provider: name, reason: "no results", kind: "down" });
        continue;
      }
      const keys = kept.flatMap((c) => {
        try {
          return [urlKey(c.url)];
        } catch {
          return [];
        }
      });
      const hosts = [...new Set(kept.map((c) => siteOf(c.url)).filter((h): h is string => !!h))];
      const [stored, goodDomains] = await Promise.all([
        this.repo.storedByKey(keys),
        this.repo.recipesPerHost(hosts),
      ]);
      const candidates = rankCandidates(
        kept.map((c) => ({ ...c, provider: name })),
        { constraints, stored, goodDomains },
        limit,
      );
      const skippedProviders = skipped.map(({ provider: p, reason }) => ({ provider: p, reason }));
      if (!candidates.length) {
        return fail(
          "NO_CANDIDATES",
          filtered.length
            ? `The search found ${filtered.length} page(s) for "${query}", but the operator's domain lists exclude them all; try other words.`
            : `The search found no pages for "${query}"; try fewer or other words.`,
          { provider: name, filtered, skippedProviders },
        );
      }
      return { ok: true, candidates, provider: name, filtered, skippedProviders };
    }
    const reasons = skipped.map((s) => `${s.provider}: ${s.reason}`).join("; ");
    const details = {
      providers: skipped.map(({ provider: p, reason, kind }) => ({ provider: p, reason, kind })),
    };
    if (skipped.every((s) => s.reason === "no results"))
      return fail(
        "NO_CANDIDATES",
        `The search found no pages for "${query}"; try fewer or other words.`,
        details,
      );
    if (skipped.every((s) => s.kind === "quota" || s.reason === "no results"))
      return fail("DISCOVERY_QUOTA_EXCEEDED", `Search quota spent: ${reasons}.`, details);
    return fail("DISCOVERY_FAILED", `Search failed: ${reasons}.`, details);
  }

  /** One provider request under its rate limit, quota and cost cap. */
  private async ask(
    name: string,
    provider: SearchProvider,
    cfg: ProviderConfig,
    req: { query: string; constraints: Constraints; limit: number },
    signal?: AbortSignal,
  ) {
    const day = this.now().toISOString().slice(0, 10);
    const metered = cfg.DailyQuota > 0 || cfg.DailyCostCap > 0 || cfg.CostPerRequest > 0;
    if (metered) {
      const allowed = await this.repo.reserve(
        name,
        day,
        cfg.CostPerRequest,
        cfg.DailyQuota,
        cfg.DailyCostCap,
      );
      if (!allowed) {
        const used = await this.repo.usage(name, day);
        const what =
          cfg.DailyQuota > 0 && used.requests >= cfg.DailyQuota
            ? `its daily quota of ${cfg.DailyQuota} requests is used up`
            : `its daily cost cap of ${cfg.DailyCostCap} is spent (${used.cost})`;
        return { ok: false as const, kind: "quota" as const, message: `${what}; it resets at 00:00 UTC` };
      }
    }
    const limiter = this.limiters.get(name)!;
    return (await limiter.add(() => provider.search(req, signal)))!;
  }

  private filter(found: SearchCandidate[]): {
    kept: SearchCandidate[];
    filtered: { url: string; reason: string }[];
  } {
    const allow = [...this.config.Discovery.AllowDomains, ...this.config.Fetch.AllowDomains];
    const deny = [...this.config.Discovery.DenyDomains, ...this.config.Fetch.DenyDomains];
    const kept: SearchCandidate[] = [];
    const filtered: { url: string; reason: string }[] = [];
    for (const c of found) {
      let host: string;
      try {
        const u = new URL(c.url);
        if (!/^https?:$/.test(u.protocol)) throw new Error("scheme");
        host = u.hostname.toLowerCase();
      } catch {
        filtered.push({ url: c.url, reason: "not an http(s) URL" });
        continue;
      }
      if (inDomains(host, deny)) filtered.push({ url: c.url, reason: `${host} is on the deny list` });
      else if (allow.length && !inDomains(host, allow))
        filtered.push({ url: c.url, reason: `${host} is not on the allow list` });
      else kept.push(c);
    }
    return { kept, filtered };
  }

  /** Refreshes curated title indexes older than `Discovery:CuratedRefreshMinutes` (or all with `force`). */
  async refreshCurated(force = false): Promise<Record<string, Record<string, number | string>>> {
    const out: Record<string, Record<string, number | string>> = {};
    const maxAge = this.config.Discovery.CuratedRefreshMinutes * 60_000;
    for (const [name, p] of this.providers) {
      if (!(p instanceof CuratedProvider)) continue;
      const at = await this.repo.refreshedAt(name);
      if (!force && at && this.now().getTime() - at.getTime() < maxAge) continue;
      out[name] = await p.refresh(this.now());
    }
    return out;
  }
}

/**
 * Restarts a query import with a candidate the reviewer chose: a new task in the same thread,
 * carrying the earlier task's candidates (no new search, no quota spent) and the choice.
 */
export async function restartFromCandidate(
  deps: { tasks: TaskService; artifacts: ArtifactStore },
  taskId: string,
  candidateIndex: number,
  requester: Viewer,
): Promise<{ ok: true; value: CreateTaskOutput } | Failure> {
  const task = await deps.tasks.get(taskId, requester);
  if (!task.ok) return task;
  const payload = zIngestPayload.safeParse(task.row.payload);
  if (!payload.success || payload.data.mode !== "Query")
    return fail("INVALID_PAYLOAD", `Task ${taskId} is not an import by query; it has no candidates.`, {
      taskId,
    });
  let candidates = (task.value.result as { candidates?: unknown } | null)?.candidates;
  if (!Array.isArray(candidates) || !candidates.length) {
    const art = await deps.artifacts.read(taskId, "candidates.json");
    if (art) candidates = (JSON.parse(art.data.toString("utf8")) as { candidates?: unknown }).candidates;
  }
  const list = zRankedCandidate.array().safeParse(candidates ?? []);
  if (!list.success || !list.data.length)
    return fail("CANDIDATE_NOT_FOUND", `Task ${taskId} has no candidates (its search found none).`, {
      taskId,
    });
  if (candidateIndex < 0 || candidateIndex >= list.data.length)
    return fail(
      "CANDIDATE_NOT_FOUND",
      `Task ${taskId} has candidates 0 to ${list.data.length - 1}; ${candidateIndex} is not one of them.`,
      { taskId, candidateIndex, count: list.data.length },
    );
  const q = payload.data;
  const created = await deps.tasks.create({
    agentType: "Ingest",
    threadId: task.row.thread_id,
    requestedBy: requester.id,
    payload: {
      mode: "Query",
      query: q.query,
      constraints: q.constraints ?? null,
      render: q.render ?? null,
      candidates: list.data,
      candidateIndex,
      promptSelection: q.promptSelection ?? null,
      promptOverrides: q.promptOverrides ?? null,
    },
  });
  if (!created.ok) return created;
  return { ok: true, value: created.value };
}
