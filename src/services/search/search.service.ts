import { hasBadText } from "../shared/inputGuards.ts";
import {
  zSearchType,
  type SearchParams,
  type SearchResult,
  type SearchType,
  type TextPart,
} from "../../domain/search.ts";
import { exclusionPatterns, prefixTsquery, understandQuery } from "../../domain/searchQuery.ts";
import type { Viewer } from "../../domain/user.ts";
import { HL_START, HL_STOP, type SearchRepo, type SearchSpec } from "../../storage/search.repo.ts";

export type SearchOutcome = { ok: true; value: SearchResult } | { ok: false; reason: "bad_cursor" };

/** A cursor: where the last page ended, and in which pass (exact words or forgiven typos). */
interface Cursor {
  f: boolean;
  s: number;
  t: string;
  i: string;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

function decodeCursor(raw: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<Cursor>;
    if (typeof c.f !== "boolean" || typeof c.s !== "number" || !Number.isFinite(c.s)) return null;
    if (typeof c.t !== "string" || !zSearchType.safeParse(c.t).success || typeof c.i !== "string")
      return null;
    // The cursor is the client's to send back: text the database cannot hold is no cursor of ours.
    if (hasBadText(c.i)) return null;
    return c as Cursor;
  } catch {
    return null;
  }
}

/** ts_headline's output with its markers, as plain and highlighted parts (never HTML). */
export function toParts(marked: string | null, fallback: string): TextPart[] {
  const text = marked ?? fallback;
  const parts: TextPart[] = [];
  let match = false;
  for (const piece of text.split(new RegExp(`([${HL_START}${HL_STOP}])`))) {
    if (piece === HL_START) match = true;
    else if (piece === HL_STOP) match = false;
    else if (piece) {
      const last = parts.at(-1);
      if (last && last.match === match) last.text += piece;
      else parts.push({ text: piece, match });
    }
  }
  return parts;
}

/**
 * Search across everything a user may see. Exact words first (stemmed, unstemmed and as
 * prefixes); when nothing matches, a second pass forgives typos by trigram similarity and says so
 * (`fuzzy`). Pages follow a cursor so results never shift or repeat while a user pages.
 */
export class SearchService {
  private readonly repo: SearchRepo;

  constructor(repo: SearchRepo) {
    this.repo = repo;
  }

  /**
   * Turns a spec into its typo pass: each word becomes "itself as a prefix, or one of its nearest
   * known spellings" (chikpea → chickpea | chickpeas), for the text and for "with" ingredients.
   */
  private async correct(
    spec: SearchSpec,
    terms: string[],
    notTerms: string[],
    withList: string[],
  ): Promise<void> {
    const clean = (w: string) => w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
    const withWords = withList.flatMap((w) => w.split(/\s+/));
    const near = await this.repo.corrections([
      ...new Set([...terms, ...withWords].map(clean).filter(Boolean)),
    ]);
    const group = (w: string) => {
      const c = clean(w);
      const options = [`${c}:*`, ...(near.get(c) ?? []).map(clean).filter(Boolean)];
      return `(${[...new Set(options)].join(" | ")})`;
    };
    const pos = terms.map(clean).filter(Boolean).map(group);
    const neg = notTerms
      .map(clean)
      .filter(Boolean)
      .map((w) => `!${w}`);
    spec.corrected = pos.length ? [...pos, ...neg].join(" & ") : null;
    spec.prefix = null;
    spec.with = withList.map((text) => {
      const parts = text.split(/\s+/).map(clean).filter(Boolean);
      return { text, tsquery: parts.length ? parts.map(group).join(" & ") : null };
    });
  }

  async search(viewer: Viewer, params: SearchParams): Promise<SearchOutcome> {
    const u = understandQuery(params);
    let cursor: Cursor | null = null;
    if (params.cursor) {
      cursor = decodeCursor(params.cursor);
      if (!cursor) return { ok: false, reason: "bad_cursor" };
    }
    const types: SearchType[] = u.type ? [u.type] : ["recipe", "article", "bookmark"];
    const spec: SearchSpec = {
      words: u.words,
      prefix: prefixTsquery(u),
      corrected: null,
      with: u.with.map((text) => ({ text, tsquery: null })),
      exclude: exclusionPatterns(u.without),
      leaveOut: u.type === "recipe" ? [] : u.without,
      tag: u.tag,
      cuisine: u.cuisine,
      maxMinutes: u.maxMinutes,
      limit: params.limit,
      after: cursor ? { score: cursor.s, type: cursor.t, id: cursor.i } : null,
    };
    // The typo pass when the first page found nothing (and every later page of such a search).
    if (cursor?.f) await this.correct(spec, u.terms, u.notTerms, u.with);
    // Facets count every kind (so the screen can offer "3 articles"), the page only the chosen one.
    let { rows, facets } = await this.repo.search(viewer, spec, types);
    const total = facets.recipes + facets.articles + facets.bookmarks;
    if (!cursor && total === 0 && (u.terms.length > 0 || u.with.length > 0)) {
      await this.correct(spec, u.terms, u.notTerms, u.with);
      ({ rows, facets } = await this.repo.search(viewer, spec, types));
    }
    const fuzzy = spec.corrected !== null || spec.with.some((w) => w.tsquery !== null);
    const last = rows.at(-1);
    return {
      ok: true,
      value: {
        items: rows.map((r) => ({
          type: r.type,
          id: r.id,
          title: r.title,
          titleParts: toParts(r.title_hl, r.title),
          // Ingredient names are stored " ; "-separated (the search words); a reader sees a list.
          snippet: toParts(r.snippet_hl, "").map((p) => ({ ...p, text: p.text.replaceAll(" ; ", ", ") })),
          url: r.url,
          siteName: r.site_name,
          totalTimeMinutes: r.type === "recipe" ? (r.total_time ?? 0) : null,
          tags: r.tags ?? [],
          updatedAt: r.updated_at.toISOString(),
          score: r.score,
        })),
        nextCursor:
          last && rows.length === params.limit
            ? encodeCursor({ f: fuzzy, s: last.score, t: last.type, i: last.id })
            : null,
        fuzzy,
        understood: {
          words: u.words,
          type: u.type,
          with: u.with,
          without: u.without,
          maxMinutes: u.maxMinutes,
        },
        facets: {
          types: { recipe: facets.recipes, article: facets.articles, bookmark: facets.bookmarks },
          tags: facets.tags ?? [],
          cuisines: facets.cuisines ?? [],
          totalTime: [
            { maxMinutes: 15, count: facets.t15 },
            { maxMinutes: 30, count: facets.t30 },
            { maxMinutes: 60, count: facets.t60 },
            { maxMinutes: null, count: facets.tany },
          ],
        },
      },
    };
  }
}
