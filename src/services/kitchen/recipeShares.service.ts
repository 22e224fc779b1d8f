import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Caller } from "../../domain/user.ts";
import type { StoredRecipe } from "../../domain/recipe.ts";
import { fail, type Failure } from "../../errors.ts";
import type { RecipeSharesRepo } from "../../storage/recipeShares.repo.ts";
import type { RecipesRepo } from "../../storage/recipes.repo.ts";
import { readableRecipe } from "../recipes/index.ts";
import { toStoredRecipe } from "../recipes/index.ts";
import type { UsersService } from "../users/index.ts";

/** A live public link as its owner sees it; the token itself is shown once, when made. */
export interface RecipeShare {
  id: string;
  recipeId: string;
  createdAt: string;
  /** Only in the answer that made it. */
  url?: string;
}

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Public read-only links to one recipe that its owner can turn off. */
export class RecipeShareService {
  private readonly repo: RecipeSharesRepo;
  private readonly recipes: RecipesRepo;
  private readonly users: UsersService;
  private readonly now: () => Date;

  constructor(
    repo: RecipeSharesRepo,
    recipes: RecipesRepo,
    users: UsersService,
    now: () => Date = () => new Date(),
  ) {
    this.repo = repo;
    this.recipes = recipes;
    this.users = users;
    this.now = now;
  }

  /** A new link: 32 random bytes (256 bits), so links cannot be guessed or listed. */
  async create(caller: Caller, recipeId: string): Promise<{ ok: true; value: RecipeShare } | Failure> {
    // Publishing is the owner's act: a library member who reads the recipe cannot make it public.
    const own = await this.recipes.getOwned(recipeId, caller);
    if (!own || own.deleted_at)
      return fail("RECIPE_NOT_FOUND", `Recipe ${recipeId} does not exist.`, { recipeId });
    const token = randomBytes(32).toString("base64url");
    const row = await this.repo.insert({
      id: randomUUID(),
      tokenHash: hash(token),
      recipeId,
      ownerId: caller.id,
      libraryId: await this.users.defaultLibraryId(caller.id),
      at: this.now(),
    });
    return {
      ok: true,
      value: {
        id: row.id,
        recipeId,
        createdAt: new Date(row.created_at).toISOString(),
        url: `/shared/${token}`,
      },
    };
  }

  async list(caller: Caller, recipeId: string): Promise<{ ok: true; value: RecipeShare[] } | Failure> {
    const r = await readableRecipe(this.recipes, caller, recipeId);
    if (!r.ok) return r;
    return {
      ok: true,
      value: (await this.repo.listOwned(caller.id, recipeId)).map((s) => ({
        id: s.id,
        recipeId: s.recipe_id,
        createdAt: new Date(s.created_at).toISOString(),
      })),
    };
  }

  async revoke(
    caller: Caller,
    id: string,
  ): Promise<{ ok: true; value: { id: string; revoked: true } } | Failure> {
    return (await this.repo.revoke(caller.id, id, this.now()))
      ? { ok: true, value: { id, revoked: true } }
      : fail("SHARE_NOT_FOUND", "You have no such link turned on.");
  }

  /** The recipe a public link opens; SHARE_NOT_FOUND once turned off (or never made). */
  async open(token: string): Promise<{ ok: true; value: StoredRecipe } | Failure> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return fail("SHARE_NOT_FOUND");
    const row = await this.repo.open(hash(token));
    return row ? { ok: true, value: toStoredRecipe(row) } : fail("SHARE_NOT_FOUND");
  }
}
