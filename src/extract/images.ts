// Choosing a recipe's picture as a person would: every image the page names for it is pooled and
// ranked by size. Hand-written: no library ranks a page's candidate images.
import { findAll, findFirst, textOf, walk, type Document } from "./dom.ts";
import { imageSource } from "./microdata.ts";
import { cleanText } from "./text.ts";

/** Where a candidate came from, best first: the order that breaks ties of size. */
export const ImageSource = {
  /** The recipe's own first image. */
  Primary: 0,
  /** Its other images, or another structured-data reader's. */
  Schema: 1,
  /** The image of the recipe card on the page. */
  Card: 2,
  OpenGraph: 3,
  Twitter: 4,
  /** The largest picture in the page's content. */
  Body: 5,
} as const;
export type ImageSource = (typeof ImageSource)[keyof typeof ImageSource];

export interface ImageCandidate {
  url: string;
  /** Width × height in pixels when known (declared or written in the URL); 0 when unknown. */
  area: number;
  source: ImageSource;
}

// Sizes written in a URL: `-1200x800.jpg`, `/1200x630/`, `_1224x900_`, `?w=1200&h=630`,
// `w_640,h_640` (Cloudinary), `resize=440,400`, `/650_1200.jpg`.
const SIZE_PAIR = /[-_/.,](\d{2,4})[x×](\d{2,4})(?=[-_/.,@?&%]|$)/i;
const UNDERSCORE_PAIR = /\/(\d{3,4})_(\d{3,4})\.(?:jpe?g|png|webp|gif|avif)$/i;
const QUERY_W = /[?&](?:w|width|wid|imwidth)=(\d{2,4})(?!\d)/i;
const QUERY_H = /[?&](?:h|height|hei)=(\d{2,4})(?!\d)/i;
const RESIZE = /[?&](?:resize|fit|size)=(\d{2,4})(?:,|%2C|x|:)(\d{2,4}|\*)/i;
const CLOUD_W = /[/,]w_(\d{2,4})(?=[,/])/;
const CLOUD_H = /[/,]h_(\d{2,4})(?=[,/])/;

// A URL that states no side larger than this names a thumbnail.
const THUMBNAIL_SIDE = 300;

/** The width and height a URL states for its image (a side it does not state is 0). */
export function urlSize(url: string): { width: number; height: number } {
  const resize = RESIZE.exec(url);
  if (resize) return { width: Number(resize[1]), height: resize[2] === "*" ? 0 : Number(resize[2]) };
  const qw = QUERY_W.exec(url);
  const qh = QUERY_H.exec(url);
  if (qw || qh) return { width: qw ? Number(qw[1]) : 0, height: qh ? Number(qh[1]) : 0 };
  const path = url.replace(/[?#].*$/, "");
  const cw = CLOUD_W.exec(path);
  const ch = CLOUD_H.exec(path);
  if (cw || ch) return { width: cw ? Number(cw[1]) : 0, height: ch ? Number(ch[1]) : 0 };
  const pair = SIZE_PAIR.exec(path) ?? UNDERSCORE_PAIR.exec(path);
  return pair ? { width: Number(pair[1]), height: Number(pair[2]) } : { width: 0, height: 0 };
}

/** Pixel area from sides; one side alone stands for a picture of the usual 4:3 shape. */
function areaOf(width: number, height: number): number {
  if (width && height) return width * height;
  const side = width || height;
  return Math.round((side * side * 3) / 4);
}

/** The pixel area a URL states for its image (0 when it states none). */
export function urlArea(url: string): number {
  const { width, height } = urlSize(url);
  return areaOf(width, height);
}

// Site furniture by its file or folder name: logos, icons, avatars, pin buttons, placeholders, pixels.
const FURNITURE =
  /(?:^|[-_/.])(?:logo|logos|icon|icons|favicon|apple-touch|avatar|avatars|gravatar|placeholder|fallback|pin-?it|pinterest|sprite|badge|default-image|no-image|noimage|print|picto|pictos|btn|button)(?=[-_/.]|$)/i;

// A tracking pixel or spacer by its name; "Chicken-1x1-1.jpg" declared 1200×1200 is a square crop
// named by its shape, so a declared picture size outweighs these names.
const PIXEL_NAME = /(?:^|[-_/.])(?:spacer|blank|pixel|beacon|1x1)(?=[-_/.]|$)/i;

// The same in a file's camelCase name ("recipeImgFallback.593cac7a.jpg", "noImagePlaceholder.png").
const FURNITURE_CAMEL = /[a-z0-9](?:Fallback|Placeholder|Default|NoImage|Logo)(?=[-_/.]|$)/;
// An image proxy's address names the picture in its query ("/_next/image?url=%2Fmedia%2Fx.jpg",
// "/api/image?src=…"): a value that is itself an image's path or address is judged too.
const NAMED_IN_QUERY = /^(?:\/|https?:\/\/)[^?#]*\.(?:jpe?g|png|gif|webp|avif|svg)(?:[?#]|$)/i;

/** Not the dish: site furniture by its name, or an image stated smaller than 50 px on a side. */
export function isFurniture(url: string, width = 0, height = 0): boolean {
  if ((width && width < 50) || (height && height < 50)) return true;
  if (/^data:/i.test(url)) return true;
  const paths: string[] = [];
  try {
    const u = new URL(url);
    paths.push(decodeURIComponentSafe(u.pathname));
    for (const v of u.searchParams.values()) if (NAMED_IN_QUERY.test(v)) paths.push(v);
  } catch {
    // relative or broken: judged as written
    paths.push(decodeURIComponentSafe(url));
  }
  const declared = width >= 100 && height >= 100;
  return paths.some((p) => FURNITURE.test(p) || FURNITURE_CAMEL.test(p) || (!declared && PIXEL_NAME.test(p)));
}

const ENCODED_NON_ASCII = /(?:%[89a-f][0-9a-f])+/gi;

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** An http(s) URL resolved against the page; of a URL glued after another (a broken template), the last. */
export function imageUrl(raw: unknown, base: string): string | null {
  let s = cleanText(raw);
  if (!s) return null;
  const glued = s.lastIndexOf("://");
  if (glued > 8 && /https?$/i.test(s.slice(0, glued))) s = s.slice(s.lastIndexOf("http", glued));
  try {
    const url = new URL(s, base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    // Letters the page wrote as they are ("Jalapeño.jpg") stay so: resolving encoded them.
    return /[^\p{ASCII}]/u.test(s) ? url.href.replace(ENCODED_NON_ASCII, decodeURIComponentSafe) : url.href;
  } catch {
    return null;
  }
}

/** A width or height: 1200, "1200", "1200px" or a QuantitativeValue. */
export function pixels(v: unknown): number {
  const x = v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>).value : v;
  return typeof x === "number" ? x : typeof x === "string" ? parseInt(x, 10) || 0 : 0;
}

/**
 * Adds a candidate to the pool: furniture is dropped; the same URL from several places keeps the
 * largest known size and the best source.
 */
export function addCandidate(
  pool: ImageCandidate[],
  url: string | null,
  source: ImageSource,
  width = 0,
  height = 0,
): void {
  if (!url || isFurniture(url, width, height)) return;
  let area = width && height ? width * height : 0;
  if (!area) {
    // A thumbnail named by its URL (`-225x225.jpg`, `?w=300`) gives way to an image of unknown
    // size, most often the original it was cut from; larger stated sizes count as they are. An
    // address stating one side only (`?w=1920&fit=scale`) is a copy served at any size asked for,
    // no larger than the picture it names: its size is unknown, so the recipe's own ties with it.
    const stated = urlSize(url);
    const side = Math.max(stated.width, stated.height, width, height);
    area = !side
      ? 0
      : side <= THUMBNAIL_SIDE
        ? -1
        : Math.max(areaOf(width, height), stated.width && stated.height ? stated.width * stated.height : 0);
  }
  const same = pool.find((c) => c.url === url);
  if (same) {
    same.area = Math.max(same.area, area);
    same.source = Math.min(same.source, source) as ImageSource;
  } else pool.push({ url, area, source });
}

/**
 * The picture a person would pick: the largest by known size (declared, or written in the URL);
 * ties go to the recipe's own first image, then its others, the card's, Open Graph, Twitter, the
 * page's; then to https; then to the first named.
 */
export function pickImage(pool: ImageCandidate[]): string | null {
  let best: ImageCandidate | null = null;
  const https = (c: ImageCandidate) => (c.url.startsWith("https:") ? 1 : 0);
  for (const c of pool) {
    if (
      !best ||
      c.area > best.area ||
      (c.area === best.area &&
        (c.source < best.source || (c.source === best.source && https(c) > https(best))))
    )
      best = c;
  }
  return best?.url ?? null;
}

// A placeholder's own file ("/img/spinner.svg", "lazy-load.gif", "data:"), not a dish named so ("lazy-sunday-pancakes.jpg").
// Stricter than microdata.ts's PLACEHOLDER_SRC, which only decides whether to look at data-src first.
const PLACEHOLDER_FILE =
  /^data:|(?:^|\/)(?:spinner|loader|loading|spacer|blank|transparent|placeholder|pixel|1x1|lazy)[\w-]*\.(?:gif|png|svg|webp)(?:[?#]|$)/i;

// The side a picture above the title must be stated at to be the page's hero, not a banner or an ad.
const HERO_SIDE = 600;

/** The longer side an `<img>` is stated at, by its width and height or its URL (0 when unstated). */
function statedSide(a: Record<string, string>, url: string): number {
  const stated = urlSize(url);
  return Math.max(pixels(a.width), pixels(a.height), stated.width, stated.height);
}

/** A title's or an alt text's words, lower-cased and single-spaced, for comparing the two. */
const wordsOf = (s: string): string =>
  cleanText(s)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

const FURNITURE_TAGS = new Set(["nav", "header", "footer", "aside", "form", "noscript", "template"]);

/**
 * The picture in the page's content when the page names none: an `<img itemprop="image">`, else
 * one whose alt text starts with the title's words, else
 * the first content image after the title (before it when there is no title) that is not
 * furniture or stated under 100 px, else a hero above the title: the first content image there
 * stated at least HERO_SIDE wide or tall (a banner or a logo is smaller or unsized). Furniture
 * containers (nav, header, footer, aside) are skipped; a header that holds the title ends before
 * the content its title heads.
 */
export function bodyImage(doc: Document, base: string): string | null {
  const h1 = findFirst(doc, (el) => el.name === "h1");
  let afterTitle = !h1;
  const title = h1 ? wordsOf(textOf(h1)) : "";
  let marked: string | null = null;
  // A picture whose alt text names the dish: the recipe's own, wherever it stands (a hero above the
  // title), over a related recipe's picture that comes first after the title.
  let named: string | null = null;
  let firstAfter: string | null = null;
  let firstSmall: string | null = null;
  // The copy a lazy loader leaves for browsers without scripts: used only when no other picture is.
  let inNoscript: string | null = null;
  let hero: string | null = null;
  const contentImage = (a: Record<string, string>): string | null => {
    const source = imageSource(a);
    // A lazy loader's placeholder with no address beside it: the picture is elsewhere (a <noscript> copy).
    if (PLACEHOLDER_FILE.test(source)) return null;
    // A vector file in the content is a pictogram (a heart, a clock), never the photo of a dish.
    if (/\.svg(?:[?#]|$)/i.test(source)) return null;
    const url = imageUrl(source, base);
    const w = pixels(a.width);
    const h = pixels(a.height);
    return !url || isFurniture(url, w, h) || (w && w < 100) || (h && h < 100) ? null : url;
  };
  walk(doc, (el) => {
    if (marked) return false;
    if (el.name === "noscript" && afterTitle && !inNoscript) {
      for (const img of findAll(el, (e) => e.name === "img")) {
        inNoscript = contentImage(img.attribs);
        if (inNoscript) break;
      }
    }
    // A form wrapping the whole page (ASP.NET's) holds the title: it is the page, not a widget.
    if (FURNITURE_TAGS.has(el.name) && !(el.name === "form" && findFirst(el, (e) => e.name === "h1"))) {
      // An article's header that holds its title: what follows the header follows the title.
      if (el.name === "header" && findFirst(el, (e) => e.name === "h1")) afterTitle = true;
      return false;
    }
    if (el.name === "h1") afterTitle = true;
    if (el.name !== "img") return;
    const url = contentImage(el.attribs);
    if (!url) return;
    if (!named && title.includes(" ") && `${wordsOf(el.attribs.alt ?? "")} `.startsWith(`${title} `))
      named = url;
    if (el.attribs.itemprop === "image") marked = url;
    else if (afterTitle && !firstAfter) {
      // A picture stated at a thumbnail's size (a sidebar widget's, a product's, a teaser's) gives
      // way to a later one stated larger or not at all: the dish is shown bigger than its neighbours.
      const side = statedSide(el.attribs, url);
      if (side && side <= THUMBNAIL_SIDE) firstSmall ??= url;
      else firstAfter = url;
    } else if (!afterTitle && !hero && statedSide(el.attribs, url) >= HERO_SIDE) hero = url;
  });
  return marked ?? named ?? firstAfter ?? firstSmall ?? inNoscript ?? hero;
}
