import type { ArticlesService } from "../articles/index.ts";
import type { ItemService } from "../items/index.ts";
import type { Base } from "../shared/base.ts";
import type { Shared } from "../shared/index.ts";
import type { TaskService } from "../tasks/index.ts";
import type { UsersService } from "../users/index.ts";
import { CaptureService } from "./capture.service.ts";

/**
 * Pages the cook's own browser sent (the bookmarklet's window, the extension, the CLI, MCP), read
 * through the same use cases as fetched pages: a recipe task, an article or a bookmark.
 */
export function createCaptures(
  { config, now }: Base,
  deps: {
    shared: Pick<Shared, "blobs">;
    tasks: TaskService;
    articles: ArticlesService;
    items: ItemService;
    users: UsersService;
  },
) {
  return {
    captures: new CaptureService({
      config,
      blobs: deps.shared.blobs,
      tasks: deps.tasks,
      articles: deps.articles,
      items: deps.items,
      users: deps.users,
      now,
    }),
  };
}

/** What the family hands the composition root: its services and its jobs. */
export type Captures = ReturnType<typeof createCaptures>;
