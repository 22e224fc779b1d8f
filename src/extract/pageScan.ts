import { decodeHTML } from "entities";
import type { Handler } from "htmlparser2";
import { DecodingDomHandler, parseHtml, parseInto, type Document } from "./dom.ts";
import { PageText } from "./pageText.ts";
import { scanHtml, type ScanAttribs } from "./scanHtml.ts";
import { SnapshotBuilder } from "./snapshot.ts";
import { cleanText } from "./text.ts";

/** What one streaming pass over a page collects; the DOM is built only when something asks for it. */
export interface PageScan {
  /** The clean text snapshot (§10.2). */
  snapshot: string;
  /** Raw text of each `<script type="application/ld+json">`, in document order. */
  jsonLd: string[];
  /** `<meta>` content outside `<body>` by lower-cased property/name/itemprop; first wins. */
  meta: Map<string, string>;
  /**
   * The images the page shares (`og:image` with its `url`/`secure_url` and declared size, each
   * `twitter:image`), in document order.
   */
  sharedImages: SharedImage[];
  /** href of the first `<link>` or `<a>` whose rel names a license. */
  licenseHref: string | null;
  /** Whether some element declares a microdata Recipe item (`itemscope` + `itemtype`) or an RDFa Recipe (`typeof`). */
  markup: { microdata: boolean; rdfa: boolean };
  /** The HTML as given, in the pieces it was decoded in (cheap substring tests before a costly tree query). */
  source: PageText;
  /** The page parsed into a tree, on first use (heuristics, microdata and RDFa need it). */
  doc(): Document;
}

/** One shared image: its URLs (og:image, its secure_url / url) and declared size. */
export interface SharedImage {
  kind: "og" | "twitter";
  urls: string[];
  width: number;
  height: number;
}

/** The first of `keys` present in the page's meta tags. */
export function metaOf(scan: PageScan, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = scan.meta.get(k);
    if (v) return v;
  }
  return null;
}

/**
 * One tokenizer pass over the HTML that yields the snapshot, JSON-LD scripts and meta tags without
 * building a tree: a page whose JSON-LD holds the whole recipe never needs one, and building it is
 * about a third of a parse. A page with no JSON-LD at all will need the tree (microdata, RDFa,
 * heuristics), so the same pass builds it.
 */
export function scanPage(html: string | PageText): PageScan {
  const source = typeof html === "string" ? PageText.of(html) : html;
  // A page with JSON-LD is read without a tree and without decoding entities in the tokenizer
  // (attribute values are most of its decoding work, and only a few are ever read): the snapshot
  // decodes its lines, meta values and links go through cleanText, which decodes.
  const hasJsonLd = source.test(/ld\+json/i, "ld+json".length);
  const snap = new SnapshotBuilder(hasJsonLd);
  const jsonLd: string[] = [];
  const meta = new Map<string, string>();
  let licenseHref: string | null = null;
  const sharedImages: SharedImage[] = [];
  // The og:image being described: its url, secure_url, width and height follow it (Open Graph arrays).
  let og: (SharedImage & { keys: Set<string> }) | null = null;
  const shared = (key: string, value: string) => {
    if (key === "og:image" || key === "og:image:url" || key === "og:image:secure_url") {
      if (!og || og.keys.has(key) || (key === "og:image" && og.keys.has("og:image:url"))) {
        og = { kind: "og", urls: [], width: 0, height: 0, keys: new Set() };
        sharedImages.push(og);
      }
      og.keys.add(key);
      og.urls.push(value);
    } else if (key === "og:image:width" || key === "og:image:height") {
      // A size written before its og:image opens the image it describes.
      if (!og) {
        og = { kind: "og", urls: [], width: 0, height: 0, keys: new Set() };
        sharedImages.push(og);
      }
      og[key === "og:image:width" ? "width" : "height"] = parseInt(value, 10) || 0;
    } else if (key === "twitter:image" || key === "twitter:image:src")
      sharedImages.push({ kind: "twitter", urls: [value], width: 0, height: 0 });
  };
  let script: string | null = null;
  let inBody = false;

  const markup = { microdata: false, rdfa: false };
  // Attribute values as the tree would hold them (decoded once), whichever way the page is read.
  const raw = (v: string): string => (hasJsonLd && v.includes("&") ? decodeHTML(v) : v);
  const collect = {
    onopentag(name: string, attribs: Partial<ScanAttribs>) {
      snap.onopentag(name, attribs);
      // Only a Recipe item counts: many pages mark up their navigation or breadcrumbs, and reading
      // those would build a second tree for nothing.
      if (attribs.itemscope !== undefined && attribs.itemtype && /recipe/i.test(attribs.itemtype))
        markup.microdata = true;
      if (attribs.typeof !== undefined && /recipe/i.test(attribs.typeof)) markup.rdfa = true;
      switch (name) {
        case "script":
          if (/ld\+json/i.test(attribs.type ?? "")) script = "";
          break;
        case "meta":
          if (!inBody && attribs.content) {
            const key = (attribs.property ?? attribs.name ?? attribs.itemprop ?? "").toLowerCase();
            const image = key.startsWith("og:image") || key.startsWith("twitter:image");
            if (key && (image || !meta.has(key))) {
              const v = cleanText(raw(attribs.content));
              if (v && !meta.has(key)) meta.set(key, v);
              if (v && image) shared(key, v);
            }
          }
          break;
        case "body":
          inBody = true;
          break;
        case "link":
        case "a":
          if (licenseHref === null && attribs.href && /\blicense\b/i.test(attribs.rel ?? ""))
            licenseHref = cleanText(raw(attribs.href)) || null;
          break;
      }
    },
    ontext(text: string) {
      if (script !== null) script += text;
      else snap.ontext(text);
    },
    onclosetag(name: string) {
      snap.onclosetag(name);
      if (name === "script" && script !== null) {
        jsonLd.push(script);
        script = null;
      } else if (name === "body") inBody = false;
    },
  };

  let doc: Document | null = null;
  if (hasJsonLd) {
    scanHtml(source, collect);
  } else {
    const dom = new ScanDomHandler(collect);
    parseInto(dom, source);
    doc = dom.root;
  }
  return {
    snapshot: snap.text(),
    jsonLd,
    meta,
    sharedImages: sharedImages.map(({ kind, urls, width, height }) => ({ kind, urls, width, height })),
    licenseHref,
    markup,
    source,
    doc: () => (doc ??= parseHtml(source)),
  };
}

type Collector = Pick<Handler, "onopentag" | "ontext" | "onclosetag">;

/** Builds the tree (decoded, see {@link DecodingDomHandler}) and feeds the collectors from the same parser events. */
class ScanDomHandler extends DecodingDomHandler {
  private readonly collect: Collector;

  constructor(collect: Collector) {
    super();
    this.collect = collect;
  }

  override onopentag(name: string, attribs: Record<string, string>): void {
    super.onopentag(name, attribs);
    this.collect.onopentag(name, attribs, false);
  }

  protected override text(data: string): void {
    this.collect.ontext(data);
  }

  override onclosetag(name?: string): void {
    super.onclosetag(name);
    this.collect.onclosetag(name ?? "", false);
  }
}
