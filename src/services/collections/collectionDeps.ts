// What the collections service is built from (kept apart from the service: its file was over 500
// lines).
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { z } from "zod";
import type { BookmarkDraft, InteropRead } from "../../interop/types.ts";
import type { PipelineContext } from "../../pipeline/context.ts";
import type { JobQueue } from "../../queue/queue.ts";
import type { BlobsRepo } from "../../storage/blobs.repo.ts";
import type { CollectionsRepo } from "../../storage/collections.repo.ts";
import type { DuplicatesRepo } from "../../storage/duplicates.repo.ts";
import type { RecipesRepo } from "../../storage/recipes.repo.ts";
import type { Schema } from "../../storage/schema.ts";
import type { UrlRegistryRepo } from "../../storage/urlRegistry.repo.ts";
import type { ApiFetch } from "./mealieServer.ts";

export const zCommitPolicy = z.enum(["commit_clean", "review_all"]);
export type CommitPolicy = z.infer<typeof zCommitPolicy>;

export interface CollectionDeps {
  db: Kysely<Schema>;
  /** Built by createCollections (the only place a repository is constructed). */
  repos: {
    collections: CollectionsRepo;
    recipes: RecipesRepo;
    urls: UrlRegistryRepo;
    duplicates: DuplicatesRepo;
  };
  blobs: BlobsRepo;
  queue: JobQueue | null;
  /** The pipeline for URL entries (each fetched and read like a single import). */
  context: (signal?: AbortSignal) => Omit<PipelineContext, "onPhase">;
  /** Saves a bookmark for a user; `created` false when they had it already. */
  saveBookmark: (
    userId: string,
    b: BookmarkDraft,
  ) => Promise<{ ok: true; id: string; created: boolean } | { ok: false; message: string }>;
  /** Calls to a user's own server (a live Mealie) through the egress gateway, with their token. */
  fetchApi?: ApiFetch;
  log: Logger;
  now: () => Date;
  /**
   * Reads an uploaded collection file: in the bounded child process (readCollectionFile), so a
   * hostile archive never runs on the API's event loop.
   */
  readFile: (file: {
    name: string;
    bytes: Uint8Array;
  }) => Promise<{ ok: true; read: InteropRead } | { ok: false; code: string; message: string }>;
  /** Why a submitted address will never be fetched, in words for the person, or null (submittedUrl.ts). */
  urlProblem: (url: string) => string | null;
  /** Entries worked on at once inside one job (URL fetches overlap; the job holds one queue slot). */
  itemConcurrency?: number;
}
