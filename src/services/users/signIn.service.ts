import { randomBytes, randomUUID, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { RateLimiterMemory } from "../shared/memoryRateLimiter.ts";
import type { Caller, UserRole } from "../../domain/user.ts";
import { fail, type Failure, type Result } from "../../errors.ts";
import type { UsersRepo } from "../../storage/users.repo.ts";
import { UsersService } from "./users.service.ts";

// node:crypto's scrypt: a maintained, memory-hard password hash with nothing to install.
const scryptAsync = promisify(scrypt) as (
  pw: string,
  salt: Buffer,
  len: number,
  o: object,
) => Promise<Buffer>;
const N = 16384;
const R = 8;
const P = 1;
const KEY_LEN = 32;
export const MIN_PASSWORD = 10;
const MAX_PASSWORD = 1024;

/** Why a password may not be used, or null when it may. */
export function passwordProblem(password: string): Failure | null {
  return password.length < MIN_PASSWORD || password.length > MAX_PASSWORD
    ? fail("WEAK_PASSWORD", `Choose a password of ${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`)
    : null;
}

/** `scrypt$N$r$p$salt$hash` (base64url parts): what the database keeps of a password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LEN, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** True when `password` is the one `stored` was made from (constant-time compare). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split("$");
  if (alg !== "scrypt" || !salt || !hash) return false;
  const want = Buffer.from(hash, "base64url");
  const got = await scryptAsync(password, Buffer.from(salt, "base64url"), want.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return got.length === want.length && timingSafeEqual(got, want);
}

/** An id no account has (the nil UUID), looked up for an unknown name. */
const NOBODY = "00000000-0000-0000-0000-000000000000";

// Compared against when the name is unknown, so a wrong name costs as long as a wrong password.
const DUMMY = hashPassword("not a password of anyone");

export interface SignedIn {
  token: string;
  expiresAt: Date;
  caller: Caller;
}

/**
 * Password sign-in for people (the web app): a sign-in is a session token that expires, kept
 * hashed like API tokens, and handed to the browser as an HttpOnly cookie by the API adapter.
 */
export class SignInService {
  private readonly failures: RateLimiterMemory;
  private readonly repo: UsersRepo;
  private readonly users: UsersService;
  private readonly opts: { sessionDays: number; attempts: number; now: () => Date };

  constructor(
    repo: UsersRepo,
    users: UsersService,
    opts: { sessionDays: number; attempts: number; now: () => Date },
  ) {
    this.repo = repo;
    this.users = users;
    this.opts = opts;
    this.failures = new RateLimiterMemory({ points: opts.attempts, duration: 15 * 60 });
  }

  /** Sets a user's password; their other sign-ins end (`keepToken`: the session asking keeps going). */
  async setPassword(userId: string, password: string, keepToken?: string): Promise<Result<void>> {
    const weak = passwordProblem(password);
    if (weak) return weak;
    await this.repo.setPassword(
      userId,
      await hashPassword(password),
      keepToken ? UsersService.hashToken(keepToken) : undefined,
    );
    return { ok: true, value: undefined };
  }

  /** Changes the caller's own password: the current one is asked for when there is one. */
  async changeOwnPassword(
    caller: Caller,
    input: { current?: string | undefined; password: string },
    keepToken?: string,
  ): Promise<Result<void>> {
    // Guesses of the current password count against the person (a stolen session is theirs).
    const key = `change:${caller.id}`;
    const locked = await this.lockedOut(key);
    if (locked) return locked;
    const stored = await this.repo.passwordHash(caller.id);
    if (stored && !(input.current && (await verifyPassword(input.current, stored)))) {
      await this.failures.penalty(key, 1).catch(() => {});
      return fail("INVALID_CREDENTIALS", "Your current password is not right; type it again.");
    }
    await this.failures.delete(key);
    return this.setPassword(caller.id, input.password, keepToken);
  }

  /** A 429 with the wait when `key` has used up its wrong passwords, else null. */
  private async lockedOut(key: string): Promise<Failure | null> {
    const seen = await this.failures.get(key);
    if (!seen || seen.consumedPoints < this.opts.attempts) return null;
    const secs = Math.max(1, Math.ceil(seen.msBeforeNext / 1000));
    return fail("RATE_LIMITED", `Too many wrong passwords; try again in ${secs} s.`, {
      retryAfterSeconds: secs,
    });
  }

  /**
   * Checks a name and password; a match opens a session. Failures count per person (however they
   * were named: name or id) and client address (`from`, through trusted proxies only): past
   * `attempts` in 15 minutes that address gets 429 with the wait, whatever the password, while the
   * person signs in from anywhere else as usual.
   */
  async signIn(
    name: string,
    password: string,
    from: string,
    device: string | null = null,
  ): Promise<Result<SignedIn>> {
    const user = password.length <= MAX_PASSWORD ? await this.users.get(name) : null;
    const key = `${user?.ok ? `id:${user.value.id}` : `name:${name.toLowerCase()}`}|${from}`;
    const locked = await this.lockedOut(key);
    if (locked) return locked;
    // The same queries and the same hashing for an unknown name as for a wrong password: the time
    // taken tells nothing about who has an account.
    const stored = await this.repo.passwordHash(user?.ok ? user.value.id : NOBODY);
    const ok = stored
      ? await verifyPassword(password, stored)
      : (await verifyPassword(password, await DUMMY), false);
    if (!ok || !user?.ok) {
      await this.failures.penalty(key, 1).catch(() => {});
      return fail("INVALID_CREDENTIALS");
    }
    await this.failures.delete(key);
    if ((await this.repo.byId(user.value.id))?.disabled_at) return fail("ACCOUNT_DISABLED");
    return {
      ok: true,
      value: await this.openSession(
        { id: user.value.id, name: user.value.name, role: user.value.role as UserRole },
        { address: from, device },
      ),
    };
  }

  /** Opens a sign-in session for a person (a password sign-in, a first run, an accepted invitation). */
  async openSession(caller: Caller, from: { address: string; device: string | null }): Promise<SignedIn> {
    const token = `lds_${randomBytes(32).toString("base64url")}`;
    const now = this.opts.now();
    const expiresAt = new Date(now.getTime() + this.opts.sessionDays * 86_400_000);
    await this.repo.deleteExpiredSessions(now);
    await this.repo.insertToken({
      id: randomUUID(),
      userId: caller.id,
      name: `signed in ${now.toISOString().slice(0, 10)}`,
      hash: UsersService.hashToken(token),
      at: now,
      session: { expiresAt, device: from.device?.slice(0, 300) ?? null, address: from.address },
    });
    return { token, expiresAt, caller };
  }

  /** Ends a sign-in session (an API token sent here is left alone). */
  async signOut(token: string): Promise<void> {
    await this.repo.deleteSession(UsersService.hashToken(token));
  }

  /** Whether the user has a password (the web app offers password sign-in or token sign-in). */
  async hasPassword(userId: string): Promise<boolean> {
    return (await this.repo.passwordHash(userId)) !== null;
  }
}
