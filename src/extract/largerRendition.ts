// The shared picture at the largest size the page itself serves it (issue 50: "image: another
// picture than the page's main one"). A page without structured data names its picture only in its
// og:image, often a mid-sized rendition ("…_1024x748_JPG.jpg", "…_v-contentxl.jpg") that the page's
// own <img>/<picture> lists in a srcset beside larger ones ("…_1224x900_JPG.jpg 1224w",
// "…_v-fullhd.jpg 1920w"): the set's widest entry is the same photo, served as large as the site has it.
import { walk } from "./dom.ts";
import { imageUrl, isFurniture } from "./images.ts";
import type { PageScan } from "./pageScan.ts";

const SRCSET_ATTRS = ["srcset", "data-srcset", "data-lazy-srcset", "imagesrcset"];

// A WordPress-style set: the original ("photo.jpg", or "photo-scaled.jpg") beside its copies cut to
// a size ("photo-1024x1536.jpg"). There the site's share card names the very file its SEO plugin chose,
// and a copy listed wider than the original (an upscale left from an earlier upload) is no better.
const SIZED_COPY = /-\d+x\d+(?=\.\w+$)/;

interface Entry {
  url: string;
  width: number;
}

/**
 * The entries of a srcset that state a width (`a.jpg 1224w`), resolved against the page. Parsed as
 * the HTML standard does: a URL runs to white space (a comma inside it, "w_640,h_640", is its own),
 * its descriptors to the next comma, which needs no space after it ("a.jpg 8w,b.jpg 128w").
 */
function entries(srcset: string, base: string): Entry[] {
  const out: Entry[] = [];
  let i = 0;
  while (i < srcset.length) {
    while (i < srcset.length && /[\s,]/.test(srcset[i]!)) i++;
    let j = i;
    while (j < srcset.length && !/\s/.test(srcset[j]!)) j++;
    const raw = srcset.slice(i, j);
    if (!raw) break;
    // A URL ending in a comma has no descriptors: no width stated.
    if (raw.endsWith(",")) {
      i = j;
      continue;
    }
    const end = srcset.indexOf(",", j);
    const descriptor = srcset.slice(j, end < 0 ? srcset.length : end).trim();
    i = end < 0 ? srcset.length : end + 1;
    const m = /(?:^|\s)(\d+)w(?:\s|$)/.exec(descriptor);
    const url = m ? imageUrl(raw, base) : null;
    if (url && m) out.push({ url, width: Number(m[1]) });
  }
  return out;
}

// The photo a WordPress file is a copy of: "photo-1024x1536.jpg" and "photo-scaled.jpg" are "photo.jpg".
const stem = (url: string): string =>
  url.replace(/[?#].*$/, "").replace(/(?:-(?:\d+x\d+|scaled))+(?=\.\w+$)/, "");

function isWordPressSet(set: Entry[]): boolean {
  const originals = new Set(
    set.filter((e) => !SIZED_COPY.test(e.url.replace(/[?#].*$/, ""))).map((e) => stem(e.url)),
  );
  return set.some((e) => SIZED_COPY.test(e.url.replace(/[?#].*$/, "")) && originals.has(stem(e.url)));
}

/**
 * The widest entry of the first srcset on the page that lists `url` and something wider, where
 * `url` is a share card's that states no size (a card whose size the page states, og:image:width,
 * is the picture as the site means to share it: the step up missed the expected picture on the one
 * corpus page with one); else `url`. Not from a WordPress original with its sized copies.
 */
export function largerRendition(page: PageScan, base: string, url: string): string {
  const card = page.sharedImages.find((s) => s.urls.some((u) => imageUrl(u, base) === url));
  if (!card || card.width || card.height) return url;
  let found: string | null = null;
  walk(page.doc(), (el) => {
    if (found) return false;
    for (const attr of SRCSET_ATTRS) {
      const value = el.attribs[attr];
      if (!value) continue;
      const set = entries(value, base).filter((e) => !isFurniture(e.url));
      const own = set.find((e) => e.url === url);
      if (!own) continue;
      const widest = set.reduce((a, b) => (b.width > a.width ? b : a));
      if (widest.width > own.width && !isWordPressSet(set)) found = widest.url;
      return false;
    }
    return undefined;
  });
  return found ?? url;
}
