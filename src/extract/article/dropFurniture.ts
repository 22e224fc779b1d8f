// Furniture inside an article body that Readability keeps and human-written article text leaves
// out, recognised by shape only: photo credits and lone media labels, cross-links to other stories
// led by a label ("Read more:", "Lire aussi :"), author boxes and comment sections after the story,
// and labelled lists of topic links. Labels are given in the eight languages of the app.

import { linkDensity, squash, textSpans } from "./blockText.ts";

/** Why a block went (shared with dropBoilerplate's reasons). */
export type FurnitureReason =
  | "credit"
  | "crosslink"
  | "author"
  | "comments"
  | "topics"
  | "date"
  | "newsletter"
  | "related"
  | "share"
  | "contact";

/** A label naming a picture's source; what follows it is a name. */
const CREDIT_LABEL =
  /^\(?((top|main|cover|lead|header|hero)\s+)?(photo|photograph|image|picture|illustration|artist|artwork|graphic|video|foto|bild|immagine|imagen|imagem|afbeelding|beeld|fotografía|källa|source|quelle|fuente|fonte|bron|crédits?|crédito|credits?)s?(?=[\s:：(]|$)/iu;
/** After a credit label: a separator or "by" in one of the languages, then a name. */
const AFTER_LABEL = /^(\s*[:：]\s*|\s+(by|von|de|di|door|par|por|credit)\s+)\(?[\p{Lu}\p{N}]/u;
/** "Credit" and its translations may be glued to the name ("CreditJane Doe"). */
const AFTER_CREDIT = /^(\s*[:：]?\s*)[\p{Lu}]/u;
/** A dateline's label ("Updated", "Publié le") in the eight languages. */
const DATE_LABEL =
  /^((last )?updated|published|posted( on)?|aktualisiert( am)?|veröffentlicht( am)?|publié le|mis à jour le|actualizado( el)?|publicado( el| em)?|atualizado( em)?|pubblicato( il)?|aggiornato( il)?|bijgewerkt( op)?|gepubliceerd( op)?|publicerad|uppdaterad)\s*:?\s*/iu;
/** Month names in the eight languages: a word is a month when it starts one (three letters at least). */
const MONTHS = (
  "january february march april may june july august september october november december " +
  "januar februar märz mai juni oktober dezember janvier février mars avril juin juillet août septembre " +
  "octobre novembre décembre enero febrero marzo abril mayo junio julio agosto septiembre octubre " +
  "noviembre diciembre janeiro fevereiro março maio junho julho setembro outubro novembro dezembro " +
  "gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre januari februari maart mei " +
  "augustus maj augusti"
).split(" ");
const isMonth = (w: string) => {
  const x = w.toLowerCase().replace(/\.$/, "");
  return x.length >= 3 && MONTHS.some((m) => m.startsWith(x));
};

/** A line that is only a date (and a time), with or without a dateline label. */
export function isDateOnly(text: string): boolean {
  if (text.length > 60) return false;
  const rest = text.replace(DATE_LABEL, "");
  const words = rest.split(/[\s,./:-]+/).filter(Boolean);
  if (!words.length) return false;
  const numeric = /\b\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\b/.test(rest);
  let month = false;
  for (const w of words) {
    if (
      /^\d{1,4}(st|nd|rd|th|h)?$/i.test(w) ||
      /^(at|à|um|a las|às|alle|om|kl|am|pm|uhr|le|el|de|der|den|du)$/i.test(w)
    )
      continue;
    if (isMonth(w)) month = true;
    else return false;
  }
  return month || numeric;
}

/** A short call to get a newsletter: an imperative sentence naming it. */
const NEWSLETTER_CALL =
  /(^|[.!?:[]\s*)(sign up|subscribe|keep up|get|join|register)\b[^.!?]{0,120}\b(newsletters?|inbox)\b/iu;

/** A label alone on its line: a screen-reader word before a picture. */
const LONE_LABEL =
  /^(photo|image|video|credit|foto|bild|imagen|imagem|immagine|afbeelding|graphic|illustration|view (photo|image|gallery|slideshow)|play video|watch( the)? video|enlarge (this )?image)$/i;
/** Words of photo agencies and stock libraries: a short "Name/Agency" line with one is a credit. */
const AGENCY =
  /(getty|istock|shutterstock|\bafp\b|reuters|\bap\b|\bepa\b|\bdpa\b|alamy|corbis|imago|press|images|photo)/i;
const SLASHED_NAMES = /^[\p{L}\p{M} .,'’&-]{2,50}(\s?\/\s?[\p{L}\p{M} .,'’&-]{2,50}){1,3}$/u;

/** A label that sends the reader to another story, then the story's title (mostly a link). */
const CROSSLINK_LABEL =
  /^(read more|learn more|read also|also read|more|related|related stories|see also|watch|listen|lire aussi|à lire aussi|a lire aussi|lire|voir aussi|lesen sie auch|lesen sie mehr|mehr zum thema|auch interessant|leer más|lee también|te puede interesar|ver también|leia também|leia mais|veja também|leggi anche|vedi anche|lees ook|lees meer|läs också|läs mer)\s*[:：»›|]\s*/iu;

const ABOUT_AUTHOR =
  /^(about the (authors?|writer)|über (den|die) autor(in|en)?|à propos de l[’']auteur|a propos de l[’']auteur|sobre (el|la|los) autor(a|es)?|sobre (o|a) autor(a)?|over de auteur|om författaren|l[’']autore|sull[’']autore)$/iu;
const COMMENTS_HEADING =
  /^(\d+\s+)?(comments?|responses?|replies|reactions|kommentare|commentaires|comentarios|comentários|commenti|reacties|kommentarer)$|^(leave|post|add) a (comment|reply)$|^(\d+|one|two|three) (comments?|responses?|thoughts?|replies) (on|to)\b/iu;

/** Class or id words of a comment section or an author box (judged only after the story). */
const COMMENTS_MARKER =
  /(^|[-_\s])(comments?|comment-?(list|section|area|thread|s-area)|commentlist|disqus|respond|responses)([-_\s]|$)/i;
const AUTHOR_MARKER =
  /(^|[-_\s])(authors?|post-?author|about-?(the-?)?author|author-?(box|bio|info|card|profile|details|article)|bio|biography)([-_\s]|$)/i;

/** A heading over other stories of the site, in the eight languages. */
const RELATED_HEADING =
  /^(related( stories| articles| content| coverage| posts)?|more (stories|from|on this|like this)\b.{0,40}|most (popular|read|viewed|shared)|trending( now)?|popular( now)?|you (may|might) also like|recommended( for you)?|editor[’']?s picks|top stories|latest (news|stories)|read (more|next)|mehr zum thema|das könnte sie auch interessieren|auch interessant|meistgelesen|weitere artikel|à lire aussi|a lire aussi|sur le même sujet|les plus lus|dans la même rubrique|noticias relacionadas|te puede interesar|lo más leído|más noticias|leia também|notícias relacionadas|mais lidas|veja também|potrebbe interessarti|articoli correlati|i più letti|gerelateerde artikelen|meer over dit onderwerp|meest gelezen|lees ook|läs också|relaterade artiklar|mest läst)\s*:?$/iu;

/** Items of a share bar: the networks and the verbs of sharing in the eight languages. */
const SHARE_ITEM =
  /^(share( on \w+)?|tweet|pin( it)?|e-?mail|mail|print|copy( link)?|facebook|twitter|x|linkedin|pinterest|whatsapp|reddit|telegram|flipboard|messenger|xing|tumblr|threads|bluesky|mastodon|teilen|drucken|partager|imprimer|compartir|imprimir|compartilhar|condividi|stampa|delen|printen|dela|skriv ut)$/iu;

/** A reporter's contact line under the story. */
const CONTACT =
  /\bfollow (him|her|them|me|us)\b.{0,40}\b(twitter|facebook|instagram|@)|\b(email|e-mail) (him|her|them|me)\b|\b(is|are) on (twitter|x|instagram|bluesky|mastodon|threads)( (at|as))? @?[\w.]+?\.?$/iu;

const TOPICS_LABEL =
  /^(tags|tagged|topics|more about|more on|filed under|categories|themen|schlagwörter|mehr zum thema|kategorien|mots-clés|étiquettes|thèmes|sujets|etiquetas|temas|categorías|tag|argomenti|onderwerpen|trefwoorden|ämnen|taggar)\s*:?$/iu;

/**
 * A block is "after the story" when at least this share of the body's text comes before it and it
 * runs into the last quarter: a comment section may well be longer than the story it follows.
 */
const TAIL_START = 0.25;
const TAIL_END = 0.75;
/** Raw text (white space included) above which a block is a container, not furniture. */
const RAW_MAX = 8000;

const linkShare = (el: Element, len: number): number => linkDensity(el, len).density;

/** A short line that says where a picture came from, and nothing else. */
export function isCredit(text: string, inFigure: boolean, heading = false): boolean {
  if (text.length > 100) return false;
  if (LONE_LABEL.test(text)) return !heading;
  const m = CREDIT_LABEL.exec(text);
  if (m) {
    const rest = text.slice(m[0].length);
    const credit = /^cr[ée]dit/i.test(m[3] ?? "");
    // A name, not a sentence: no full stop inside, ends without one (initials aside).
    const nameLike = !/[.!?]\s+\p{Ll}/u.test(rest) && !/\p{Ll}{3,}[.!?]$/u.test(rest);
    if (nameLike && (AFTER_LABEL.test(rest) || (credit && AFTER_CREDIT.test(rest)))) return true;
  }
  const bare = text.replace(/^\((.*)\)$/, "$1");
  // Names, not a caption ending in a credit: a few words before the first slash.
  const lead = bare.split("/")[0]!.trim().split(/\s+/).length;
  return (
    SLASHED_NAMES.test(bare) && lead <= 4 && bare.split(/\s+/).length <= 8 && (inFigure || AGENCY.test(bare))
  );
}

/**
 * Drops the furniture shapes above from `root` (Readability's article content) through `drop`.
 */
export function dropFurniture(root: Element, drop: (el: Element, reason: FurnitureReason) => void): void {
  const { spans, total } = textSpans(root);
  const afterStory = ([start, end]: [number, number]) =>
    start >= TAIL_START * total && end >= TAIL_END * total;
  const blocks = "section, div, aside, ul, ol, li, p, figcaption, h2, h3, h4, h5, h6, blockquote, span, time";
  for (const el of [...root.querySelectorAll(blocks)]) {
    if (!root.contains(el)) continue;
    const span = spans.get(el) ?? [0, 0];
    const marker = markerOf(el);
    const tail = afterStory(span);
    if (tail && COMMENTS_MARKER.test(marker)) {
      drop(el, "comments");
      continue;
    }
    // The shapes below are short blocks or lists after the story: a large container is none of
    // them, and reading its whole text for each would be quadratic on a deep page.
    if (span[1] - span[0] > RAW_MAX && !(tail && (el.tagName === "UL" || el.tagName === "OL"))) continue;
    const text = squash(el.textContent);
    if (!text) continue;
    if ((tail || text.length <= 100) && text.length <= 800 && AUTHOR_MARKER.test(marker)) {
      drop(el, "author");
      continue;
    }
    if (
      /^H[2-6]$/.test(el.tagName) ||
      (el.children.length === 1 && /^(STRONG|B)$/.test(el.children[0]!.tagName))
    ) {
      if (tail && (ABOUT_AUTHOR.test(text) || COMMENTS_HEADING.test(text))) {
        dropSection(root, el, ABOUT_AUTHOR.test(text) ? "author" : "comments", drop);
        continue;
      }
    }
    if (el.tagName === "TIME") {
      // A dateline: a time element alone on its line, not a date within a sentence.
      const line = el.parentElement?.closest("p, li, h1, h2, h3, h4, h5, h6, td, blockquote");
      if (isDateOnly(text) && (!line || isDateOnly(squash(line.textContent)))) drop(el, "date");
      continue;
    }
    if (isHeading(el) && RELATED_HEADING.test(text) && dropRelated(el, drop)) continue;
    if (el.tagName === "SPAN") continue; // spans only for the sections above
    if (
      text.length <= 200 &&
      (el.tagName === "UL" || el.tagName === "OL" || el.tagName === "DIV") &&
      isShareBar(el)
    ) {
      drop(el, "share");
      continue;
    }
    if (tail && el.tagName === "P" && text.length <= 400 && CONTACT.test(text)) {
      drop(el, "contact");
      continue;
    }
    // A block holding the picture itself beside its label ("Image" before the img) is not a credit:
    // dropping it would take the picture, and with it the caption's reason to go.
    if (
      text.length <= 100 &&
      !el.querySelector("img, picture, video, iframe") &&
      isCredit(text, !!el.closest("figure, figcaption"), /^H[2-6]$/.test(el.tagName))
    ) {
      drop(el, "credit");
      continue;
    }
    // A dated section heading ("June 2017" in a changelog) is the article's own.
    if (text.length <= 60 && isDateOnly(text) && !isHeading(el) && !el.querySelector("p, li, div")) {
      drop(el, "date");
      continue;
    }
    if (text.length <= 220 && NEWSLETTER_CALL.test(text) && !el.querySelector("p, li, div")) {
      drop(el, "newsletter");
      continue;
    }
    const label = CROSSLINK_LABEL.exec(text);
    if (label && text.length <= 250 && !el.querySelector("p, li, div")) {
      const rest = text.length - label[0].length;
      if (rest > 0 && linkShare(el, text.length) * text.length >= 0.5 * rest) {
        drop(el, "crosslink");
        continue;
      }
    }
    if (tail && (el.tagName === "UL" || el.tagName === "OL") && isTopicList(el)) drop(el, "topics");
  }
}

/** A heading, or a short block that is only bold text (a heading by its looks). */
function isHeading(el: Element): boolean {
  if (/^H[2-6]$/.test(el.tagName)) return true;
  const only = el.children.length === 1 ? el.children[0]! : null;
  return (
    !!only &&
    /^(STRONG|B)$/.test(only.tagName) &&
    squash(only.textContent) === squash(el.textContent) &&
    squash(el.textContent).length <= 80
  );
}

/**
 * A "related" heading and the list of links it leads (the next block): both go when that block is
 * mostly links. Returns whether anything went.
 */
function dropRelated(heading: Element, drop: (el: Element, reason: FurnitureReason) => void): boolean {
  const next = heading.nextElementSibling;
  const t = squash(next?.textContent).length;
  if (!next || !t || t > 1500 || linkShare(next, t) < 0.7) return false;
  drop(heading, "related");
  drop(next, "related");
  return true;
}

/** A share count after a button's word ("Facebook 12", "Share 1.2K"). */
const SHARE_COUNT = /\s*\(?\d+([.,]\d+)?\s*[km]?\)?$/iu;
/** The bar's own label before its buttons ("Share this article:", "Teilen:"). */
const SHARE_LABEL =
  /^(share( this( article| story| post| page| recipe)?)?|teilen|diesen artikel teilen|partager( cet article)?|compartir( este artículo)?|compartilhe?|condividi|delen|dela)\s*[:：]?\s*/iu;

/** A bar of share buttons: every item a network or a verb of sharing, maybe with its count. */
function isShareBar(el: Element): boolean {
  const items = [...el.querySelectorAll("a, button")]
    .map((a) => squash(a.textContent).replace(SHARE_COUNT, ""))
    .filter(Boolean);
  const text = squash(el.textContent);
  // Counts and the bar's label are part of the bar, not text around it.
  const rest = text
    .replace(/[|·•]/g, "")
    .replace(/\d+([.,]\d+)?\s*[km]?\b/giu, "")
    .replace(/\s+/g, " ")
    .trim();
  const own = items.join(" ").length;
  return (
    items.length >= 2 &&
    text.length <= 200 &&
    items.every((t) => SHARE_ITEM.test(t)) &&
    (own >= 0.8 * rest.length || own >= 0.8 * rest.replace(SHARE_LABEL, "").length)
  );
}

/**
 * Class words and the id, unless the id is a slug of a heading ("gmail-responses-from-humans"):
 * words of a sentence say nothing about the block's role.
 */
function markerOf(el: Element): string {
  const id = el.getAttribute("id") ?? "";
  return `${el.getAttribute("class") ?? ""} ${id.split(/[-_]/).length <= 3 ? id : ""}`;
}

/** A list led by a "Tags:"-like label whose other items are links. */
function isTopicList(list: Element): boolean {
  const items = [...list.children].filter((c) => c.tagName === "LI");
  if (items.length < 2) return false;
  const [first, ...rest] = items;
  const head = squash(first!.textContent);
  return (
    TOPICS_LABEL.test(head) &&
    rest.every((li) => {
      const t = squash(li.textContent).length;
      return t > 0 && linkShare(li, t) >= 0.9;
    })
  );
}

/** A heading that opens a box after the story: its box when it leads one, else it and what follows. */
function dropSection(
  root: Element,
  heading: Element,
  reason: FurnitureReason,
  drop: (el: Element, reason: FurnitureReason) => void,
): void {
  const parent = heading.parentElement;
  if (
    parent &&
    parent !== root &&
    parent.firstElementChild === heading &&
    squash(parent.textContent).length <= 1500
  ) {
    drop(parent, reason);
    return;
  }
  const after: Element[] = [];
  for (let s = heading.nextElementSibling; s; s = s.nextElementSibling) after.push(s);
  const len = after.reduce((n, s) => n + squash(s.textContent).length, 0);
  if (len > 1500 && reason === "author") return;
  drop(heading, reason);
  for (const s of after) drop(s, reason);
}
