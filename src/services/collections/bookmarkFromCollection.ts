import type { CreateItemRequest } from "../../domain/item.ts";
import type { BookmarkDraft } from "../../interop/types.ts";

/**
 * A bookmark read from another app's export as Ladle's create request: cut to the item's limits,
 * with what the app knew of it (tags, folder, first-saved date, archived; migration 029) so an
 * export gives it back.
 */
export function bookmarkFromCollection(b: BookmarkDraft): CreateItemRequest {
  return {
    url: b.url,
    ...(b.title ? { title: b.title.slice(0, 300) } : {}),
    ...(b.excerpt ? { excerpt: b.excerpt.slice(0, 1000) } : {}),
    tags: b.tags.map((t) => t.slice(0, 100)).slice(0, 100),
    folder: b.folder?.slice(0, 500) ?? null,
    savedAt: b.addedAt,
    archived: b.archived,
  };
}
