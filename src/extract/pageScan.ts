import { Parser } from "htmlparser2";
import { parseHtml, type Document } from "./dom.ts";
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
  /** href of the first `<link>` or `<a>` whose rel names a license. */
  licenseHref: string | null;
  /** The page parsed into a tree, on first use (heuristics, microdata and RDFa need it). */
  doc(): Document;
}

/** The first of `keys` present in the page's meta tags. */
export function metaOf(scan: PageScan, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = scan.meta.get(k);
    if (v) return v;
  }
  return null;
}

const PARSER_OPTIONS = { decodeEntities: true, lowerCaseAttributeNames: true } as const;

/**
 * One tokenizer pass over the HTML that yields the snapshot, JSON-LD scripts and meta tags without
 * building a tree: a page whose JSON-LD holds the whole recipe never needs one, and building it is
 * about a third of a parse.
 */
export function scanPage(html: string): PageScan {
  const snap = new SnapshotBuilder();
  const jsonLd: string[] = [];
  const meta = new Map<string, string>();
  let licenseHref: string | null = null;
  let script: string | null = null;
  let inBody = false;

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        snap.onopentag(name, attribs);
        switch (name) {
          case "script":
            if (/ld\+json/i.test(attribs.type ?? "")) script = "";
            break;
          case "meta":
            if (!inBody && attribs.content) {
              const key = (attribs.property ?? attribs.name ?? attribs.itemprop ?? "").toLowerCase();
              if (key && !meta.has(key)) {
                const v = cleanText(attribs.content);
                if (v) meta.set(key, v);
              }
            }
            break;
          case "body":
            inBody = true;
            break;
          case "link":
          case "a":
            if (licenseHref === null && attribs.href && /\blicense\b/i.test(attribs.rel ?? ""))
              licenseHref = cleanText(attribs.href) || null;
            break;
        }
      },
      ontext(text) {
        if (script !== null) script += text;
        else snap.ontext(text);
      },
      onclosetag(name) {
        snap.onclosetag(name);
        if (name === "script" && script !== null) {
          jsonLd.push(script);
          script = null;
        } else if (name === "body") inBody = false;
      },
    },
    PARSER_OPTIONS,
  );
  parser.end(html);

  let doc: Document | null = null;
  return {
    snapshot: snap.text(),
    jsonLd,
    meta,
    licenseHref,
    doc: () => (doc ??= parseHtml(html)),
  };
}
