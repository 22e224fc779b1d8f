import { submittedUrlProblem } from "../shared/submittedUrl.ts";
import type { Logger } from "pino";
import type { Config } from "../../config.ts";
import type { Ingredient } from "../../domain/recipe.ts";
import type {
  ParsedIngredient,
  ParsedRecipe,
  ParseRequestState,
  ParseRequestStatus,
} from "../../domain/parseRequest.ts";
import { fail, type Failure } from "../../errors.ts";
import { metrics } from "../../metrics.ts";
import { urlKey } from "../../domain/normalizeUrl.ts";
import type { PipelineContext } from "../../pipeline/context.ts";
import { JobReleased } from "../../queue/queue.ts";
import type { ParsedRecipeRow, ParseRequestsRepo } from "../../storage/parseRequests.repo.ts";

/** What a submission answers: the fresh recipe (200) or the in-flight / new request (202). */
export type SubmitOutcome =
  | { ok: true; kind: "recipe"; recipe: ParsedRecipe }
  | {
      ok: true;
      kind: "request";
      requestId: string;
      status: Extract<ParseRequestStatus, "PENDING" | "PROCESSING">;
      created: boolean;
    };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 3600 * 1000;

/** The row as the API shows it. */
export function toParsedRecipe(r: ParsedRecipeRow): ParsedRecipe {
  return { title: r.title, ingredients: r.ingredients, parsedAt: r.parsedAt.toISOString() };
}

/** A parsed ingredient line as the document's `{qty, unit, name}`, with the line kept. */
export function toParsedIngredient(i: Ingredient): ParsedIngredient {
  // The extractor writes 0 for "no quantity read"; the document's qty is absent then.
  return { qty: i.quantity > 0 ? i.quantity : null, unit: i.unit, name: i.name, text: i.text };
}

/**
 * Parse requests: a cached URL → recipe service. A fresh recipe is answered
 * at once; otherwise one request per URL is in flight at a time and the worker parses the page with
 * the recipe pipeline, upserting the recipe in place.
 */
export class ParseRequestService {
  private readonly config: Config;
  private readonly repo: ParseRequestsRepo;
  private readonly enqueue: (requestId: string, owner?: string | null) => Promise<void>;
  private readonly now: () => Date;
  private readonly log: Logger;

  constructor(
    config: Config,
    repo: ParseRequestsRepo,
    enqueue: (requestId: string, owner?: string | null) => Promise<void>,
    now: () => Date,
    log: Logger,
  ) {
    this.config = config;
    this.repo = repo;
    this.enqueue = enqueue;
    this.now = now;
    this.log = log;
  }

  /** Oldest `parsed_at` still fresh: now minus `Recipe:Ttl:Days`. */
  private freshAfter(): Date {
    return new Date(this.now().getTime() - this.config.Recipe.Ttl.Days * DAY_MS);
  }

  /**
   * The submission flow: fresh recipe → it (no request row); a request in flight for the URL → it
   * (dedup, nothing queued); otherwise the URL registered and a new PENDING request queued.
   */
  async submit(url: string, userId: string | null): Promise<SubmitOutcome | Failure> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return fail("PARSE_URL_INVALID");
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return fail("PARSE_URL_INVALID");
    const refused = submittedUrlProblem(url, this.config);
    if (refused) return fail("PARSE_URL_INVALID", refused);
    const key = urlKey(url);
    const freshAfter = this.freshAfter();
    const fresh = await this.repo.freshRecipe(key, freshAfter);
    if (fresh) {
      metrics.parseRequests.inc({ answer: "cached" });
      return { ok: true, kind: "recipe", recipe: toParsedRecipe(fresh) };
    }
    await this.repo.registerUrl({ urlKey: key, url });
    const r = await this.repo.insertOrReturnInFlight(key, userId, this.now(), freshAfter);
    if (!r) {
      // A request completed between the freshness check and the insert: its recipe is the answer.
      const now = await this.repo.freshRecipe(key, freshAfter);
      if (now) return { ok: true, kind: "recipe", recipe: toParsedRecipe(now) };
      return this.submit(url, userId);
    }
    metrics.parseRequests.inc({ answer: r.created ? "created" : "deduplicated" });
    if (r.created) {
      try {
        await this.enqueue(r.id, userId);
      } catch (err) {
        // The request stays PENDING (the document's "Kafka unavailable"); the reaper re-sends it.
        this.log.warn({ err, requestId: r.id }, "parse request not queued; the reaper will re-send it");
      }
    }
    return {
      ok: true,
      kind: "request",
      requestId: r.id,
      status: r.status as "PENDING" | "PROCESSING",
      created: r.created,
    };
  }

  /** The poll answer for every state; null when there is no such request. */
  async get(requestId: string): Promise<ParseRequestState | null> {
    if (!UUID.test(requestId)) return null;
    const row = await this.repo.get(requestId.toLowerCase());
    if (!row) return null;
    const state: ParseRequestState = { requestId: row.id, status: row.status };
    if (row.status === "COMPLETED") {
      const recipe = await this.repo.recipe(row.urlHash);
      if (recipe) state.recipe = toParsedRecipe(recipe);
    }
    if (row.status === "FAILED") state.error = row.errorMessage ?? "Parsing failed.";
    return state;
  }

  /**
   * The worker: PENDING → PROCESSING, then the page fetched (shared single-flight fetch) and parsed
   * with the recipe pipeline → COMPLETED with the recipe upserted in place, or FAILED with the
   * reason. Every outcome of the page ends the request; only a database failure throws (the queue
   * retries, the reaper ends what stays stuck).
   */
  async process(requestId: string, ctx: Omit<PipelineContext, "onPhase">): Promise<void> {
    if (!(await this.repo.claim(requestId, this.now()))) return;
    const row = await this.repo.get(requestId);
    if (!row) return;
    let outcome:
      { ok: true; title: string | null; ingredients: ParsedIngredient[] } | { ok: false; message: string };
    try {
      // The pipeline loads with the first request processed (never in an API process).
      const { runUrlImport } = await import("../../pipeline/urlImport.ts");
      const r = await runUrlImport(ctx, row.url);
      if (!r.ok) outcome = { ok: false, message: r.message };
      else {
        const ingredients = r.draft.recipe.ingredients.map(toParsedIngredient);
        const title = r.draft.recipe.name.trim().slice(0, 500) || null;
        outcome = ingredients.length
          ? { ok: true, title, ingredients }
          : { ok: false, message: "The page has a recipe but no ingredient list could be read." };
      }
    } catch (err) {
      this.log.error({ err, requestId }, "parse request crashed");
      outcome = { ok: false, message: "Parsing failed unexpectedly; submit the URL again to retry." };
    }
    // Released at shutdown: no final state; the job goes back to the queue and another worker
    // takes the PROCESSING request up again.
    if (ctx.signal?.aborted) throw new JobReleased(`parse request ${requestId} released at shutdown`);
    const at = this.now();
    if (outcome.ok) {
      await this.repo.complete(
        requestId,
        { urlHash: row.urlHash, title: outcome.title, ingredients: outcome.ingredients },
        at,
      );
    } else await this.repo.fail(requestId, outcome.message, at);
    this.log.info({ requestId, status: outcome.ok ? "COMPLETED" : "FAILED" }, "parse request finished");
  }

  /**
   * The reaper: fails requests PROCESSING longer than `ParseRequests:StuckAfterMinutes` (their
   * worker is gone) and re-sends PENDING ones that long unqueued.
   */
  async reap(): Promise<{ failed: string[]; resent: string[] }> {
    const minutes = this.config.ParseRequests.StuckAfterMinutes;
    const at = this.now();
    const before = new Date(at.getTime() - minutes * 60_000);
    const failed = await this.repo.failStuck(
      before,
      `Parsing did not finish within ${minutes} minutes; submit the URL again to retry.`,
      at,
    );
    const resent: string[] = [];
    for (const id of await this.repo.stalePending(before)) {
      await this.enqueue(id);
      await this.repo.touchPending(id, at);
      resent.push(id);
    }
    if (failed.length || resent.length) this.log.info({ failed, resent }, "parse request reaper");
    return { failed, resent };
  }

  /** Requests by status. */
  counts(): Promise<Record<ParseRequestStatus, number>> {
    return this.repo.counts();
  }
}
