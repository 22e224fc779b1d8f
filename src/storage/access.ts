import { sql, type ExpressionBuilder, type Expression, type SqlBool } from "kysely";
import { seesEveryone, type Viewer } from "../domain/user.ts";
import type { Schema } from "./schema.ts";

/**
 * Who may see and change what, as SQL: the one place the ownership rule is written (spec README,
 * "Who may do what"). Every repo read of a user's rows adds one of these to its WHERE, so a row the
 * viewer may not see is never loaded: the service then answers "not found" (404), never 403, and
 * lists and counts never include it.
 *
 * - Tasks, drafts, their events and artifacts, normalizations: the requester's own.
 * - Recipes: the owner's, and readable by the members of every library they were shared into;
 *   changed by the owner and by a library's editors and admins; deleted and restored by the owner.
 * - Import jobs, uploads, bookmarks: the user's own (their repos filter by `user_id`).
 * - Articles: members of a library holding them (media.repo's `canView`).
 * - Admins see everyone's rows only where a route passes `everyone` (task lists, a thread).
 */

/** Library roles that may change a shared recipe. */
export const EDITOR_ROLES = ["admin", "editor"] as const;

/** Tasks the viewer may see: the ones they asked for (tasks nobody asked for are the admins'). */
export function taskVisible(v: Viewer) {
  return (eb: ExpressionBuilder<Schema, "tasks">): Expression<SqlBool> =>
    seesEveryone(v)
      ? sql<SqlBool>`true`
      : v.role === "admin"
        ? eb.or([eb("tasks.requested_by", "=", v.id), eb("tasks.requested_by", "is", null)])
        : eb("tasks.requested_by", "=", v.id);
}

/** Recipes the viewer owns (legacy rows with no owner belong to admins). */
function ownRecipe(v: Viewer, eb: ExpressionBuilder<Schema, "recipes">): Expression<SqlBool> {
  return v.role === "admin"
    ? eb.or([eb("recipes.owner_id", "=", v.id), eb("recipes.owner_id", "is", null)])
    : eb("recipes.owner_id", "=", v.id);
}

/** Recipes shared into a library where the viewer has one of `roles` (any role when omitted). */
function sharedRecipe(
  v: Viewer,
  eb: ExpressionBuilder<Schema, "recipes">,
  roles?: readonly string[],
): Expression<SqlBool> {
  let q = eb
    .selectFrom("library_recipes")
    .innerJoin("library_members", "library_members.library_id", "library_recipes.library_id")
    .select(sql`1`.as("one"))
    .whereRef("library_recipes.recipe_id", "=", "recipes.id")
    // users.id is uuid while ownership columns are text: compare as text so any id is safe to pass.
    .where(sql`library_members.user_id::text`, "=", v.id);
  if (roles) q = q.where("library_members.role", "in", roles);
  return eb.exists(q);
}

/** Recipes the viewer may read. */
export function recipeReadable(v: Viewer) {
  return (eb: ExpressionBuilder<Schema, "recipes">): Expression<SqlBool> =>
    seesEveryone(v) ? sql<SqlBool>`true` : eb.or([ownRecipe(v, eb), sharedRecipe(v, eb)]);
}

/** Recipes the viewer may change (edit, normalize, restore a version). */
export function recipeEditable(v: Viewer) {
  return (eb: ExpressionBuilder<Schema, "recipes">): Expression<SqlBool> =>
    seesEveryone(v) ? sql<SqlBool>`true` : eb.or([ownRecipe(v, eb), sharedRecipe(v, eb, EDITOR_ROLES)]);
}

/** Recipes the viewer may delete, restore from the trash and share: their owner's acts. */
export function recipeOwned(v: Viewer) {
  return (eb: ExpressionBuilder<Schema, "recipes">): Expression<SqlBool> =>
    seesEveryone(v) ? sql<SqlBool>`true` : ownRecipe(v, eb);
}
