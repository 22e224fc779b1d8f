// Promotions and player furniture inside an article body that Readability keeps and a human
// reader's article text leaves out, recognised by shape only: a bracketed link to another story
// between paragraphs, a run of link-only paragraphs after the story (with the label that leads it),
// a video player's control bar, a print edition note, and a subscription offer's plans.

import { linkDensity, squash, textSpans } from "./blockText.ts";
import { isDateOnly } from "./dropFurniture.ts";

export type PromoReason = "crosslink" | "related" | "player" | "print" | "offer" | "author" | "date";

/** A link to another story set apart in square brackets ("[Read: …]"), nothing else. */
const BRACKETED = /^\[[^[\]]{5,200}\]$/u;

/** A short line that announces what follows ("More baking news:", "Further reading:"). */
const LEAD_LABEL = /^[^.!?]{2,60}[:：]$/u;

/** The words of a media player's controls (video.js and its kind) and its time and load readouts. */
const PLAYER_WORDS =
  /(play video|play|pause|replay|unmute|mute|current time|remaining time|duration time|duration|loaded|progress|non-fullscreen|exit fullscreen|fullscreen|picture-in-picture|captions off|captions settings|subtitles off|subtitles settings|audio track|playback rate|close modal dialog|this is a modal window|beginning of dialog window|end of dialog window|stream type live|seek to live)/giu;
/** What may stand between those words: times, percentages, separators. */
const PLAYER_REST = /^[\s\d:%/.,\-–]*$/u;

/** A plan's price per period ("$7 /month", "$60/person/year", "7 € / Monat"). */
const PLAN_PRICE =
  /^([$€£¥]\s?\d+([.,]\d{1,2})?|\d+([.,]\d{1,2})?\s?[$€£¥]|\d+([.,]\d{1,2})?\s?(kr|sek|chf))\s*(\/|per|pro|par|por|al|per)\s*([\p{L}]+\s*\/\s*)?(month|mo|year|yr|week|wk|monat|jahr|woche|mois|an|semaine|mes|año|semana|mês|ano|mese|anno|settimana|maand|jaar|week|månad|år|vecka)\.?$/iu;
/** The payment line under an offer's plans. */
const PAYMENT = /^we accept\b.{0,80}\b(cards?|paypal|apple pay|google pay)\b/iu;

/** A print edition note under the story ("A version of this article appears in print on …"). */
const PRINT_NOTE =
  /^a version of this (article|story|review|essay|column|interview|obituary|report) (appears|appeared) in print\b/iu;

/** A note that the story was published elsewhere first. */
const SYNDICATION =
  /^(this|the) (article|story|post|piece|essay|column|interview) (was )?(originally |first )?(appeared|appears|published|reprinted|republished|ran)\b|^dieser (artikel|beitrag) (erschien|ist) (zuerst|ursprünglich)|^cet article a (d[’']abord |initialement )?été (initialement )?publié|^este artículo (fue publicado|apareció) (originalmente|primero)/iu;
/** An editor's tag in brackets under a Chinese story ("[责任编辑:…]"). */
const EDITOR_TAG = /^[[【]\s*(责任编辑|责编|編輯|编辑)\s*[:：][^\]】]{1,20}[\]】]$/u;
/** What an author note says of the byline's author right after the name. */
const BIO_VERB =
  /^(is|was|covers|writes|reports|edits|has been|has (covered|written|reported|edited)|lives|joined|teaches|works|ist|schreibt|est|écrit|es|escribe|è|scrive|é|escreve|schrijft|är|skriver)\b/u;
/** A dateline's label inside a line: what comes after it is a date. */
const DATE_IN_LINE = /^(.{0,40}?)\s*\b(first published|published|last updated|updated)\b\s*:?\s*(.+)$/iu;
/** A credit line's verb and a name: "Posted by …" above the story. */
const POSTED_BY = /^(posted|written|published|reported|words)\s+(by|von|par|por|door|di|av)\s+(.+)$/iu;
const BY = /\s+(by|von|par|por|door|di|av)\s+/iu;
/** Time zones a dateline may end with. */
const ZONE = /\s+(et|est|edt|ct|cst|cdt|mt|mst|mdt|pt|pst|pdt|gmt|utc|bst|cet|cest|mez|mesz)$/iu;

/** A weekday before a date, in the eight languages. */
const WEEKDAY =
  /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo|segunda|terça|quarta|quinta|sexta|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag)(-feira)?,?\s+/iu;
/** A date, maybe with its weekday before and its time zone after. */
const isDate = (s: string) => isDateOnly(s.replace(WEEKDAY, "").replace(ZONE, ""));

/** A person's name, or two: capitalised words and the joining words of names. */
function isNameLike(s: string): boolean {
  const words = s.replace(/,/g, " ").split(/\s+/).filter(Boolean);
  return (
    words.length > 0 &&
    words.length <= 8 &&
    words.every(
      (w) => /^\p{Lu}/u.test(w) || /^(and|und|et|y|e|en|och|&|de|van|von|der|da|di|le|la)$/iu.test(w),
    )
  );
}

/** A line above the story that only says who wrote it and when. */
export function isHeadByline(text: string): boolean {
  if (text.length > 120 || /[.!?]\s+\p{Ll}/u.test(text) || /\p{Ll}{3,}[.!?]$/u.test(text)) return false;
  const posted = POSTED_BY.exec(text);
  if (posted) return posted[3]!.split(/\s+/).length <= 12;
  if (/^by\s/iu.test(text)) return isNameLike(text.replace(/^by\s+/iu, ""));
  const parts = text.split(BY);
  return parts.length === 3 && isDate(parts[0]!) && isNameLike(parts[2]!);
}

/** A line after the story that is a dateline, with a place or an outlet before its label. */
function isTailDateline(text: string): boolean {
  if (text.length > 120) return false;
  const m = DATE_IN_LINE.exec(text);
  return !!m && isDate(m[3]!);
}

/** A block is after the story when most of the body's text comes before it. */
const TAIL_START = 0.5;
const TAIL_END = 0.75;
/** Raw text (white space included) above which a block is a container, not one of these shapes. */
const RAW_MAX = 4000;
/** A block is above the story when it ends within this share of the body's text. */
const HEAD_END = 0.1;

const linkShare = (el: Element, len: number): number => linkDensity(el, len).density;

/** A paragraph that is one link and nothing else: a headline pointing elsewhere. */
function isLinkLine(el: Element | null): el is Element {
  if (!el || el.tagName !== "P" || el.querySelector("p, li, div")) return false;
  const len = squash(el.textContent).length;
  return len > 0 && len <= 200 && linkShare(el, len) >= 0.9;
}

/** At most this many link-only lines between two paragraphs of the story are other stories' headlines. */
const MAX_INLINE_RUN = 3;
/** A paragraph of the story: a sentence or more of text, little of it link text. */
function isProse(el: Element | null): boolean {
  if (!el || el.tagName !== "P") return false;
  const len = squash(el.textContent).length;
  return len >= 80 && linkShare(el, len) < 0.5;
}

/** The label just before a list of links, when it only announces that list. */
export function leadLabel(el: Element): Element | null {
  const prev = el.previousElementSibling;
  if (!prev || !/^(P|DIV|H[2-6])$/.test(prev.tagName) || prev.querySelector("p, li, div, img")) return null;
  return LEAD_LABEL.test(squash(prev.textContent)) ? prev : null;
}

/** Text made only of player controls: two of their words at least, or one of two words. */
function isPlayerText(text: string): boolean {
  const words = text.match(PLAYER_WORDS) ?? [];
  if (!words.length || !PLAYER_REST.test(text.replace(PLAYER_WORDS, ""))) return false;
  return words.length >= 2 || /\s/.test(words[0]!);
}

/** Drops the shapes above from `root` (Readability's article content) through `drop`. */
export function dropPromos(
  root: Element,
  drop: (el: Element, reason: PromoReason) => void,
  byline: string | null = null,
): void {
  const { spans, total } = textSpans(root);
  // The byline's name, for a note on its author under the story.
  const author = squash((byline ?? "").replace(/^\s*(by|von|par|por|door|di|av)\s+/iu, ""));
  const beforeStory = (el: Element) => (spans.get(el)?.[1] ?? total) <= HEAD_END * total;
  const afterStory = (first: Element, last: Element) =>
    (spans.get(first)?.[0] ?? 0) >= TAIL_START * total && (spans.get(last)?.[1] ?? 0) >= TAIL_END * total;
  const prices: Element[] = [];
  // Spans are left out: every shape here is a block, and reading each inline span's text costs.
  for (const el of [...root.querySelectorAll("p, div, h2, h3, h4, h5, h6")]) {
    if (!root.contains(el)) continue;
    // Every shape here is a short block: a container's whole text is not read (quadratic on deep pages).
    const [start, end] = spans.get(el) ?? [0, 0];
    if (end - start > RAW_MAX) continue;
    const text = squash(el.textContent);
    if (!text || text.length > 500) continue;
    if (!el.querySelector("video, img, iframe") && isPlayerText(text)) {
      drop(el, "player");
      continue;
    }
    if (el.querySelector("p, li, div")) {
      continue;
    }
    if (PLAN_PRICE.test(text)) {
      prices.push(el);
      continue;
    }
    if (BRACKETED.test(text) && linkShare(el, text.length) * text.length >= 0.5 * (text.length - 2)) {
      drop(el, "crosslink");
      continue;
    }
    if (beforeStory(el) && isHeadByline(text)) {
      drop(el, "author");
      continue;
    }
    const tail = afterStory(el, el);
    if (tail && text.length <= 250 && (SYNDICATION.test(text) || EDITOR_TAG.test(text))) {
      drop(el, "print");
      continue;
    }
    if (tail && isTailDateline(text)) {
      drop(el, "date");
      continue;
    }
    if (
      tail &&
      author.length >= 5 &&
      text.startsWith(author) &&
      text.length <= 600 &&
      BIO_VERB.test(text.slice(author.length).trim())
    ) {
      drop(el, "author");
      continue;
    }
    if (PRINT_NOTE.test(text) && tail) {
      // Readability may have cut the note's block into paragraphs at its comments: all of it goes.
      let note = el;
      for (let up = el.parentElement; up && up !== root; up = up.parentElement) {
        const t = squash(up.textContent);
        if (t.length > 500 || !t.startsWith(text)) break;
        note = up;
      }
      drop(note, "print");
      continue;
    }
    // A run of link-only paragraphs after the story: other stories of the site.
    if (isLinkLine(el) && !isLinkLine(el.previousElementSibling)) {
      const run = [el];
      for (let s: Element | null = el.nextElementSibling; isLinkLine(s); s = s.nextElementSibling)
        run.push(s);
      const last = run[run.length - 1]!;
      if (run.length >= 2 && afterStory(el, last)) {
        const label = leadLabel(el);
        if (label) drop(label, "related");
        for (const r of run) drop(r, "related");
      } else if (
        // Headlines of other stories set between the story's paragraphs ("Five things we learned"):
        // a few link-only lines with prose on both sides; a list of links the article is about has
        // its own heading or items around it, not paragraphs. A lone link line may be the story's
        // own pointer (its guide, its report): it stays.
        run.length >= 2 &&
        run.length <= MAX_INLINE_RUN &&
        isProse(el.previousElementSibling) &&
        isProse(last.nextElementSibling) &&
        run.every((r) => r.querySelectorAll("a").length === 1 && squash(r.textContent).split(" ").length >= 3)
      )
        for (const r of run) drop(r, "crosslink");
    }
  }
  dropOffer(root, prices, drop);
}

/**
 * A subscription offer lists plans, each a price per period: with two of them, each plan's card (the
 * largest block around its price with no other price) and the payment line go.
 */
function dropOffer(root: Element, prices: Element[], drop: (el: Element, reason: PromoReason) => void): void {
  if (prices.length < 2) return;
  const priceSet = new Set(prices);
  for (const price of prices) {
    let card = price;
    for (let up = price.parentElement; up && up !== root; up = up.parentElement) {
      const others = [...up.querySelectorAll("p, div, span, h2, h3, h4, h5, h6")].filter(
        (e) => e !== price && priceSet.has(e),
      );
      if (others.length || squash(up.textContent).length > 300) break;
      card = up;
    }
    if (root.contains(card)) drop(card, "offer");
  }
  for (const el of [...root.querySelectorAll("p, div")])
    if (root.contains(el) && !el.querySelector("p, div") && PAYMENT.test(squash(el.textContent)))
      drop(el, "offer");
}
