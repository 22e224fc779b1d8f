import type { Kysely } from "kysely";
import type { Schema } from "./schema.ts";

export interface ShoppingListRow {
  id: string;
  owner_id: string;
  library_id: string;
  name: string;
  units: string;
  sources: unknown;
  created_at: Date;
  updated_at: Date;
}

export interface ShoppingItemRow {
  id: string;
  list_id: string;
  position: number;
  aisle: string;
  name: string;
  text: string;
  detail: unknown;
  pantry: boolean;
  checked: boolean;
}

export interface PantryItemRow {
  id: string;
  library_id: string;
  name: string;
  key: string;
  created_at: Date;
}

/**
 * Shopping lists, their lines and the pantry. Every read and write is limited, in SQL, to the
 * libraries the caller belongs to: another household's list is not found.
 */
export class ShoppingListsRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  private memberLibraries(userId: string) {
    return this.db.selectFrom("library_members").select("library_id").where("user_id", "=", userId);
  }

  /** A list and its lines, in one transaction. */
  async insert(
    list: { id: string; ownerId: string; libraryId: string; name: string; units: string; sources: unknown },
    items: { id: string; aisle: string; name: string; text: string; detail: unknown; pantry: boolean }[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("shopping_lists")
        .values({
          id: list.id,
          owner_id: list.ownerId,
          library_id: list.libraryId,
          name: list.name,
          units: list.units,
          sources: JSON.stringify(list.sources),
        })
        .execute();
      if (items.length)
        await trx
          .insertInto("shopping_items")
          .values(
            items.map((it, i) => ({
              id: it.id,
              list_id: list.id,
              owner_id: list.ownerId,
              library_id: list.libraryId,
              position: i,
              aisle: it.aisle,
              name: it.name,
              text: it.text,
              detail: JSON.stringify(it.detail),
              pantry: it.pantry,
            })),
          )
          .execute();
    });
  }

  async list(
    userId: string,
    limit: number,
  ): Promise<(ShoppingListRow & { items: number; checked: number })[]> {
    return (
      await this.db
        .selectFrom("shopping_lists as l")
        .selectAll("l")
        .select((eb) => [
          eb
            .selectFrom("shopping_items as i")
            .select((e) => e.fn.countAll<string>().as("n"))
            .whereRef("i.list_id", "=", "l.id")
            .where("i.pantry", "=", false)
            .as("items"),
          eb
            .selectFrom("shopping_items as i")
            .select((e) => e.fn.countAll<string>().as("n"))
            .whereRef("i.list_id", "=", "l.id")
            .where("i.pantry", "=", false)
            .where("i.checked", "=", true)
            .as("checked"),
        ])
        .where("l.library_id", "in", this.memberLibraries(userId))
        .orderBy("l.created_at", "desc")
        .limit(limit)
        .execute()
    ).map((r) => ({ ...r, items: Number(r.items), checked: Number(r.checked) })) as (ShoppingListRow & {
      items: number;
      checked: number;
    })[];
  }

  async get(
    userId: string,
    id: string,
  ): Promise<{ list: ShoppingListRow; items: ShoppingItemRow[] } | undefined> {
    const list = await this.db
      .selectFrom("shopping_lists")
      .selectAll()
      .where("id", "=", id)
      .where("library_id", "in", this.memberLibraries(userId))
      .executeTakeFirst();
    if (!list) return undefined;
    const items = await this.db
      .selectFrom("shopping_items")
      .select(["id", "list_id", "position", "aisle", "name", "text", "detail", "pantry", "checked"])
      .where("list_id", "=", id)
      .orderBy("position")
      .execute();
    return { list: list as ShoppingListRow, items: items as ShoppingItemRow[] };
  }

  /** Ticks or unticks a line; false when the caller cannot see the list or it has no such line. */
  async setChecked(
    userId: string,
    listId: string,
    itemId: string,
    checked: boolean,
    at: Date,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable("shopping_items")
      .set({ checked, updated_at: at })
      .where("id", "=", itemId)
      .where("list_id", "=", listId)
      .where("library_id", "in", this.memberLibraries(userId))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    await this.db.updateTable("shopping_lists").set({ updated_at: at }).where("id", "=", listId).execute();
    return true;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom("shopping_lists")
      .where("id", "=", id)
      .where("library_id", "in", this.memberLibraries(userId))
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async pantry(userId: string, libraryId: string): Promise<PantryItemRow[]> {
    return this.db
      .selectFrom("pantry_items")
      .select(["id", "library_id", "name", "key", "created_at"])
      .where("library_id", "=", libraryId)
      .where("library_id", "in", this.memberLibraries(userId))
      .orderBy("name")
      .execute();
  }

  /** Adds a pantry item; the existing one when the library already keeps it. */
  async addPantry(p: {
    id: string;
    ownerId: string;
    libraryId: string;
    name: string;
    key: string;
  }): Promise<PantryItemRow> {
    await this.db
      .insertInto("pantry_items")
      .values({ id: p.id, owner_id: p.ownerId, library_id: p.libraryId, name: p.name, key: p.key })
      .onConflict((oc) => oc.columns(["library_id", "key"]).doNothing())
      .execute();
    return this.db
      .selectFrom("pantry_items")
      .select(["id", "library_id", "name", "key", "created_at"])
      .where("library_id", "=", p.libraryId)
      .where("key", "=", p.key)
      .executeTakeFirstOrThrow();
  }

  async removePantry(userId: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom("pantry_items")
      .where("id", "=", id)
      .where("library_id", "in", this.memberLibraries(userId))
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
