import type { Actor } from "../domain/user.ts";
import type { Ladle } from "../app/ladle.ts";

/**
 * Who the in-process CLI acts as: the operator at the machine, with the database in hand. It is the
 * local admin, seeing every user's tasks (what `everyone` allows an admin); what it saves belongs to
 * whoever asked for the import.
 */
export async function cliActor(ladle: Ladle): Promise<Actor> {
  return { ...(await ladle.users.localAdmin()), everyone: true };
}
