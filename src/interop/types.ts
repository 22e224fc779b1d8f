import type { RecipeDraft } from "../domain/draft.ts";
import type { Recipe } from "../domain/recipe.ts";
import type { PartialRecipe } from "../extract/schemaRecipe.ts";
import { validateRecipe } from "../pipeline/validateRecipe.ts";

/** The collection formats Ladle reads (detected from the bytes, never from a file name alone). */
export type InteropFormat =
  | "jsonld"
  | "paprika"
  | "mealie"
  | "tandoor"
  | "nextcloud"
  | "cooklang"
  | "netscape"
  | "pocket"
  | "omnivore"
  | "karakeep"
  | "webpage"
  | "urls";

/** A picture that came inside the file, to be stored through the media store. */
export interface InteropImage {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/** A bookmark or saved article read from a bookmark export. */
export interface BookmarkDraft {
  url: string;
  title: string | null;
  /** The export's description or note. */
  excerpt: string | null;
  tags: string[];
  /** The folder path in a browser export ("Recipes / Soups"), null when none. */
  folder: string | null;
  /** When it was saved, ISO-8601, null when the export does not say. */
  addedAt: string | null;
  /** True when the reader had read or archived it. */
  archived: boolean;
}

/** One entry of a collection: a recipe draft, a bookmark, or a failure with its reason in plain words. */
export type InteropEntry =
  | {
      ok: true;
      kind: "recipe";
      label: string;
      draft: RecipeDraft;
      images: InteropImage[];
      /** Which recipe of a page holding several (not the first), keyed apart from the page's address. */
      part?: string;
    }
  | { ok: true; kind: "bookmark"; label: string; bookmark: BookmarkDraft }
  | { ok: false; label: string; reason: string };

export interface InteropRead {
  format: InteropFormat;
  entries: InteropEntry[];
}

/** Files of a folder or a zip, by their path inside it ("Soups/recipe.json"). */
export type FileMap = Map<string, Uint8Array>;

export const failed = (label: string, reason: string): InteropEntry => ({ ok: false, label, reason });

/** A stable stand-in URL for a recipe that came from a file and names no page of its own. */
export function fileUrl(format: InteropFormat, key: string): string {
  return `urn:ladle:import:${format}:${encodeURIComponent(key.slice(0, 200))}`;
}

/** An http(s) URL from a field, or null (exports carry "", "none" or a bare host). */
export function httpUrl(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const s = v.trim();
  if (!/^https?:\/\//i.test(s)) return null;
  try {
    return new URL(s).toString();
  } catch {
    return null;
  }
}

/**
 * A draft as the pipeline makes one: a complete recipe, its provenance and validation. Drafts from
 * a person's own collection are not checked against a page (there is none): similarity stays null.
 */
export function makeDraft(
  partial: PartialRecipe & { name?: string },
  src: { url: string; siteName?: string | null; retrievedAt?: string | null },
  now: Date = new Date(),
): RecipeDraft {
  const recipe: Recipe = {
    id: null,
    name: partial.name ?? "",
    description: partial.description ?? null,
    ingredients: partial.ingredients ?? [],
    instructions: partial.instructions ?? [],
    cuisine: partial.cuisine ?? null,
    dietType: partial.dietType ?? null,
    prepTimeMinutes: partial.prepTimeMinutes ?? 0,
    cookTimeMinutes: partial.cookTimeMinutes ?? 0,
    totalTimeMinutes:
      partial.totalTimeMinutes ?? (partial.prepTimeMinutes ?? 0) + (partial.cookTimeMinutes ?? 0),
    servings: partial.servings ?? 0,
    yield: partial.yield ?? null,
    nutrition: partial.nutrition ?? null,
    tags: partial.tags ?? [],
    category: partial.category ?? [],
    imageUrl: partial.imageUrl ?? null,
    author: partial.author ?? null,
    source: null,
  };
  const source = {
    url: src.url,
    urlHash: null,
    siteName: src.siteName ?? null,
    author: recipe.author,
    retrievedAt: src.retrievedAt ?? now.toISOString(),
    extractionMethod: "JsonLd" as const,
    licenseHint: null,
  };
  recipe.source = source;
  return {
    recipe,
    source,
    validation: validateRecipe(recipe),
    similarity: null,
    artifacts: [],
    fieldMethods: {},
    classification: { kind: "recipe", confidence: 1 },
    alternates: [],
  };
}

/** A recipe entry, or a failure when the recipe has nothing a cook could use. */
export function recipeEntry(label: string, draft: RecipeDraft, images: InteropImage[] = []): InteropEntry {
  const r = draft.recipe;
  if (!r.name.trim()) return failed(label, "This recipe has no name.");
  if (!r.ingredients.length && !r.instructions.length)
    return failed(label, `“${r.name}” has neither ingredients nor steps.`);
  return { ok: true, kind: "recipe", label, draft, images };
}

/** The picture type from its first bytes; null when the bytes are not a picture Ladle keeps. */
export function imageType(b: Uint8Array): string | null {
  if (b.length < 12) return null;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "image/png";
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return "image/gif";
  const riff = String.fromCharCode(...b.subarray(0, 4));
  const webp = String.fromCharCode(...b.subarray(8, 12));
  if (riff === "RIFF" && webp === "WEBP") return "image/webp";
  return null;
}

/** An image entry from bytes, or null when they are not a picture. */
export function image(name: string, bytes: Uint8Array | undefined): InteropImage | null {
  if (!bytes) return null;
  const contentType = imageType(bytes);
  return contentType ? { name, contentType, bytes } : null;
}

const decoder = new TextDecoder("utf-8");
/** UTF-8 text of bytes, without a byte-order mark. */
export const utf8 = (b: Uint8Array): string => decoder.decode(b).replace(/^\uFEFF/, "");

/** JSON of bytes, or an Error naming what is wrong in plain words. */
export function parseJson(b: Uint8Array): unknown {
  try {
    return JSON.parse(utf8(b));
  } catch {
    return new Error("The file is not valid JSON (it may be cut short or damaged).");
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && !Array.isArray(v);

/** Non-empty lines of a text field. */
export const lines = (v: unknown): string[] =>
  typeof v === "string"
    ? v
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean)
    : [];

/** The base name of a path, without its folder. */
export const baseName = (p: string): string => p.replace(/^.*\//, "");
/** The folder of a path ("" at the top). */
export const dirName = (p: string): string => (p.includes("/") ? p.replace(/\/[^/]*$/, "") : "");

/** A string or number field as trimmed text ("" for anything else). */
export const textOf = (v: unknown): string =>
  typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "";
