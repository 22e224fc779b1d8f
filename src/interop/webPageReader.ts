import { extractRecipe } from "../extract/extractRecipe.ts";
import { failed, fileUrl, httpUrl, makeDraft, recipeEntry, type InteropEntry } from "./types.ts";

/** Whether text is a saved web page (not a bookmark export, which the caller tells apart first). */
export const isWebPage = (head: string): boolean =>
  /^\s*(<!doctype\s+html|<html[\s>]|<head[\s>])/i.test(head);

/** The page's own address as it states it (canonical link, else og:url), when it is http(s). */
function pageAddress(html: string): string | null {
  for (const tag of html.match(/<(?:link|meta)\b[^>]*>/gi) ?? []) {
    const rel = /\brel\s*=\s*["']?canonical\b/i.test(tag) ? /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag) : null;
    const og = /\bproperty\s*=\s*["']og:url["']/i.test(tag)
      ? /\bcontent\s*=\s*["']([^"']+)["']/i.exec(tag)
      : null;
    const url = httpUrl((rel ?? og)?.[1]);
    if (url) return url;
  }
  return null;
}

const fold = (name: string) => name.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();

/**
 * A saved recipe page (File → Save in a browser): every schema.org Recipe on it (JSON-LD, an
 * @graph or list of several, microdata) is its own entry, the main one first, read by the same
 * extraction as an imported URL. The page's canonical address, when it states one, is the source.
 */
export function readWebPage(html: string, name: string, now?: Date): InteropEntry[] {
  const address = pageAddress(html);
  const ex = extractRecipe({ html, url: address ?? "https://invalid.invalid/" });
  if (!ex.ok) return [failed(name, ex.message)];
  const all = [ex.recipe, ...ex.alternates];
  const parts = new Set<string>();
  return all.map((recipe, i) => {
    const label =
      all.length > 1 ? `${recipe.name.trim() || "Untitled"} (${i + 1} of ${all.length} in ${name})` : name;
    let part = i === 0 ? "" : fold(recipe.name);
    if (i > 0 && (parts.has(part) || !part)) part = `${part}#${i + 1}`;
    parts.add(part);
    const imageUrl =
      recipe.imageUrl && !recipe.imageUrl.startsWith("https://invalid.invalid/") ? recipe.imageUrl : null;
    const draft = makeDraft(
      { ...recipe, imageUrl },
      {
        url: address ?? fileUrl("webpage", i === 0 ? name : `${name}#${part}`),
        siteName: address ? ex.siteName : null,
      },
      now,
    );
    draft.source.extractionMethod = ex.method;
    const entry = recipeEntry(label, draft);
    return entry.ok && entry.kind === "recipe" && address && part ? { ...entry, part } : entry;
  });
}
