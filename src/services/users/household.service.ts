import type { RecipeLanguage } from "../../domain/recipeLanguage.ts";
import { randomBytes, randomUUID } from "node:crypto";
import type { Config } from "../../config.ts";
import { LOCAL_USER_NAME, zUserName, type Caller, type UserRole } from "../../domain/user.ts";
import { fail, type Failure, type Result } from "../../errors.ts";
import type { HouseholdRepo } from "../../storage/household.repo.ts";
import type { UsersRepo } from "../../storage/users.repo.ts";
import { hashPassword, passwordProblem, type SignedIn, type SignInService } from "./signIn.service.ts";
import { isUuid, UsersService } from "./users.service.ts";

/** Where a request came from: its client address, and whether that is this machine. */
export interface From {
  address: string;
  device: string | null;
  thisMachine: boolean;
  /** The language the request asks in (the web app's), for what Ladle names for the person. */
  language?: RecipeLanguage;
}

/** How long a setup code printed at start-up works. */
const SETUP_CODE_HOURS = 24;

/** A code a person can read off a terminal and type: four groups of five letters and digits. */
function readableCode(): string {
  // Crockford's base32 alphabet: no I, L, O or U to misread.
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  const bytes = randomBytes(20);
  const chars = [...bytes].map((b) => alphabet[b % 32]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join("")).join("-");
}

/** A link's secret: long and random, only its hash is kept. */
const linkSecret = () => randomBytes(24).toString("base64url");

export interface SessionInfo {
  id: string;
  device: string | null;
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/**
 * One household: the first run that makes its visitor the owner, invitations, password reset
 * links, disabling and removing people (never the last admin), and a person's own sign-ins.
 */
export class HouseholdService {
  private readonly repo: HouseholdRepo;
  private readonly usersRepo: UsersRepo;
  private readonly users: UsersService;
  private readonly signIn: SignInService;
  private readonly auth: Config["Auth"];
  private readonly now: () => Date;

  constructor(deps: {
    repo: HouseholdRepo;
    usersRepo: UsersRepo;
    users: UsersService;
    signIn: SignInService;
    auth: Config["Auth"];
    now: () => Date;
  }) {
    this.repo = deps.repo;
    this.usersRepo = deps.usersRepo;
    this.users = deps.users;
    this.signIn = deps.signIn;
    this.auth = deps.auth;
    this.now = deps.now;
  }

  /** Whether the first run is still to come, and whether this install runs without sign-in until then. */
  async status(): Promise<{ firstRun: boolean; singlePerson: boolean }> {
    const firstRun = await this.users.noUsers();
    return { firstRun, singlePerson: firstRun && this.auth.SinglePerson };
  }

  /**
   * Whether password sign-in is open: switched off by configuration only once an admin has signed
   * in through the provider (before that, switching it off would lock everyone out).
   */
  async passwordSignInOpen(): Promise<boolean> {
    return this.auth.PasswordSignIn || !this.auth.Oidc || !(await this.repo.anyOidcAdmin());
  }

  /** A new one-time setup code (the one before it stops working), for the first run from elsewhere. */
  async newSetupCode(): Promise<{ code: string; expiresAt: Date }> {
    const code = readableCode();
    const at = this.now();
    const expiresAt = new Date(at.getTime() + SETUP_CODE_HOURS * 3_600_000);
    await this.repo.deleteLinks("setup");
    await this.repo.insertLink({ id: randomUUID(), kind: "setup", hash: hashOf(code), at, expiresAt });
    return { code, expiresAt };
  }

  /**
   * The first run: the visitor becomes the owner (an admin with a password), and what was made
   * before (CLI imports, API calls as the built-in user) is theirs. Only from this machine, with the
   * setup code, or in single-person mode (where every visitor already acts as that one person).
   */
  async firstRun(
    input: { name: string; password: string; code?: string | undefined },
    from: From,
  ): Promise<Result<SignedIn>> {
    const { firstRun, singlePerson } = await this.status();
    if (!firstRun) return fail("SETUP_DONE");
    const name = nameProblem(input.name);
    if (name) return name;
    const weak = passwordProblem(input.password);
    if (weak) return weak;
    if (!from.thisMachine && !singlePerson) {
      const code = input.code?.trim().toUpperCase();
      if (!code || !(await this.repo.takeLink("setup", hashOf(code), this.now())))
        return fail("SETUP_CODE_REQUIRED");
    }
    const local = await this.users.localAdmin();
    const claimed = await this.repo.claimOwner(local.id, input.name, await hashPassword(input.password));
    if (!claimed) return fail("SETUP_DONE");
    this.users.ownerClaimed();
    if (from.language) await this.users.nameOwnLibrary(local.id, from.language);
    await this.repo.deleteLinks("setup");
    return {
      ok: true,
      value: await this.signIn.openSession({ id: local.id, name: input.name, role: "admin" }, from),
    };
  }

  /** An admin invites someone: a one-time link that expires; they choose their own name and password. */
  async invite(caller: Caller, role: UserRole): Promise<Result<{ code: string; expiresAt: Date }>> {
    const refused = await this.adminOnly(caller, "invite people");
    if (refused) return refused;
    const code = linkSecret();
    const at = this.now();
    const expiresAt = new Date(at.getTime() + this.auth.InvitationHours * 3_600_000);
    await this.repo.insertLink({ id: randomUUID(), kind: "invite", hash: hashOf(code), role, at, expiresAt });
    return { ok: true, value: { code, expiresAt } };
  }

  /** What an invitation offers, while it may still be used (the screen asks before showing its form). */
  async invitation(code: string): Promise<Result<{ role: UserRole; expiresAt: Date }>> {
    const row = await this.repo.liveLink("invite", hashOf(code), this.now());
    if (!row) return fail("LINK_INVALID");
    return {
      ok: true,
      value: { role: (row.role ?? "user") as UserRole, expiresAt: new Date(row.expires_at) },
    };
  }

  /** The invited person joins: a name and password of their choosing; the link works once. */
  async acceptInvitation(
    input: { code: string; name: string; password: string },
    from: From,
  ): Promise<Result<SignedIn>> {
    // What the person typed is checked before the link is used, so a typo does not spend it.
    const name = nameProblem(input.name);
    if (name) return name;
    const weak = passwordProblem(input.password);
    if (weak) return weak;
    if (!(await this.repo.liveLink("invite", hashOf(input.code), this.now()))) return fail("LINK_INVALID");
    if (await this.usersRepo.byName(input.name))
      return fail("USER_EXISTS", `Someone here is called "${input.name}" already; pick another name.`);
    const link = await this.repo.takeLink("invite", hashOf(input.code), this.now());
    if (!link) return fail("LINK_INVALID");
    const created = await this.users.create({
      name: input.name,
      role: (link.role ?? "user") as UserRole,
      language: from.language,
    });
    if (!created.ok) return created;
    const set = await this.signIn.setPassword(created.value.id, input.password);
    if (!set.ok) return set;
    return {
      ok: true,
      value: await this.signIn.openSession(
        { id: created.value.id, name: created.value.name, role: created.value.role },
        from,
      ),
    };
  }

  /** An admin makes a one-time password reset link for a person (the CLI too: the rescue). */
  async resetLink(
    caller: Caller,
    userId: string,
  ): Promise<Result<{ code: string; expiresAt: Date; name: string }>> {
    if (caller.role !== "admin") return fail("USER_NOT_FOUND", "No such person on this server.");
    const user = await this.person(userId);
    if (!user.ok) return user;
    const code = linkSecret();
    const at = this.now();
    const expiresAt = new Date(at.getTime() + this.auth.ResetHours * 3_600_000);
    await this.repo.insertLink({
      id: randomUUID(),
      kind: "reset",
      hash: hashOf(code),
      userId: user.value.id,
      at,
      expiresAt,
    });
    return { ok: true, value: { code, expiresAt, name: user.value.name } };
  }

  /** Who a reset link is for, while it may still be used. */
  async resetFor(code: string): Promise<Result<{ name: string }>> {
    const row = await this.repo.liveLink("reset", hashOf(code), this.now());
    const user = row?.user_id ? await this.usersRepo.byId(row.user_id) : undefined;
    if (!user) return fail("LINK_INVALID");
    return { ok: true, value: { name: user.name } };
  }

  /** A reset link sets a new password once: every sign-in of that person ends, this one opens. */
  async resetPassword(input: { code: string; password: string }, from: From): Promise<Result<SignedIn>> {
    const weak = passwordProblem(input.password);
    if (weak) return weak;
    const link = await this.repo.takeLink("reset", hashOf(input.code), this.now());
    const user = link?.user_id ? await this.usersRepo.byId(link.user_id) : undefined;
    if (!user) return fail("LINK_INVALID");
    if (user.disabled_at) return fail("ACCOUNT_DISABLED");
    const set = await this.signIn.setPassword(user.id, input.password);
    if (!set.ok) return set;
    return {
      ok: true,
      value: await this.signIn.openSession(
        { id: user.id, name: user.name, role: user.role as UserRole },
        from,
      ),
    };
  }

  /** Disables or enables a person: their sign-ins and tokens end at once; their records stay. */
  async setDisabled(
    caller: Caller,
    userId: string,
    disabled: boolean,
  ): Promise<Result<{ disabled: boolean }>> {
    if (caller.role !== "admin") return fail("USER_NOT_FOUND", "No such person on this server.");
    const user = await this.person(userId);
    if (!user.ok) return user;
    if (disabled) {
      const last = await this.lastAdmin(user.value.id);
      if (last) return last;
    }
    await this.repo.setDisabled(user.value.id, disabled ? this.now() : null);
    return { ok: true, value: { disabled } };
  }

  /** Removes a person after handing their recipes, libraries and lists to another person. */
  async remove(
    caller: Caller,
    userId: string,
    transferTo: string,
  ): Promise<Result<{ removed: true; transferredTo: string }>> {
    if (caller.role !== "admin") return fail("USER_NOT_FOUND", "No such person on this server.");
    const user = await this.person(userId);
    if (!user.ok) return user;
    const last = await this.lastAdmin(user.value.id);
    if (last) return last;
    const to = await this.person(transferTo);
    if (!to.ok || to.value.id === user.value.id)
      return fail(
        "INVALID_USER",
        "Choose who receives their recipes and libraries: another person on this server.",
      );
    await this.repo.deleteWithTransfer(
      user.value.id,
      to.value.id,
      await this.users.defaultLibraryId(to.value.id),
    );
    return { ok: true, value: { removed: true, transferredTo: to.value.id } };
  }

  /** The caller's open sign-ins; `current` marks the one asking. */
  async sessions(caller: Caller, currentToken: string | undefined): Promise<SessionInfo[]> {
    const current = currentToken ? UsersService.hashToken(currentToken) : null;
    return (await this.repo.sessionsOf(caller.id, this.now())).map((r) => ({
      id: r.id,
      device: r.device,
      address: r.address,
      createdAt: new Date(r.created_at).toISOString(),
      lastSeenAt: new Date(r.last_used_at ?? r.created_at).toISOString(),
      current: r.token_hash === current,
    }));
  }

  /** Ends one of the caller's sign-ins. */
  async endSession(caller: Caller, id: string): Promise<Result<{ ended: true }>> {
    if (!isUuid(id) || !(await this.repo.deleteSessionById(caller.id, id))) return fail("SESSION_NOT_FOUND");
    return { ok: true, value: { ended: true } };
  }

  /** Ends every sign-in of the caller but the one asking. */
  async endOtherSessions(caller: Caller, currentToken: string | undefined): Promise<{ ended: number }> {
    return {
      ended: await this.repo.deleteSessionsExcept(
        caller.id,
        currentToken ? UsersService.hashToken(currentToken) : null,
      ),
    };
  }

  /** A refusal when the person is the last admin who may sign in (nobody would be left to manage). */
  private async lastAdmin(userId: string): Promise<Failure | null> {
    const admins = await this.repo.activeAdmins(LOCAL_USER_NAME);
    return admins.length === 1 && admins[0] === userId ? fail("LAST_ADMIN") : null;
  }

  /** Adding people waits for an owner (see `adminOnly`). */
  async mayAddPeople(caller: Caller): Promise<Failure | null> {
    return this.adminOnly(caller, "add people to this server");
  }

  private async adminOnly(caller: Caller, what: string): Promise<Failure | null> {
    if (caller.role !== "admin") return fail("FORBIDDEN", `Only an admin can ${what}.`);
    const { firstRun, singlePerson } = await this.status();
    // Before the owner exists, a new person would end the open mode and lock out its one user.
    if (singlePerson) return fail("SINGLE_PERSON_MODE");
    if (firstRun) return fail("FIRST_RUN_NEEDED");
    return null;
  }

  /** A person by id or name (the CLI names them). */
  private async person(idOrName: string): Promise<Result<{ id: string; name: string }>> {
    const row =
      (isUuid(idOrName) ? await this.usersRepo.byId(idOrName) : undefined) ??
      (await this.usersRepo.byName(idOrName));
    return row
      ? { ok: true, value: { id: row.id, name: row.name } }
      : fail("USER_NOT_FOUND", "No such person on this server.");
  }
}

const hashOf = (code: string) => UsersService.hashToken(code);

/** Why a name may not be chosen, or null. */
function nameProblem(name: string): Failure | null {
  if (!zUserName.safeParse(name).success)
    return fail("INVALID_USER", "Choose a name of 1-64 letters, digits, '.', '_' or '-' (no spaces).");
  if (name === LOCAL_USER_NAME)
    return fail("INVALID_USER", `"${LOCAL_USER_NAME}" is taken by Ladle itself; pick another name.`);
  return null;
}
