// A recipe's author that is the site's own name ("Krolls Korner" on krollskorner-like sites) where
// the page names a person as well: the recipe card's author field, or the byline linking to the
// writer's page. Structured data often carries the publication as author (an SEO plugin's
// default) while the card the cook sees credits the person who wrote it.
import type * as CssSelect from "css-select";
import type { Element } from "domhandler";
import { pageByline } from "./byline.ts";
import { PLUGINS } from "./cardPlugins.ts";
import type { Document } from "./dom.ts";
import { lazyRequire } from "./lazyRequire.ts";
import { labelled, text } from "./pageBlocks.ts";
import { personName } from "./schemaRecipe.ts";
import { lettersOf, siteHost, withoutTld } from "./siteName.ts";

const css = lazyRequire<typeof CssSelect>("css-select");

/**
 * Whether `author` is the site's name: its letters are those of the site's name or of the host's
 * name without its top-level domain ("Krolls Korner", "Kroll's Korner", "krollskorner.com").
 */
export function isSiteName(author: string, siteName: string | null, url: string): boolean {
  const a = lettersOf(author);
  if (!a) return false;
  const host = siteHost(url);
  const names = [siteName, host, host && withoutTld(host), host && withoutTld(host).split(".").at(-1)]
    .filter((n): n is string => !!n)
    .map((n) => lettersOf(/^[\w-]+(?:\.[\w-]+)+$/.test(n) ? withoutTld(n) : n));
  return names.some((n) => n.length >= 3 && n === a);
}

/** The author a recipe card on the page names (its author field), or null. */
export function cardAuthor(doc: Document): string | null {
  for (const p of PLUGINS) {
    if (!p.author) continue;
    const root = css().selectOne(p.root, doc) as Element | null;
    if (!root) continue;
    const who = personName(labelled(text(css().selectOne(p.author, root))));
    if (who) return who;
  }
  return null;
}

/**
 * The person the page credits where the recipe's author is the site's own name: the card's author,
 * else the byline linking to the writer's page; null when neither names anyone else.
 */
export function personOverBrand(
  doc: Document,
  author: string,
  siteName: string | null,
  baseUrl: string,
  url: string,
): string | null {
  if (!isSiteName(author, siteName, url)) return null;
  for (const who of [cardAuthor(doc), pageByline(doc, baseUrl, url, false)]) {
    if (who && who.length <= 100 && !isSiteName(who, siteName, url)) return who;
  }
  return null;
}
