import { JSDOM } from "jsdom";
import { dropBoilerplate } from "../../src/extract/article/dropBoilerplate.ts";

// The drop passes' tests build the smallest article body around one shape: a run of story
// paragraphs long enough to read as an article, the shape among them, then the body's text after
// the passes.

/** One paragraph of the story, numbered so that a test can tell which ones stayed. */
export const para = (i: number): string =>
  `<p>Paragraph ${i} of the story: sourdough asks for patience, and the bakers of the slow bread movement ` +
  `say the long rise is what gives the crumb its flavour, its keeping quality and its open texture ${i}.</p>`;

/** Paragraphs `from` to `to` of the story. */
export const story = (from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, i) => para(from + i)).join("\n");

/** The body's text (white space collapsed) and its pictures after `dropBoilerplate`. */
export function cleanBody(inner: string, byline: string | null = null): { text: string; images: number } {
  const doc = new JSDOM("<!doctype html><body></body>").window.document;
  const root = doc.createElement("div");
  root.innerHTML = inner;
  dropBoilerplate(root, { articleBody: null, byline });
  return {
    text: (root.textContent ?? "").replace(/\s+/g, " ").trim(),
    images: root.querySelectorAll("img").length,
  };
}
