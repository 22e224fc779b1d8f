// Asides inside an article body that Readability keeps and a human reader's article text leaves
// out, recognised by shape only: a note on the writer under the story ("Jane Doe is a staff
// writer…"), a newsletter sign-up box (its call, its consent line, its thanks), a line of picture
// credits ("Photos by A (Agency), B, C."), a wire service's staff credits ("Reporting by …; Editing
// by …"), a list of links to other stories led by a "Related:" label in the middle of the story, a
// video player's "Now playing:" title with its running time, an embedded post's lone network name,
// and an ad slot's notice ("Story continues below advertisement").

import { linkDensity, squash, textSpans } from "./blockText.ts";

export type AsideReason = "author" | "newsletter" | "credit" | "related" | "player" | "embed" | "ad";

/** A writer's role, in the eight languages: what a note on the writer says they are. */
const ROLE =
  /\b(writer|reporter|editor|correspondent|journalist|contributor|columnist|author|producer|photographer|critic|blogger|historian|freelancer|novelist|redakteur(in)?|korrespondent(in)?|journalist(in)?|autor(in)?|journaliste|rédact(eur|rice)|correspondant(e)?|periodista|redactor(a)?|corresponsal|jornalista|repórter|giornalista|redattore|redattrice|corrispondente|journalist|verslaggever|redacteur|correspondent|skribent|reporter)s?\b/iu;
/** A note on the writer: a name of two to four words, then "is a/the" (or "was"), then a role. */
// Case matters here (a name's capitals): the verbs and articles are written in lower case.
const WRITER_NOTE =
  /^[—–-]?\s*(\p{Lu}[\p{L}’'.-]*\s+){1,3}\p{Lu}[\p{L}’'.-]*,?\s+(is|was|ist|est|es|è|é|är)\s+(a|an|the|our|ein|eine|un|une|uno|una|o|il|la|de|een|en)\s/u;

/** The consent, privacy and thanks lines of a sign-up box. */
const SIGNUP_LINE =
  /\b(by (signing up|subscribing|clicking|submitting|entering)\b.{0,80}\b(agree|accept|consent)|you (can|may) unsubscribe (at any time|anytime)|unsubscribe at any time|thank(s| you) for (signing up|subscribing)|we (will )?(never|won[’']t) (share|sell|spam)|enter your e-?mail( address)?|sign up for (our|the|free)\b.{0,60}\bnewsletters?|get (our|the)\b.{0,60}\bnewsletter\b.{0,40}\b(delivered|in your inbox|every)|this (site|form) is protected by recaptcha)/iu;
/** The block around a sign-up line is the box when it is at most this long. */
const BOX_MAX = 600;
/** A paragraph this long is the story's, never a sign-up box's blurb. */
const PROSE_MIN = 250;

/** "Photos by" / "Image credits:" and their kin before a list of names. */
const CREDITS_LABEL =
  /^((featured|top|main|header|cover|lead|hero) )?(photos?|images?|pictures?|illustrations?|photography|artwork|(photo|image|picture) credits?|credits?|fotos?|bilder|imágenes|imagens|immagini|afbeeldingen)\s*((by|von|de|par|por|di|door|av)\s*[:：]?|[:：])\s*/iu;
/** A wire service's staff credits under the story ("Reporting by A; Editing by B"). */
const STAFF_CREDITS =
  /^\(?((additional )?reporting|writing|editing|edited|compiled|translated|research|page editor|editor)\s*(by|:)\s*\p{Lu}/iu;
/** A lead-in label for other stories ("Related:", "Read more:", "Lire aussi :"), alone on its line. */
const RELATED_LABEL =
  /^(related( stories| articles| coverage| content)?|read more|read also|also read|see also|more on this( story| topic)?|further reading|recommended|lire aussi|à lire aussi|voir aussi|lesen sie auch|mehr zum thema|lee también|leer más|ver también|leia também|veja também|leggi anche|vedi anche|lees ook|läs också|läs mer)\s*[:：»›]?$/iu;

/** A player's title for the video it holds ("Now playing: Watch this: …"), in the eight languages. */
const NOW_PLAYING =
  /^(now playing|playing|up next|reproduciendo|a continuación|lecture en cours|en lecture|wird abgespielt|jetzt läuft|em reprodução|reproduzindo|in riproduzione|nu afgespeeld|nu speelt|spelas nu)\s*[:：]/iu;
/** A player's running time alone on its line ("8:09", "1:02:13"). */
const DURATION = /^\d{1,2}:\d{2}(:\d{2})?$/u;
/** A social network's name alone on its line: the label an embedded post leaves when its script is gone. */
const NETWORK =
  /^(facebook|twitter|instagram|youtube|tiktok|linkedin|pinterest|reddit|threads|bluesky|mastodon)$/iu;

/** An ad slot's notice left in the story's flow ("Story continues below advertisement"). */
const AD_NOTICE =
  /^((the )?(story|article|text|content|post) continues (below|after)( (the |this )?(advertisement|ad|video))?|advertisement\s*[-–—:]?\s*(scroll|continue) (down )?to (continue|read)( with content| reading)?|scroll (down )?to continue( with content| reading)?|anzeige|werbung|publicité|publicidad|publicidade|pubblicità|advertentie|annons)\.?$/iu;

/** A block is after the story when most of the body's text comes before it. */
const TAIL_START = 0.6;
const TAIL_END = 0.85;
/** Raw text (white space included) above which a block is a container, not one of these shapes. */
const RAW_MAX = 3000;

/** Each item of a list of credits: a name or an agency, a few words, maybe in parentheses. */
function isNameList(rest: string, one: boolean): boolean {
  const items = rest
    .replace(/[.]$/, "")
    .split(/\s*(?:,|;|\band\b|&)\s*/u)
    .filter(Boolean);
  return (
    items.length >= (one ? 1 : 2) &&
    !/[.!?]\s+\p{Ll}/u.test(rest) &&
    items.every(
      (i) =>
        i
          .replace(/\([^)]{0,40}\)/gu, "")
          .trim()
          .split(/\s+/).length <= 5,
    )
  );
}

/** A line of picture credits: the label, then names ("Image credit: Jane Doe" may name one). */
export function isCreditList(text: string): boolean {
  const m = CREDITS_LABEL.exec(text);
  // A label that says "credit" (or "featured image") names one source as surely as a list names several.
  return (
    !!m &&
    text.length <= 400 &&
    isNameList(text.slice(m[0].length), /credit|^(featured|top|main|header|cover|lead|hero) /i.test(m[0]))
  );
}

/** Drops the shapes above from `root` (Readability's article content) through `drop`. */
export function dropAsides(root: Element, drop: (el: Element, reason: AsideReason) => void): void {
  const { spans, total } = textSpans(root);
  const tail = (el: Element) => {
    const [start, end] = spans.get(el) ?? [0, 0];
    return start >= TAIL_START * total && end >= TAIL_END * total;
  };
  for (const el of [...root.querySelectorAll("p, div, section, aside, ul, ol")]) {
    if (!root.contains(el)) continue;
    const [start, end] = spans.get(el) ?? [0, 0];
    if (end - start > RAW_MAX) continue;
    const text = squash(el.textContent);
    if (!text || el.querySelector("img, picture, video, iframe")) continue;
    const leaf = !el.querySelector("p, li, div");
    if (leaf && text.length <= 400 && SIGNUP_LINE.test(text)) {
      drop(signupBox(root, el), "newsletter");
      continue;
    }
    if (leaf && isCreditList(text)) {
      drop(el, "credit");
      continue;
    }
    if (leaf && tail(el) && text.length <= 200 && STAFF_CREDITS.test(text)) {
      drop(el, "credit");
      continue;
    }
    if (leaf && el.tagName === "P" && tail(el) && text.length <= 400 && isWriterNote(text)) {
      drop(el, "author");
      continue;
    }
    if (leaf && text.length <= 200 && NOW_PLAYING.test(text)) {
      const next = el.nextElementSibling;
      if (next && DURATION.test(squash(next.textContent))) drop(next, "player");
      drop(el, "player");
      continue;
    }
    if (leaf && AD_NOTICE.test(text)) {
      drop(el, "ad");
      continue;
    }
    if (leaf && NETWORK.test(text)) {
      drop(el, "embed");
      continue;
    }
    if (leaf && text.length <= 60 && RELATED_LABEL.test(text)) {
      const list = el.nextElementSibling;
      if (list && (list.tagName === "UL" || list.tagName === "OL") && isLinkList(list)) {
        drop(el, "related");
        drop(list, "related");
      }
    }
  }
}

/** A note on the writer: their name, "is a", and their role within its first sentence. */
function isWriterNote(text: string): boolean {
  // A note set in capitals ("JANE DOE IS THE NETWORK'S POLITICAL EDITOR") is read as a name's case.
  const cased =
    text === text.toUpperCase()
      ? text.replace(/\p{L}+/gu, (w, i: number) =>
          /^(IS|WAS|A|AN|THE|OUR)$/.test(w) && i > 0 ? w.toLowerCase() : w[0] + w.slice(1).toLowerCase(),
        )
      : text;
  const m = WRITER_NOTE.exec(cased);
  if (!m) return false;
  const sentence = cased.slice(m[0].length).split(/[.!?](\s|$)/u)[0] ?? "";
  return ROLE.test(sentence.slice(0, 120));
}

/** Every item a link (a headline) and little else. */
function isLinkList(list: Element): boolean {
  const items = [...list.children].filter((c) => c.tagName === "LI");
  return (
    items.length >= 1 &&
    items.every((li) => {
      const t = squash(li.textContent).length;
      return t > 0 && linkDensity(li, t).density >= 0.9;
    })
  );
}

/**
 * The sign-up box around a consent or call line: the largest block above it (not `root`) that stays
 * short and holds no long paragraph (the story's own).
 */
function signupBox(root: Element, line: Element): Element {
  let box = line;
  for (let up = line.parentElement; up && up !== root; up = up.parentElement) {
    if (squash(up.textContent).length > BOX_MAX) break;
    if ([...up.querySelectorAll("p")].some((p) => squash(p.textContent).length > PROSE_MIN)) break;
    box = up;
  }
  return box;
}
