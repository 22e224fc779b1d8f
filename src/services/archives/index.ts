import { ArchivesRepo } from "../../storage/archives.repo.ts";
import { ItemsRepo } from "../../storage/items.repo.ts";
import { MediaRepo } from "../../storage/media.repo.ts";
import type { StorageService } from "../backups/index.ts";
import type { Base } from "../shared/base.ts";
import type { Shared } from "../shared/index.ts";
import { ArchivesService } from "./archives.service.ts";

/** What other families use of this one. */
export { type ArchivesService } from "./archives.service.ts";

/** Kept copies of pages (full-page archives) of articles and bookmarks, counted in a person's room. */
export function createArchives(
  { config, database, now, log }: Base,
  deps: { shared: Pick<Shared, "gateway">; storage: StorageService },
) {
  const db = database.db;
  return {
    archives: new ArchivesService({
      config,
      repo: new ArchivesRepo(db),
      media: new MediaRepo(db),
      items: new ItemsRepo(db),
      fetch: (url, o) => deps.shared.gateway.fetch(url, { render: "never", ...o }),
      roomFor: (who, bytes) => deps.storage.roomFor(who, bytes),
      now,
      log,
    }),
  };
}

/** What the family hands the composition root: its services and its jobs. */
export type Archives = ReturnType<typeof createArchives>;
