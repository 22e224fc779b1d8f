import sanitizeHtml from "sanitize-html";
import { imageOrigin, REMOVED_TAGS, KEPT_TAGS, resolveUrl } from "../../extract/article/sanitizeArticle.ts";
import { cssRefs, rewriteCss } from "./archiveCss.ts";
import { fitResources, type Resource } from "./archiveImages.ts";

/** One fetch through the egress gateway (address policy, robots, politeness, size cap). */
export type ArchiveFetch = (
  url: string,
  o: { accept: string; maxBytes: number },
) => Promise<
  { ok: true; body: Buffer; contentType: string | null; url: string } | { ok: false; reason: string }
>;

export interface ArchiveOptions {
  /** The whole kept page's cap, pictures included. */
  maxBytes: number;
  /** Pictures, fonts and stylesheets fetched at most. */
  maxResources: number;
  keptAt: Date;
  fetch: ArchiveFetch;
}

export interface ArchivedPage {
  html: string;
  bytes: number;
  title: string | null;
  imagesKept: number;
  imagesShrunk: number;
  imagesLeftOut: number;
}

/** Elements a kept page keeps: the article reader's, and the page's own frame around them. */
const ARCHIVE_TAGS = [
  ...KEPT_TAGS,
  "address", "article", "aside", "big", "center", "col", "colgroup", "font", "footer", "header", "label",
  "main", "nav", "tt", "var", "wbr", "bdi", "bdo", "ruby", "rt", "rp", "legend", "fieldset", "picture",
]; // prettier-ignore

const ARCHIVE_ATTRIBUTES: Record<string, string[]> = {
  "*": ["class", "id", "style", "lang", "dir", "title", "role", "align", "hidden"],
  a: ["href", "name"],
  img: ["src", "alt", "width", "height"],
  td: ["colspan", "rowspan", "scope", "width"],
  th: ["colspan", "rowspan", "scope", "width"],
  col: ["span", "width"],
  ol: ["start", "reversed", "type"],
  li: ["value"],
  time: ["datetime"],
  font: ["color", "size", "face"],
};

const IMAGE_ACCEPT = "image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8";
const RASTER = /^image\/(png|jpeg|gif|webp|avif|bmp)$/;

/** What a picture or font's bytes are (the bytes decide, never the header); null for anything else. */
async function sniff(data: Buffer): Promise<string | null> {
  const { fileTypeFromBuffer } = await import("file-type");
  const t = await fileTypeFromBuffer(data);
  if (!t) return null;
  if (RASTER.test(t.mime)) return t.mime;
  if (t.mime.startsWith("font/") || t.mime === "application/font-woff") return t.mime;
  return null;
}

/** Runs `work` over `items`, `n` at a time (the gateway adds its own per-site politeness). */
async function eachLimited<T>(items: T[], n: number, work: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const mb = (n: number) => `${(n / 1048576).toFixed(n < 1048576 ? 2 : 1)} MB`;

/**
 * One self-contained page from `html` as found at `baseUrl`: stylesheets and pictures inlined as
 * data: URLs (fetched through `fetch`), scripts, event handlers, frames and objects removed, links
 * kept (made absolute), under `maxBytes` in all: pictures are made smaller or left out, and the
 * page says so at its top. The input may be a fetched page or the one a browser sent.
 */
export async function archivePage(html: string, baseUrl: string, o: ArchiveOptions): Promise<ArchivedPage> {
  // Loaded with the first page archived, not with every process.
  const cheerio = await import("cheerio");
  const $ = cheerio.load(html);
  const base = resolveUrl($("base[href]").first().attr("href"), baseUrl) ?? baseUrl;
  const title = $("title").first().text().trim().slice(0, 500) || null;
  const lang = /^[A-Za-z-]{2,20}$/.test($("html").attr("lang") ?? "") ? $("html").attr("lang")! : null;
  const bodyClass = ($("body").attr("class") ?? "").replace(/[^\w\s-]/g, "").slice(0, 500);
  let budgetLeft = o.maxResources;

  // Stylesheets in document order: linked ones fetched, each import fetched and put before its sheet.
  type Sheet = { code: string; base: string };
  const sheetSlots: (Sheet[] | Promise<Sheet[]>)[] = [];
  const fetchSheet = async (url: string, depth: number): Promise<Sheet[]> => {
    if (budgetLeft-- <= 0) return [];
    const r = await o.fetch(url, { accept: "text/css,*/*;q=0.1", maxBytes: 2 * 1048576 });
    if (!r.ok) return [];
    const code = r.body.toString("utf8");
    const refs = cssRefs(code, r.url);
    const imported = depth < 2 ? await Promise.all(refs.imports.map((u) => fetchSheet(u, depth + 1))) : [];
    return [...imported.flat(), { code, base: r.url }];
  };
  $("link, style").each((_, el) => {
    const e = $(el);
    if (el.tagName === "style") {
      sheetSlots.push([{ code: e.text(), base }]);
      return;
    }
    const rel = (e.attr("rel") ?? "").toLowerCase().split(/\s+/);
    const media = (e.attr("media") ?? "").toLowerCase();
    const href = resolveUrl(e.attr("href"), base);
    if (href && rel.includes("stylesheet") && !rel.includes("alternate") && media.trim() !== "print")
      sheetSlots.push(fetchSheet(href, 0));
  });
  const sheets = (await Promise.all(sheetSlots)).flat();
  $(
    "link, style, script, noscript, template, iframe, frame, frameset, object, embed, applet, base, meta",
  ).remove();

  // Pictures and fonts, in the order the page shows them: <img> first, then the stylesheets' own.
  const wanted = new Map<string, { kind: "image" | "font"; uses: number }>();
  const want = (url: string, kind: "image" | "font") => {
    const w = wanted.get(url);
    if (w) w.uses++;
    else wanted.set(url, { kind, uses: 1 });
  };
  const imgs = $("img").toArray();
  for (const el of imgs) {
    const src = imageOrigin(el.attribs, base);
    if (src) want(src, "image");
  }
  const styled = $("[style]").toArray();
  for (const el of styled) for (const u of cssRefs(el.attribs.style ?? "", base, true).urls) want(u, "image");
  for (const s of sheets)
    for (const u of cssRefs(s.code, s.base).urls)
      want(u, /\.(woff2?|ttf|otf)(\?|#|$)/i.test(u) ? "font" : "image");

  const fetched = new Map<string, Resource>();
  const order = [...wanted].slice(0, Math.max(0, budgetLeft));
  await eachLimited(order, 4, async ([url, w]) => {
    const r = await o.fetch(url, {
      accept: w.kind === "image" ? IMAGE_ACCEPT : "font/woff2,font/woff,*/*;q=0.1",
      maxBytes: 10 * 1048576,
    });
    if (!r.ok) return;
    const mime = await sniff(r.body);
    if (mime) fetched.set(url, { url, kind: w.kind, uses: w.uses, mime, data: r.body });
  });
  const resources = order.map(([u]) => fetched.get(u)).filter((r): r is Resource => !!r);
  const images = resources.filter((r) => r.kind === "image").length;

  // What the page weighs without its pictures and fonts, then what room they get.
  const build = (kept: Map<string, string>, note: string) => {
    const page = cheerio.load($.html());
    page("img").each((_, el) => {
      const src = imageOrigin(el.attribs, base);
      const data = src ? kept.get(src) : undefined;
      const e = page(el);
      if (data) {
        for (const a of Object.keys(el.attribs))
          if (!["alt", "width", "height", "class", "id", "style", "title"].includes(a)) e.removeAttr(a);
        e.attr("src", data);
      } else {
        const alt = (el.attribs.alt ?? "").trim();
        e.replaceWith(
          alt
            ? `<span class="ladle-left-out">(picture not kept: ${escapeHtml(alt.slice(0, 200))})</span>`
            : "",
        );
      }
    });
    page("[style]").each((_, el) => {
      const css = rewriteCss(el.attribs.style ?? "", base, (u) => kept.get(u), true);
      if (css) page(el).attr("style", css);
      else page(el).removeAttr("style");
    });
    page("a[href]").each((_, el) => {
      const href = el.attribs.href ?? "";
      if (href.startsWith("#")) return;
      const abs = resolveUrl(href, base, true);
      if (abs) page(el).attr("href", abs);
      else page(el).removeAttr("href");
    });
    const body = sanitizeHtml(page("body").html() ?? "", {
      allowedTags: ARCHIVE_TAGS,
      allowedAttributes: ARCHIVE_ATTRIBUTES,
      nonTextTags: REMOVED_TAGS,
      disallowedTagsMode: "discard",
      allowedSchemes: ["http", "https", "mailto"],
      allowedSchemesByTag: { img: ["data"] },
      allowProtocolRelative: false,
    });
    const css = sheets
      .map((s) => rewriteCss(s.code, s.base, (u) => kept.get(u)))
      .filter((c): c is string => !!c)
      .join("\n");
    return [
      "<!doctype html>",
      `<html${lang ? ` lang="${escapeHtml(lang)}"` : ""}><head><meta charset="utf-8">`,
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escapeHtml(title ?? baseUrl)}</title>`,
      `<style>${css}</style></head>`,
      `<body${bodyClass ? ` class="${escapeHtml(bodyClass)}"` : ""}>`,
      `<div role="note" style="all:initial;display:block;font:14px/1.4 system-ui,sans-serif;background:#fff8e1;color:#222;border-bottom:1px solid #d9c98c;padding:8px 12px">${note}</div>`,
      body,
      "</body></html>",
    ].join("");
  };
  const noteFor = (shrunk: number, leftOut: number) => {
    const when = o.keptAt.toISOString().slice(0, 10);
    const link = `<a style="color:#1a4d8f" href="${escapeHtml(resolveUrl(baseUrl, baseUrl) ?? "")}">${escapeHtml(baseUrl.slice(0, 300))}</a>`;
    const parts = [];
    if (shrunk) parts.push(`${shrunk} picture${shrunk === 1 ? " was" : "s were"} made smaller`);
    if (leftOut)
      parts.push(`${leftOut} picture${leftOut === 1 ? " or font was" : "s or fonts were"} left out`);
    const why = parts.length ? ` ${parts.join(" and ")} to keep this copy under ${mb(o.maxBytes)}.` : "";
    return `Ladle kept this copy of ${link} on ${when}. It runs no scripts.${why}`;
  };
  const bare = Buffer.byteLength(build(new Map(), noteFor(99, 99)));
  let budget = o.maxBytes - bare;
  const result = (html: string, kept: number, shrunk: number): ArchivedPage => ({
    html,
    bytes: Buffer.byteLength(html),
    title,
    imagesKept: kept,
    imagesShrunk: shrunk,
    imagesLeftOut:
      images - kept + [...wanted.values()].slice(order.length).filter((w) => w.kind === "image").length,
  });
  for (let attempt = 0; attempt < 3; attempt++) {
    const fit = await fitResources(resources, budget);
    const out = build(fit.kept, noteFor(fit.shrunk, fit.leftOut));
    const bytes = Buffer.byteLength(out);
    const keptImages = resources.filter((r) => r.kind === "image" && fit.kept.has(r.url)).length;
    if (bytes <= o.maxBytes) return result(out, keptImages, fit.shrunk);
    // The estimate missed (a picture used in more places than counted): try again with less room.
    budget -= bytes - o.maxBytes + 1024;
  }
  return result(build(new Map(), noteFor(0, resources.length)), 0, 0);
}
