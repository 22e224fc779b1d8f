import type { UserRole } from "../../src/domain/user.ts";
import type { TestLadle } from "./testLadle.ts";

/** A user made for a test, with a token to send as `authorization: Bearer <token>`. */
export interface TestUser {
  id: string;
  name: string;
  token: string;
  defaultLibraryId: string;
  /** `{ authorization: "Bearer <token>" }`, for t.json's headers. */
  headers: Record<string, string>;
}

/**
 * Creates a user (default role "user") with a token and their default library. Once any user
 * exists, the loopback single-admin mode ends: every request of that TestLadle needs a token.
 */
export async function createTestUser(
  t: TestLadle,
  opts: { name: string; role?: UserRole },
): Promise<TestUser> {
  const users = t.ladle.users;
  const created = await users.create({ name: opts.name, role: opts.role ?? "user" });
  if (!created.ok) throw new Error(`createTestUser: ${created.code}: ${created.message}`);
  const issued = await users.issueToken(created.value.id, "test");
  if (!issued.ok) throw new Error(`createTestUser: ${issued.message}`);
  const defaultLibraryId = await users.defaultLibraryId(created.value.id);
  return {
    id: created.value.id,
    name: created.value.name,
    token: issued.value.token,
    defaultLibraryId,
    headers: { authorization: `Bearer ${issued.value.token}` },
  };
}
