import type { Constraints } from "../domain/discovery.ts";
import type { RecipeDraft } from "../domain/draft.ts";
import type { Failure } from "../errors.ts";
import type { RankedCandidate } from "../search/rankCandidates.ts";
import type { ArtifactDraft, PipelineContext } from "./context.ts";
import { runUrlImport } from "./urlImport.ts";

/** One candidate the import tried, and how it went. */
export interface CandidateAttempt {
  index: number;
  url: string;
  outcome: "imported" | "skipped";
  code: string | null;
  reason: string | null;
}

/** What a query import needs of discovery (the DiscoveryService, or a stub). */
export type Discover = (
  query: string,
  constraints: Constraints,
) => Promise<
  | {
      ok: true;
      candidates: RankedCandidate[];
      provider: string;
      filtered: unknown[];
      skippedProviders: unknown[];
    }
  | Failure
>;

export interface QueryImportInput {
  query: string;
  constraints: Constraints;
  /** A restart: the candidates of an earlier task and the one the reviewer chose; no new search. */
  candidates?: RankedCandidate[] | null;
  candidateIndex?: number | null;
  render?: "never" | "auto" | "always" | null;
  maxAttempts: number;
}

export type QueryImportResult = (
  | { ok: true; draft: Omit<RecipeDraft, "artifacts">; artifacts: ArtifactDraft[] }
  | (Failure & { artifacts: ArtifactDraft[]; phase: string })
) & {
  candidates: RankedCandidate[];
  selectedCandidateIndex: number | null;
  attempts: CandidateAttempt[];
};

// Failures that say "this page is not the one", so the next candidate is worth a try; a budget or
// configuration failure would fail the next one the same way.
const FALL_THROUGH = new Set([
  "NO_RECIPE_FOUND",
  "NOT_A_RECIPE",
  "FETCH_BLOCKED",
  "FETCH_FAILED",
  "FETCH_TIMEOUT",
  "FETCH_HTTP_ERROR",
  "FETCH_TOO_LARGE",
  "TOO_MANY_REDIRECTS",
  "UNSUPPORTED_CONTENT_TYPE",
  "ROBOTS_DISALLOWED",
  "DOMAIN_DENIED",
  "DOMAIN_CIRCUIT_OPEN",
  "URL_NOT_ALLOWED",
  "RENDER_FAILED",
]);

/**
 * Flow A: Ingest.Discover, then Fetch → Extract → Validate on the best candidate. When a
 * candidate fails in a way another page would not (no recipe, blocked, not a recipe...), the next
 * one is tried, up to `maxAttempts`; the result names every candidate tried and why it was skipped.
 */
export async function runQueryImport(
  ctx: PipelineContext,
  input: QueryImportInput,
  discover: Discover,
): Promise<QueryImportResult> {
  const artifacts: ArtifactDraft[] = [];
  let candidates: RankedCandidate[];
  let order: number[];
  const attempts: CandidateAttempt[] = [];
  await ctx.onPhase?.("Ingest.Discover", "started", { query: input.query });
  let provider: string | null = null;
  let extra: Record<string, unknown> = {};
  if (input.candidates?.length) {
    candidates = input.candidates;
    const first = input.candidateIndex ?? 0;
    // The reviewer's choice first, then the rest in rank order.
    order = [first, ...candidates.map((_, i) => i).filter((i) => i !== first)];
    extra = { restart: true, candidateIndex: first };
  } else {
    const found = await discover(input.query, input.constraints);
    if (!found.ok)
      return {
        ...found,
        artifacts,
        phase: "Ingest.Discover",
        candidates: [],
        selectedCandidateIndex: null,
        attempts,
      };
    candidates = found.candidates;
    provider = found.provider;
    order = candidates.map((_, i) => i);
    extra = { filtered: found.filtered, skippedProviders: found.skippedProviders };
  }
  const candidatesArtifact = (): ArtifactDraft => ({
    name: "candidates.json",
    type: "candidates.json",
    contentType: "application/json",
    content: JSON.stringify(
      { query: input.query, constraints: input.constraints, provider, candidates, attempts, ...extra },
      null,
      2,
    ),
  });
  await ctx.onPhase?.("Ingest.Discover", "completed", {
    provider,
    candidates: candidates.length,
    top: candidates[order[0]!]?.url ?? null,
  });

  let last: (Failure & { artifacts: ArtifactDraft[]; phase: string }) | null = null;
  for (const index of order.slice(0, Math.max(1, input.maxAttempts))) {
    const cand = candidates[index]!;
    if (attempts.length) {
      // Reported as a discovery event: the task goes back to choosing a page.
      await ctx.onPhase?.("Ingest.Discover", "started", {
        fallThrough: true,
        candidateIndex: index,
        url: cand.url,
        previous: attempts.at(-1),
      });
      await ctx.onPhase?.("Ingest.Discover", "completed", { candidateIndex: index, url: cand.url });
    }
    const res = await runUrlImport(ctx, cand.url, input.render ?? null);
    if (res.ok) {
      attempts.push({ index, url: cand.url, outcome: "imported", code: null, reason: null });
      return {
        ok: true,
        draft: res.draft,
        artifacts: [...res.artifacts, candidatesArtifact()],
        candidates,
        selectedCandidateIndex: index,
        attempts,
      };
    }
    attempts.push({ index, url: cand.url, outcome: "skipped", code: res.code, reason: res.message });
    last = res;
    if (!FALL_THROUGH.has(res.code)) break;
  }
  const tried = attempts.length;
  return {
    ...last!,
    message:
      tried > 1
        ? `None of the ${tried} candidates tried gave a recipe; last: ${last!.message}`
        : last!.message,
    details: { ...(last!.details ?? {}), attempts },
    artifacts: [...last!.artifacts, candidatesArtifact()],
    candidates,
    selectedCandidateIndex: null,
    attempts,
  };
}
