import { sql, type Kysely } from "kysely";
import type { Schema } from "./schema.ts";

/** A planned meal as read: with its recipe's name and picture. */
export interface MealPlanRow {
  id: string;
  owner_id: string;
  library_id: string;
  day: string;
  meal: string | null;
  recipe_id: string;
  servings: number | null;
  created_at: Date;
  recipe_name: string;
  recipe_document: unknown;
}

/** Meals on days. Every read and write is limited, in SQL, to libraries the caller belongs to. */
export class MealPlansRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  private memberLibraries(userId: string) {
    return this.db.selectFrom("library_members").select("library_id").where("user_id", "=", userId);
  }

  async insert(e: {
    id: string;
    ownerId: string;
    libraryId: string;
    day: string;
    meal: string | null;
    recipeId: string;
    servings: number | null;
  }): Promise<void> {
    await this.db
      .insertInto("meal_plan_entries")
      .values({
        id: e.id,
        owner_id: e.ownerId,
        library_id: e.libraryId,
        day: e.day,
        meal: e.meal,
        recipe_id: e.recipeId,
        servings: e.servings,
      })
      .execute();
  }

  /** The caller's planned meals from `from` to `to` (inclusive), in the given library or all theirs. */
  async list(userId: string, q: { from: string; to: string; libraryId?: string }): Promise<MealPlanRow[]> {
    let query = this.db
      .selectFrom("meal_plan_entries as m")
      .innerJoin("recipes as r", "r.id", "m.recipe_id")
      .select([
        "m.id",
        "m.owner_id",
        "m.library_id",
        sql<string>`to_char(m.day, 'YYYY-MM-DD')`.as("day"),
        "m.meal",
        "m.recipe_id",
        "m.servings",
        "m.created_at",
        "r.name as recipe_name",
        "r.document as recipe_document",
      ])
      .where("m.library_id", "in", this.memberLibraries(userId))
      .where("m.day", ">=", q.from)
      .where("m.day", "<=", q.to)
      .where("r.deleted_at", "is", null);
    if (q.libraryId) query = query.where("m.library_id", "=", q.libraryId);
    return (await query.orderBy("m.day").orderBy("m.created_at").execute()) as MealPlanRow[];
  }

  async get(userId: string, id: string): Promise<MealPlanRow | undefined> {
    return (await this.db
      .selectFrom("meal_plan_entries as m")
      .innerJoin("recipes as r", "r.id", "m.recipe_id")
      .select([
        "m.id",
        "m.owner_id",
        "m.library_id",
        sql<string>`to_char(m.day, 'YYYY-MM-DD')`.as("day"),
        "m.meal",
        "m.recipe_id",
        "m.servings",
        "m.created_at",
        "r.name as recipe_name",
        "r.document as recipe_document",
      ])
      .where("m.id", "=", id)
      .where("m.library_id", "in", this.memberLibraries(userId))
      .executeTakeFirst()) as MealPlanRow | undefined;
  }

  /** Moves a meal or changes its servings; false when the caller cannot see it. */
  async update(
    userId: string,
    id: string,
    set: { day?: string; meal?: string | null; servings?: number | null },
  ): Promise<boolean> {
    if (!Object.keys(set).length) return !!(await this.get(userId, id));
    const r = await this.db
      .updateTable("meal_plan_entries")
      .set(set)
      .where("id", "=", id)
      .where("library_id", "in", this.memberLibraries(userId))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom("meal_plan_entries")
      .where("id", "=", id)
      .where("library_id", "in", this.memberLibraries(userId))
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
