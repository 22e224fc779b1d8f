import { decodeHTML } from "entities";
import { DecodingDomHandler, parseHtml, parseInto, type Document } from "./dom.ts";
import { PageText } from "./pageText.ts";
import { scanHtml, type ScanAttribs, type ScanHandler } from "./scanHtml.ts";
import { SnapshotBuilder } from "./snapshot.ts";
import { cleanText } from "./text.ts";

/** What one streaming pass over a page collects; the DOM is built only when something asks for it. */
export interface PageScan {
  /** The clean text snapshot. */
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
  /** href of the first `<base>` that has one: what the page's relative URLs are relative to. */
  baseHref: string | null;
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
  const hasJsonLd = source.includesFolded("ld+json");
  const collect = new PageCollector(hasJsonLd);
  let doc: Document | null = null;
  if (hasJsonLd) {
    scanHtml(source, collect);
  } else {
    const dom = new ScanDomHandler(collect);
    parseInto(dom, source);
    doc = dom.root;
  }
  return {
    snapshot: collect.snap.text(),
    jsonLd: collect.jsonLd,
    meta: collect.meta,
    sharedImages: collect.sharedImages.map(({ kind, urls, width, height }) => ({
      kind,
      urls,
      width,
      height,
    })),
    licenseHref: collect.licenseHref,
    baseHref: collect.baseHref,
    markup: collect.markup,
    source,
    doc: () => (doc ??= parseHtml(source)),
  };
}

/** An og:image being described: its url, secure_url, width and height follow it (Open Graph arrays). */
type OpenImage = SharedImage & { keys: Set<string> };

/**
 * The pass's handlers and what they collect. A class, not closures made per page: optimized code
 * that had inlined one page's closures was thrown away on the next page (a "wrong call target"
 * deoptimization per page, and the pass compiled again and again in a short run).
 */
class PageCollector implements ScanHandler {
  readonly snap: SnapshotBuilder;
  readonly jsonLd: string[] = [];
  readonly meta = new Map<string, string>();
  licenseHref: string | null = null;
  baseHref: string | null = null;
  readonly sharedImages: SharedImage[] = [];
  readonly markup = { microdata: false, rdfa: false };
  private og: OpenImage | null = null;
  private script: string | null = null;
  private inBody = false;
  private readonly hasJsonLd: boolean;

  constructor(hasJsonLd: boolean) {
    this.hasJsonLd = hasJsonLd;
    this.snap = new SnapshotBuilder(hasJsonLd);
  }

  /** Attribute values as the tree would hold them (decoded once), whichever way the page is read. */
  private raw(v: string): string {
    return this.hasJsonLd && v.includes("&") ? decodeHTML(v) : v;
  }

  private openImage(): OpenImage {
    const og: OpenImage = { kind: "og", urls: [], width: 0, height: 0, keys: new Set() };
    this.sharedImages.push(og);
    return (this.og = og);
  }

  private shared(key: string, value: string): void {
    if (key === "og:image" || key === "og:image:url" || key === "og:image:secure_url") {
      let og = this.og;
      if (!og || og.keys.has(key) || (key === "og:image" && og.keys.has("og:image:url")))
        og = this.openImage();
      og.keys.add(key);
      og.urls.push(value);
    } else if (key === "og:image:width" || key === "og:image:height") {
      // A size written before its og:image opens the image it describes.
      const og = this.og ?? this.openImage();
      og[key === "og:image:width" ? "width" : "height"] = parseInt(value, 10) || 0;
    } else if (key === "twitter:image" || key === "twitter:image:src")
      this.sharedImages.push({ kind: "twitter", urls: [value], width: 0, height: 0 });
  }

  onopentag(name: string, attribs: Partial<ScanAttribs>): void {
    this.snap.onopentag(name, attribs);
    // Only a Recipe item counts: many pages mark up their navigation or breadcrumbs, and reading
    // those would build a second tree for nothing.
    if (attribs.itemscope !== undefined && attribs.itemtype && /recipe/i.test(attribs.itemtype))
      this.markup.microdata = true;
    if (attribs.typeof !== undefined && /recipe/i.test(attribs.typeof)) this.markup.rdfa = true;
    switch (name) {
      case "script":
        if (/ld\+json/i.test(attribs.type ?? "")) this.script = "";
        break;
      case "meta":
        if (!this.inBody && attribs.content) {
          const key = (attribs.property ?? attribs.name ?? attribs.itemprop ?? "").toLowerCase();
          const image = key.startsWith("og:image") || key.startsWith("twitter:image");
          if (key && (image || !this.meta.has(key))) {
            const v = cleanText(this.raw(attribs.content));
            if (v && !this.meta.has(key)) this.meta.set(key, v);
            if (v && image) this.shared(key, v);
          }
        }
        break;
      case "body":
        this.inBody = true;
        break;
      case "base":
        if (this.baseHref === null && attribs.href) this.baseHref = cleanText(this.raw(attribs.href));
        break;
      case "link":
      case "a":
        if (this.licenseHref === null && attribs.href && /\blicense\b/i.test(attribs.rel ?? ""))
          this.licenseHref = cleanText(this.raw(attribs.href)) || null;
        break;
    }
  }

  ontext(text: string): void {
    if (this.script !== null) this.script += text;
    else this.snap.ontext(text);
  }

  onclosetag(name: string): void {
    this.snap.onclosetag(name);
    if (name === "script" && this.script !== null) {
      this.jsonLd.push(this.script);
      this.script = null;
    } else if (name === "body") this.inBody = false;
  }
}

/** Builds the tree (decoded, see {@link DecodingDomHandler}) and feeds the collectors from the same parser events. */
class ScanDomHandler extends DecodingDomHandler {
  private readonly collect: ScanHandler;

  constructor(collect: ScanHandler) {
    super();
    this.collect = collect;
  }

  override onopentag(name: string, attribs: Record<string, string>): void {
    super.onopentag(name, attribs);
    this.collect.onopentag(name, attribs);
  }

  protected override text(data: string): void {
    this.collect.ontext(data);
  }

  override onclosetag(name?: string): void {
    super.onclosetag(name);
    this.collect.onclosetag(name ?? "");
  }
}
