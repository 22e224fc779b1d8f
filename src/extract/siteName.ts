// A page's or a recipe's title without the site's own name repeated after it ("Carrot Soup | Cook Test").

// Letters and digits only, lower-cased: "Granny's Kitchen", "GrannysKitchen" and "grannyskitchen.com" meet.
export const lettersOf = (t: string): string => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
/** A host's name without its top-level domain ("cooktest.com" → "cooktest", "x.co.uk" → "x"). */
export const withoutTld = (host: string): string => host.replace(/\.[a-z]{2,}(?:\.[a-z]{2})?$/i, "");
// Dashes a page writes between a dish and its site other than the hyphen-minus: en, em, figure,
// horizontal bar, hyphen, and the small and full-width hyphen-minus ("Dish ﹣ Site"), which no
// word holds, so those two separate even unspaced ("Dish﹣Site").
export const DASHES = "–—‐‑‒―﹘﹣－";
const UNSPACED = "﹣－";
// The last separated part of a name ("Sponge Cake - CookTest").
const LAST_PART = new RegExp(
  String.raw`^(.+?)(?:\s+[|·${DASHES}-]\s+|\s*[${UNSPACED}]\s*)([^|·${DASHES}]+)$`,
  "u",
);

// The first part of a name before a separator ("CookTest: Sponge Cake", "CookTest | Sponge Cake").
const FIRST_PART = new RegExp(String.raw`^([^|·:${DASHES}]+?)\s*(?::|\s[|·${DASHES}-])\s+(.+)$`, "u");
// The section of the site between the dish and the site's name ("Sponge Cake | Easy Dinners | Cook
// Test"): after a pipe only, as a dash or colon may join two halves of a dish's name.
const withoutSection = (name: string): string => /^(.+?)\s+\|\s+[^|]+$/u.exec(name)?.[1]?.trim() ?? name;

// A site's edition in brackets after its name ("Cook Test (UK)", "Cook Test [AU]").
const EDITION = /\s*[([][\p{L}\s.-]{1,12}[)\]]$/u;

// The word a site's name may carry after it in a page's title ("Cook Test Recipes").
const SITE_RECIPES = /\s+(?:recipes?|recettes?|rezepte?|recetas?|ricette|receitas?|recepten|recepty?)$/iu;

/** Whether a name is only the site's own: its og:site_name or its host's name ("Cook Test", "cooktest"). */
export function isSiteName(name: string, site: string | null, url: string): boolean {
  const own = [site, hostName(siteHost(url) ?? "")].filter((x): x is string => !!x).map(lettersOf);
  const n = lettersOf(name);
  return n.length >= 3 && own.includes(n);
}

/** The name a host goes by: its last label before the top-level domain ("receitas.ig.com.br" → "ig"). */
const hostName = (host: string): string => withoutTld(host).split(".").at(-1) ?? "";

// A separator before the site's name at the end of a name ("Dish | ", "Dish - ", "Dish by ", "Dish﹣").
const TAIL_SEP = new RegExp(String.raw`\s(?:[|·:${DASHES}-]|by)\s*$|\s*[|${UNSPACED}]\s*$`, "iu");
const TAIL_CUT = new RegExp(String.raw`\s*(?:[|·:${DASHES}-]|\bby)\s*$`, "iu");

/** The name without a trailing "| Site" (or "- Site", "by Site") that repeats the site's name. */
export function withoutSiteName(name: string, site: string | null): string {
  if (!site) return name;
  // The site known only by its host ("cooktest.com"), or written otherwise ("CookTest" for "Cook Test"),
  // or with its edition ("Cook Test (UK)").
  const part = LAST_PART.exec(name);
  const host = /^[\w-]+(?:\.[\w-]+)+$/.test(site) ? withoutTld(site) : site;
  const names = [lettersOf(host), lettersOf(site)];
  // "Dish - Cook Test Recipes": the site's name with the word "recipes" after it is the site's too.
  const isSite = (p: string) =>
    [p, p.replace(EDITION, ""), p.replace(SITE_RECIPES, "")].some((x) => names.includes(lettersOf(x)));
  if (part && part[2]!.length >= 3 && isSite(part[2]!)) return withoutSection(part[1]!.trim());
  // The site's name before the dish ("Cook Test: Carrot Soup", "Cook Test | Carrot Soup").
  const lead = FIRST_PART.exec(name);
  if (lead && lead[1]!.length >= 3 && isSite(lead[1]!)) return lead[2]!.trim();
  if (name.length <= site.length + 3) return name;
  const cut = name.length - site.length;
  if (name.slice(cut).toLowerCase() !== site.toLowerCase()) return name;
  const head = name.slice(0, cut);
  return TAIL_SEP.test(head) ? head.replace(TAIL_CUT, "").trim() || name : name;
}

/**
 * The name without a trailing "- Name" that is its host's own name, short as it may be ("Dish - iG"
 * on receitas.ig.com.br), where the site calls itself otherwise ("Receitas"); or that opens with
 * the host's name and says a few words more ("Lemon Cake | Bake Test Kitchen" on baketest.com), the
 * site's name where the page gives none. Such a name before the dish goes too ("Bake Test Kitchen:
 * Lemon Cake").
 */
export function withoutHostName(name: string, url: string): string {
  const host = siteHost(url);
  if (!host) return name;
  const own = lettersOf(hostName(host));
  const part = LAST_PART.exec(name);
  if (part && own.length >= 2 && lettersOf(part[2]!.replace(EDITION, "")) === own) return part[1]!.trim();
  if (part && hostWords(part[2]!, own) && lettersOf(part[1]!).length >= 3)
    return withoutSection(part[1]!.trim());
  const lead = FIRST_PART.exec(name);
  return lead && hostWords(lead[1]!, own) && lettersOf(lead[2]!).length >= 3 ? lead[2]!.trim() : name;
}

// A site's name as its host spells it and a few words more ("Bake Test Kitchen" on baketest.com):
// a host of five letters or more, a name of at most five words.
const hostWords = (part: string, own: string): boolean =>
  own.length >= 5 && lettersOf(part).startsWith(own) && part.trim().split(/\s+/u).length <= 5;

/** A page's host without "www.", the site's name when the page gives none ("cooktest.com"). */
export function siteHost(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

/**
 * The site's name as a page's title writes it after the dish ("Green Soup | Donna Hay" on
 * donnahay.com.au): the title's last part, without its edition ("Cook Test (UK)"), when its letters
 * are the host's name, else null.
 */
export function titledSiteName(title: string | null, url: string): string | null {
  const host = siteHost(url);
  const part = title ? LAST_PART.exec(title) : null;
  if (!host || !part) return null;
  const own = lettersOf(withoutTld(host).split(".").at(-1) ?? "");
  // Its edition in brackets is no part of its name ("… | Cook Test (UK)" is Cook Test's).
  const name = part[2]!.trim().replace(EDITION, "");
  if (name.length > 40) return null;
  if (own.length >= 4 && lettersOf(name) === own) return name;
  // A short host made of the name's initials ("Albert Heijn" on ah.nl): two or more capitalised
  // words whose first letters spell it.
  const words = name.split(/\s+/);
  const initials = words.every((w) => /^\p{Lu}/u.test(w)) ? words.map((w) => w[0]).join("") : "";
  return own.length >= 2 && words.length >= 2 && lettersOf(initials) === own ? name : null;
}

/**
 * A site's name as a reader would write it: one given as an address ("https://www.cooktest.fr",
 * "www.cooktest.com.au") is its host without "www." ("cooktest.fr"), never a raw URL.
 */
export function siteNamed(name: string | null): string | null {
  if (!name || !/^(?:(?:https?:)?\/\/|www\.)/i.test(name)) return name;
  return siteHost(/^\/\//.test(name) ? `https:${name}` : /^www\./i.test(name) ? `https://${name}` : name);
}
