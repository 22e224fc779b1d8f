// The writer a page names in its text: the byline under the title ("By <a href="/author/ann-lee/">Ann
// Lee</a>"), read when no structured data, card or meta tag names one. Hand-written: a byline is a
// link to the writer's page on the same site, which no library looks for.
import type { Element } from "domhandler";
import { findFirst, textOf, textSurelyLonger, walk, type Document } from "./dom.ts";
import { personName } from "./schemaRecipe.ts";
import { cleanText } from "./text.ts";

// A writer's page on the site: /author/ann-lee/, /author/11955/ann-lee, /autor/…, /profil/…,
// /user/…, /creator/…, /contributor/…
const WRITER_PATH =
  /\/(?:author|authors|autor|autore|autores|auteur|redacteur|profil|profile|profiles|user|users|member|members|membres|chef|chefs|creator|creators|contributor|contributors|cook|by|people|me)\/(?:\d+\/)?[^/]+\/?$/i;

// Containers of the site's menus and links, never of a post's byline.
const CHROME = new Set(["nav", "footer", "aside", "form", "script", "style", "noscript", "template"]);
// Unless one holds the page's title: a main column written as an <aside>, a body wrapped whole in a
// <form> (ASP.NET's) is the page itself.
const isChrome = (el: Element): boolean =>
  CHROME.has(el.name) &&
  !((el.name === "aside" || el.name === "form") && findFirst(el, (e) => e.name === "h1"));

// A reader's comment and the list that holds them ("comment-6726", "comments", "comment-list"):
// the names in it are commenters', whatever their element is named ("jcm-author", a Person's
// itemprop), and a comment by the post's writer is no byline either. By its id or class, as
// comment widgets name their blocks; a class that only mentions comments ("comments-open",
// "comment-count") names no comment.
const COMMENT_NAME = /^(?:comments?|comment-?list|comment-?body|comment-?item)(?:[-_]\d+)?$/i;
export const isComment = (el: Element): boolean =>
  COMMENT_NAME.test(el.attribs.id ?? "") ||
  (el.attribs.class ?? "").split(/\s+/).some((c) => COMMENT_NAME.test(c));

// Whether an <aside> or <form> holds the page's title (then it is the page, see isChrome), and
// the <address> elements it holds: HTML's element for an article's writer (a byline in a header).
function titleAndAddresses(el: Element): { title: boolean; addresses: Element[] } {
  let title = false;
  const addresses: Element[] = [];
  walk(el, (e) => {
    if (title) return false;
    if (e.name === "h1") title = true;
    else if (e.name === "address") addresses.push(e);
  });
  return { title, addresses };
}

// "By Ann Lee", "Recipe by …", "par …", "di: …": the label before a name.
const BY_LABEL =
  /^(?:(?:recipe|written|words|photos?|gemaakt|geschreven)\s+)?(?:by|par|von|door|por|di|da|af|av)\s*:?\s+/i;

// A link to an account's page that is no name: "Log in", "Settings", "Get started", "YouTube".
const NOT_A_NAME = /log\s*-?in|sign|setting|account|help|start|regist|subscri|profil|youtube/i;
// A site's login name ("admin", "Admin"), which a theme shows where the writer's name would be.
export const LOGIN_NAME = /^(?:admin|administrator|editor|webmaster|user|root)\d*$/i;
// A share button's label ("Share by Email", "Pin", "Print"): a page's buttons, never its writer.
const SHARE_LABEL =
  /^(?:share|e-?mail|pin(?:\s+it)?|print|tweet|text|sms|copy(?:\s+link)?|link|save|facebook|pinterest|twitter|whatsapp|messenger|flipboard|reddit|linkedin|x)$/i;
const SHARE_LINE = /^(?:share|pin|save|send|tweet)\b/i;
// A reader's review or comment signed under the recipe ("Review by Anonymous User"), and the name a
// site gives a reader who signed none: no writer of the recipe.
const REVIEW_LINE = /^(?:share\s+)?(?:review|comment|reply|answer|question|rating)\s+by\b/i;
const ANONYMOUS = /^(?:anonymous|guest|unknown)(?:\s+(?:user|reader|reviewer|cook))?$/i;

// A date or a time ago after the name, behind a dot, bullet or bar ("Ann Lee · 3 days ago",
// "Ann Lee• March 2, 2021", "Ann Lee | Updated …", "Lydia Belcher· last year"): not the name.
const DATED_TAIL =
  /\s*[·•|]\s*(?=[^·•|]*(?:\d|\b(?:ago|last|yesterday|today|updated|published|posted)\b))[^·•|]*$/iu;
/** The name without the date a byline shows after it. */
export const withoutDate = (name: string): string => name.replace(DATED_TAIL, "").trim() || name;

// A writer's page named by its query instead: "/archive/?recipe_author=ann-lee", "?author=12".
const WRITER_KEY = /^(?:\w+_)?(?:author|autor|auteur|autore)$/i;
const writerQuery = (u: URL): boolean => [...u.searchParams.keys()].some((k) => WRITER_KEY.test(k));

const host = (u: URL) => u.hostname.replace(/^www\./, "");

// An element a theme names for the post's writer ("entry-author", "post-author",
// "p-recipe__authorName", "author-name"): the name shows there whether or not it links to a
// writer's page. Never a comment's ("comment-author", "bypostauthor"), which follow the recipe.
// The word in other languages too ("box-nome-autor", "post-auteur").
const AUTHOR_CLASS = /^(?:[a-z\d]+(?:-|_)+)*(?:author|autor|autore|auteur)(?:[-_]*name)?$/i;
const authorClassed = (cls: string | undefined): boolean =>
  !!cls && !/comment/i.test(cls) && cls.split(/\s+/).some((c) => AUTHOR_CLASS.test(c));
// A newsroom, not a person: the site's own name says it better.
const STAFF = /\b(?:staff|team|redaktion|rédaction|redazione|redacción|redactie|editors?)\b/iu;
// The label such an element may hold alone ("Author", "By"): no name.
const LABEL_ONLY = /^(?:author|autor|auteur|by|written\s+by|recipe\s+by)\s*:?$/i;

/**
 * The name in the first link to a writer's page (its path, or rel="author") after the page's title,
 * on the page's own site, outside menus: a name of two to sixty letters in at most five words, no
 * figures ("1660 posts by …") and no account action. Else, with `plainText`, a short line after
 * the title that ends in "by Ann Lee" or labels the writer ("Author: Ann Lee").
 */
export function pageByline(doc: Document, baseUrl: string, pageUrl: string, plainText = true): string | null {
  let site: string;
  try {
    site = host(new URL(pageUrl));
  } catch {
    return null;
  }
  let afterTitle = !findFirst(doc, (el) => el.name === "h1");
  let name: string | null = null;
  const visit = (el: Element): boolean | void => {
    if (name) return false;
    if (CHROME.has(el.name)) {
      // A post's header column written as an <aside> after the title holds the byline in an
      // <address> (HTML's element for the article's writer); the rest of the aside stays chrome.
      // One walk of the aside answers both (isChrome's search for the title walked it already).
      const inside = el.name === "aside" || el.name === "form" ? titleAndAddresses(el) : null;
      if (!inside?.title) {
        if (afterTitle && el.name === "aside") for (const a of inside!.addresses) walk(a, visit);
        return false;
      }
    }
    if (el.name === "h1") afterTitle = true;
    if (!afterTitle) return;
    if (isComment(el)) return false;
    if (el.name !== "a" && authorClassed(el.attribs.class)) {
      // Its label and a role after the name go: "Author: Ann Lee", "byAnn Lee, journalist", "- Ann".
      let text = cleanText(textOf(el))
        .replace(/^[\s\p{Pd}]+/u, "")
        .replace(/^[\p{L}/ ]{1,20}:\s*/u, "")
        .replace(/^(?:[Bb][Yy]|Author|AUTHOR|Autor|Auteur)(?=\p{Lu}\p{Ll})/u, "")
        .replace(BY_LABEL, "")
        .split(",")[0]!
        .trim();
      // Its link text, a date or a title after the name ("Ann Lee View Other Recipes By This Chef »").
      text = withoutDate(personName(text));
      if (isName(text) && !LABEL_ONLY.test(text) && !STAFF.test(text)) {
        name = text;
        return false;
      }
      return;
    }
    if (el.name !== "a") return;
    let url: URL;
    try {
      url = new URL(el.attribs.href ?? "", baseUrl);
    } catch {
      return;
    }
    if (host(url) !== site) return;
    if (!/\bauthor\b/i.test(el.attribs.rel ?? "") && !WRITER_PATH.test(url.pathname) && !writerQuery(url))
      return;
    const text = withoutDate(personName(cleanText(textOf(el)).replace(BY_LABEL, "")));
    if (!isName(text)) return;
    name = text;
    return false;
  };
  walk(doc, visit);
  return name ?? (plainText ? textByline(doc) : null);
}

/** A name of two to sixty letters in at most five words, no figures and no account action. */
function isName(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 2 || text.length > 60 || /\d/.test(text) || NOT_A_NAME.test(text) || LOGIN_NAME.test(text))
    return false;
  if (SHARE_LABEL.test(text) || ANONYMOUS.test(text)) return false;
  return text.split(/\s+/).length <= 5;
}

// "By Ann Lee", "Recipe by Ann Lee", "May 2, 2025 by Ann Lee": a short line that ends in a byline
// of one to four capitalised words; not a photo's credit.
// A role in lower case may follow the name ("Por Ana Lima, foodstylist", "By Ann Lee, chef").
const NAME = String.raw`(\p{Lu}[\p{L}'’.-]*(?:\s+(?:\p{Lu}[\p{L}'’.-]*|de|van|von|da|di|le|la)){0,3})(?:,\s*\p{Ll}[\p{Ll}\s-]{1,30})?$`;
const TEXT_BYLINE = new RegExp(
  String.raw`(?:^|[\s|·•,–—-])(?:(?:[Rr]ecipe|[Ww]ritten|[Ww]ords)\s+)?(?:[Bb]y|BY):?\s+` + NAME,
  "u",
);
// The same in other languages ("8. marts 2023 af Louisa Lorang", "Av: Tommy Myllymäki", "Rezept von
// Anna Berg", "Por Ana Lima"): the label opens the line or follows a date, a separator or the word
// for a recipe, as in a sentence it joins two nouns ("Kuchen von Oma").
const FOREIGN_BYLINE = new RegExp(
  String.raw`(?:^|[|·•,–—-]\s*|\d\.?\s+|(?:[Rr]ezept|[Rr]ecette|[Rr]eceita|[Rr]eceta|[Oo]pskrift|[Rr]ecept)\s+)(?:[Aa][fv]|[Vv]on|[Dd]oor|[Pp]ar|[Pp]or):?\s+` +
    NAME,
  "u",
);
// "Author: Ann Lee", "Autor: …", "Auteur : …", "Автор: …": a line that labels the writer.
// The cook too ("Chef: …", "Koch/Köchin: …"), and a line that is nothing but "Recipe by …", "Written by …".
const LABELLED_AUTHOR =
  /^(?:(?:author|autor|autore|auteur|autorin|forfatter|författare|szerző|автор|chef|koch|köchin|koch\s*\/\s*köchin)\s*:|(?:recipe|written|created|developed)\s+by\s*:?)\s*(\p{L}[\p{L}'’.-]*(?:\s+[\p{L}'’.-]+){0,3})$/iu;
// A recipe card's details line without its colon ("Author Ann Lee", label and name in two spans):
// the name capitalised, two to four words, so that "Author notes" stays a heading.
const UNCOLONED_AUTHOR =
  /^(?:[Aa]uthor|AUTHOR|[Aa]utor|AUTOR|[Aa]uteur)\s*(\p{Lu}\p{Ll}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,3})$/u;
const CREDIT = /\b(?:photos?|photography|images?|styling|illustrations?|video|copyright|©)\b/i;
const BLOCKS = new Set([
  "p",
  "div",
  "span",
  "li",
  "address",
  "small",
  "em",
  "i",
  "strong",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
]);

/** The writer a line after the title labels as such ("Author: Ann Lee"), whatever links say. */
export const labelledByline = (doc: Document): string | null => textByline(doc, true);

/**
 * The first line after the title that signs the writer in full under the first name `first`
 * ("By Danae Halliday", "Author: Michele Rosen"), past a byline of the first name alone: a
 * recipe card's details line names its writer more fully than the post's byline above it.
 */
export const fullByline = (doc: Document, first: string): string | null =>
  textByline(doc, false, (name) => {
    const words = name.split(/\s+/);
    return words.length > 1 && words[0]!.toLowerCase() === first.toLowerCase();
  });

/**
 * The writer a short line after the title names in plain text ("By Ann Lee"; "Author: Ann Lee" alone
 * when `labelledOnly`); with `accept`, the first such name it accepts.
 */
function textByline(doc: Document, labelledOnly = false, accept?: (name: string) => boolean): string | null {
  let afterTitle = !findFirst(doc, (el) => el.name === "h1");
  let name: string | null = null;
  walk(doc, (el) => {
    if (name) return false;
    if (isChrome(el) || isComment(el)) return false;
    if (el.name === "h1") {
      afterTitle = true;
      return false;
    }
    if (!afterTitle || !BLOCKS.has(el.name) || textSurelyLonger(el, 80)) return;
    const text = cleanText(textOf(el));
    if (!text || text.length > 80) return;
    const m =
      (labelledOnly ? null : (TEXT_BYLINE.exec(text) ?? FOREIGN_BYLINE.exec(text))) ??
      LABELLED_AUTHOR.exec(text) ??
      UNCOLONED_AUTHOR.exec(text);
    if (!m || CREDIT.test(text) || NOT_A_NAME.test(m[1]!) || LOGIN_NAME.test(m[1]!)) return;
    if (SHARE_LINE.test(text) || REVIEW_LINE.test(text) || SHARE_LABEL.test(m[1]!) || ANONYMOUS.test(m[1]!))
      return;
    if (accept && !accept(m[1]!)) return;
    name = m[1]!;
    return false;
  });
  return name;
}
