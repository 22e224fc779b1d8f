import { defaultLibraryName } from "../../domain/libraryWords.ts";
import type { RecipeLanguage } from "../../domain/recipeLanguage.ts";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Config } from "../../config.ts";
import {
  LOCAL_USER_NAME,
  zUserName,
  type ApiToken,
  type Caller,
  type Library,
  type LibraryRole,
  type User,
  type UserRole,
} from "../../domain/user.ts";
import { fail, type Result } from "../../errors.ts";
import type { ApiTokenRow, LibraryRow, UserRow } from "../../storage/schema.ts";
import type { LibraryWithRole, UsersRepo } from "../../storage/users.repo.ts";

const iso = (d: Date | string) => new Date(d).toISOString();
const toUser = (r: Pick<UserRow, "id" | "name" | "role" | "created_at">): User => ({
  id: r.id,
  name: r.name,
  role: r.role as UserRole,
  createdAt: iso(r.created_at),
});
const toToken = (r: ApiTokenRow): ApiToken => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  createdAt: iso(r.created_at),
  lastUsedAt: r.last_used_at ? iso(r.last_used_at) : null,
});
const toLibrary = (r: LibraryRow, role: string): Library => ({
  id: r.id,
  name: r.name,
  ownerId: r.owner_id,
  isDefault: r.is_default,
  role: role as LibraryRole,
  createdAt: iso(r.created_at),
});

/** `last_used_at` is written at most this often per token, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * How long "no user exists" is trusted before the database is asked again: the longest a user
 * added by another process waits before the loopback single-admin mode ends. A monotonic clock
 * measures it, not the injectable `now` (tests freeze that one).
 */
const NO_USERS_RECHECK_MS = 2_000;

/** The token name config-seeded tokens carry (replaced when the config's token changes). */
const CONFIG_TOKEN_NAME = "config";

/**
 * Users, API tokens and libraries (spec README "Who may do what").
 * Tokens are random, shown once, and stored only as their SHA-256 hex; every user has a default
 * personal library that they administer.
 */
export class UsersService {
  private readonly repo: UsersRepo;
  private readonly now: () => Date;
  private readonly defaultLibraries = new Map<string, string>();
  private local: Caller | null = null;
  /** Once a real user exists the loopback single-admin mode is over for good (users are not deleted). */
  private sawUsers = false;
  /** When (monotonic ms) "no users" was last read from the database; see `noUsers`. */
  private noUsersCheckedAt = Number.NEGATIVE_INFINITY;
  /** The database read in flight, shared by the requests that arrive while it runs. */
  private noUsersCheck: Promise<boolean> | null = null;

  constructor(repo: UsersRepo, now: () => Date = () => new Date()) {
    this.repo = repo;
    this.now = now;
  }

  /** SHA-256 hex of a token: what the database keeps. */
  static hashToken(token: string): string {
    return createHash("sha256").update(token, "utf8").digest("hex");
  }

  /** Creates a user and their default library, named in `language` (the one they speak now). */
  async create(input: {
    name: string;
    role?: UserRole;
    language?: RecipeLanguage | undefined;
  }): Promise<Result<User>> {
    const name = zUserName.safeParse(input.name);
    if (!name.success)
      return fail("INVALID_USER", `User name "${input.name}": ${name.error.issues[0]!.message}.`);
    if (name.data === LOCAL_USER_NAME)
      return fail(
        "INVALID_USER",
        `"${LOCAL_USER_NAME}" is reserved for the loopback admin; pick another name.`,
      );
    const row = await this.repo.insertWithLibrary({
      id: randomUUID(),
      name: name.data,
      role: input.role ?? "user",
      libraryId: randomUUID(),
      libraryName: defaultLibraryName(input.language),
      at: this.now(),
    });
    if (!row) return fail("USER_EXISTS", `A user named "${name.data}" exists; pick another name.`);
    this.sawUsers = true;
    return { ok: true, value: toUser(row) };
  }

  /** A user by id or name. */
  async get(idOrName: string): Promise<Result<User>> {
    const row =
      (isUuid(idOrName) ? await this.repo.byId(idOrName) : undefined) ?? (await this.repo.byName(idOrName));
    if (!row) return fail("USER_NOT_FOUND", `No user "${idOrName}"; list them with \`ladle users list\`.`);
    return { ok: true, value: toUser(row) };
  }

  /** Every user with their token count. */
  async list(): Promise<(User & { tokens: number; disabled: boolean })[]> {
    return (await this.repo.list()).map((r) => ({
      ...toUser(r),
      tokens: r.tokens,
      disabled: r.disabled_at !== null,
    }));
  }

  /** Issues a new named token; the returned `token` is the only time it is ever shown. */
  async issueToken(userId: string, name = "default"): Promise<Result<{ token: string; apiToken: ApiToken }>> {
    const user = await this.repo.byId(userId);
    if (!user) return fail("USER_NOT_FOUND", `No user with id ${userId}.`);
    const token = `ldl_${randomBytes(32).toString("base64url")}`;
    const id = randomUUID();
    const at = this.now();
    await this.repo.insertToken({ id, userId, name, hash: UsersService.hashToken(token), at });
    return {
      ok: true,
      value: { token, apiToken: { id, userId, name, createdAt: at.toISOString(), lastUsedAt: null } },
    };
  }

  /** The user's tokens (metadata only). */
  async tokens(userId: string): Promise<ApiToken[]> {
    return (await this.repo.tokensOf(userId)).map(toToken);
  }

  async revokeToken(userId: string, tokenId: string): Promise<boolean> {
    return this.repo.deleteToken(userId, tokenId);
  }

  /** The caller a bearer token belongs to, or null. Records when the token was last used. */
  async authenticate(token: string): Promise<Caller | null> {
    if (!token) return null;
    const row = await this.repo.tokenByHash(UsersService.hashToken(token));
    if (!row) return null;
    const now = this.now();
    // A sign-in session ends at its expiry; API tokens have none.
    if (row.expires_at && new Date(row.expires_at).getTime() <= now.getTime()) return null;
    if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() > TOUCH_INTERVAL_MS)
      await this.repo.touchToken(row.id, now);
    return { id: row.user_id, name: row.user_name, role: row.user_role as UserRole };
  }

  /**
   * True while no user exists but the built-in local admin: the loopback single-admin mode applies.
   * Asked on every unauthenticated request, so the answer is kept in-process: "some user exists" for
   * good (no path deletes users), "none" for `NO_USERS_RECHECK_MS`, so that a user added by another
   * process (`ladle users add`) ends the open mode within that window. Users this instance creates
   * or seeds end it at once.
   */
  async noUsers(): Promise<boolean> {
    if (this.sawUsers) return false;
    if (performance.now() - this.noUsersCheckedAt < NO_USERS_RECHECK_MS) return true;
    // One read for a burst of requests, not one each.
    this.noUsersCheck ??= this.repo
      .anyUserBesides(LOCAL_USER_NAME)
      .then((any) => {
        if (any) this.sawUsers = true;
        else this.noUsersCheckedAt = performance.now();
        return !this.sawUsers;
      })
      .finally(() => {
        this.noUsersCheck = null;
      });
    return this.noUsersCheck;
  }

  /**
   * The loopback single-admin caller: a real `local` admin row with its default library, made on
   * demand. Once the first run has named an owner (that row, renamed), the machine's operator (the
   * CLI, the MCP stdio server) acts as the owner: the first admin who may sign in.
   */
  async localAdmin(): Promise<Caller> {
    if (this.local) return this.local;
    let row = (await this.repo.byName(LOCAL_USER_NAME)) ?? (await this.repo.firstActiveAdmin());
    if (!row) {
      await this.repo.insertWithLibrary({
        id: randomUUID(),
        name: LOCAL_USER_NAME,
        role: "admin",
        libraryId: randomUUID(),
        at: this.now(),
      });
      row = await this.repo.byName(LOCAL_USER_NAME);
    }
    this.local = { id: row!.id, name: row!.name, role: "admin" };
    return this.local;
  }

  /** The caller for a person who may sign in (not disabled), or null. */
  async activeCaller(userId: string): Promise<Caller | null> {
    const row = await this.repo.byId(userId);
    if (!row || row.disabled_at) return null;
    return { id: row.id, name: row.name, role: row.role as UserRole };
  }

  /** The first run named an owner: the open single-admin mode is over, in this process at once. */
  ownerClaimed(): void {
    this.sawUsers = true;
    this.local = null;
  }

  /**
   * Seeds `Auth:Users` idempotently: each named user exists with the configured role and the
   * configured token (stored hashed, named "config"; a replaced config token stops working).
   */
  async seed(users: Config["Auth"]["Users"]): Promise<void> {
    for (const u of users) {
      const name = zUserName.safeParse(u.name);
      if (!name.success || u.name === LOCAL_USER_NAME) continue;
      let row = await this.repo.byName(u.name);
      if (!row) {
        await this.repo.insertWithLibrary({
          id: randomUUID(),
          name: u.name,
          role: u.role,
          libraryId: randomUUID(),
          at: this.now(),
        });
        row = (await this.repo.byName(u.name))!;
      } else if (row.role !== u.role) await this.repo.setRole(row.id, u.role);
      const hash = UsersService.hashToken(u.token);
      await this.repo.insertToken({
        id: randomUUID(),
        userId: row.id,
        name: CONFIG_TOKEN_NAME,
        hash,
        at: this.now(),
      });
      await this.repo.deleteTokensNamed(row.id, CONFIG_TOKEN_NAME, hash);
      this.sawUsers = true;
    }
  }

  /**
   * The machine's own library (made before anyone claimed it, named in English) takes the name in
   * the language of the person who claims it, unless it was renamed meanwhile.
   */
  async nameOwnLibrary(userId: string, language: RecipeLanguage): Promise<void> {
    await this.repo.renameUntouchedDefaultLibrary(
      userId,
      defaultLibraryName("en"),
      defaultLibraryName(language),
    );
  }

  /** The id of the user's default personal library (created if missing). */
  async defaultLibraryId(userId: string): Promise<string> {
    const cached = this.defaultLibraries.get(userId);
    if (cached) return cached;
    const existing = await this.repo.defaultLibrary(userId);
    const id = existing?.id ?? (await this.repo.insertDefaultLibrary(userId, randomUUID(), this.now()));
    this.defaultLibraries.set(userId, id);
    return id;
  }

  /** The user's role in a library, or null when they are not a member. */
  async libraryRole(userId: string, libraryId: string): Promise<LibraryRole | null> {
    if (!isUuid(libraryId)) return null;
    return ((await this.repo.memberRole(libraryId, userId)) as LibraryRole | undefined) ?? null;
  }

  /** Membership: what `can_view` rests on. */
  async isMember(userId: string, libraryId: string): Promise<boolean> {
    return (await this.libraryRole(userId, libraryId)) !== null;
  }

  /** Library admins may add media and members ("viewer must be admin of target library"). */
  async isLibraryAdmin(userId: string, libraryId: string): Promise<boolean> {
    return (await this.libraryRole(userId, libraryId)) === "admin";
  }

  /** The libraries the user belongs to, the default one first. */
  async libraries(userId: string): Promise<Library[]> {
    await this.defaultLibraryId(userId);
    return (await this.repo.librariesOf(userId)).map((r: LibraryWithRole) => toLibrary(r, r.role));
  }

  /** A new shared library administered by its creator. */
  async createLibrary(ownerId: string, name: string): Promise<Library> {
    const id = randomUUID();
    const at = this.now();
    await this.repo.insertLibrary({ id, name, ownerId, at });
    return toLibrary({ id, name, owner_id: ownerId, is_default: false, created_at: at }, "admin");
  }

  /**
   * Adds (or re-roles) a member. Only the library's admins may; to anyone else the library does
   * not exist. A default personal library stays personal.
   */
  async addMember(
    actorId: string,
    libraryId: string,
    userName: string,
    role: LibraryRole,
  ): Promise<Result<{ userId: string; name: string; role: LibraryRole }>> {
    const actorRole = await this.libraryRole(actorId, libraryId);
    if (!actorRole) return fail("LIBRARY_NOT_FOUND", `Library ${libraryId} does not exist.`);
    if (actorRole !== "admin") return fail("FORBIDDEN", "Only the library's admins may add members.");
    const lib = await this.repo.library(libraryId);
    if (lib?.is_default)
      return fail("FORBIDDEN", "A personal library cannot be shared; create a library to share.");
    const user = await this.repo.byName(userName);
    if (!user) return fail("USER_NOT_FOUND", `No user "${userName}".`);
    await this.repo.insertMember(libraryId, user.id, role, this.now());
    return { ok: true, value: { userId: user.id, name: user.name, role } };
  }

  /**
   * Removes a member (the library's admins may; anyone may leave). The library's owner stays: a
   * library always has its owner as an admin.
   */
  async removeMember(
    actorId: string,
    libraryId: string,
    userId: string,
  ): Promise<Result<{ removed: boolean }>> {
    const actorRole = await this.libraryRole(actorId, libraryId);
    if (!actorRole) return fail("LIBRARY_NOT_FOUND", `Library ${libraryId} does not exist.`);
    if (actorRole !== "admin" && actorId !== userId)
      return fail("FORBIDDEN", "Only the library's admins may remove other members.");
    const lib = await this.repo.library(libraryId);
    if (lib?.owner_id === userId) return fail("FORBIDDEN", "The library's owner cannot be removed from it.");
    if (!isUuid(userId)) return { ok: true, value: { removed: false } };
    return { ok: true, value: { removed: await this.repo.deleteMember(libraryId, userId) } };
  }

  /** Members of a library the viewer belongs to. */
  async members(
    viewerId: string,
    libraryId: string,
  ): Promise<Result<{ userId: string; name: string; role: LibraryRole }[]>> {
    if (!(await this.isMember(viewerId, libraryId)))
      return fail("LIBRARY_NOT_FOUND", `Library ${libraryId} does not exist.`);
    const rows = await this.repo.members(libraryId);
    return {
      ok: true,
      value: rows.map((r) => ({ userId: r.user_id, name: r.name, role: r.role as LibraryRole })),
    };
  }
}

/** True for a UUID (ids that are not one cannot exist, and must not reach a uuid column). */
export function isUuid(s: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}
