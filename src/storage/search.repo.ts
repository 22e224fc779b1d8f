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
  /** Plain terms, matched by trigram similarity in the fuzzy pass. */
  terms: string[];
  /** Words to leave out (-word) in the fuzzy pass (websearch handles them otherwise). */
  notTerms: string[];
  /** Kinds to return. */
  types: SearchType[];
  with: string[];
  exclude: { match: string; except: string | null } | null;
  tag: string | null;
  cuisine: string | null;
  maxMinutes: number | null;
  /** Typo pass: each term matches by prefix or by trigram word similarity. */
  fuzzy: boolean;
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

type RecipeRows = ReturnType<SearchRepo["recipeRows"]>;

/** Markers ts_headline puts around found words; control characters no stored text contains. */
export const HL_START = "\u0002";
export const HL_STOP = "\u0003";
const HL_TITLE = `StartSel=${HL_START}, StopSel=${HL_STOP}, HighlightAll=true`;
const HL_SNIPPET = `StartSel=${HL_START}, StopSel=${HL_STOP}, MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;
/** Word similarity a misspelt word needs to match (pg_trgm's default 0.6 misses "chikpeas"). */
const TYPO_SIMILARITY = 0.5;

/**
 * Full-text search over what a viewer may see (issue 30): recipes they own or read through a
 * library, articles of their libraries, their own bookmarks. The words live in side tables kept by
 * triggers (026_search); the ownership rule is the one in access.ts, applied in SQL.
 */
export class SearchRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** The tsquery of the exact pass: stemmed English, unstemmed words, and every word as a prefix. */
  private tsq(s: SearchSpec): RawBuilder<unknown> {
    const parts = [
      sql`websearch_to_tsquery('english', ${s.words}::text)`,
      sql`websearch_to_tsquery('simple', ${s.words}::text)`,
    ];
    if (s.prefix) parts.push(sql`to_tsquery('simple', ${s.prefix}::text)`);
    return sql`(${sql.join(parts, sql` || `)})`;
  }

  /** Highlighting needs a tsquery in the fuzzy pass too: the prefixes of what was typed. */
  private hlq(s: SearchSpec): RawBuilder<unknown> {
    if (!s.words) return sql`''::tsquery`;
    if (!s.fuzzy) return this.tsq(s);
    const pre = s.terms.map((t) => t.replace(/[^\p{L}\p{N}]/gu, "")).filter(Boolean);
    return pre.length
      ? sql`to_tsquery('simple', ${pre.map((t) => `${t}:*`).join(" | ")}::text)`
      : sql`''::tsquery`;
  }

  /** The text condition on a side table's `tsv`/`trgm` (alias `x`). */
  private textMatch(s: SearchSpec, x: string): Expression<SqlBool> {
    const tsv = sql.ref(`${x}.tsv`);
    const trgm = sql.ref(`${x}.trgm`);
    if (!s.words) return sql<SqlBool>`true`;
    if (!s.fuzzy) return sql<SqlBool>`${tsv} @@ ${this.tsq(s)}`;
    const each = s.terms.map(
      (t) =>
        sql`(${tsv} @@ to_tsquery('simple', ${t.replace(/[^\p{L}\p{N}]/gu, "") + ":*"}::text) OR word_similarity(${t}::text, ${trgm}) >= ${TYPO_SIMILARITY}::float8)`,
    );
    const not = s.notTerms.map((t) => sql`NOT ${tsv} @@ plainto_tsquery('simple', ${t}::text)`);
    const all = [...each, ...not];
    return all.length ? sql<SqlBool>`(${sql.join(all, sql` AND `)})` : sql<SqlBool>`false`;
  }

  private score(
    s: SearchSpec,
    x: string,
    title: RawBuilder<unknown>,
    updated: RawBuilder<unknown>,
  ): RawBuilder<number> {
    if (!s.words) return sql<number>`extract(epoch from ${updated})::float8`;
    const tsv = sql.ref(`${x}.tsv`);
    const trgm = sql.ref(`${x}.trgm`);
    if (s.fuzzy) {
      const sims = s.terms.map((t) => sql`word_similarity(${t}::text, ${trgm})`);
      return sql<number>`(${sims.length ? sql.join(sims, sql` + `) : sql`0`})::float8`;
    }
    return sql<number>`(ts_rank_cd(${tsv}, ${this.tsq(s)}, 33) + 0.3 * similarity(lower(${title}), lower(${s.words}::text)))::float8`;
  }

  /** Recipe-only filters: tag, cuisine, time, ingredients with and without. */
  private recipeFilters(s: SearchSpec): Expression<SqlBool>[] {
    const out: Expression<SqlBool>[] = [];
    const doc = sql.ref("recipes.document");
    if (s.tag)
      out.push(
        sql<SqlBool>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(coalesce(${doc}->'tags', '[]'::jsonb) || coalesce(${doc}->'category', '[]'::jsonb)) t WHERE lower(t) = ${s.tag}::text)`,
      );
    if (s.cuisine)
      out.push(
        sql<SqlBool>`${s.cuisine}::text = ANY (regexp_split_to_array(lower(coalesce(${doc}->>'cuisine', '')), '\\s*,\\s*'))`,
      );
    if (s.maxMinutes !== null)
      out.push(
        sql<SqlBool>`coalesce((${doc}->>'totalTimeMinutes')::int, 0) BETWEEN 1 AND ${s.maxMinutes}::int`,
      );
    for (const w of s.with) {
      const exact = sql`s.ingr_tsv @@ (plainto_tsquery('english', ${w}::text) || plainto_tsquery('simple', ${w}::text))`;
      out.push(
        s.fuzzy
          ? sql<SqlBool>`(${exact} OR word_similarity(${w}::text, s.ingredients) >= ${TYPO_SIMILARITY}::float8)`
          : sql<SqlBool>`${exact}`,
      );
    }
    if (s.exclude) {
      const line = sql`lower(concat_ws(' ', i->>'name', i->>'text'))`;
      out.push(sql<SqlBool>`NOT EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(${doc}->'ingredients', '[]'::jsonb)) i
        WHERE ${line} ~ ${s.exclude.match}::text AND NOT coalesce(${line} ~ ${s.exclude.except}::text, false))`);
    }
    return out;
  }

  private recipes(v: Viewer, s: SearchSpec) {
    return this.db
      .selectFrom("recipes")
      .innerJoin("recipe_search as s", "s.recipe_id", "recipes.id")
      .where("recipes.deleted_at", "is", null)
      .where(recipeReadable(v))
      .where(this.textMatch(s, "s"))
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
      .where(this.textMatch(s, "s"));
  }

  private bookmarks(v: Viewer, s: SearchSpec) {
    return this.db
      .selectFrom("items")
      .innerJoin("item_search as s", "s.item_id", "items.id")
      .where("items.user_id", "=", v.id)
      .where(this.textMatch(s, "s"));
  }

  private recipeRows(v: Viewer, s: SearchSpec) {
    return this.recipes(v, s).select([
      sql<SearchType>`'recipe'`.as("type"),
      sql<string>`recipes.id::text`.as("id"),
      "recipes.name as title",
      "recipes.source_url as url",
      sql<string | null>`recipes.document->'source'->>'siteName'`.as("site_name"),
      sql<number | null>`coalesce((recipes.document->>'totalTimeMinutes')::int, 0)`.as("total_time"),
      sql<
        string[] | null
      >`array(SELECT jsonb_array_elements_text(coalesce(recipes.document->'tags', '[]'::jsonb)))`.as("tags"),
      "recipes.updated_at as updated_at",
      this.score(s, "s", sql`recipes.name`, sql`recipes.updated_at`).as("score"),
      sql<string>`concat_ws(' · ', nullif(s.ingredients, ''), recipes.document->>'description')`.as("snip"),
    ]);
  }

  private articleRows(v: Viewer, s: SearchSpec): RecipeRows {
    return this.articles(v, s).select([
      sql<SearchType>`'article'`.as("type"),
      sql<string>`media.id::text`.as("id"),
      sql<string>`coalesce(media.title, media.source_url)`.as("title"),
      "media.source_url as url",
      "media.site_name as site_name",
      sql<number | null>`NULL::int`.as("total_time"),
      sql<string[] | null>`NULL::text[]`.as("tags"),
      "media.updated_at as updated_at",
      this.score(s, "s", sql`coalesce(media.title, '')`, sql`media.updated_at`).as("score"),
      sql<string>`coalesce(media.excerpt, '')`.as("snip"),
    ]) as unknown as RecipeRows;
  }

  private bookmarkRows(v: Viewer, s: SearchSpec): RecipeRows {
    return this.bookmarks(v, s).select([
      sql<SearchType>`'bookmark'`.as("type"),
      sql<string>`items.id::text`.as("id"),
      sql<string>`coalesce(items.title, items.url)`.as("title"),
      "items.url as url",
      sql<string | null>`NULL::text`.as("site_name"),
      sql<number | null>`NULL::int`.as("total_time"),
      sql<string[] | null>`NULL::text[]`.as("tags"),
      "items.updated_at as updated_at",
      this.score(s, "s", sql`coalesce(items.title, '')`, sql`items.updated_at`).as("score"),
      sql<string>`coalesce(items.excerpt, '')`.as("snip"),
    ]) as unknown as RecipeRows;
  }

  /** One page of hits, best first, after the cursor; titles and snippets highlighted. */
  async page(v: Viewer, s: SearchSpec): Promise<SearchHitRow[]> {
    const recipeOnly =
      s.with.length > 0 || s.exclude !== null || !!s.tag || !!s.cuisine || s.maxMinutes !== null;
    // The branches select the same columns from different tables: one type for Kysely's union.
    const branches: RecipeRows[] = [];
    if (s.types.includes("recipe")) branches.push(this.recipeRows(v, s));
    if (s.types.includes("article") && !recipeOnly) branches.push(this.articleRows(v, s));
    if (s.types.includes("bookmark") && !recipeOnly) branches.push(this.bookmarkRows(v, s));
    if (branches.length === 0) return [];
    let union = branches[0]!;
    for (const b of branches.slice(1)) union = union.unionAll(b);
    const a = s.after;
    const hl = this.hlq(s);
    // Highlighting runs on the page's rows only (ts_headline re-parses the text it is given).
    const rows = await this.db
      .selectFrom(
        this.db
          .selectFrom(union.as("u"))
          .selectAll()
          .$if(a !== null, (q) =>
            q.where(sql<SqlBool>`(u.score, u.type, u.id) < (${a!.score}::float8, ${a!.type}, ${a!.id})`),
          )
          .orderBy("score", "desc")
          .orderBy("type", "desc")
          .orderBy("id", "desc")
          .limit(s.limit)
          .as("h"),
      )
      .select([
        "h.type",
        "h.id",
        "h.title",
        "h.url",
        "h.site_name",
        "h.total_time",
        "h.tags",
        "h.updated_at",
        "h.score",
        sql<
          string | null
        >`CASE WHEN ${s.words}::text = '' THEN NULL ELSE ts_headline('english'::regconfig, h.title, ${hl}, ${HL_TITLE}::text) END`.as(
          "title_hl",
        ),
        sql<string | null>`CASE WHEN ${s.words}::text = '' THEN left(h.snip, 240)
          WHEN h.type = 'article' THEN ts_headline('english'::regconfig,
            left(coalesce((SELECT string_agg(f.canonical_text, ' ' ORDER BY f.ordinal) FROM fragments f
                           WHERE f.media_id::text = h.id), h.snip), 8000), ${hl}, ${HL_SNIPPET}::text)
          ELSE ts_headline('english'::regconfig, left(h.snip, 4000), ${hl}, ${HL_SNIPPET}::text) END`.as(
          "snippet_hl",
        ),
      ])
      .orderBy("h.score", "desc")
      .orderBy("h.type", "desc")
      .orderBy("h.id", "desc")
      .execute();
    return rows.map((r) => ({
      ...r,
      score: Number(r.score),
      total_time: r.total_time === null ? null : Number(r.total_time),
    }));
  }

  /** How many of each kind match, and the recipe facets (tags, cuisines, time) of the matches. */
  async facets(v: Viewer, s: SearchSpec): Promise<SearchFacetRow> {
    const recipeOnly =
      s.with.length > 0 || s.exclude !== null || !!s.tag || !!s.cuisine || s.maxMinutes !== null;
    const matched = this.recipes(v, s).select([
      "recipes.document as doc",
      sql<number>`coalesce((recipes.document->>'totalTimeMinutes')::int, 0)`.as("mins"),
    ]);
    const none = sql<number>`0`;
    const row = await this.db
      .with("m", () => matched)
      .selectNoFrom([
        sql<number>`(SELECT count(*) FROM m)::int`.as("recipes"),
        (recipeOnly ? none : sql<number>`(${this.articles(v, s).select(sql`count(*)`.as("n"))})::int`).as(
          "articles",
        ),
        (recipeOnly ? none : sql<number>`(${this.bookmarks(v, s).select(sql`count(*)`.as("n"))})::int`).as(
          "bookmarks",
        ),
        sql<
          { value: string; count: number }[] | null
        >`(SELECT json_agg(json_build_object('value', value, 'count', n) ORDER BY n DESC, value)
          FROM (SELECT lower(tag) AS value, count(*)::int AS n FROM m,
                  jsonb_array_elements_text(coalesce(m.doc->'tags', '[]'::jsonb) || coalesce(m.doc->'category', '[]'::jsonb)) tag
                GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 12) x)`.as("tags"),
        sql<
          { value: string; count: number }[] | null
        >`(SELECT json_agg(json_build_object('value', value, 'count', n) ORDER BY n DESC, value)
          FROM (SELECT c AS value, count(*)::int AS n FROM m,
                  regexp_split_to_table(lower(m.doc->>'cuisine'), '\\s*,\\s*') c
                WHERE c <> '' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 12) x)`.as("cuisines"),
        sql<number>`(SELECT count(*) FROM m WHERE mins BETWEEN 1 AND 15)::int`.as("t15"),
        sql<number>`(SELECT count(*) FROM m WHERE mins BETWEEN 1 AND 30)::int`.as("t30"),
        sql<number>`(SELECT count(*) FROM m WHERE mins BETWEEN 1 AND 60)::int`.as("t60"),
        sql<number>`(SELECT count(*) FROM m WHERE mins > 0)::int`.as("tany"),
      ])
      .executeTakeFirstOrThrow();
    return row;
  }
}
