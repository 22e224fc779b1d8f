import {
  queryText,
  siteOf,
  type SearchOutcome,
  type SearchProvider,
  type SearchRequest,
  type SearchTransport,
} from "./searchProvider.ts";

/** cheerio, loaded on first use: only the curated provider reads pages with it, and it is large. */
const loadCheerio = () => import("cheerio");

/** One page of a curated site in the local title index. */
export interface CuratedEntry {
  site: string;
  url: string;
  title: string;
}

/** The local title index (curated_index table). */
export interface CuratedIndex {
  /** Entries whose title contains any of `tokens`, at most `limit`. */
  find(provider: string, tokens: string[], limit: number): Promise<CuratedEntry[]>;
  /** Replaces a site's entries. */
  replace(provider: string, site: string, entries: CuratedEntry[], at: Date): Promise<void>;
  /** When the provider's index was last refreshed, null when never. */
  refreshedAt(provider: string): Promise<Date | null>;
}

// Words that say nothing about which dish: they match every recipe site.
const STOPWORDS = new Set(
  "a an and the of for with to in on how make best easy simple quick recipe recipes homemade ultimate perfect my our your from".split(
    " ",
  ),
);

/** Lowercase words without accents and stopwords: the matching key of titles and queries. */
export function searchTokens(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
}

/** A readable title from a URL's last meaningful path segment ("/recipes/tonkotsu-ramen/" → "Tonkotsu ramen"). */
export function titleFromUrl(url: string): string {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    return "";
  }
  const seg = path
    .split("/")
    .filter((s) => s && !/^\d+$/.test(s))
    .pop();
  if (!seg) return "";
  const words = seg
    .replace(/\.(html?|php|aspx?)$/i, "")
    .replace(/[-_+]+/g, " ")
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "";
}

/** Share of query tokens found in the title tokens. */
function matchScore(queryTokens: string[], title: string): number {
  if (!queryTokens.length) return 0;
  const t = new Set(searchTokens(title));
  return queryTokens.filter((q) => t.has(q)).length / queryTokens.length;
}

/**
 * Curated sources: the operator's list of recipe sites, searched through a local index of page
 * titles built from their sitemaps (fetched through the gateway as pages, so robots.txt, allow and
 * deny lists and politeness apply), and through site-search URL templates read live.
 */
export class CuratedProvider implements SearchProvider {
  readonly type = "curated";
  readonly name: string;
  private readonly sites: string[];
  private readonly templates: string[];
  private readonly transport: SearchTransport;
  private readonly index: CuratedIndex;
  private readonly maxPages: number;

  constructor(
    name: string,
    cfg: { Sites: string[]; SearchUrlTemplates: string[]; maxPagesPerSite: number },
    transport: SearchTransport,
    index: CuratedIndex,
  ) {
    this.name = name;
    this.sites = cfg.Sites;
    this.templates = cfg.SearchUrlTemplates;
    this.transport = transport;
    this.index = index;
    this.maxPages = cfg.maxPagesPerSite;
  }

  async search(req: SearchRequest): Promise<SearchOutcome> {
    const tokens = searchTokens(queryText(req));
    if (!tokens.length) return { ok: true, candidates: [] };
    const found = new Map<string, { url: string; title: string; score: number }>();
    const add = (url: string, title: string) => {
      const score = matchScore(tokens, title);
      if (score > 0 && (found.get(url)?.score ?? -1) < score) found.set(url, { url, title, score });
    };
    for (const e of await this.index.find(this.name, tokens, 500)) add(e.url, e.title);
    const failures: string[] = [];
    // The sites are read side by side (each under the gateway's own per-domain politeness).
    const pages = await Promise.all(
      this.templates.map(async (tpl) => {
        const url = tpl.replace("{query}", encodeURIComponent(queryText(req)));
        return { url, res: await this.transport.page(url) };
      }),
    );
    for (const { url, res } of pages) {
      if (!res.ok || res.kind !== "html") {
        failures.push(`${siteOf(url)}: ${res.ok ? "not a web page" : res.reason}`);
        continue;
      }
      for (const link of await resultLinks(res.body.toString("utf8"), res.url)) add(link.url, link.title);
    }
    if (!found.size && failures.length && failures.length === this.templates.length && !this.sites.length)
      return { ok: false, kind: "down", message: `${this.name} (curated): ${failures.join("; ")}` };
    const ranked = [...found.values()].sort((a, b) => b.score - a.score).slice(0, req.limit);
    return {
      ok: true,
      candidates: ranked.map((r) => ({
        url: r.url,
        title: r.title,
        snippet: "",
        siteName: siteOf(r.url),
        score: Math.round(r.score * 1000) / 1000,
      })),
    };
  }

  /** Rebuilds the title index from the sites' sitemaps; returns pages indexed per site. */
  async refresh(at: Date): Promise<Record<string, number | string>> {
    const out: Record<string, number | string> = {};
    for (const site of this.sites) {
      const host = siteOf(site) ?? site;
      const entries = await this.readSite(site);
      if (typeof entries === "string") {
        out[host] = entries;
        continue;
      }
      await this.index.replace(this.name, host, entries, at);
      out[host] = entries.length;
    }
    if (!this.sites.length) await this.index.replace(this.name, "", [], at);
    return out;
  }

  private async readSite(site: string): Promise<CuratedEntry[] | string> {
    const host = siteOf(site) ?? site;
    let roots: string[];
    if (/\.xml(\.gz)?$/i.test(new URL(site).pathname)) roots = [site];
    else {
      const origin = new URL(site).origin;
      roots = [];
      const robots = await this.transport.page(`${origin}/robots.txt`);
      if (robots.ok)
        for (const m of robots.body.toString("utf8").matchAll(/^\s*sitemap:\s*(\S+)/gim)) roots.push(m[1]!);
      if (!roots.length) roots.push(`${origin}/sitemap.xml`);
    }
    const entries: CuratedEntry[] = [];
    const seen = new Set<string>();
    const queue = [...roots];
    let sitemapsRead = 0;
    let lastError = "";
    // A sitemap index may nest; 20 sitemaps per site bound the work of one refresh.
    while (queue.length && sitemapsRead < 20 && entries.length < this.maxPages) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      sitemapsRead++;
      const res = await this.transport.page(url);
      if (!res.ok) {
        lastError = res.reason;
        continue;
      }
      const $ = (await loadCheerio()).load(res.body.toString("utf8"), { xml: true });
      $("sitemap > loc").each((_, e) => void queue.push($(e).text().trim()));
      $("url").each((_, e) => {
        if (entries.length >= this.maxPages) return;
        const loc = $(e).children("loc").first().text().trim();
        if (!/^https?:\/\//i.test(loc)) return;
        const named = $(e).find("news\\:title, image\\:title").first().text().trim() || titleFromUrl(loc);
        if (named) entries.push({ site: host, url: loc, title: named.slice(0, 300) });
      });
    }
    if (!entries.length && lastError) return `sitemap unreadable: ${lastError}`;
    return entries;
  }
}

/** Links of a site-search result page that stay on the site and have words. */
async function resultLinks(html: string, base: string): Promise<{ url: string; title: string }[]> {
  const $ = (await loadCheerio()).load(html);
  const host = siteOf(base);
  const out: { url: string; title: string }[] = [];
  $("nav, header, footer, aside, form").remove();
  $("a[href]").each((_, a) => {
    let url: string;
    try {
      url = new URL($(a).attr("href")!, base).href.replace(/#.*$/, "");
    } catch {
      return;
    }
    const title = $(a).text().replace(/\s+/g, " ").trim();
    if (siteOf(url) !== host || title.length < 3 || /[?&](s|q|query)=/.test(url)) return;
    out.push({ url, title });
  });
  return out;
}
