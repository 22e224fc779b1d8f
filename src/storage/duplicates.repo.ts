import { sql, type Kysely } from "kysely";
import type { Viewer } from "../domain/user.ts";
import { recipeEditable, recipeReadable } from "./access.ts";
import type { RecipeRow, Schema } from "./schema.ts";

/** Escapes LIKE's wildcards in a word. */
const like = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The rows a duplicate check compares against. Recipes come from what the viewer may
 * read (their own and their libraries'), never anyone else's.
 */
export class DuplicatesRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /**
   * Live recipes the viewer may read with the same duplicate key, or whose name holds one of
   * `titleWords` (a cheap prefilter; the detector decides). `editable`: the viewer may change it.
   */
  async recipeCandidates(
    viewer: Viewer,
    q: { dupKey: string | null; titleWords: readonly string[]; limit?: number },
  ): Promise<(RecipeRow & { editable: boolean })[]> {
    const words = q.titleWords.filter((w) => w.length >= 3).slice(0, 6);
    if (!q.dupKey && !words.length) return [];
    return this.db
      .selectFrom("recipes")
      .selectAll()
      .select((eb) => sql<boolean>`${recipeEditable(viewer)(eb)}`.as("editable"))
      .where("deleted_at", "is", null)
      .where(recipeReadable(viewer))
      .where((eb) =>
        eb.or([
          ...(q.dupKey ? [eb("dup_key", "=", q.dupKey)] : []),
          ...words.map((w) => eb("name", "ilike", like(w))),
        ]),
      )
      .orderBy(sql`(dup_key = ${q.dupKey ?? ""})`, "desc")
      .orderBy("created_at", "desc")
      .limit(q.limit ?? 200)
      .execute();
  }
}
