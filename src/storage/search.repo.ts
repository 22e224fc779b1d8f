import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { SearchType } from "../domain/search.ts";
import type { Viewer } from "../domain/user.ts";
import { recipeReadable } from "./access.ts";
import type { Schema } from "./schema.ts";

/** What to look for, already understood (domain/searchQuery.ts), as the SQL needs it. */
export interface SearchSpec {
  /** websearch_to_tsquery text; "" when the query has no words (newest first). */
  words: string;
  /** A to_tsquery('simple') of every term as a prefix, null when none. */
  prefix: string | null;
  /**
   * The typo pass: a to_tsquery('simple') of each term's nearest spellings (from `corrections`),
   * used instead of `words` and `prefix`; null in the exact pass.
   */
  corrected: string | null;
  /** Ingredients every recipe must have: words (exact pass) or to_tsquery('simple') texts (typo pass). */
  with: { text: string; tsquery: string | null }[];
  /** Ingredient lines no recipe may have (every kind of search narrows recipes by them). */
  exclude: { match: string; except: string | null } | null;
  /** Words no article or bookmark may contain: what "no X" means where there are no ingredients. */
  leaveOut: string[];
  tag: string | null;
  cuisine: string | null;
  maxMinutes: number | null;
  limit: number;
  after: { score: number; type: string; id: string } | null;
}

export interface SearchHitRow {
  type: SearchType;
  id: string;
  title: string;
  url: string | null;
  site_name: string | null;
  total_time: number | null;
  tags: string[] | null;
  updated_at: Date;
  score: number;
  title_hl: string | null;
  snippet_hl: string | null;
}

export interface SearchFacetRow {
  recipes: number;
  articles: number;
  bookmarks: number;
  tags: { value: string; count: number }[] | null;
  cuisines: { value: string; count: number }[] | null;
  t15: number;
  t30: number;
  t60: number;
  tany: number;
}

/**
 * The languages recipes and articles are stemmed in (ladle_search_config): a query is stemmed in
 * each, so "Zwiebel" finds a German recipe's "Zwiebeln" and "onion" an English one's "onions",
 * whatever language the person types in. The GIN index still answers (one tsquery, OR'd).
 */
const STEMMED = ["english", "german", "french", "spanish", "italian", "dutch", "portuguese", "swedish"];

/** `fn('<config>', text)` in every stemmed language and unstemmed, OR'd into one tsquery. */
function everyLanguage(fn: "websearch_to_tsquery" | "plainto_tsquery", text: string): RawBuilder<unknown> {
  const parts = [...STEMMED, "simple"].map(
    (c) => sql`${sql.raw(fn)}(${sql.lit(c)}::regconfig, ${text}::text)`,
  );
  return sql`(${sql.join(parts, sql` || `)})`;
}

/** Markers ts_headline puts around found words; control characters no stored text contains. */
export const HL_START = "\u0002";
export const HL_STOP = "\u0003";
const HL_TITLE = `StartSel=${HL_START}, StopSel=${HL_STOP}, HighlightAll=true`;
const HL_SNIPPET = `StartSel=${HL_START}, StopSel=${HL_STOP}, MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * Full-text search over what a viewer may see: recipes they own or read through a
 * library, articles of their libraries, their own bookmarks. The words live in side tables kept by
 * triggers (026_search); the ownership rule is the one in access.ts, applied in SQL. Only the
 * short head vector of each match is ranked, and details, highlights and snippets are read for
 * the page's rows alone: a common word matching thousands of rows stays cheap.
 */
export class SearchRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** The tsquery of the text: stemmed in each language, unstemmed words, every word as a prefix; or the corrected words. */
  private tsq(s: SearchSpec): RawBuilder<unknown> {
    if (s.corrected !== null) return sql`to_tsquery('simple', ${s.corrected}::text)`;
    const parts = [everyLanguage("websearch_to_tsquery", s.words)];
    if (s.prefix) parts.push(sql`to_tsquery('simple', ${s.prefix}::text)`);
    return sql`(${sql.join(parts, sql` || `)})`;
  }

  private hasText(s: SearchSpec): boolean {
    return s.corrected !== null || s.words !== "";
  }

  /** What to highlight: the text's words and the ingredients asked for; null when nothing. */
  private hlq(s: SearchSpec): RawBuilder<unknown> | null {
    const parts: RawBuilder<unknown>[] = [];
    if (this.hasText(s)) parts.push(this.tsq(s));
    for (const w of s.with)
      parts.push(
        w.tsquery !== null
          ? sql`to_tsquery('simple', ${w.tsquery}::text)`
          : everyLanguage("plainto_tsquery", w.text),
      );
    return parts.length ? sql`(${sql.join(parts, sql` || `)})` : null;
  }

  /** The text condition on a side table (alias `s`): head or body. */
  private textMatch(s: SearchSpec, hasBody: boolean): Expression<SqlBool> {
    if (!this.hasText(s)) return sql<SqlBool>`true`;
    const q = this.tsq(s);
    return hasBody ? sql<SqlBool>`s.all_tsv @@ ${q}` : sql<SqlBool>`s.tsv @@ ${q}`;
  }

  /**
   * The article's text (alias `s`) or the viewer's own highlights and notes on it hold the words.
   * Written as one list of ids, each half read through its GIN index: an OR of the match and an
   * EXISTS read every article's whole vector (10,000 articles: 430 ms, the index: a few).
   */
  private articleMatch(v: Viewer, s: SearchSpec): Expression<SqlBool> {
    if (!this.hasText(s)) return sql<SqlBool>`true`;
    const q = this.tsq(s);
    return sql<SqlBool>`s.media_id IN (
      SELECT ms.media_id FROM media_search ms WHERE ms.all_tsv @@ ${q}
      UNION ALL
      SELECT h.media_id FROM highlights h WHERE h.owner_id::text = ${v.id} AND h.tsv @@ ${q})`;
  }

  /**
   * Relevance of the head, weighted title over ingredients and tags over description (a match
   * in the body alone ranks after), plus a hair of recency to order equals newest first.
   */
  private score(s: SearchSpec, updated: RawBuilder<unknown>): RawBuilder<number> {
    if (!this.hasText(s)) return sql<number>`extract(epoch from ${updated})::float8`;
    return sql<number>`(ts_rank(s.tsv, ${this.tsq(s)}, 1) + extract(epoch from ${updated}) / 1e13)::float8`;
  }

  /** Recipe-only filters, on the columns the trigger keeps (never the documents). */
  private recipeFilters(s: SearchSpec): Expression<SqlBool>[] {
    const out: Expression<SqlBool>[] = [];
    if (s.tag) out.push(sql<SqlBool>`${s.tag}::text = ANY (s.labels)`);
    if (s.cuisine) out.push(sql<SqlBool>`${s.cuisine}::text = ANY (s.cuisines)`);
    if (s.maxMinutes !== null) out.push(sql<SqlBool>`s.minutes BETWEEN 1 AND ${s.maxMinutes}::int`);
    for (const w of s.with)
      out.push(
        w.tsquery !== null
          ? sql<SqlBool>`s.ingr_tsv @@ to_tsquery('simple', ${w.tsquery}::text)`
          : sql<SqlBool>`s.ingr_tsv @@ ${everyLanguage("plainto_tsquery", w.text)}`,
      );
    if (s.exclude)
      out.push(sql<SqlBool>`NOT EXISTS (SELECT 1 FROM unnest(s.lines) l
        WHERE l ~ ${s.exclude.match}::text AND NOT coalesce(l ~ ${s.exclude.except}::text, false))`);
    return out;
  }

  private recipeOnly(s: SearchSpec): boolean {
    return s.with.length > 0 || !!s.tag || !!s.cuisine || s.maxMinutes !== null;
  }

  /** Articles and bookmarks without the words left out (alias `s`, its head or body vector). */
  private leaveOut(s: SearchSpec, hasBody: boolean): Expression<SqlBool> {
    if (s.leaveOut.length === 0) return sql<SqlBool>`true`;
    const v = hasBody ? sql`s.all_tsv` : sql`s.tsv`;
    const each = s.leaveOut.map((w) => sql`NOT (${v} @@ ${everyLanguage("plainto_tsquery", w)})`);
    return sql<SqlBool>`(${sql.join(each, sql` AND `)})`;
  }

  private recipes(v: Viewer, s: SearchSpec) {
    return this.db
      .selectFrom("recipes")
      .innerJoin("recipe_search as s", "s.recipe_id", "recipes.id")
      .where("recipes.deleted_at", "is", null)
      .where(recipeReadable(v))
      .where(this.textMatch(s, true))
      .where((eb) => eb.and(this.recipeFilters(s)));
  }

  private articles(v: Viewer, s: SearchSpec) {
    return this.db
      .selectFrom("media")
      .innerJoin("media_search as s", "s.media_id", "media.id")
      .where("media.processing_status", "=", "ready_for_reading")
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("library_media")
            .innerJoin("library_members", "library_members.library_id", "library_media.library_id")
            .select(sql`1`.as("one"))
            .whereRef("library_media.media_id", "=", "media.id")
            .where(sql`library_members.user_id::text`, "=", v.id),
        ),
      )
      .where(this.articleMatch(v, s))
      .where(this.leaveOut(s, true));
  }

  private bookmarks(v: Viewer, s: SearchSpec) {
    return this.db
      .selectFrom("items")
      .innerJoin("item_search as s", "s.item_id", "items.id")
      .where("items.user_id", "=", v.id)
      .where(this.textMatch(s, false))
      .where(this.leaveOut(s, false));
  }

  private recipeRows(v: Viewer, s: SearchSpec) {
    return this.recipes(v, s).select([
      sql<SearchType>`'recipe'`.as("type"),
      sql<string>`recipes.id::text`.as("id"),
      "recipes.name as title",
      "recipes.updated_at as updated_at",
      this.score(s, sql`recipes.updated_at`).as("score"),
      "s.labels as labels",
      "s.cuisines as cuisines",
      "s.minutes as minutes",
    ]);
  }

  private articleRows(v: Viewer, s: SearchSpec): RecipeRows {
    return this.articles(v, s).select([
      sql<SearchType>`'article'`.as("type"),
      sql<string>`media.id::text`.as("id"),
      sql<string>`coalesce(media.title, media.source_url)`.as("title"),
      "media.updated_at as updated_at",
      this.score(s, sql`media.updated_at`).as("score"),
      sql<string[]>`NULL::text[]`.as("labels"),
      sql<string[]>`NULL::text[]`.as("cuisines"),
      sql<number>`NULL::int`.as("minutes"),
    ]) as unknown as RecipeRows;
  }

  private bookmarkRows(v: Viewer, s: SearchSpec): RecipeRows {
    return this.bookmarks(v, s).select([
      sql<SearchType>`'bookmark'`.as("type"),
      sql<string>`items.id::text`.as("id"),
      sql<string>`coalesce(items.title, items.url)`.as("title"),
      "items.updated_at as updated_at",
      this.score(s, sql`items.updated_at`).as("score"),
      sql<string[]>`NULL::text[]`.as("labels"),
      sql<string[]>`NULL::text[]`.as("cuisines"),
      sql<number>`NULL::int`.as("minutes"),
    ]) as unknown as RecipeRows;
  }

  /**
   * One statement: every match of every kind found and scored once (`hits`), the page of the
   * chosen kinds after the cursor with its details, highlights and snippets (read for those rows
   * only: ts_headline re-parses its text), and the counts and recipe facets of all the matches.
   */
  async search(
    v: Viewer,
    s: SearchSpec,
    pageTypes: SearchType[],
  ): Promise<{ rows: SearchHitRow[]; facets: SearchFacetRow }> {
    const branches: RecipeRows[] = [this.recipeRows(v, s)];
    if (!this.recipeOnly(s)) branches.push(this.articleRows(v, s), this.bookmarkRows(v, s));
    let union = branches[0]!;
    for (const b of branches.slice(1)) union = union.unionAll(b);
    const a = s.after;
    const after = a
      ? sql`AND (score, type, id) < (${a.score}::float8, ${a.type}::text, ${a.id}::text)`
      : sql``;
    const hl = this.hlq(s);
    const snip = sql`CASE h.type
      WHEN 'recipe' THEN concat_ws(' · ', nullif(rs.ingredients, ''), r.document->>'description')
      WHEN 'article' THEN coalesce((SELECT string_agg(f.canonical_text, ' ' ORDER BY f.ordinal)
                                    FROM fragments f WHERE f.media_id = m.id), m.excerpt, '')
      ELSE coalesce(i.excerpt, '') END`;
    const facet = (col: string) => sql<{ value: string; count: number }[] | null>`(
      SELECT json_agg(json_build_object('value', value, 'count', n) ORDER BY n DESC, value)
      FROM (SELECT x AS value, count(*)::int AS n FROM hits, unnest(${sql.ref(col)}) x
            WHERE type = 'recipe' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 12) f)`;
    const within = (m: number) =>
      sql`(SELECT count(*) FROM hits WHERE type = 'recipe' AND minutes BETWEEN 1 AND ${m}::int)::int`;
    const statement = sql<
      SearchFacetRow & { page: (Omit<SearchHitRow, "updated_at"> & { updated_at: string })[] | null }
    >`
      WITH hits AS MATERIALIZED (${union}),
      top AS (SELECT type, id, title, updated_at, score FROM hits
              WHERE type = ANY (${pageTypes}::text[]) ${after}
              ORDER BY score DESC, type DESC, id DESC LIMIT ${s.limit}::int)
      SELECT
        (SELECT count(*) FROM hits WHERE type = 'recipe')::int AS recipes,
        (SELECT count(*) FROM hits WHERE type = 'article')::int AS articles,
        (SELECT count(*) FROM hits WHERE type = 'bookmark')::int AS bookmarks,
        ${facet("labels")} AS tags,
        ${facet("cuisines")} AS cuisines,
        ${within(15)} AS t15, ${within(30)} AS t30, ${within(60)} AS t60,
        (SELECT count(*) FROM hits WHERE type = 'recipe' AND minutes > 0)::int AS tany,
        (SELECT json_agg(p ORDER BY p.score DESC, p.type DESC, p.id DESC) FROM (
          SELECT h.type, h.id, h.title, h.updated_at, h.score,
            coalesce(r.source_url, m.source_url, i.url) AS url,
            coalesce(r.document->'source'->>'siteName', m.site_name) AS site_name,
            rs.minutes AS total_time,
            CASE WHEN h.type = 'recipe'
                 THEN ARRAY(SELECT jsonb_array_elements_text(coalesce(r.document->'tags', '[]'::jsonb))) END AS tags,
            ${hl ? sql`ts_headline(ladle_search_config(coalesce(r.lang, m.lang)), h.title, ${hl}, ${HL_TITLE}::text)` : sql`NULL::text`} AS title_hl,
            ${hl ? sql`ts_headline(ladle_search_config(coalesce(r.lang, m.lang)), left(${snip}, 3000), ${hl}, ${HL_SNIPPET}::text)` : sql`left(${snip}, 240)`} AS snippet_hl
          FROM top h
          LEFT JOIN recipes r ON r.id = CASE WHEN h.type = 'recipe' THEN h.id END
          LEFT JOIN recipe_search rs ON rs.recipe_id = r.id
          LEFT JOIN media m ON m.id = CASE WHEN h.type = 'article' THEN h.id::uuid END
          LEFT JOIN items i ON i.id = CASE WHEN h.type = 'bookmark' THEN h.id END) p) AS page`;
    // The planner prices a match of a tsvector like a compare of two numbers, so for a common word
    // (a fifth of 10,000 recipes) it reads every row's long vector: 250 ms where the GIN index
    // takes 30. For this statement alone (SET LOCAL ends with the transaction) it prefers an index,
    // and compiles nothing: the plan's cost then passes JIT's bar, and compiling took 700 ms of a
    // statement that runs in 150.
    const { rows } = await this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      await sql`SET LOCAL jit = off`.execute(trx);
      return statement.execute(trx);
    });
    const row = rows[0]!;
    const { page, ...facets } = row;
    return {
      rows: (page ?? []).map((r) => ({
        ...r,
        updated_at: new Date(r.updated_at),
        score: Number(r.score),
        total_time: r.total_time === null ? null : Number(r.total_time),
      })),
      facets,
    };
  }

  /**
   * The nearest known spellings of each word (titles and ingredient names of every kind), best
   * first, at most three: the typo pass searches them instead. Only words: never whose they are.
   */
  async corrections(terms: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (terms.length === 0) return out;
    const { rows } = await sql<{ term: string; word: string }>`
      SELECT t.term, w.word FROM unnest(${terms}::text[]) AS t(term)
      CROSS JOIN LATERAL (SELECT word FROM search_words WHERE word % t.term
                          ORDER BY similarity(word, t.term) DESC, word LIMIT 3) w`.execute(this.db);
    for (const r of rows) out.set(r.term, [...(out.get(r.term) ?? []), r.word]);
    return out;
  }
}

type RecipeRows = ReturnType<SearchRepo["recipeRows"]>;
