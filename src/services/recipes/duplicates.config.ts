import { z } from "zod";
import { zBool } from "../../configParts.ts";

// The Duplicates section. Declared beside the code that reads it.

export const zDuplicates = z.object({
  /**
   * What a commit that names no `duplicateAction` does when the draft matches a recipe the caller
   * has: false (default) keeps both with a warning, as recipe-ingest-agent.md's "Duplicate URL
   * Handling" (v1) requires; true answers 409 DUPLICATE_RECIPE with the matches, so every client
   * must choose. The web UI always asks, whatever this says.
   */
  AskOnCommit: zBool().default(false),
});
