// Boilerplate that Readability keeps inside an article body: calls to subscribe, share
// rows, related-link lists, bylines and comment counts. Each block is dropped on evidence only: its
// own class or id, its link density, a short text that is one of those calls, or its absence from
// the page's own structured articleBody. When the result is much shorter than Readability's, the
// caller keeps Readability's output.

import { linkDensity, squash } from "./blockText.ts";
import { type AsideReason, dropAsides } from "./dropAsides.ts";
import { type CaptionReason, dropCaptions } from "./dropCaptions.ts";
import { dropFurniture, type FurnitureReason } from "./dropFurniture.ts";
import { dropPromos, leadLabel, type PromoReason } from "./dropPromos.ts";

/** Class or id words of page furniture that Readability's own filters let through. */
const MARKER =
  /(^|[-_\s])(related|recommended|more-stories|read-?more|newsletter|subscribe|subscription|signup|sign-up|promo|advert|advertisement|ad-slot|sponsored|share|sharing|social|byline|author-bio|comment-count|tags|tag-list|breadcrumbs?|outbrain|taboola|paywall)([-_\s]|$)/i;

/** Short blocks that are furniture by their words alone. */
const FURNITURE_TEXT = new RegExp(
  [
    String.raw`^(share|tweet|pin|email|print)( (this|it|on \w+))*[.!:]?$`,
    String.raw`^(subscribe|sign up|join)\b.{0,120}\b(newsletter|inbox|updates|email)`,
    String.raw`^(sign up|subscribe) (now|today|here)`,
    String.raw`^follow us\b`,
    String.raw`^(related|recommended|more from|read more|see also|also read|you (may|might) also like)\b.{0,60}:?$`,
    String.raw`^advertisement$`,
    String.raw`^(sponsored|promoted)( content)?$`,
    String.raw`^\d+ comments?$`,
    String.raw`^comments? \(\d+( posted)?\)$`,
    String.raw`^(view|show|load) (all )?comments\b`,
    String.raw`^continue reading( the main story)?$`,
    String.raw`^(promoted|presented|powered) by\b.{0,40}$`,
    String.raw`^(post|leave|add) a (comment|reply)$`,
    String.raw`^(reply|reuse content|featured)$`,
    String.raw`^follow (us|[\p{Lu}][\p{L}\p{N}]*)( on)?\s*:?\s*(twitter|facebook|instagram|x)\b`,
    String.raw`^gallery: .{1,80}\| \d+ (photos|images)$`,
  ].join("|"),
  "iu",
);

/** Blocks judged as a whole (their children are not looked at once the block goes). */
const BLOCKS =
  "aside, nav, section, div, ul, ol, p, figure, figcaption, blockquote, table, h2, h3, h4, h5, h6";
/** Blocks whose text is compared with the page's articleBody. */
// Headings stay: articleBody often leaves out the subheadings of the article itself.
const LEAVES = "p, li, blockquote, figcaption, td";

const key = (s: string) =>
  squash(s)
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, "");

export interface BoilerplateEvidence {
  /** The page's own schema.org articleBody (JSON-LD), when it has one. */
  articleBody: string | null;
  /** The byline Readability found: a block that only repeats it is furniture. */
  byline: string | null;
}

/** Why blocks were dropped (for the eval and tests). */
export interface Dropped {
  reason:
    | "marker"
    | "links"
    | "words"
    | "byline"
    | "articleBody"
    | FurnitureReason
    | PromoReason
    | CaptionReason
    | AsideReason;
  text: string;
}

/**
 * Removes boilerplate blocks from `root` (Readability's article content, classes kept), returning
 * what it removed. Pure DOM work on the given tree.
 */
export function dropBoilerplate(root: Element, evidence: BoilerplateEvidence): Dropped[] {
  const dropped: Dropped[] = [];
  const drop = (el: Element, reason: Dropped["reason"]) => {
    dropped.push({ reason, text: squash(el.textContent).slice(0, 200) });
    el.remove();
  };
  const byline = key(evidence.byline ?? "");
  // First: a "Related:" label would otherwise go alone as furniture words, leaving the list it leads.
  dropAsides(root, drop);
  for (const el of [...root.querySelectorAll(BLOCKS)]) {
    if (!root.contains(el)) continue; // inside a block already dropped
    const text = squash(el.textContent);
    const len = text.length;
    const marker = `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
    // A marked container with little text of its own: a long marked block may be the article.
    if (marker.trim() && MARKER.test(marker) && len < 1500) {
      drop(el, "marker");
      continue;
    }
    if (!len) continue;
    // A list of links (related stories, a table of contents, tags, sponsors): every item is a link
    // and little else. A list whose items say something around their links is the article's.
    // A list nested in a list item is the story's own outline (the bugs a section lists), never a
    // block of links to other stories.
    if ((el.tagName === "UL" || el.tagName === "OL") && len < 1500 && !el.parentElement?.closest("li")) {
      const items = [...el.children].filter((c) => c.tagName === "LI");
      const linkItems = items.filter((li) => {
        const t = squash(li.textContent).length;
        return t > 0 && linkDensity(li, t).density >= 0.9;
      });
      // In the article's flow a list of links can be its content (the bugs a release fixed): only
      // a table of contents (links within the page) or a list at the end, after the story, goes.
      const toc = [...el.querySelectorAll("a")].every((a) => (a.getAttribute("href") ?? "").startsWith("#"));
      const all = squash(root.textContent);
      const tail = (all.indexOf(text) + len) / (all.length || 1) >= 0.75;
      if (items.length >= 3 && linkItems.length >= 0.8 * items.length && (toc || tail)) {
        // The line that announced the list ("More baking news:") says nothing once it is gone.
        const label = leadLabel(el);
        if (label) drop(label, "links");
        drop(el, "links");
        continue;
      }
    }
    const { links, density } = linkDensity(el, len);
    if (links >= 3 && density > 0.85 && len < 600 && !["P", "UL", "OL"].includes(el.tagName)) {
      drop(el, "links");
      continue;
    }
    if (len <= 160 && FURNITURE_TEXT.test(text)) {
      drop(el, "words");
      continue;
    }
    if (byline && len <= 120 && /^(by|von|par|por|door|di)\b/i.test(text) && key(text).endsWith(byline)) {
      drop(el, "byline");
      continue;
    }
  }
  dropFurniture(root, drop);
  dropPromos(root, drop, evidence.byline);
  dropCaptions(root, drop);
  // The page's own articleBody, when it holds nearly all of what Readability kept, says which
  // blocks are the article: the others (captions of other stories, promos) go.
  const body = key(evidence.articleBody ?? "");
  if (body.length >= 300) {
    const bodyShingles = new Set(shingles(body));
    // Share of a block's three-word runs found in articleBody: near 1 for the article's own text
    // whatever its typography, near 0 for a block the article does not contain.
    const leaves = [...root.querySelectorAll(LEAVES)]
      .filter((el) => !el.querySelector(LEAVES))
      .map((el) => {
        const sh = shingles(key(el.textContent ?? ""));
        return { el, n: sh.length, found: sh.filter((x) => bodyShingles.has(x)).length };
      })
      .filter((l) => l.n >= 6);
    const total = leaves.reduce((n, l) => n + l.n, 0);
    const found = leaves.reduce((n, l) => n + l.found, 0);
    if (total && found / total >= 0.8)
      for (const l of leaves) if (l.found / l.n < 0.1) drop(l.el, "articleBody");
  }
  return dropped;
}

function shingles(k: string): string[] {
  const w = k.split(" ").filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i + 3 <= w.length; i++) out.push(`${w[i]} ${w[i + 1]} ${w[i + 2]}`);
  return out;
}

/** The articleBody of the page's JSON-LD (an Article, NewsArticle, BlogPosting…), if any. */
export function jsonLdArticleBody(doc: Document): string | null {
  let best: string | null = null;
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!v || typeof v !== "object") return;
    const o = v as Record<string, unknown>;
    if (typeof o.articleBody === "string" && o.articleBody.length > (best?.length ?? 0)) best = o.articleBody;
    if (o["@graph"]) visit(o["@graph"]);
  };
  for (const s of doc.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      visit(JSON.parse(s.textContent ?? ""));
    } catch {
      // a broken block says nothing
    }
  }
  return best;
}
