// Captions of pictures inside an article body. Readability keeps them; a human reader's article text
// (and the best extractors') leaves them out: they describe a picture, not the story, and mostly end
// in its credit. The picture itself stays. Recognised by shape only: a figure's caption, or a block
// whose class names a caption, with no picture of its own and a picture beside it.

import { squash } from "./blockText.ts";

export type CaptionReason = "caption";

/**
 * A class word naming a caption ("caption", "wp-caption-text", "imageCaption", "thumbcaption"), not
 * one saying a block has or lacks one ("no_caption", "has-caption").
 */
const CAPTION_CLASS = /(^|\s)(?!(no|has|with|without|hide|show)[-_]?caption)\S*caption/i;
/** What a caption describes. */
const MEDIA = "img, picture, video, iframe, svg, canvas";
/** A figure of code, a table or a quotation: its caption names the listing, which is the article's. */
const NOT_PICTURE = "pre, table, blockquote";
/** Longer than this, a block is more than a caption (a photo essay's paragraph). */
const MAX_CHARS = 600;
/** How far up from a caption its picture may be (figure > div > caption, a table's row and cell). */
const MAX_UP = 4;
/** A screen-reader word standing in a figure before its picture ("Photo", "Image"). */
const LONE_LABEL = /^(photo|image|video|foto|bild|imagen|imagem|immagine|afbeelding|graphic|illustration)$/iu;

/** The nearest block around `el` (at most MAX_UP levels up, not `root`) that holds a picture. */
function pictureAround(root: Element, el: Element): Element | null {
  let up = el.parentElement;
  for (let i = 0; up && up !== root && i < MAX_UP; i++, up = up.parentElement)
    if (up.querySelector(MEDIA)) return up;
  return null;
}

/** Drops the captions of `root` (Readability's article content) through `drop`. */
export function dropCaptions(root: Element, drop: (el: Element, reason: CaptionReason) => void): void {
  for (const el of [...root.querySelectorAll("figcaption, [class]")]) {
    if (!root.contains(el)) continue;
    const caption =
      el.tagName === "FIGCAPTION" ||
      (CAPTION_CLASS.test(el.getAttribute("class") ?? "") && el.tagName !== "FIGURE");
    if (!caption || el.querySelector(MEDIA)) continue;
    const text = squash(el.textContent);
    if (!text || text.length > MAX_CHARS) continue;
    const around = pictureAround(root, el);
    if (!around || [...around.querySelectorAll(NOT_PICTURE)].some((x) => !el.contains(x))) continue;
    drop(el, "caption");
  }
  // A lone "Photo" label in a figure says only that a picture follows.
  for (const fig of [...root.querySelectorAll("figure")])
    for (const el of [...fig.querySelectorAll("span, div, p")])
      if (!el.children.length && LONE_LABEL.test(squash(el.textContent))) drop(el, "caption");
}
