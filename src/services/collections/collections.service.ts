import { createHash, randomUUID } from "node:crypto";
import { COLLECTION_JOB } from "./collectionJob.ts";
import { zRecipe, type Recipe, type StoredRecipe } from "../../domain/recipe.ts";
import { SYSTEM, type Viewer } from "../../domain/user.ts";
import { fail, type Failure } from "../../errors.ts";
import { httpUrl, type BookmarkDraft } from "../../interop/types.ts";
import { collectionImageKey, storedImagePath } from "./collectionImages.ts";
import { pageEntries, sourceKey, toPayload, type RecipePayload } from "./collectionPages.ts";
import { MEALIE_RECIPE, MEALIE_SERVER, mealieBase, mealieItem, type MealieServer } from "./mealieServer.ts";
import { checkRecipe } from "../../pipeline/validateRecipe.ts";
import { JobReleased, type JobQueue } from "../../queue/queue.ts";
import type { ReconcilerFamily } from "../../queue/reconciler.ts";
import type { CollectionsRepo } from "../../storage/collections.repo.ts";
import {
  type CollectionItemRow,
  type CollectionJobRow,
  type ItemResult,
  type NewCollectionItem,
} from "../../storage/collections.repo.ts";
import { recipeDuplicates } from "../recipes/index.ts";
import { entryOf, view, type CollectionView, type ReportEntry } from "./collectionView.ts";

import type { CollectionDeps, CommitPolicy } from "./collectionDeps.ts";

export type { CollectionView, ReportEntry };

/**
 * Bulk jobs: a migration file or a list of URLs becomes one job of entries, each
 * ending imported, duplicate, needs review or failed (with a reason in plain words). The job goes
 * on past failures, resumes after a restart at its first pending entry, and can be cancelled.
 */
export class CollectionService {
  readonly repo: CollectionsRepo;
  private readonly d: CollectionDeps;

  constructor(d: CollectionDeps) {
    this.d = d;
    this.repo = d.repos.collections;
  }

  /** Reads a file into a new job; an unreadable file is refused before any job exists. */
  async startFile(
    viewer: Viewer,
    file: { name: string; bytes: Uint8Array },
    policy: CommitPolicy,
  ): Promise<{ ok: true; value: CollectionJobRow } | Failure> {
    const res = await this.d.readFile(file);
    if (!res.ok)
      return fail(
        res.code === "oom" || res.code === "timeout" ? "COLLECTION_TOO_LARGE" : "COLLECTION_UNREADABLE",
        res.message,
      );
    const read = res.read;
    if (!read.entries.length) return fail("COLLECTION_UNREADABLE", "The file holds no recipes or bookmarks.");
    const items: NewCollectionItem[] = read.entries.map((e) => {
      if (!e.ok) return { label: e.label, kind: "failed", payload: null, status: "failed", reason: e.reason };
      if (e.kind === "recipe")
        return {
          label: e.label,
          kind: "recipe",
          payload: toPayload(e.draft, e.images, e.part),
          status: "pending",
          reason: null,
        };
      if (read.format === "urls")
        return {
          label: e.label,
          kind: "url",
          payload: { url: e.bookmark.url },
          status: "pending",
          reason: null,
        };
      return { label: e.label, kind: "bookmark", payload: e.bookmark, status: "pending", reason: null };
    });
    return { ok: true, value: await this.create(viewer, file.name, read.format, policy, items) };
  }

  /** A pasted list of URLs as one job; a line that is no web address is a failed entry. */
  async startUrls(
    viewer: Viewer,
    urls: string[],
    policy: CommitPolicy,
  ): Promise<{ ok: true; value: CollectionJobRow } | Failure> {
    const items: NewCollectionItem[] = urls
      .map((u) => u.trim())
      .filter(Boolean)
      .map((u) => {
        const url = httpUrl(u);
        return url
          ? { label: u, kind: "url", payload: { url }, status: "pending", reason: null }
          : {
              label: u.slice(0, 200),
              kind: "failed",
              payload: null,
              status: "failed",
              reason: "This is not a web address Ladle can import (it must start with http:// or https://).",
            };
      });
    if (!items.length) return fail("COLLECTION_UNREADABLE", "Paste at least one web address.");
    return { ok: true, value: await this.create(viewer, "Web addresses", "urls", policy, items) };
  }

  /** Every recipe of a live Mealie server as one job (listed and fetched by the worker). */
  async startMealie(
    viewer: Viewer,
    m: MealieServer,
    policy: CommitPolicy,
  ): Promise<{ ok: true; value: CollectionJobRow } | Failure> {
    const server = mealieBase(m.server);
    if (!server) return fail("COLLECTION_UNREADABLE", "Give the Mealie server's web address (https://…).");
    if (!m.token.trim()) return fail("COLLECTION_UNREADABLE", "Give an API token of your Mealie account.");
    // Refused at create, as every family refuses a private address (the worker checks again, with DNS).
    const refused = this.d.urlProblem(server);
    if (refused) return fail("INVALID_REQUEST", refused);
    const item = { server, token: m.token.trim() };
    const label = `Mealie at ${new URL(server).host}`;
    return {
      ok: true,
      value: await this.create(viewer, label, "mealie", policy, [
        { label, kind: MEALIE_SERVER, payload: item, status: "pending", reason: null },
      ]),
    };
  }

  private async create(
    viewer: Viewer,
    name: string,
    format: string,
    policy: CommitPolicy,
    items: NewCollectionItem[],
  ): Promise<CollectionJobRow> {
    const id = randomUUID();
    const row = await this.repo.create(
      { id, ownerId: viewer.id, name: name.slice(0, 200), format, policy, at: this.d.now() },
      items,
    );
    if (row.status !== "completed") await this.enqueue(id, viewer.id);
    return row;
  }

  private async enqueue(id: string, owner: string): Promise<void> {
    if (this.d.queue) await this.d.queue.send(COLLECTION_JOB, { jobId: id }, { key: id, owner });
    else
      void this.run(id).catch((err: unknown) =>
        this.d.log.error({ err, jobId: id }, "collection job crashed"),
      );
  }

  /** Starts this process's collection workers. */
  async work(queue: JobQueue, concurrency: number): Promise<void> {
    await queue.work(COLLECTION_JOB, concurrency, ({ jobId }, ctx) => this.run(jobId, ctx.signal));
  }

  /**
   * Works a job's pending entries to the end (or until cancelled, or the process stops). Each
   * entry's result and the recipe or bookmark it made are written together, so a job killed
   * mid-way resumes here without losing or repeating an entry.
   */
  async run(jobId: string, signal?: AbortSignal): Promise<void> {
    const job = await this.repo.get(jobId, SYSTEM);
    if (!job || (job.status !== "queued" && job.status !== "running")) return;
    await this.repo.setStatus(jobId, "running", this.d.now());
    const owner: Viewer = { id: job.owner_id, role: "user" };
    const width = Math.max(1, this.d.itemConcurrency ?? 4);
    for (;;) {
      // Shutting down: the job goes back to the queue and resumes at the first pending entry.
      if (signal?.aborted) throw new JobReleased("collection job released at shutdown");
      const fresh = await this.repo.get(jobId, SYSTEM);
      if (!fresh || fresh.status === "cancelled") return;
      const batch = await this.repo.pending(jobId, width);
      if (!batch.length) break;
      await Promise.all(batch.map((item) => this.runItem(job, owner, item, signal)));
    }
    await this.repo.setStatus(jobId, "completed", this.d.now());
  }

  private async runItem(
    job: CollectionJobRow,
    owner: Viewer,
    item: CollectionItemRow,
    signal?: AbortSignal,
  ): Promise<void> {
    let result: ItemResult;
    try {
      result = await this.outcome(job, owner, item, signal);
    } catch (err) {
      if (signal?.aborted) return;
      this.d.log.warn({ err, jobId: job.id, seq: item.seq }, "collection entry failed");
      result = {
        status: "failed",
        reason: "Something went wrong while importing this entry; try it again on its own.",
      };
    }
    if (result.status === "__written") return;
    await this.repo.settle(job.id, item.seq, result, this.d.now());
  }

  /** What becomes of one entry (a recipe committed here settles itself inside its transaction). */
  private async outcome(
    job: CollectionJobRow,
    owner: Viewer,
    item: CollectionItemRow,
    signal?: AbortSignal,
  ): Promise<ItemResult> {
    if (item.kind === "bookmark") {
      const saved = await this.d.saveBookmark(owner.id, item.payload as BookmarkDraft);
      if (!saved.ok) return { status: "failed", reason: saved.message };
      return saved.created
        ? { status: "imported", resultId: saved.id }
        : { status: "duplicate", duplicateOf: saved.id };
    }
    let payload: RecipePayload;
    if (item.kind === "url") {
      const url = (item.payload as { url: string }).url;
      // Every page is read, even one whose address is known already: it may hold recipes not
      // imported yet (each recipe's duplicate check below stops the ones that were).
      const ctx = this.d.context(signal);
      // The pipeline loads with the first page a collection reads (never in an API process).
      const { runUrlImport } = await import("../../pipeline/urlImport.ts");
      const r = await runUrlImport(ctx, url);
      if (!r.ok) return { status: "failed", reason: r.message };
      const { first, more } = await pageEntries(ctx, url, r);
      if (more.length) {
        // The page's recipes become entries of the job before any is saved (resumable as they are).
        if (!(await this.repo.split(job.id, item.seq, { ...first, kind: "recipe" }, more, this.d.now())))
          return { status: "__written" };
      }
      payload = first.payload;
    } else if (item.kind === MEALIE_SERVER || item.kind === MEALIE_RECIPE) {
      if (!this.d.fetchApi) return { status: "failed", reason: "This Ladle cannot reach other servers." };
      const got = await mealieItem(
        {
          fetch: this.d.fetchApi,
          now: this.d.now,
          split: (first, more) => this.repo.split(job.id, item.seq, first, more, this.d.now()),
        },
        item,
        signal,
      );
      if (!("draft" in got)) return got;
      payload = got;
    } else payload = item.payload as RecipePayload;
    const dup = await this.d.repos.recipes.findLiveBySourceKey(
      sourceKey(payload.draft.source.url, payload.part),
      owner,
    );
    if (dup) return { status: "duplicate", duplicateOf: dup.id };
    // The one detector of the review screen, so bulk imports report the same duplicates.
    // A page's second recipe shares its address with the first: only its title and ingredients count.
    const { recipe, source } = payload.draft;
    const [alike] = await recipeDuplicates(
      this.d.repos.duplicates,
      owner,
      recipe,
      /^https?:/i.test(source.url) && !payload.part ? source.url : null,
      1,
    );
    if (alike) return { status: "duplicate", duplicateOf: alike.recipeId };
    const clean = payload.draft.validation.errors.length === 0 && !payload.draft.similarity?.violatesPolicy;
    if (job.policy !== "commit_clean" || !clean) {
      const why = payload.draft.validation.errors.length
        ? `Held for review: ${payload.draft.validation.errors.join(" ")}`
        : payload.draft.similarity?.violatesPolicy
          ? "Held for review: the steps are the site's own words."
          : "Held for review, as chosen for this import.";
      return { status: "needs_review", reason: why, keepPayload: true };
    }
    const settled = await this.commitRecipe(
      job.id,
      item.seq,
      owner,
      payload.draft.recipe,
      payload,
      "pending",
    );
    return settled.ok ? { status: "__written" } : { status: "failed", reason: settled.message };
  }

  /**
   * Writes the recipe, its picture and the entry's result in one transaction; the entry must still
   * be in `from` (pending, or needs_review for a reviewed one), else nothing is written.
   */
  private async commitRecipe(
    jobId: string,
    seq: number,
    owner: Viewer,
    recipeIn: Recipe,
    payload: RecipePayload,
    from: "pending" | "needs_review",
  ): Promise<{ ok: true; recipe: StoredRecipe } | Failure> {
    const at = this.d.now();
    const source = payload.draft.source;
    const id = randomUUID();
    const image = payload.images[0];
    const recipe: StoredRecipe = {
      ...recipeIn,
      id,
      source,
      imageUrl: image ? storedImagePath(id) : recipeIn.imageUrl,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
      taskId: null,
      commitWarnings: [],
      guardrailOverride: null,
      version: 1,
      deletedAt: null,
    };
    const key = sourceKey(source.url, payload.part);
    const written = await this.d.db.transaction().execute(async (trx) => {
      const repo = this.repo.withDb(trx);
      const won =
        from === "pending"
          ? await repo.settle(jobId, seq, { status: "imported", resultId: id }, at)
          : !!(await repo.review(
              jobId,
              seq,
              { status: "imported", resultId: id, reason: null, payload: null },
              at,
            ));
      if (!won) return false;
      await this.d.repos.recipes.withDb(trx).insert({
        id,
        name: recipe.name,
        document: recipe,
        sourceUrl: source.url,
        sourceUrlKey: key,
        taskId: null,
        at,
        ownerId: owner.id,
        version: { kind: "import", createdBy: null, provenance: source, note: "imported from a collection" },
      });
      if (/^https?:/i.test(source.url) && !payload.part)
        await this.d.repos.urls.withDb(trx).setRecipe(key, id);
      return true;
    });
    if (!written) return fail("COLLECTION_ITEM_NOT_REVIEWABLE");
    if (image)
      await this.d.blobs.put(collectionImageKey(id), Buffer.from(image.base64, "base64"), image.contentType);
    return { ok: true, recipe };
  }

  /** A job of `viewer` with counts per result. */
  async get(id: string, viewer: Viewer): Promise<{ ok: true; value: CollectionView } | Failure> {
    const job = await this.repo.get(id, viewer);
    if (!job) return fail("COLLECTION_NOT_FOUND");
    return { ok: true, value: view(job, await this.repo.counts(id)) };
  }

  async list(viewer: Viewer): Promise<CollectionView[]> {
    const jobs = await this.repo.list(viewer);
    return Promise.all(jobs.map(async (j) => view(j, await this.repo.counts(j.id))));
  }

  /** The per-entry report. */
  async report(id: string, viewer: Viewer): Promise<{ ok: true; value: ReportEntry[] } | Failure> {
    if (!(await this.repo.get(id, viewer))) return fail("COLLECTION_NOT_FOUND");
    return { ok: true, value: (await this.repo.items(id, viewer)).map(entryOf) };
  }

  /** One held draft, to fix. */
  async draft(
    id: string,
    seq: number,
    viewer: Viewer,
  ): Promise<{ ok: true; value: { entry: ReportEntry; recipe: Recipe; warnings: string[] } } | Failure> {
    const item = await this.repo.item(id, seq, viewer);
    if (!item) return fail("COLLECTION_NOT_FOUND");
    if (item.status !== "needs_review") return fail("COLLECTION_ITEM_NOT_REVIEWABLE");
    const p = item.payload as RecipePayload;
    return {
      ok: true,
      value: { entry: entryOf(item), recipe: p.draft.recipe, warnings: p.draft.validation.warnings },
    };
  }

  /** Commits a held draft, with the reviewer's fixes when given. */
  async commit(
    id: string,
    seq: number,
    viewer: Viewer,
    edited?: unknown,
  ): Promise<{ ok: true; value: StoredRecipe } | Failure> {
    const item = await this.repo.item(id, seq, viewer);
    if (!item) return fail("COLLECTION_NOT_FOUND");
    if (item.status !== "needs_review" || !item.payload) return fail("COLLECTION_ITEM_NOT_REVIEWABLE");
    const payload = item.payload as RecipePayload;
    let recipe = payload.draft.recipe;
    if (edited !== undefined) {
      const parsed = zRecipe.safeParse(edited);
      if (!parsed.success)
        return fail(
          "INVALID_RECIPE",
          `The recipe is not valid: ${parsed.error.issues[0]?.message ?? "check its fields"}.`,
        );
      recipe = parsed.data;
    }
    const check = checkRecipe(recipe);
    if (check.errors.length) return fail("INVALID_RECIPE", check.errors.map((e) => e.message).join(" "));
    const job = await this.repo.get(id, viewer);
    const owner: Viewer = { id: job!.owner_id, role: "user" };
    const r = await this.commitRecipe(id, seq, owner, recipe, payload, "needs_review");
    return r.ok ? { ok: true, value: r.recipe } : r;
  }

  /** Commits every held draft that has no errors; returns how many went in. */
  async commitClean(
    id: string,
    viewer: Viewer,
  ): Promise<{ ok: true; value: { committed: number; left: number } } | Failure> {
    if (!(await this.repo.get(id, viewer))) return fail("COLLECTION_NOT_FOUND");
    let committed = 0;
    let left = 0;
    for (const item of await this.repo.items(id, viewer, "needs_review")) {
      const r = await this.commit(id, item.seq, viewer);
      if (r.ok) committed++;
      else left++;
    }
    return { ok: true, value: { committed, left } };
  }

  async cancel(id: string, viewer: Viewer): Promise<{ ok: true; value: CollectionView } | Failure> {
    const row = await this.repo.cancel(id, viewer, this.d.now());
    if (!row) return fail("COLLECTION_NOT_FOUND");
    return { ok: true, value: view(row, await this.repo.counts(id)) };
  }

  /** A picture that came inside an imported file, for whoever may read the recipe. */
  async image(
    recipeId: string,
    viewer: Viewer,
  ): Promise<{ ok: true; value: { data: Buffer; contentType: string; sha256: string } } | Failure> {
    const row = await this.d.repos.recipes.get(recipeId, viewer);
    if (!row) return fail("NOT_FOUND", "No such picture.");
    const blob = await this.d.blobs.get(collectionImageKey(recipeId));
    if (!blob) return fail("NOT_FOUND", "No such picture.");
    const sha256 = createHash("sha256").update(blob.data).digest("hex");
    return { ok: true, value: { data: blob.data, contentType: blob.contentType, sha256 } };
  }

  /** Jobs whose worker vanished are sent again; they resume at their first pending entry. */
  reconcilerFamily(): ReconcilerFamily {
    return {
      family: "collections",
      queue: COLLECTION_JOB.name,
      findStale: async (before, limit) =>
        (await this.repo.stale(before, limit)).map((j) => ({ id: j.id, requeues: 0 })),
      requeue: async (id) => {
        const job = await this.repo.get(id, SYSTEM);
        if (job) await this.enqueue(id, job.owner_id);
      },
      failDead: async (id, failure) => this.repo.setStatus(id, "failed", this.d.now(), failure.message),
    };
  }
}
