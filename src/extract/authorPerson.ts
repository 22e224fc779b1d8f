// The person a page names as the recipe's writer, where the author read so far is the site's own
// name (issue 50, the convention it states): a brand ("Cook Test", "cooktest", "cooktest.com", a
// JSON-LD Organization) gives way to a Person-typed node of the page's graph, a recipe card's
// author field or a byline under the title, when that names a person: two to four capitalised
// words, not the site's name and no newsroom ("Team", "Staff", "Admin"). A one-word name ("Ann")
// is too often the site's login or a first name the brand stands for, and keeps the brand.
import { fullByline, labelledByline, pageByline } from "./byline.ts";
import { cardAuthor } from "./cardAuthor.ts";
import type { Document } from "./dom.ts";
import { typesOf } from "./jsonld.ts";
import { isPublisherName } from "./publisherName.ts";
import { personName, type MapContext } from "./schemaRecipe.ts";
import { lettersOf, siteHost, withoutTld } from "./siteName.ts";

type Node = Record<string, unknown>;

// A word of a person's name: capitalised ("Ann", "O'Neil", "Ann-Marie", "McKay"), an initial
// ("A."), or a particle between them ("de", "van", "von", "da", "di", "del", "der", "den", "le", "la").
const WORD = String.raw`(?:\p{Lu}[\p{Ll}'’-]*\p{Ll}(?:-\p{Lu}\p{Ll}+)?|\p{Lu}\p{Ll}+\p{Lu}\p{Ll}+|\p{Lu}\.)`;
const PARTICLE = String.raw`(?:de|van|von|da|di|del|der|den|le|la|du|dos|das)`;
const PERSON = new RegExp(String.raw`^${WORD}(?:\s+(?:${PARTICLE}\s+){0,2}${WORD}){1,3}$`, "u");
// "Ann Lee of Cook Test": a person of the site, as a card may sign it; the whole signature is the byline.
const OF_SITE = /^(.+?)\s+(?:of|from|@)\s+(.+)$/u;
// A newsroom or an account, not a person ("Test Kitchen", "Kitchen Crew", "Editorial Team").
const GENERIC =
  /(?<!\p{L})(?:admin|administrator|team|staff|editors?|editorial|crew|kitchen|desk|redaktion|redazione|redacción|redactie|rédaction|équipe|equipa|equipo|recipes?|food|foods|cooking|magazine|official)(?!\p{L})/iu;

/** Whether a name is the site's own: its og:site_name, the host's name, or the host spelt out. */
export function isSiteName(name: string, site: string | null, url: string): boolean {
  const letters = lettersOf(name);
  if (!letters) return false;
  const host = siteHost(url);
  const names = [site, host, host && withoutTld(host), host && withoutTld(host).split(".").at(-1)]
    .filter((n): n is string => !!n)
    .map(lettersOf);
  return names.includes(letters);
}

// "Nora from Cook Test": a first name signed with the site's name, as a card or byline may sign it;
// the corpus truth credits the person alone, while "of" and "@" signatures it keeps whole (the site
// after "|" or "-" it keeps as often as not, so those stay too).
const FROM_SITE = /^(.+?)\s+from\s+(.+)$/u;

/**
 * The name as the corpus truth credits its writer: without a "from <the site's name>" signature;
 * and, on a page with no recipe in structured data, a first name alone ("Julie", as a card signs)
 * in full where the byline under the title gives it ("Julie Goodwin"). A first name the structured
 * data gives is the truth's own reading and stays.
 */
export function signedName(
  name: string,
  page: { doc: () => Document; raw: Node | null; ctx: MapContext; site: string | null; url: string },
): string {
  const { site, url } = page;
  const m = FROM_SITE.exec(name);
  if (m && isSiteName(m[2]!, site, url) && !isSiteName(m[1]!, site, url)) return m[1]!.trim();
  if (page.raw || !/^\p{Lu}[\p{Ll}'’-]+$/u.test(name)) return name;
  const byline = pageByline(page.doc(), page.ctx.baseUrl, url, false);
  const first = (full: string | null): boolean =>
    !!full && personShaped(full, site, url) && full.split(/\s+/)[0]!.toLowerCase() === name.toLowerCase();
  if (first(byline)) return byline!;
  // The byline under the title signs the first name too ("By Danae"): a later line in full.
  const later = fullByline(page.doc(), name);
  return first(later) ? later! : name;
}

/** Whether a name is written as a person's: two to four capitalised words, no site and no newsroom. */
export function personShaped(name: string, site: string | null, url: string): boolean {
  const of = OF_SITE.exec(name);
  if (of && isSiteName(of[2]!, site, url)) return personShaped(of[1]!, site, url);
  return PERSON.test(name) && !GENERIC.test(name) && !isSiteName(name, site, url);
}

const isType = (n: unknown, type: string): boolean =>
  !!n && typeof n === "object" && typesOf(n as Node).includes(type);

const deref = (v: unknown, ctx: MapContext): unknown => {
  const x = Array.isArray(v) ? v[0] : v;
  const id = x && typeof x === "object" ? (x as Node)["@id"] : undefined;
  return typeof id === "string" ? (ctx.byId.get(id) ?? x) : x;
};

/** The recipe's creator in its structured data, when a Person ("creator": {"@type": "Person", …}). */
function creatorPerson(raw: Node | null, ctx: MapContext): string | null {
  const n = raw && deref(raw.creator, ctx);
  return isType(n, "Person") ? personName(n) || null : null;
}

/**
 * The person who wins over `author` when it is the site's name: the recipe card's author field
 * when it names a person; else, unless the card itself signs the recipe with the site's name (the
 * site's own attribution, over the post's writer), the recipe's Person creator, then the byline
 * under the title. A writer the graph gives only the article that holds the recipe (an Article's
 * author) is the post's, not the recipe's, and does not count.
 */
export function personOverBrand(
  author: string,
  page: {
    doc: () => Document;
    raw: Node | null;
    ctx: MapContext;
    site: string | null;
    url: string;
    copyright?: string | null;
  },
): string | null {
  const { site, url } = page;
  // The publisher's name is a brand too (publisherName.ts).
  const brand =
    isSiteName(author, site, url) || isPublisherName(author, { ...page, copyright: page.copyright ?? null });
  if (!brand) return null;
  const card = cardAuthor(page.doc());
  if (card && isSiteName(card, site, url)) return null;
  const candidates = [
    () => card,
    () => creatorPerson(page.raw, page.ctx),
    () => pageByline(page.doc(), page.ctx.baseUrl, url, false),
    // A line that labels the writer ("Author: Ann Lee"), where a byline link names only a login.
    () => labelledByline(page.doc()),
  ];
  for (const get of candidates) {
    const name = get();
    if (name && personShaped(name, site, url)) return name;
  }
  return null;
}
