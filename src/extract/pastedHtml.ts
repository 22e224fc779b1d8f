// Text a cook pasted or uploaded that is a page's own markup (a recipe copied as HTML, a saved
// page's source, a checklist of `<label><input type="checkbox"> 1 cup flour</label>` lines): read
// as the page it is, by the page readers, rather than as typed lines whose tags would be words.

// Opens with a tag a page or a page's part opens with ("<!doctype html>", "<html>", "<div …>",
// "<ul>", "<h1>"), after a comment at most.
const OPENS_AS_MARKUP =
  /^(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body|main|article|section|div|ul|ol|li|p|h[1-6]|label|table|form|span|header)\b[^>]*>/iu;
// And closes a tag of its own, as markup does and typed text ("<3", "< 5 min") never does.
const CLOSES_A_TAG =
  /<\/(?:html|body|main|article|section|div|ul|ol|li|p|h[1-6]|label|table|form|span|header)>/iu;

/** The text as a page's HTML when it is markup (see the file's comment), or null. */
export function pastedHtml(text: string): string | null {
  const t = text.trim();
  if (!OPENS_AS_MARKUP.test(t) || !CLOSES_A_TAG.test(t)) return null;
  return /<html\b/iu.test(t)
    ? t
    : `<!doctype html><html><head><meta charset="utf-8"></head><body>${t}</body></html>`;
}
