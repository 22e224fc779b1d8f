import { readKarakeep, readNetscape, readOmnivore, readPocketCsv, readUrlList } from "./bookmarkReaders.ts";
import { readCooklang, readCooklangFiles } from "./cooklangReader.ts";
import { isMealieRecipe, mealieEntry, readMealie } from "./mealieReader.ts";
import { isNextcloudRecipe, readNextcloud } from "./nextcloudReader.ts";
import { paprikaEntry, readPaprika, readPaprikaFile } from "./paprikaReader.ts";
import { readSchemaFiles, readSchemaJson } from "./schemaOrgReader.ts";
import { isTandoorRecipe, readTandoor, tandoorEntry } from "./tandoorReader.ts";
import {
  baseName,
  failed,
  isObject,
  parseJson,
  utf8,
  type FileMap,
  type InteropFormat,
  type InteropRead,
} from "./types.ts";
import { readWebPage, isWebPage } from "./webPageReader.ts";
import { InflateBudget, isGzip, isZip, readZip } from "./zipFiles.ts";

/** A collection that could not be read at all, with the reason in plain words. */
export class UnreadableCollection extends Error {}

const any = (files: FileMap, test: (path: string) => boolean) => [...files.keys()].some(test);

/** The format of a folder's or zip's files, from what they hold. */
export function detectFilesFormat(files: FileMap): InteropFormat | null {
  if (any(files, (p) => /\.paprikarecipe$/i.test(p))) return "paprika";
  if (any(files, (p) => /\.cook$/i.test(p))) return "cooklang";
  if (any(files, (p) => /\.zip$/i.test(p) && isZip(files.get(p)!))) return "tandoor";
  const recipeJson = [...files.keys()].filter((p) => baseName(p) === "recipe.json");
  for (const p of recipeJson) {
    const j = parseJson(files.get(p)!);
    if (isTandoorRecipe(j)) return "tandoor";
    if (isNextcloudRecipe(j)) return "nextcloud";
  }
  if (any(files, (p) => /(^|\/)metadata_\d+.*\.json$/i.test(p))) return "omnivore";
  const jsons = [...files.keys()].filter((p) => /\.(json|jsonld)$/i.test(p));
  if (jsons.some((p) => isMealieRecipe(parseJson(files.get(p)!)))) return "mealie";
  if (jsons.length) return "jsonld";
  return null;
}

function readFiles(files: FileMap, now: Date | undefined, budget: InflateBudget): InteropRead {
  const format = detectFilesFormat(files);
  switch (format) {
    case "paprika":
      return { format, entries: readPaprika(files, now, budget) };
    case "cooklang":
      return { format, entries: readCooklangFiles(files, now) };
    case "tandoor":
      return { format, entries: readTandoor(files, now, budget) };
    case "nextcloud":
      return { format, entries: readNextcloud(files, now) };
    case "mealie":
      return { format, entries: readMealie(files, now) };
    case "omnivore": {
      const entries = [...files]
        .filter(([p]) => /(^|\/)metadata_\d+.*\.json$/i.test(p))
        .flatMap(([p, b]) => {
          const j = parseJson(b);
          return Array.isArray(j)
            ? readOmnivore(j)
            : [failed(p, "This part of the export is not a list of saved pages.")];
        });
      return { format, entries };
    }
    case "jsonld":
      return { format, entries: readSchemaFiles(files, now) };
    default:
      throw new UnreadableCollection(
        "No recipes or bookmarks were found in this archive: Ladle reads Paprika, Mealie, Tandoor, Nextcloud Cookbook, Cooklang and schema.org JSON exports.",
      );
  }
}

/** The format of one JSON document. */
function jsonFormat(v: unknown): InteropFormat {
  if (isObject(v) && Array.isArray(v.bookmarks)) return "karakeep";
  if (Array.isArray(v) && v.some((x) => isObject(x) && "url" in x && ("savedAt" in x || "labels" in x)))
    return "omnivore";
  if (isMealieRecipe(v)) return "mealie";
  if (isTandoorRecipe(v)) return "tandoor";
  if (isObject(v) && typeof v.directions === "string" && "ingredients" in v) return "paprika";
  return "jsonld";
}

/**
 * Reads a collection file (its format told by its content, not its name): a zip, a gzipped
 * Paprika recipe, JSON, a bookmark HTML file, a Pocket CSV, a Cooklang recipe or a list of URLs.
 * Broken entries come back failed with a reason; an unreadable file throws `UnreadableCollection`,
 * one that unpacks past `budget` (every archive in it together) throws `InflateBudgetExceeded`.
 * Uploads are read in the bounded child process (services/documentReader.ts), not here.
 */
export function readCollection(
  bytes: Uint8Array,
  name = "file",
  now?: Date,
  budget = new InflateBudget(),
): InteropRead {
  if (isZip(bytes)) {
    const files = readZip(bytes, budget);
    if (files instanceof Error) throw new UnreadableCollection(files.message);
    return readFiles(files, now, budget);
  }
  if (isGzip(bytes)) return { format: "paprika", entries: [readPaprikaFile(bytes, name, now, budget)] };
  const text = utf8(bytes);
  const head = text.trimStart().slice(0, 2000);
  if (/^[[{]/.test(head)) {
    const json = parseJson(bytes);
    if (json instanceof Error) throw new UnreadableCollection(json.message);
    const format = jsonFormat(json);
    switch (format) {
      case "karakeep":
        return { format, entries: readKarakeep(json as Record<string, unknown>) };
      case "omnivore":
        return { format, entries: readOmnivore(json as unknown[]) };
      case "mealie":
        return { format, entries: [mealieEntry(json as Record<string, unknown>, name, [], now)] };
      case "tandoor":
        return { format, entries: [tandoorEntry(json as Record<string, unknown>, name, undefined, now)] };
      case "paprika":
        return { format, entries: [paprikaEntry(json as Record<string, unknown>, name, now)] };
      default:
        return { format: "jsonld", entries: readSchemaJson(json, name, { now }) };
    }
  }
  if (/<!DOCTYPE\s+NETSCAPE-Bookmark-file/i.test(head) || /<dt>\s*<a\s[^>]*href=/i.test(text))
    return { format: "netscape", entries: readNetscape(text) };
  if (isWebPage(head)) return { format: "webpage", entries: readWebPage(text, name, now) };
  const firstLine = head.split(/\r?\n/, 1)[0]!.toLowerCase();
  if (/(^|,)\s*"?url"?\s*(,|$)/.test(firstLine) && firstLine.includes(","))
    return { format: "pocket", entries: readPocketCsv(text) };
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  if (lines.length && lines.every((l) => /^https?:\/\/\S+$/i.test(l)))
    return { format: "urls", entries: readUrlList(text) };
  if (/^>>\s*\w|@[^@\s{]+(?:\{[^}]*\})|@\w/m.test(text))
    return { format: "cooklang", entries: [readCooklang(text, name, now)] };
  throw new UnreadableCollection(
    "This file is not a format Ladle can import: use a Paprika, Mealie, Tandoor, Nextcloud Cookbook, Cooklang or schema.org export, a browser's bookmark file, a Pocket CSV, an Omnivore or Karakeep JSON, a saved recipe page, or a list of web addresses.",
  );
}

/** Reads a folder's files (Nextcloud Cookbook, Cooklang, loose JSON files) like an unpacked zip. */
export function readFolder(files: FileMap, now?: Date, budget = new InflateBudget()): InteropRead {
  return readFiles(files, now, budget);
}
