import { HighlightsRepo } from "../../storage/highlights.repo.ts";
import { MediaRepo } from "../../storage/media.repo.ts";
import type { Base } from "../shared/base.ts";
import { HighlightsService } from "./highlights.service.ts";

/** Highlights and notes on articles, anchored so they survive a re-read of the article. */
export function createHighlights({ database, now }: Base) {
  const db = database.db;
  return {
    highlights: new HighlightsService({ repo: new HighlightsRepo(db), media: new MediaRepo(db), now }),
  };
}

/** What the family hands the composition root: its services and its jobs. */
export type Highlights = ReturnType<typeof createHighlights>;
