import type { Kysely } from "kysely";
import type { ApiTokenRow, LibraryRow, Schema, UserRow } from "./schema.ts";

/** A library row with the viewer's membership role. */
export type LibraryWithRole = LibraryRow & { role: string };

/** Users, their hashed API tokens, libraries and library members: the only SQL for them. */
export class UsersRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** The same repository over `db` (a transaction the caller holds). */
  withDb(db: Kysely<Schema>): UsersRepo {
    return new UsersRepo(db);
  }

  /**
   * Inserts a user with a default personal library (the user its admin) in one transaction.
   * Null when the name is taken.
   */
  async insertWithLibrary(u: {
    id: string;
    name: string;
    role: string;
    libraryId: string;
    /** The library's name, in the person's language. */
    libraryName?: string;
    at: Date;
  }) {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("users")
        .values({ id: u.id, name: u.name, role: u.role, created_at: u.at })
        .onConflict((oc) => oc.column("name").doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      await new UsersRepo(trx).insertDefaultLibrary(row.id, u.libraryId, u.at, u.libraryName);
      return row;
    });
  }

  /** Creates the owner's default library unless one exists; returns the default library's id. */
  async insertDefaultLibrary(
    ownerId: string,
    libraryId: string,
    at: Date,
    name = "My library",
  ): Promise<string> {
    const inserted = await this.db
      .insertInto("libraries")
      .values({ id: libraryId, name, owner_id: ownerId, is_default: true, created_at: at })
      .onConflict((oc) => oc.column("owner_id").where("is_default", "=", true).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) {
      await this.insertMember(inserted.id, ownerId, "admin", at);
      return inserted.id;
    }
    const existing = await this.defaultLibrary(ownerId);
    return existing!.id;
  }

  /**
   * Renames the person's own library from `from` to `to`, only while it still has the name Ladle
   * gave it (a name the person chose stays).
   */
  async renameUntouchedDefaultLibrary(ownerId: string, from: string, to: string): Promise<void> {
    await this.db
      .updateTable("libraries")
      .set({ name: to })
      .where("owner_id", "=", ownerId)
      .where("is_default", "=", true)
      .where("name", "=", from)
      .execute();
  }

  async defaultLibrary(ownerId: string): Promise<LibraryRow | undefined> {
    return this.db
      .selectFrom("libraries")
      .selectAll()
      .where("owner_id", "=", ownerId)
      .where("is_default", "=", true)
      .executeTakeFirst();
  }

  async byName(name: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("name", "=", name).executeTakeFirst();
  }

  async byId(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The person's language and units (undefined when there is no such person). */
  async settings(id: string): Promise<{ language: string | null; units: string | null } | undefined> {
    return this.db.selectFrom("users").select(["language", "units"]).where("id", "=", id).executeTakeFirst();
  }

  async setSettings(id: string, s: { language?: string | null; units?: string | null }): Promise<void> {
    if (s.language === undefined && s.units === undefined) return;
    await this.db.updateTable("users").set(s).where("id", "=", id).execute();
  }

  async setRole(id: string, role: string): Promise<void> {
    await this.db.updateTable("users").set({ role }).where("id", "=", id).execute();
  }

  /** Users with how many tokens each has, by name. */
  async list(): Promise<
    (Pick<UserRow, "id" | "name" | "role" | "created_at" | "disabled_at"> & { tokens: number })[]
  > {
    const rows = await this.db
      .selectFrom("users")
      .leftJoin("api_tokens", "api_tokens.user_id", "users.id")
      .select(["users.id", "users.name", "users.role", "users.created_at", "users.disabled_at"])
      // API tokens only: sign-in sessions are not tokens a person made.
      .select((eb) =>
        eb.fn.count<string>("api_tokens.id").filterWhere("api_tokens.kind", "=", "api").as("tokens"),
      )
      .groupBy(["users.id", "users.name", "users.role", "users.created_at", "users.disabled_at"])
      .orderBy("users.name")
      .execute();
    return rows.map((r) => ({ ...r, tokens: Number(r.tokens) }));
  }

  /** The oldest admin who may sign in (the owner the first run named, unless removed). */
  async firstActiveAdmin(): Promise<UserRow | undefined> {
    return this.db
      .selectFrom("users")
      .selectAll()
      .where("role", "=", "admin")
      .where("disabled_at", "is", null)
      .orderBy("created_at")
      .limit(1)
      .executeTakeFirst();
  }

  /** True when any user other than `exceptName` exists. */
  async anyUserBesides(exceptName: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("users")
      .select("id")
      .where("name", "<>", exceptName)
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }

  async insertToken(t: {
    id: string;
    userId: string;
    name: string;
    hash: string;
    at: Date;
    /** A sign-in (`session`, expiring) rather than an API token, with where it came from. */
    session?: { expiresAt: Date; device?: string | null; address?: string | null };
  }): Promise<boolean> {
    const row = await this.db
      .insertInto("api_tokens")
      .values({
        id: t.id,
        user_id: t.userId,
        name: t.name,
        token_hash: t.hash,
        created_at: t.at,
        ...(t.session
          ? {
              kind: "session",
              expires_at: t.session.expiresAt,
              device: t.session.device ?? null,
              address: t.session.address ?? null,
            }
          : {}),
      })
      .onConflict((oc) => oc.column("token_hash").doNothing())
      .returning("id")
      .executeTakeFirst();
    return !!row;
  }

  async tokenByHash(
    hash: string,
  ): Promise<(ApiTokenRow & { user_name: string; user_role: string }) | undefined> {
    return (
      this.db
        .selectFrom("api_tokens")
        .innerJoin("users", "users.id", "api_tokens.user_id")
        .selectAll("api_tokens")
        .select(["users.name as user_name", "users.role as user_role"])
        .where("api_tokens.token_hash", "=", hash)
        // A disabled person's tokens end when they are disabled; this holds even for one made since.
        .where("users.disabled_at", "is", null)
        .executeTakeFirst()
    );
  }

  /** The user's API tokens (sign-in sessions are not listed). */
  async tokensOf(userId: string): Promise<ApiTokenRow[]> {
    return this.db
      .selectFrom("api_tokens")
      .selectAll()
      .where("user_id", "=", userId)
      .where("kind", "=", "api")
      .orderBy("created_at")
      .execute();
  }

  async touchToken(id: string, at: Date): Promise<void> {
    await this.db.updateTable("api_tokens").set({ last_used_at: at }).where("id", "=", id).execute();
  }

  /** Deletes the user's tokens named `name` except the one with `keepHash` (a rotated config token). */
  async deleteTokensNamed(userId: string, name: string, keepHash: string): Promise<void> {
    await this.db
      .deleteFrom("api_tokens")
      .where("user_id", "=", userId)
      .where("name", "=", name)
      .where("token_hash", "<>", keepHash)
      .execute();
  }

  /** Ends a sign-in session by its token hash (API tokens are revoked by id, not here). */
  async deleteSession(hash: string): Promise<void> {
    await this.db
      .deleteFrom("api_tokens")
      .where("token_hash", "=", hash)
      .where("kind", "=", "session")
      .execute();
  }

  /** Sessions past their expiry: gone (they no longer authenticate either way). */
  async deleteExpiredSessions(now: Date): Promise<void> {
    await this.db
      .deleteFrom("api_tokens")
      .where("kind", "=", "session")
      .where("expires_at", "<=", now)
      .execute();
  }

  async passwordHash(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", userId)
      .executeTakeFirst();
    return row?.password_hash ?? null;
  }

  /** Sets a password and ends the user's other sessions (a changed password signs out elsewhere). */
  async setPassword(userId: string, hash: string, keepSessionHash?: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable("users").set({ password_hash: hash }).where("id", "=", userId).execute();
      let del = trx.deleteFrom("api_tokens").where("user_id", "=", userId).where("kind", "=", "session");
      if (keepSessionHash) del = del.where("token_hash", "<>", keepSessionHash);
      await del.execute();
    });
  }

  async deleteToken(userId: string, tokenId: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom("api_tokens")
      .where("user_id", "=", userId)
      .where("id", "=", tokenId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async insertLibrary(l: { id: string; name: string; ownerId: string; at: Date }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("libraries")
        .values({ id: l.id, name: l.name, owner_id: l.ownerId, is_default: false, created_at: l.at })
        .execute();
      await new UsersRepo(trx).insertMember(l.id, l.ownerId, "admin", l.at);
    });
  }

  /** Adds a member or changes their role. */
  async insertMember(libraryId: string, userId: string, role: string, at: Date): Promise<void> {
    await this.db
      .insertInto("library_members")
      .values({ library_id: libraryId, user_id: userId, role, created_at: at })
      .onConflict((oc) => oc.columns(["library_id", "user_id"]).doUpdateSet({ role }))
      .execute();
  }

  /** Removes a member; true when they were one. */
  async deleteMember(libraryId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .deleteFrom("library_members")
      .where("library_id", "=", libraryId)
      .where("user_id", "=", userId)
      .returning("user_id")
      .execute();
    return rows.length > 0;
  }

  async memberRole(libraryId: string, userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("library_members")
      .select("role")
      .where("library_id", "=", libraryId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row?.role;
  }

  /** The libraries the user belongs to, default first, then by name. */
  async librariesOf(userId: string): Promise<LibraryWithRole[]> {
    return this.db
      .selectFrom("libraries")
      .innerJoin("library_members", "library_members.library_id", "libraries.id")
      .selectAll("libraries")
      .select("library_members.role")
      .where("library_members.user_id", "=", userId)
      .orderBy("libraries.is_default", "desc")
      .orderBy("libraries.name")
      .orderBy("libraries.created_at")
      .execute();
  }

  async library(id: string): Promise<LibraryRow | undefined> {
    return this.db.selectFrom("libraries").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async members(libraryId: string): Promise<{ user_id: string; name: string; role: string }[]> {
    return this.db
      .selectFrom("library_members")
      .innerJoin("users", "users.id", "library_members.user_id")
      .select(["library_members.user_id", "users.name", "library_members.role"])
      .where("library_members.library_id", "=", libraryId)
      .orderBy("users.name")
      .execute();
  }
}
