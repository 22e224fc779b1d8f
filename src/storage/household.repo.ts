import { sql, type Kysely } from "kysely";
import type { ApiTokenRow, OneTimeLinksTable, Schema, UserRow } from "./schema.ts";
import type { Selectable } from "kysely";

export type OneTimeLinkRow = Selectable<OneTimeLinksTable>;

/** The kitchen's tables whose rows are a person's and sit in one of their libraries. */
const KITCHEN_TABLES = ["meal_plan_entries", "shopping_lists", "shopping_items", "recipe_shares"] as const;

/**
 * First run, one-time links, disabled people, sign-in sessions and handing a person's records to
 * another: the household's SQL.
 */
export class HouseholdRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  async insertLink(l: {
    id: string;
    kind: string;
    hash: string;
    userId?: string | null;
    role?: string | null;
    at: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db
      .insertInto("one_time_links")
      .values({
        id: l.id,
        kind: l.kind,
        token_hash: l.hash,
        user_id: l.userId ?? null,
        role: l.role ?? null,
        created_at: l.at,
        expires_at: l.expiresAt,
      })
      .execute();
  }

  /** Removes every unused link of a kind (a new setup code replaces the old one). */
  async deleteLinks(kind: string): Promise<void> {
    await this.db.deleteFrom("one_time_links").where("kind", "=", kind).execute();
  }

  /** A link that may still be used (unused, unexpired), without using it. */
  async liveLink(kind: string, hash: string, now: Date): Promise<OneTimeLinkRow | undefined> {
    return this.db
      .selectFrom("one_time_links")
      .selectAll()
      .where("kind", "=", kind)
      .where("token_hash", "=", hash)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
  }

  /** Uses a link once: only the first of two racing requests gets the row. */
  async takeLink(kind: string, hash: string, now: Date): Promise<OneTimeLinkRow | undefined> {
    return this.db
      .updateTable("one_time_links")
      .set({ used_at: now })
      .where("kind", "=", kind)
      .where("token_hash", "=", hash)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .returningAll()
      .executeTakeFirst();
  }

  /** The first run: the built-in user (whose records were made before it) becomes the named owner. */
  async claimOwner(userId: string, name: string, passwordHash: string): Promise<boolean> {
    const r = await this.db
      .updateTable("users")
      .set({ name, role: "admin", password_hash: passwordHash })
      .where("id", "=", userId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The person who signs in as this provider subject. */
  async byOidc(issuer: string, subject: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom("users")
      .selectAll()
      .where("oidc_issuer", "=", issuer)
      .where("oidc_subject", "=", subject)
      .executeTakeFirst();
  }

  /** The person with this e-mail, when exactly one has it (linking by verified e-mail). */
  async byEmail(email: string): Promise<UserRow | undefined> {
    const rows = await this.db
      .selectFrom("users")
      .selectAll()
      .where(sql`lower(email)`, "=", email.toLowerCase())
      .limit(2)
      .execute();
    return rows.length === 1 ? rows[0] : undefined;
  }

  /** Links a person to a provider subject (false when another person has it). */
  async linkOidc(userId: string, issuer: string, subject: string, email: string | null): Promise<boolean> {
    const other = await this.byOidc(issuer, subject);
    if (other && other.id !== userId) return false;
    await this.db
      .updateTable("users")
      .set({ oidc_issuer: issuer, oidc_subject: subject, ...(email ? { email } : {}) })
      .where("id", "=", userId)
      .execute();
    return true;
  }

  /** Whether an admin has signed in through the provider (password sign-in may then be switched off). */
  async anyOidcAdmin(): Promise<boolean> {
    const row = await this.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "admin")
      .where("oidc_subject", "is not", null)
      .where("disabled_at", "is", null)
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }

  /** Disables (or enables) a person; disabling ends every sign-in and token of theirs at once. */
  async setDisabled(userId: string, at: Date | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable("users").set({ disabled_at: at }).where("id", "=", userId).execute();
      if (at) await trx.deleteFrom("api_tokens").where("user_id", "=", userId).execute();
    });
  }

  /** Admins who may still sign in (the built-in `local` user of the open mode never signs in). */
  async activeAdmins(localName: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "admin")
      .where("disabled_at", "is", null)
      .where("name", "<>", localName)
      .execute();
    return rows.map((r) => r.id);
  }

  async disabledAt(userId: string): Promise<Date | null> {
    const row = await this.db
      .selectFrom("users")
      .select("disabled_at")
      .where("id", "=", userId)
      .executeTakeFirst();
    return row?.disabled_at ?? null;
  }

  /** A person's open sign-ins, the latest first. */
  async sessionsOf(userId: string, now: Date): Promise<ApiTokenRow[]> {
    return this.db
      .selectFrom("api_tokens")
      .selectAll()
      .where("user_id", "=", userId)
      .where("kind", "=", "session")
      .where("expires_at", ">", now)
      .orderBy("created_at", "desc")
      .execute();
  }

  /** Ends one of the person's sign-ins by id; false when they have no such sign-in. */
  async deleteSessionById(userId: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom("api_tokens")
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .where("kind", "=", "session")
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Ends every sign-in of the person but the one with `keepHash`; how many ended. */
  async deleteSessionsExcept(userId: string, keepHash: string | null): Promise<number> {
    let q = this.db.deleteFrom("api_tokens").where("user_id", "=", userId).where("kind", "=", "session");
    if (keepHash) q = q.where("token_hash", "<>", keepHash);
    const r = await q.executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /**
   * Deletes a person after handing their recipes, bookmarks, shared libraries and kitchen lists to
   * `toId`, in one transaction: what sat in their personal library moves to the receiver's.
   */
  async deleteWithTransfer(fromId: string, toId: string, toDefaultLibrary: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const fromDefault = (
        await trx
          .selectFrom("libraries")
          .select("id")
          .where("owner_id", "=", fromId)
          .where("is_default", "=", true)
          .executeTakeFirst()
      )?.id;
      // Columns are uuid in some tables and text in others: compared as text, set from untyped values.
      const moved = (col: string) =>
        sql`CASE WHEN ${sql.ref(col)}::text = ${fromDefault ?? ""} THEN ${toDefaultLibrary} ELSE ${sql.ref(col)} END`;
      await sql`UPDATE recipes SET owner_id = ${toId} WHERE owner_id::text = ${fromId}`.execute(trx);
      await sql`UPDATE items SET user_id = ${toId}, library_id = ${moved("library_id")}
                WHERE user_id::text = ${fromId}`.execute(trx);
      await sql`UPDATE collection_jobs SET owner_id = ${toId} WHERE owner_id::text = ${fromId}`.execute(trx);
      for (const table of KITCHEN_TABLES)
        await sql`UPDATE ${sql.table(table)} SET owner_id = ${toId}, library_id = ${moved("library_id")}
                  WHERE owner_id::text = ${fromId}`.execute(trx);
      // A pantry is one per library: the leaver's personal pantry goes with their personal library.
      await sql`UPDATE pantry_items SET owner_id = ${toId}
                WHERE owner_id::text = ${fromId} AND library_id::text <> ${fromDefault ?? ""}`.execute(trx);
      if (fromDefault) {
        for (const [table, col] of [
          ["library_recipes", "recipe_id"],
          ["library_media", "media_id"],
        ] as const) {
          await sql`UPDATE ${sql.table(table)} a SET library_id = ${toDefaultLibrary}
                    WHERE a.library_id::text = ${fromDefault} AND NOT EXISTS (
                      SELECT 1 FROM ${sql.table(table)} b
                      WHERE b.library_id::text = ${toDefaultLibrary} AND ${sql.ref(`b.${col}`)} = ${sql.ref(`a.${col}`)})`.execute(
            trx,
          );
        }
      }
      const shared = await trx
        .updateTable("libraries")
        .set({ owner_id: toId })
        .where("owner_id", "=", fromId)
        .where("is_default", "=", false)
        .returning("id")
        .execute();
      for (const { id } of shared)
        await trx
          .insertInto("library_members")
          .values({ library_id: id, user_id: toId, role: "admin", created_at: new Date() })
          .onConflict((oc) => oc.columns(["library_id", "user_id"]).doUpdateSet({ role: "admin" }))
          .execute();
      await trx.deleteFrom("users").where("id", "=", fromId).execute();
    });
  }
}
