import { SearchRepo } from "../../storage/search.repo.ts";
import type { Base } from "../shared/base.ts";
import { SearchService } from "./search.service.ts";

/** Search over recipes, articles and bookmarks. */
export function createSearch({ database }: Base) {
  return { search: new SearchService(new SearchRepo(database.db)) };
}

/** What the family hands the composition root: its services and its jobs. */
export type Search = ReturnType<typeof createSearch>;
