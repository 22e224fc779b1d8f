// The tag names the page reader sorts elements by (pageBlocks, notedItem): apart so both can share them.

export const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

// Elements whose content never belongs to the recipe.
export const SKIP_TAGS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "nav",
  "footer",
  "aside",
  "form",
  "button",
  "select",
  "textarea",
  "svg",
  "iframe",
]);

// Block-level elements: they end the current line.
export const BLOCK_TAGS = new Set([
  "address",
  "article",
  "blockquote",
  "dd",
  "details",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "header",
  "hgroup",
  "hr",
  "li",
  "main",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "thead",
  "tfoot",
  "tr",
  "td",
  "th",
  "ul",
  "center",
  ...HEADING_TAGS,
  ...SKIP_TAGS,
]);
