// A brand that is not the site's own name but its publisher's (issue 50, "author: a site or brand
// name where the page names a person"): a magazine's pages name their owner in the author tag
// (<meta name="author" content="Condé Nast">) while the byline names the writer. The publisher is
// the one the page's copyright notice names (<meta name="copyright" content="Copyright (c) Condé
// Nast 2022">), or the recipe's structured data names as its publisher. Read from what the page
// declares only: no tree is built here.
import { personName, type MapContext } from "./schemaRecipe.ts";
import { lettersOf } from "./siteName.ts";

type Node = Record<string, unknown>;

// What a copyright notice says around the holder's name: the word, its sign, years, "All rights
// reserved", a company's legal form.
const NOTICE =
  /\b(?:copyright|all\s+rights?\s+reserved|tous\s+droits\s+réservés|alle\s+rechte\s+vorbehalten|inc|llc|ltd|gmbh)\b|\(c\)|©|\b\d{4}\b|[-–—.,]/giu;

const deref = (v: unknown, ctx: MapContext): unknown => {
  const x = Array.isArray(v) ? v[0] : v;
  const id = x && typeof x === "object" ? (x as Node)["@id"] : undefined;
  return typeof id === "string" ? (ctx.byId.get(id) ?? x) : x;
};

/** The holder a copyright notice names, without its sign, years and legal form ("Condé Nast"). */
export function copyrightHolder(notice: string | null): string | null {
  const holder = notice?.replace(NOTICE, " ").replace(/\s+/g, " ").trim();
  return holder && holder.length <= 60 ? holder : null;
}

/**
 * Whether `author` is the page's publisher rather than a writer: the copyright notice's holder or
 * the recipe's publisher in structured data.
 */
export function isPublisherName(
  author: string,
  page: { raw: Node | null; ctx: MapContext; copyright: string | null },
): boolean {
  const letters = lettersOf(author);
  if (!letters) return false;
  const holder = copyrightHolder(page.copyright);
  if (holder && lettersOf(holder) === letters) return true;
  const raw = page.raw;
  if (!raw) return false;
  // An author typed Organization alone is no sign: an aggregator credits the recipe's source so,
  // while its page names the member who saved it.
  const publisher = deref(raw.publisher, page.ctx);
  return !!publisher && lettersOf(personName(publisher)) === letters;
}
