import { randomUUID } from "node:crypto";
import type { Highlight, NewHighlight } from "../../domain/highlight.ts";
import type { Caller } from "../../domain/user.ts";
import { fail, type Result } from "../../errors.ts";
import type { HighlightRow, HighlightsRepo } from "../../storage/highlights.repo.ts";
import type { MediaRepo } from "../../storage/media.repo.ts";
import { isUuid } from "../users/index.ts";
import { anchor, contextOf, type Anchored } from "./textAnchor.ts";

export interface HighlightsDeps {
  repo: HighlightsRepo;
  media: MediaRepo;
  now: () => Date;
}

/**
 * The text a reader shows of an article: its fragments as the reader joins them, as text. The web
 * app counts positions in the same text (the reader's body's textContent).
 */
export async function readerText(fragments: string[]): Promise<string> {
  // Loaded with the first highlight: most processes never make one.
  const cheerio = await import("cheerio");
  return cheerio.load(fragments.join("\n"), null, false).root().text();
}

function toHighlight(r: HighlightRow, a: Anchored): Highlight {
  return {
    id: r.id,
    articleId: r.media_id,
    articleTitle: r.article_title,
    articleUrl: r.article_url,
    quote: r.quote,
    prefix: r.prefix,
    suffix: r.suffix,
    start: a.how === "lost" ? r.start_pos : a.start,
    end: a.how === "lost" ? r.end_pos : a.end,
    note: r.note,
    anchor: a.how,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/**
 * Highlights and notes on articles: one person's, on articles they can read; anchored
 * by position and quote, found again in the article's current text whenever they are read.
 */
export class HighlightsService {
  private readonly d: HighlightsDeps;

  constructor(deps: HighlightsDeps) {
    this.d = deps;
  }

  /** The article's id (a merged id names the article it went into) when the caller can read it. */
  private async article(caller: Caller, id: string): Promise<string | undefined> {
    if (!isUuid(id)) return undefined;
    const real = await this.d.media.resolveId(id);
    return real && (await this.d.media.canView(caller.id, real)) ? real : undefined;
  }

  private async textOf(mediaId: string): Promise<string> {
    return await readerText((await this.d.media.fragments(mediaId)).map((f) => f.html_sanitized));
  }

  async create(caller: Caller, h: NewHighlight): Promise<Result<Highlight>> {
    const mediaId = await this.article(caller, h.articleId);
    if (!mediaId)
      return fail("HIGHLIGHT_ARTICLE_NOT_FOUND", `No article ${h.articleId.slice(0, 64)} in your libraries.`);
    const text = await this.textOf(mediaId);
    const given = {
      quote: h.quote,
      prefix: h.prefix ?? "",
      suffix: h.suffix ?? "",
      start: h.start,
      end: h.end,
    };
    const at = anchor(text, given);
    if (at.how === "lost") return fail("HIGHLIGHT_NOT_IN_TEXT");
    const quote = text.slice(at.start, at.end);
    const row = await this.d.repo.insert({
      id: randomUUID(),
      ownerId: caller.id,
      mediaId,
      quote,
      ...contextOf(text, at.start, at.end),
      start: at.start,
      end: at.end,
      note: h.note?.trim() || null,
      at: this.d.now(),
    });
    return { ok: true, value: toHighlight(row, { start: at.start, end: at.end, how: "exact" }) };
  }

  /**
   * The caller's highlights (of one article, in reading order, or all, newest first; `words`
   * keeps those whose words match), each found again in its article's current text. One that
   * moved is stored at its new place.
   */
  async list(
    caller: Caller,
    q: { articleId?: string | undefined; words?: string | undefined },
  ): Promise<Result<Highlight[]>> {
    let mediaId: string | undefined;
    if (q.articleId) {
      mediaId = await this.article(caller, q.articleId);
      if (!mediaId)
        return fail(
          "HIGHLIGHT_ARTICLE_NOT_FOUND",
          `No article ${q.articleId.slice(0, 64)} in your libraries.`,
        );
    }
    const rows = await this.d.repo.list(caller.id, {
      ...(mediaId ? { mediaId } : {}),
      ...(q.words?.trim() ? { words: q.words.trim().slice(0, 200) } : {}),
      limit: 1000,
    });
    const texts = new Map<string, string>();
    const out: Highlight[] = [];
    for (const r of rows) {
      if (!texts.has(r.media_id)) texts.set(r.media_id, await this.textOf(r.media_id));
      const a = anchor(texts.get(r.media_id)!, {
        quote: r.quote,
        prefix: r.prefix,
        suffix: r.suffix,
        start: r.start_pos,
        end: r.end_pos,
      });
      if (a.how === "moved") await this.d.repo.moveTo(caller.id, r.id, a.start, a.end);
      out.push(toHighlight(r, a));
    }
    if (mediaId) out.sort((a, b) => a.start - b.start);
    return { ok: true, value: out };
  }

  async setNote(caller: Caller, id: string, note: string | null): Promise<Result<Highlight>> {
    if (!isUuid(id) || !(await this.d.repo.updateNote(caller.id, id, note?.trim() || null, this.d.now())))
      return fail("HIGHLIGHT_NOT_FOUND");
    const row = (await this.d.repo.getOwned(caller.id, id))!;
    return { ok: true, value: toHighlight(row, { start: row.start_pos, end: row.end_pos, how: "exact" }) };
  }

  async delete(caller: Caller, id: string): Promise<Result<null>> {
    return isUuid(id) && (await this.d.repo.deleteOwned(caller.id, id))
      ? { ok: true, value: null }
      : fail("HIGHLIGHT_NOT_FOUND");
  }

  /** The article with the caller's highlights and notes, as Markdown or JSON (`ladle highlights export`, the reader's links). */
  async export(
    caller: Caller,
    articleId: string,
    format: "markdown" | "json",
  ): Promise<Result<{ body: string; filename: string; contentType: string }>> {
    const mediaId = await this.article(caller, articleId);
    const m = mediaId ? await this.d.media.get(mediaId) : undefined;
    if (!mediaId || !m)
      return fail("HIGHLIGHT_ARTICLE_NOT_FOUND", `No article ${articleId.slice(0, 64)} in your libraries.`);
    const list = await this.list(caller, { articleId: mediaId });
    if (!list.ok) return list;
    const text = await this.textOf(mediaId);
    const slug =
      (m.title ?? "article")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "")
        .slice(0, 60) || "article";
    if (format === "json")
      return {
        ok: true,
        value: {
          filename: `${slug}.json`,
          contentType: "application/json; charset=utf-8",
          body: JSON.stringify(
            {
              article: {
                id: m.id,
                title: m.title,
                url: m.canonical_url,
                byline: m.byline,
                siteName: m.site_name,
                text,
              },
              highlights: list.value.map((h) => ({
                quote: h.quote,
                note: h.note,
                start: h.start,
                end: h.end,
                createdAt: h.createdAt,
              })),
            },
            null,
            2,
          ),
        },
      };
    const md = [
      `# ${m.title ?? m.canonical_url}`,
      "",
      `<${m.canonical_url}>${m.byline ? ` · ${m.byline}` : ""}${m.site_name ? ` · ${m.site_name}` : ""}`,
      "",
      "## Highlights",
      "",
      ...(list.value.length
        ? list.value.flatMap((h) => [
            ...h.quote
              .trim()
              .split(/\n+/)
              .map((l) => `> ${l.trim()}`),
            ...(h.note ? ["", h.note] : []),
            "",
          ])
        : ["(none yet)", ""]),
      "## Article",
      "",
      ...text
        .split(/\n\s*\n|\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .flatMap((p) => [p, ""]),
    ].join("\n");
    return {
      ok: true,
      value: { filename: `${slug}.md`, contentType: "text/markdown; charset=utf-8", body: md },
    };
  }
}
