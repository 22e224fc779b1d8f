/** A bookmark or article to write out. */
export interface ExportBookmark {
  url: string;
  title: string | null;
  excerpt: string | null;
  tags: string[];
  /** The folder path it came from ("Recipes / Soups"); null at the top. */
  folder: string | null;
  /** When it was first saved (in the app it came from, else in Ladle). */
  addedAt: string | null;
  /** Read or archived in the app it came from. */
  archived: boolean;
  /** "bookmark" or "article". */
  type: string;
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** A folder of the bookmark file: its own bookmarks, then its sub-folders (by their names). */
interface Folder {
  items: ExportBookmark[];
  sub: Map<string, Folder>;
}

function line(b: ExportBookmark, pad: string): string {
  const added = b.addedAt ? ` ADD_DATE="${Math.floor(Date.parse(b.addedAt) / 1000)}"` : "";
  const tags = b.tags.length ? ` TAGS="${esc(b.tags.join(","))}"` : "";
  const dd = b.excerpt ? `\n${pad}<DD>${esc(b.excerpt)}` : "";
  return `${pad}<DT><A HREF="${esc(b.url)}"${added}${tags}>${esc(b.title ?? b.url)}</A>${dd}\n`;
}

function writeFolder(f: Folder, depth: number): string {
  const pad = "    ".repeat(depth);
  let out = f.items.map((b) => line(b, pad)).join("");
  for (const [name, sub] of f.sub)
    out += `${pad}<DT><H3>${esc(name)}</H3>\n${pad}<DL><p>\n${writeFolder(sub, depth + 1)}${pad}</DL><p>\n`;
  return out;
}

/**
 * The Netscape bookmark file every browser imports: each bookmark in its folder path (nested
 * `<H3>` folders, as browsers write them), with its tags (`TAGS`), date (`ADD_DATE`) and note.
 */
export function writeNetscape(items: ExportBookmark[]): string {
  const root: Folder = { items: [], sub: new Map() };
  for (const b of items) {
    let f = root;
    for (const name of (b.folder ?? "")
      .split(" / ")
      .map((n) => n.trim())
      .filter(Boolean)) {
      let next = f.sub.get(name);
      if (!next) f.sub.set(name, (next = { items: [], sub: new Map() }));
      f = next;
    }
    f.items.push(b);
  }
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file. It will be read and overwritten. DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
${writeFolder(root, 1)}</DL><p>
`;
}

/** The same as JSON, in the Karakeep-like shape Ladle reads back (`{ bookmarks: [...] }`), with the folder. */
export function writeBookmarksJson(items: ExportBookmark[]): string {
  return JSON.stringify(
    {
      bookmarks: items.map((b) => ({
        createdAt: b.addedAt ? Math.floor(Date.parse(b.addedAt) / 1000) : null,
        title: b.title,
        tags: b.tags,
        note: b.excerpt,
        archived: b.archived,
        folder: b.folder,
        type: b.type,
        content: { type: "link", url: b.url },
      })),
    },
    null,
    2,
  );
}
