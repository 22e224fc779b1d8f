import type { GatewayResult } from "../../domain/fetched.ts";
import { httpUrl, image, isObject, textOf, type InteropImage } from "../../interop/types.ts";
import type { CollectionItemRow, ItemResult, NewCollectionItem } from "../../storage/collections.repo.ts";
import { toPayload, type RecipePayload } from "./collectionPages.ts";

/** A fetch through the egress gateway with request headers (the user's token goes on the first origin only). */
export type ApiFetch = (
  url: string,
  o: { headers: Record<string, string>; accept: string; signal?: AbortSignal },
) => Promise<GatewayResult>;

/** A live Mealie server and the user's API token (kept only in the job's pending entries). */
export interface MealieServer {
  server: string;
  token: string;
}

/** One recipe of the server's list, still to fetch. */
interface MealieRef extends MealieServer {
  slug: string;
  id: string | null;
}

export const MEALIE_SERVER = "mealie_server";
export const MEALIE_RECIPE = "mealie_recipe";

/** Recipes asked for per page of the list (Mealie's `perPage`). */
const PER_PAGE = 100;
/** No server lists more pages than this (100 000 recipes); a list that never ends stops here. */
const MAX_PAGES = 1000;

/**
 * The server's base address as a user may give it ("https://mealie.home", ".../", ".../api",
 * ".../g/home"): its origin and path without a trailing /api; null when it is no web address.
 */
export function mealieBase(input: string): string | null {
  const url = httpUrl(input);
  if (!url) return null;
  const u = new URL(url);
  u.search = "";
  u.hash = "";
  const path = u.pathname.replace(/\/+$/, "").replace(/\/(api|g\/[^/]+)(\/.*)?$/, "");
  return `${u.origin}${path}`;
}

const failed = (reason: string): ItemResult => ({ status: "failed", reason });

/** What went wrong with a call, in plain words. */
function callFailure(r: Extract<GatewayResult, { ok: false }>, what: string): ItemResult {
  if (r.status === 401 || r.status === 403)
    return failed(
      `The Mealie server refused the API token (HTTP ${r.status}): make one under your Mealie profile → API Tokens and try again.`,
    );
  if (r.status === 404) return failed(`The Mealie server has no ${what} (HTTP 404).`);
  return failed(`Ladle could not get ${what} from the Mealie server: ${r.reason}.`);
}

async function getJson(
  fetch: ApiFetch,
  s: MealieServer,
  path: string,
  what: string,
  signal?: AbortSignal,
): Promise<{ ok: true; json: unknown } | { ok: false; result: ItemResult }> {
  const r = await fetch(`${s.server}${path}`, {
    headers: { authorization: `Bearer ${s.token}` },
    accept: "application/json",
    ...(signal ? { signal } : {}),
  });
  if (!r.ok) return { ok: false, result: callFailure(r, what) };
  try {
    return { ok: true, json: JSON.parse(r.body.toString("utf8")) };
  } catch {
    return {
      ok: false,
      result: failed(`The address does not answer like a Mealie server (${what} is not JSON).`),
    };
  }
}

/** Every recipe the server lists (GET /api/recipes?page=&perPage=, page after page). */
async function listRecipes(
  fetch: ApiFetch,
  s: MealieServer,
  signal?: AbortSignal,
): Promise<{ ok: true; refs: { label: string; ref: MealieRef }[] } | { ok: false; result: ItemResult }> {
  const refs: { label: string; ref: MealieRef }[] = [];
  const seen = new Set<string>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const got = await getJson(
      fetch,
      s,
      `/api/recipes?page=${page}&perPage=${PER_PAGE}`,
      "recipe list",
      signal,
    );
    if (!got.ok) return got;
    const body = got.json;
    if (!isObject(body) || !Array.isArray(body.items))
      return {
        ok: false,
        result: failed("The address does not answer like a Mealie server (no recipe list at /api/recipes)."),
      };
    for (const it of body.items) {
      const slug = isObject(it) ? textOf(it.slug) : "";
      if (!slug || seen.has(slug)) continue;
      seen.add(slug);
      const id = textOf((it as Record<string, unknown>).id) || null;
      refs.push({ label: textOf((it as Record<string, unknown>).name) || slug, ref: { ...s, slug, id } });
    }
    const pages = Number(body.total_pages ?? body.totalPages);
    if (!body.items.length || (Number.isFinite(pages) ? page >= pages : body.items.length < PER_PAGE)) break;
  }
  return { ok: true, refs };
}

/** One recipe in full (GET /api/recipes/{slug}) with its original picture, as a bulk entry's payload. */
async function fetchRecipe(
  fetch: ApiFetch,
  ref: MealieRef,
  label: string,
  now: Date,
  signal?: AbortSignal,
): Promise<RecipePayload | ItemResult> {
  const got = await getJson(
    fetch,
    ref,
    `/api/recipes/${encodeURIComponent(ref.slug)}`,
    "this recipe",
    signal,
  );
  if (!got.ok) return got.result;
  if (!isObject(got.json)) return failed("The Mealie server sent something that is not a recipe.");
  const id = textOf(got.json.id) || ref.id;
  const pics: InteropImage[] = [];
  if (id) {
    // A recipe without a picture answers 404 here: it is imported without one.
    const r = await fetch(`${ref.server}/api/media/recipes/${encodeURIComponent(id)}/images/original.webp`, {
      headers: { authorization: `Bearer ${ref.token}` },
      accept: "image/webp,image/*",
      ...(signal ? { signal } : {}),
    });
    const pic = r.ok ? image("original", new Uint8Array(r.body)) : null;
    if (pic) pics.push(pic);
  }
  // The reader (the ingredient tagger and its model) loads with the first Mealie recipe fetched.
  const { mealieEntry } = await import("../../interop/mealieReader.ts");
  const entry = mealieEntry(got.json, label, pics, now);
  if (!entry.ok) return failed(entry.reason);
  if (entry.kind !== "recipe") return failed("The Mealie server sent something that is not a recipe.");
  return toPayload(entry.draft, entry.images);
}

/**
 * One entry of a live Mealie import. The server entry lists every recipe and becomes the first of
 * them, the others joining the job (`split`, one transaction: a restart resumes without listing
 * again); a recipe entry fetches its recipe and picture. Answers the recipe's payload (to be saved
 * like a file's) or the entry's result.
 */
export async function mealieItem(
  d: {
    fetch: ApiFetch;
    now: () => Date;
    split: (
      first: { label: string; kind: string; payload: unknown },
      more: NewCollectionItem[],
    ) => Promise<boolean>;
  },
  item: CollectionItemRow,
  signal?: AbortSignal,
): Promise<RecipePayload | ItemResult> {
  if (item.kind === MEALIE_SERVER) {
    const s = item.payload as MealieServer;
    const listed = await listRecipes(d.fetch, s, signal);
    if (!listed.ok) return listed.result;
    const [first, ...rest] = listed.refs;
    if (!first) return failed("The Mealie server lists no recipes for this account.");
    const more = rest.map((r) => ({
      label: r.label,
      kind: MEALIE_RECIPE,
      payload: r.ref,
      status: "pending",
      reason: null,
    }));
    if (!(await d.split({ label: first.label, kind: MEALIE_RECIPE, payload: first.ref }, more)))
      return { status: "__written" };
    return fetchRecipe(d.fetch, first.ref, first.label, d.now(), signal);
  }
  return fetchRecipe(d.fetch, item.payload as MealieRef, item.label, d.now(), signal);
}
