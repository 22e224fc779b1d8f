import type { RecipeLanguage } from "../../domain/recipeLanguage.ts";
import type { ApiToken, Caller, User, UserRole } from "../../domain/user.ts";
import { fail, type Result } from "../../errors.ts";
import { passwordProblem, type SignInService } from "./signIn.service.ts";
import { isUuid, type UsersService } from "./users.service.ts";

/**
 * The people of a server, as the web app's admin area and account screen manage them: admins add
 * people and see everyone; everyone manages their own API tokens. Another person's tokens answer
 * USER_NOT_FOUND to whoever may not manage them (404, never 403: a person's existence is not told).
 */
export class PeopleService {
  private readonly users: UsersService;
  private readonly signIn: SignInService;

  constructor(users: UsersService, signIn: SignInService) {
    this.users = users;
    this.signIn = signIn;
  }

  /** The one policy of this family: yourself, or anyone when you are an admin. */
  private mayManage(caller: Caller, userId: string): boolean {
    return caller.role === "admin" || caller.id === userId;
  }

  /** `me` stands for the caller, so a screen needs no id to manage its own tokens. */
  private resolve(caller: Caller, userId: string): string {
    return userId === "me" ? caller.id : userId;
  }

  async list(caller: Caller): Promise<Result<(User & { tokens: number })[]>> {
    if (caller.role !== "admin") return fail("FORBIDDEN", "Only an admin can see everyone on this server.");
    return { ok: true, value: await this.users.list() };
  }

  async add(
    caller: Caller,
    input: {
      name: string;
      role: UserRole;
      password?: string | undefined;
      language?: RecipeLanguage | undefined;
    },
  ): Promise<Result<User>> {
    if (caller.role !== "admin") return fail("FORBIDDEN", "Only an admin can add people to this server.");
    // Checked before the person exists, so a weak password adds no one.
    if (input.password !== undefined) {
      const weak = passwordProblem(input.password);
      if (weak) return weak;
    }
    const created = await this.users.create({
      name: input.name,
      role: input.role,
      language: input.language,
    });
    if (!created.ok) return created;
    if (input.password !== undefined) {
      const set = await this.signIn.setPassword(created.value.id, input.password);
      if (!set.ok) return set;
    }
    return created;
  }

  async tokens(caller: Caller, userId: string): Promise<Result<ApiToken[]>> {
    const id = this.resolve(caller, userId);
    const user = await this.visible(caller, id);
    if (!user.ok) return user;
    return { ok: true, value: await this.users.tokens(user.value.id) };
  }

  async issueToken(
    caller: Caller,
    userId: string,
    name: string,
  ): Promise<Result<{ token: string; apiToken: ApiToken }>> {
    const id = this.resolve(caller, userId);
    const user = await this.visible(caller, id);
    if (!user.ok) return user;
    return this.users.issueToken(user.value.id, name);
  }

  async revokeToken(caller: Caller, userId: string, tokenId: string): Promise<Result<{ revoked: true }>> {
    const id = this.resolve(caller, userId);
    const user = await this.visible(caller, id);
    if (!user.ok) return user;
    if (!isUuid(tokenId) || !(await this.users.revokeToken(user.value.id, tokenId)))
      return fail("TOKEN_NOT_FOUND", "No such token; it may have been revoked already.");
    return { ok: true, value: { revoked: true } };
  }

  private async visible(caller: Caller, userId: string): Promise<Result<User>> {
    const notFound = fail("USER_NOT_FOUND", "No such person on this server.");
    if (!isUuid(userId) || !this.mayManage(caller, userId)) return notFound;
    const user = await this.users.get(userId);
    return user.ok ? user : notFound;
  }
}
