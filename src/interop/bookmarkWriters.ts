/** A bookmark or article to write out. */
export interface ExportBookmark {
  url: string;
  title: string | null;
  excerpt: string | null;
  tags: string[];
  addedAt: string | null;
  /** "bookmark" or "article". */
  type: string;
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The Netscape bookmark file every browser imports; bookmarks and articles in a folder each. */
export function writeNetscape(items: ExportBookmark[]): string {
  const folder = (name: string, list: ExportBookmark[]) =>
    list.length
      ? `    <DT><H3>${esc(name)}</H3>\n    <DL><p>\n${list
          .map((b) => {
            const added = b.addedAt ? ` ADD_DATE="${Math.floor(Date.parse(b.addedAt) / 1000)}"` : "";
            const tags = b.tags.length ? ` TAGS="${esc(b.tags.join(","))}"` : "";
            const dd = b.excerpt ? `\n        <DD>${esc(b.excerpt)}` : "";
            return `        <DT><A HREF="${esc(b.url)}"${added}${tags}>${esc(b.title ?? b.url)}</A>${dd}`;
          })
          .join("\n")}\n    </DL><p>\n`
      : "";
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file. It will be read and overwritten. DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
${folder(
  "Ladle bookmarks",
  items.filter((b) => b.type !== "article"),
)}${folder(
    "Ladle articles",
    items.filter((b) => b.type === "article"),
  )}</DL><p>
`;
}

/** The same as JSON, in the Karakeep-like shape Ladle reads back (`{ bookmarks: [...] }`). */
export function writeBookmarksJson(items: ExportBookmark[]): string {
  return JSON.stringify(
    {
      bookmarks: items.map((b) => ({
        createdAt: b.addedAt ? Math.floor(Date.parse(b.addedAt) / 1000) : null,
        title: b.title,
        tags: b.tags,
        note: b.excerpt,
        type: b.type,
        content: { type: "link", url: b.url },
      })),
    },
    null,
    2,
  );
}
