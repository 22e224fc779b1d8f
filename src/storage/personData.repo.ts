import { sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import type { Schema } from "./schema.ts";

/**
 * Which rows are a person's, table by table: what they own (an owner column), what hangs from
 * those rows (versions of their recipes, artifacts of their tasks, articles in their libraries),
 * and their uploads. Parents come before children, so deleting walks the list backwards.
 * Listed by hand, not walked from the foreign keys: several owner columns are text without a key
 * (recipes, items, tasks), and shared rows (an article another library also holds, the image
 * cache, parse requests shared by everyone) must stay.
 */
function personTables(id: string): { table: string; where: RawBuilder<unknown>; secret?: string[] }[] {
  const mine = (col: string) => sql`${sql.ref(col)}::text = ${id}`;
  const myLibraries = sql`library_id IN (SELECT id FROM libraries WHERE owner_id::text = ${id})`;
  const myRecipes = sql`recipe_id IN (SELECT id FROM recipes WHERE owner_id::text = ${id})`;
  const myTasks = sql`task_id IN (SELECT id FROM tasks WHERE requested_by::text = ${id})`;
  // An article is theirs when only their libraries hold it: one shared with another library stays.
  const myMedia = sql`id IN (SELECT media_id FROM library_media WHERE ${myLibraries})
    AND NOT EXISTS (SELECT 1 FROM library_media o WHERE o.media_id = media.id
      AND o.library_id NOT IN (SELECT id FROM libraries WHERE owner_id::text = ${id}))`;
  const myMediaChild = sql`media_id IN (SELECT id FROM media WHERE ${myMedia})`;
  return [
    { table: "users", where: mine("id"), secret: ["password_hash"] },
    { table: "api_tokens", where: mine("user_id"), secret: ["token_hash"] },
    { table: "libraries", where: mine("owner_id") },
    { table: "library_members", where: sql`${mine("user_id")} OR ${myLibraries}` },
    { table: "tasks", where: mine("requested_by") },
    { table: "draft_versions", where: myTasks },
    { table: "artifacts", where: myTasks },
    { table: "recipes", where: mine("owner_id") },
    { table: "recipe_versions", where: myRecipes },
    { table: "library_recipes", where: sql`${myRecipes} OR ${myLibraries}` },
    { table: "items", where: mine("user_id") },
    // Before the articles: deleting walks backwards, and "theirs" is read from these links.
    { table: "library_media", where: myLibraries },
    { table: "media", where: myMedia },
    { table: "fragments", where: myMediaChild },
    { table: "image_assets", where: myMediaChild },
    { table: "import_jobs", where: mine("user_id") },
    { table: "collection_jobs", where: mine("owner_id") },
    {
      table: "collection_items",
      where: sql`job_id IN (SELECT id FROM collection_jobs WHERE owner_id::text = ${id})`,
    },
    { table: "meal_plan_entries", where: mine("owner_id") },
    { table: "shopping_lists", where: mine("owner_id") },
    { table: "shopping_items", where: mine("owner_id") },
    { table: "pantry_items", where: mine("owner_id") },
    { table: "recipe_shares", where: mine("owner_id"), secret: ["token_hash"] },
    { table: "webhooks", where: mine("owner_id"), secret: ["secret"] },
    { table: "webhook_events", where: mine("owner_id") },
    { table: "page_archives", where: mine("owner_id") },
    { table: "highlights", where: mine("owner_id") },
    { table: "blobs", where: sql`key LIKE ${`upload/${id}/%`} OR key LIKE ${`archive/${id}/%`}` },
  ];
}

type Db = Kysely<Schema> | Transaction<Schema>;

async function existing(db: Db): Promise<Set<string>> {
  const r = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`.execute(db);
  return new Set(r.rows.map((x) => x.name));
}

/** A person's rows (reads) and their deletion, across every family. */
export class PersonDataRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /**
   * Each table's rows of the person as JSON objects (secrets left out), read in one snapshot,
   * table by table through `onTable`, so a large export never sits in memory at once.
   */
  async read(
    id: string,
    onTable: (table: string, rows: AsyncIterable<unknown[]>) => Promise<void>,
  ): Promise<void> {
    await this.db
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute(async (trx) => {
        const present = await existing(trx);
        let n = 0;
        for (const t of personTables(id)) {
          if (!present.has(t.table)) continue;
          const cursor = sql.id(`ladle_person_${++n}`);
          const minus = (t.secret ?? []).map((c) => sql` - ${c}::text`);
          await sql`DECLARE ${cursor} NO SCROLL CURSOR FOR
            SELECT to_jsonb(${sql.table(t.table)})${sql.join(minus, sql``)} AS row FROM ${sql.table(t.table)} WHERE ${t.where}`.execute(
            trx,
          );
          await onTable(t.table, {
            async *[Symbol.asyncIterator]() {
              for (;;) {
                const r = await sql<{ row: unknown }>`FETCH FORWARD 200 FROM ${cursor}`.execute(trx);
                if (!r.rows.length) break;
                yield r.rows.map((x) => x.row);
              }
            },
          });
          await sql`CLOSE ${cursor}`.execute(trx);
        }
      });
  }

  /** Deletes everything of the person, children first, in one transaction; counts per table. */
  async erase(id: string): Promise<Record<string, number>> {
    return this.db.transaction().execute(async (trx) => {
      const present = await existing(trx);
      const counts: Record<string, number> = {};
      for (const t of personTables(id).reverse()) {
        if (!present.has(t.table)) continue;
        const r = await sql`DELETE FROM ${sql.table(t.table)} WHERE ${t.where}`.execute(trx);
        const n = Number(r.numAffectedRows ?? 0);
        if (n) counts[t.table] = n;
      }
      return counts;
    });
  }
}
