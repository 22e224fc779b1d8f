import type { Kysely } from "kysely";
import type { RecipeRow, Schema } from "./schema.ts";

export interface RecipeShareRow {
  id: string;
  recipe_id: string;
  owner_id: string;
  library_id: string;
  created_at: Date;
  revoked_at: Date | null;
}

/** Public links to one recipe: looked up by the token's hash; listed and revoked by their owner only. */
export class RecipeSharesRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  async insert(s: {
    id: string;
    tokenHash: string;
    recipeId: string;
    ownerId: string;
    libraryId: string;
    at: Date;
  }): Promise<RecipeShareRow> {
    return this.db
      .insertInto("recipe_shares")
      .values({
        id: s.id,
        token_hash: s.tokenHash,
        recipe_id: s.recipeId,
        owner_id: s.ownerId,
        library_id: s.libraryId,
        created_at: s.at,
      })
      .returning(["id", "recipe_id", "owner_id", "library_id", "created_at", "revoked_at"])
      .executeTakeFirstOrThrow();
  }

  /** The owner's live links to a recipe, newest first. */
  async listOwned(ownerId: string, recipeId: string): Promise<RecipeShareRow[]> {
    return this.db
      .selectFrom("recipe_shares")
      .select(["id", "recipe_id", "owner_id", "library_id", "created_at", "revoked_at"])
      .where("owner_id", "=", ownerId)
      .where("recipe_id", "=", recipeId)
      .where("revoked_at", "is", null)
      .orderBy("created_at", "desc")
      .execute();
  }

  /** Turns a link off; false when it is not the owner's (or already off). */
  async revoke(ownerId: string, id: string, at: Date): Promise<boolean> {
    const r = await this.db
      .updateTable("recipe_shares")
      .set({ revoked_at: at })
      .where("id", "=", id)
      .where("owner_id", "=", ownerId)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** The live recipe a live link opens, or undefined. */
  async open(tokenHash: string): Promise<RecipeRow | undefined> {
    return this.db
      .selectFrom("recipe_shares as s")
      .innerJoin("recipes as r", "r.id", "s.recipe_id")
      .selectAll("r")
      .where("s.token_hash", "=", tokenHash)
      .where("s.revoked_at", "is", null)
      .where("r.deleted_at", "is", null)
      .executeTakeFirst();
  }
}
