// The picture a page states as its own main one: the structured data's WebPage names it
// (`primaryImageOfPage`, what an SEO plugin writes) and the page shares that file as its one
// og:image. Both saying so outweighs the recipe card's picture, often another photo of the post: on
// the corpus pages where the two agree and the recipe's first image differs, the expected picture is
// theirs on 97 pages, the recipe's on none (issue 50, bench/README.md, 2026-12-02 h-sd). Which of
// one photo's renditions stays the size ranking's choice; a page sharing several og:images singles
// out none of them.
import { imageUrl, pickImage, type ImageCandidate } from "./images.ts";
import type { SharedImage } from "./pageScan.ts";
import { deref, first, type MapContext, type Node } from "./schemaNodes.ts";

// An image's @id that is its own address (what Rank Math writes).
const IMAGE_FILE = /^https?:\/\/[^?#]+\.(?:jpe?g|png|webp|avif|gif)(?:[?#]|$)/i;

/**
 * The node a WebPage's `primaryImageOfPage` points at: a graph node, the ImageObject set under the
 * page's own `image` (an older SEO plugin's graph, not indexed by @id), or an @id that is a file.
 */
function primaryOf(page: Node, ctx: MapContext): unknown {
  const ref = first(page.primaryImageOfPage);
  const found = deref(ref, ctx);
  const id = ref && typeof ref === "object" ? (ref as Node)["@id"] : undefined;
  if (found !== ref || typeof id !== "string") return found;
  const own = (Array.isArray(page.image) ? page.image : [page.image]).find(
    (x) => x && typeof x === "object" && (x as Node)["@id"] === id,
  );
  return own ?? (IMAGE_FILE.test(id) ? id : null);
}

// A file's name without its rendition: "IMG_1824-320x180.jpg?w=1" and "IMG_1824.jpg" are one photo.
const photoOf = (url: string): string =>
  (
    url
      .replace(/[?#].*$/, "")
      .split("/")
      .pop() ?? ""
  )
    .replace(/\.\w+$/, "")
    .replace(/-(?:\d+x\d+|scaled|e\d+)$/gi, "")
    .toLowerCase();

/**
 * The recipe's picture from the pool: the WebPage's primary image when it is the page's one
 * og:image, a candidate, and another photo than the size ranking's pick (of one photo's renditions
 * the ranking chooses); else the ranking's pick (images.ts pickImage).
 */
export function pagePrimaryImage(
  ctx: MapContext,
  shared: SharedImage[],
  pool: ImageCandidate[],
): string | null {
  const pick = pickImage(pool);
  const og = shared.filter((s) => s.kind === "og");
  if (og.length !== 1) return pick;
  const ogUrls = og[0]!.urls.map((u) => imageUrl(u, ctx.baseUrl));
  for (const n of ctx.byId.values()) {
    if (!n.primaryImageOfPage) continue;
    const img = primaryOf(n, ctx);
    const raw = img && typeof img === "object" ? ((img as Node).url ?? (img as Node).contentUrl) : img;
    const url = imageUrl(first(raw), ctx.baseUrl);
    if (url && ogUrls.includes(url) && pool.some((c) => c.url === url))
      return pick && photoOf(pick) === photoOf(url) ? pick : url;
  }
  return pick;
}
