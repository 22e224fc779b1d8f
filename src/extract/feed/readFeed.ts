import { createHash } from "node:crypto";
import type { parseFeed } from "feedsmith";
import { Parser } from "htmlparser2";
import { feedProblem, type FeedProblem } from "../../domain/feedProblem.ts";

/** One entry of a feed, as Ladle remembers it. */
export interface FeedEntry {
  /** What identifies the entry across polls: its guid or id, else its link, else a hash of it. */
  key: string;
  /** The article's absolute http(s) address; null when the entry has none Ladle can fetch. */
  link: string | null;
  title: string | null;
  publishedAt: Date | null;
  /** Why the entry cannot become an article (no link, a link that is not a web address). */
  problem: FeedProblem | null;
}

export type ReadFeedResult =
  | { ok: true; format: string; title: string | null; siteUrl: string | null; entries: FeedEntry[] }
  | { ok: false; reason: string; problem: FeedProblem };

type Loose = Record<string, unknown> | undefined;

const text = (v: unknown): string | null => {
  if (typeof v === "string") return v.trim() || null;
  if (v && typeof v === "object" && "value" in v) return text((v as { value: unknown }).value);
  return null;
};

const date = (v: unknown): Date | null => {
  const s = text(v);
  if (!s) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
};

function absolute(href: string | null, base: string): { url: string | null; problem: FeedProblem | null } {
  if (!href) return { url: null, problem: feedProblem("noLink") };
  try {
    const u = new URL(href, base);
    if (u.protocol !== "http:" && u.protocol !== "https:")
      return { url: null, problem: feedProblem("badLink", { link: href.slice(0, 120) }) };
    return { url: u.href, problem: null };
  } catch {
    return { url: null, problem: feedProblem("badLink", { link: href.slice(0, 120) }) };
  }
}

/** The alternate (or first) link of an Atom entry. */
function atomLink(links: unknown): string | null {
  if (!Array.isArray(links)) return null;
  const all = links as { href?: string; rel?: string }[];
  return (all.find((l) => !l.rel || l.rel === "alternate") ?? all[0])?.href ?? null;
}

/**
 * Reads an RSS (0.9x, 1.0, 2.0), Atom or JSON Feed document with feedsmith (maintained, typed, no
 * network of its own). Entries keep the document's order; a broken entry is kept with its problem,
 * so the feed's log can say what was wrong with it.
 */
export async function readFeed(body: string, feedUrl: string): Promise<ReadFeedResult> {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    // feedsmith (~150 modules) loads with the first feed read: most processes never read one.
    const { parseFeed } = await import("feedsmith");
    parsed = parseFeed(body);
  } catch (e) {
    const problem = feedProblem("notAFeed", { detail: (e as Error).message });
    return { ok: false, reason: problem.message, problem };
  }
  const f = parsed.feed as Loose;
  const raw: { id: unknown; link: string | null; title: unknown; at: unknown; whole: unknown }[] = [];
  let siteUrl: string | null;
  if (parsed.format === "atom") {
    siteUrl = atomLink(f?.links);
    for (const e of ((f?.entries as Loose[] | undefined) ?? []) as Loose[])
      raw.push({
        id: e?.id,
        link: atomLink(e?.links),
        title: e?.title,
        at: e?.published ?? e?.updated,
        whole: e,
      });
  } else if (parsed.format === "json") {
    siteUrl = text(f?.home_page_url);
    for (const e of ((f?.items as Loose[] | undefined) ?? []) as Loose[])
      raw.push({
        id: e?.id,
        link: text(e?.url) ?? text(e?.external_url),
        title: e?.title,
        at: e?.date_published ?? e?.date_modified,
        whole: e,
      });
  } else {
    siteUrl = text(f?.link);
    for (const e of ((f?.items as Loose[] | undefined) ?? []) as Loose[]) {
      const dc = e?.dc as Loose;
      raw.push({
        id: e?.guid,
        link: text(e?.link),
        title: e?.title,
        at: e?.pubDate ?? dc?.date,
        whole: e,
      });
    }
  }
  const entries = raw.map((r): FeedEntry => {
    const { url, problem } = absolute(r.link, feedUrl);
    const key =
      text(r.id) ??
      url ??
      `sha1:${createHash("sha1")
        .update(JSON.stringify(r.whole ?? null))
        .digest("hex")}`;
    return { key: key.slice(0, 2000), link: url, title: text(r.title), publishedAt: date(r.at), problem };
  });
  return {
    ok: true,
    format: parsed.format,
    title: text(f?.title),
    siteUrl: siteUrl ? absolute(siteUrl, feedUrl).url : null,
    entries,
  };
}

/** A feed a page names in its head. */
export interface FeedLink {
  url: string;
  title: string | null;
  type: string;
}

const FEED_TYPES = new Set([
  "application/rss+xml",
  "application/atom+xml",
  "application/feed+json",
  "application/json",
]);

/** The feeds a web page names: `<link rel="alternate" type="application/rss+xml|atom+xml" href>`. */
export function discoverFeeds(html: string, pageUrl: string): FeedLink[] {
  const found: FeedLink[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name !== "link") return;
        const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
        const type = (attrs.type ?? "").toLowerCase().split(";")[0]!.trim();
        if (!rel.includes("alternate") || !FEED_TYPES.has(type) || !attrs.href) return;
        // A page's plain JSON alternate is rarely a feed: only the JSON Feed type counts.
        if (type === "application/json") return;
        const { url } = absolute(attrs.href, pageUrl);
        if (url && !found.some((x) => x.url === url)) found.push({ url, title: attrs.title ?? null, type });
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html.slice(0, 512 * 1024));
  return found;
}
