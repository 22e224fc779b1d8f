import { decodeHTML } from "entities";
import { failed, httpUrl, isObject, type BookmarkDraft, type InteropEntry } from "./types.ts";

const clean = (s: string) =>
  decodeHTML(s.replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();

function bookmark(label: string, url: unknown, b: Partial<BookmarkDraft>): InteropEntry {
  const u = httpUrl(url);
  if (!u)
    return failed(
      label,
      typeof url === "string" && url.trim()
        ? `“${url.trim().slice(0, 80)}” is not a web address Ladle can save (only http and https pages).`
        : "This bookmark has no web address.",
    );
  return {
    ok: true,
    kind: "bookmark",
    label,
    bookmark: {
      url: u,
      title: b.title || null,
      excerpt: b.excerpt || null,
      tags: [...new Set((b.tags ?? []).map((t) => t.trim()).filter(Boolean))],
      folder: b.folder || null,
      addedAt: b.addedAt ?? null,
      archived: b.archived ?? false,
    },
  };
}

/** Seconds since 1970 (or milliseconds, or an ISO date) as ISO-8601; null when it is none of them. */
export function dateOf(v: unknown): string | null {
  if (v === null || v === undefined || v === "") return null;
  const n = Number(v);
  if (Number.isFinite(n) && n > 0) return new Date(n > 1e12 ? n : n * 1000).toISOString();
  if (typeof v === "string" && !Number.isNaN(Date.parse(v))) return new Date(v).toISOString();
  return null;
}

const attr = (tag: string, name: string): string | null => {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return m ? decodeHTML(m[1] ?? m[2] ?? m[3] ?? "") : null;
};

/**
 * The Netscape bookmark file every browser exports: `<DT><A HREF ADD_DATE TAGS>title</A>`, an
 * optional `<DD>` description, folders as `<H3>` over a nested `<DL>`.
 */
export function readNetscape(html: string): InteropEntry[] {
  const out: InteropEntry[] = [];
  const folders: string[] = [];
  let pendingFolder: string | null = null;
  let last: Extract<InteropEntry, { kind: "bookmark" }> | null = null;
  const re = /<(\/?)(dl|h3|a|dd)\b([^>]*)>/gi;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    const [whole, close, tagName, attrs] = m;
    const tag = tagName!.toLowerCase();
    if (tag === "dl") {
      if (close) folders.pop();
      else {
        if (pendingFolder !== null) folders.push(pendingFolder);
        else if (folders.length || out.length) folders.push("");
        pendingFolder = null;
      }
      last = null;
    } else if (tag === "h3" && !close) {
      const end = html.indexOf("</", re.lastIndex);
      pendingFolder = clean(html.slice(re.lastIndex, end < 0 ? undefined : end));
      last = null;
    } else if (tag === "a" && !close) {
      const rest = html.slice(re.lastIndex);
      const stop = rest.search(/<\/a\s*>/i);
      const title = clean(stop < 0 ? rest.slice(0, 200) : rest.slice(0, stop));
      const href = attr(whole!, "href");
      const entry = bookmark(title || href || "bookmark", href, {
        title,
        tags: (attr(attrs!, "tags") ?? "").split(","),
        folder: folders.filter(Boolean).join(" / ") || null,
        addedAt: dateOf(attr(attrs!, "add_date")),
      });
      out.push(entry);
      last = entry.ok && entry.kind === "bookmark" ? entry : null;
    } else if (tag === "dd" && !close && last) {
      const rest = html.slice(re.lastIndex);
      const stop = rest.search(/<(?:dt|dl|\/dl|dd)\b/i);
      const text = clean(stop < 0 ? rest : rest.slice(0, stop));
      if (text) last.bookmark.excerpt = text;
      last = null;
    }
  }
  return out;
}

/** CSV rows (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      if (row.some((f) => f !== "")) rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f !== "")) rows.push(row);
  return rows;
}

/** Pocket's CSV export: `title,url,time_added,tags,status` (tags joined by `|`). */
export function readPocketCsv(text: string): InteropEntry[] {
  const rows = parseCsv(text.replace(/^\uFEFF/, ""));
  const head = (rows.shift() ?? []).map((h) => h.trim().toLowerCase());
  const col = (name: string) => head.indexOf(name);
  if (col("url") < 0) return [failed("file", "This CSV has no “url” column, so it is not a Pocket export.")];
  return rows.map((r, i) => {
    const get = (name: string) => (col(name) >= 0 ? (r[col(name)] ?? "").trim() : "");
    return bookmark(get("title") || get("url") || `row ${i + 2}`, get("url"), {
      title: get("title") && get("title") !== get("url") ? get("title") : null,
      tags: get("tags").split("|"),
      addedAt: dateOf(get("time_added")),
      archived: get("status") === "archive",
    });
  });
}

/** A list of URLs, one a line (pasted, or a plain text file); lines starting with # are comments. */
export function readUrlList(text: string): InteropEntry[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => bookmark(l, l, {}));
}

/** Omnivore's export (`metadata_*.json`: an array of saved pages with `labels` and `savedAt`). */
export function readOmnivore(items: unknown[]): InteropEntry[] {
  return items.map((it, i) => {
    if (!isObject(it)) return failed(`entry ${i + 1}`, "This entry is not a saved page.");
    const title = typeof it.title === "string" ? it.title.trim() : "";
    return bookmark(title || `entry ${i + 1}`, it.url ?? it.originalUrl, {
      title,
      excerpt: typeof it.description === "string" ? it.description : null,
      tags: Array.isArray(it.labels)
        ? it.labels.map((l) => (isObject(l) ? String(l.name ?? "") : String(l)))
        : [],
      addedAt: dateOf(it.savedAt),
      archived: it.state === "Archived" || it.state === "ARCHIVED",
    });
  });
}

/** Karakeep's (formerly Hoarder) export: `{ bookmarks: [{ content: { type: "link", url }, tags, note }] }`. */
export function readKarakeep(doc: Record<string, unknown>): InteropEntry[] {
  const list = Array.isArray(doc.bookmarks) ? doc.bookmarks : [];
  return list.map((b, i) => {
    if (!isObject(b)) return failed(`entry ${i + 1}`, "This entry is not a bookmark.");
    const title = typeof b.title === "string" ? b.title.trim() : "";
    const content = isObject(b.content) ? b.content : {};
    if (content.type && content.type !== "link")
      return failed(
        title || `entry ${i + 1}`,
        `This is a saved ${String(content.type)}, not a link; Ladle keeps bookmarks of web pages only.`,
      );
    return bookmark(title || String(content.url ?? `entry ${i + 1}`), content.url, {
      title,
      excerpt: typeof b.note === "string" ? b.note : null,
      tags: Array.isArray(b.tags) ? b.tags.map((t) => (isObject(t) ? String(t.name ?? "") : String(t))) : [],
      addedAt: dateOf(b.createdAt),
      archived: b.archived === true,
      // Ladle's own JSON export writes the browser folder a bookmark came from; Karakeep has none.
      folder: typeof b.folder === "string" ? b.folder.trim() : null,
    });
  });
}
