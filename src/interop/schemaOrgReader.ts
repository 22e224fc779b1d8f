import { flattenJsonLd, typesOf } from "../extract/jsonld.ts";
import { mapSchemaRecipe } from "../extract/schemaRecipe.ts";
import {
  baseName,
  dirName,
  failed,
  fileUrl,
  httpUrl,
  image,
  isObject,
  makeDraft,
  parseJson,
  recipeEntry,
  type FileMap,
  type InteropEntry,
  type InteropFormat,
  type InteropImage,
} from "./types.ts";

type Node = Record<string, unknown>;

const isRecipe = (n: Node) => typesOf(n).some((t) => t.toLowerCase() === "recipe");

/** A picture named by a relative path in the recipe, found beside it in the folder or zip. */
function localImage(node: Node, files: FileMap | null, dir: string): InteropImage | null {
  if (!files) return null;
  const raw = Array.isArray(node.image) ? node.image[0] : node.image;
  const ref = typeof raw === "string" ? raw : isObject(raw) ? (raw.contentUrl ?? raw.url) : null;
  if (typeof ref !== "string" || !ref || httpUrl(ref)) return null;
  const path = ref.replace(/^\.\//, "");
  const bytes = files.get(dir ? `${dir}/${path}` : path) ?? files.get(path);
  return image(baseName(path), bytes);
}

/**
 * One schema.org Recipe node as a draft entry. `url` (or `@id` when it is a page) becomes the
 * source; a relative `image` is looked up among the files that came with it.
 */
export function schemaNodeEntry(
  node: Node,
  byId: Map<string, Node>,
  label: string,
  opts: { format?: InteropFormat; files?: FileMap | null; dir?: string; now?: Date } = {},
): InteropEntry {
  const format = opts.format ?? "jsonld";
  const pageUrl = httpUrl(node.url) ?? httpUrl(node["@id"]);
  const local = localImage(node, opts.files ?? null, opts.dir ?? "");
  const mapped = mapSchemaRecipe(local ? { ...node, image: undefined } : node, {
    baseUrl: pageUrl ?? "https://invalid.invalid/",
    byId,
  });
  if (mapped.imageUrl && !httpUrl(mapped.imageUrl)) delete mapped.imageUrl;
  if (mapped.imageUrl?.startsWith("https://invalid.invalid/")) delete mapped.imageUrl;
  const published = typeof node.datePublished === "string" ? node.datePublished : null;
  const draft = makeDraft(
    mapped,
    {
      url: pageUrl ?? fileUrl(format, label),
      siteName:
        isObject(node.publisher) && typeof node.publisher.name === "string" ? node.publisher.name : null,
      retrievedAt:
        published && !Number.isNaN(Date.parse(published)) ? new Date(published).toISOString() : null,
    },
    opts.now,
  );
  return recipeEntry(label, draft, local ? [local] : []);
}

/** The entries of one JSON document: a Recipe, an array of them, or a JSON-LD @graph. */
export function readSchemaJson(
  value: unknown,
  label: string,
  opts: { files?: FileMap | null; dir?: string; now?: Date } = {},
): InteropEntry[] {
  if (value instanceof Error) return [failed(label, value.message)];
  const tops = Array.isArray(value) ? value : [value];
  const { byId } = flattenJsonLd([value]);
  const out: InteropEntry[] = [];
  tops.forEach((top, i) => {
    const at = tops.length > 1 ? `${label} #${i + 1}` : label;
    const nodes = flattenJsonLd([top]).nodes.filter(isRecipe);
    if (!nodes.length) {
      out.push(failed(at, 'This entry is not a schema.org Recipe (it has no "@type": "Recipe").'));
      return;
    }
    for (const n of nodes) {
      const name = typeof n.name === "string" && n.name.trim() ? n.name.trim() : at;
      out.push(schemaNodeEntry(n, byId, nodes.length > 1 || tops.length > 1 ? name : at, { ...opts }));
    }
  });
  return out;
}

/** Every .json / .jsonld file of a folder or zip, each read as schema.org JSON-LD. */
export function readSchemaFiles(files: FileMap, now?: Date): InteropEntry[] {
  const out: InteropEntry[] = [];
  for (const [path, bytes] of files) {
    if (!/\.(json|jsonld)$/i.test(path)) continue;
    out.push(...readSchemaJson(parseJson(bytes), path, { files, dir: dirName(path), now }));
  }
  return out;
}
