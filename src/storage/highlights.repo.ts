import { sql, type Kysely } from "kysely";
import type { Schema } from "./schema.ts";

/** One person's marked passage of an article (061_archives_highlights). */
export interface HighlightRow {
  id: string;
  owner_id: string;
  media_id: string;
  quote: string;
  prefix: string;
  suffix: string;
  start_pos: number;
  end_pos: number;
  note: string | null;
  created_at: Date;
  updated_at: Date;
  /** The article's title (joined for lists). */
  article_title: string | null;
  article_url: string;
}

const COLS = sql`h.id::text AS id, h.owner_id::text AS owner_id, h.media_id::text AS media_id, h.quote, h.prefix,
  h.suffix, h.start_pos, h.end_pos, h.note, h.created_at, h.updated_at, m.title AS article_title,
  m.source_url AS article_url`;

/** Highlights: the only SQL for them. Every read and write filters by owner. */
export class HighlightsRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  async insert(h: {
    id: string;
    ownerId: string;
    mediaId: string;
    quote: string;
    prefix: string;
    suffix: string;
    start: number;
    end: number;
    note: string | null;
    at: Date;
  }): Promise<HighlightRow> {
    await sql`
      INSERT INTO highlights (id, owner_id, media_id, quote, prefix, suffix, start_pos, end_pos, note, created_at, updated_at)
      VALUES (${h.id}::uuid, ${h.ownerId}::uuid, ${h.mediaId}::uuid, ${h.quote}, ${h.prefix}, ${h.suffix},
        ${h.start}, ${h.end}, ${h.note}, ${h.at}, ${h.at})`.execute(this.db);
    return (await this.getOwned(h.ownerId, h.id))!;
  }

  async getOwned(ownerId: string, id: string): Promise<HighlightRow | undefined> {
    const r = await sql<HighlightRow>`
      SELECT ${COLS} FROM highlights h JOIN media m ON m.id = h.media_id
      WHERE h.id = ${id}::uuid AND h.owner_id = ${ownerId}::uuid`.execute(this.db);
    return r.rows[0] && norm(r.rows[0]);
  }

  /**
   * The owner's highlights, newest first (in reading order for one article); `words` keeps those
   * whose quote or note match, the way search reads them.
   */
  async list(
    ownerId: string,
    q: { mediaId?: string; words?: string; limit: number },
  ): Promise<HighlightRow[]> {
    const media = q.mediaId ? sql`AND h.media_id = ${q.mediaId}::uuid` : sql``;
    const words = q.words
      ? sql`AND h.tsv @@ (websearch_to_tsquery('english', ${q.words}::text) || websearch_to_tsquery('simple', ${q.words}::text))`
      : sql``;
    const order = q.mediaId ? sql`h.start_pos, h.created_at` : sql`h.created_at DESC, h.id`;
    const r = await sql<HighlightRow>`
      SELECT ${COLS} FROM highlights h JOIN media m ON m.id = h.media_id
      WHERE h.owner_id = ${ownerId}::uuid ${media} ${words}
      ORDER BY ${order} LIMIT ${q.limit}`.execute(this.db);
    return r.rows.map(norm);
  }

  async updateNote(ownerId: string, id: string, note: string | null, at: Date): Promise<boolean> {
    const r = await sql`UPDATE highlights SET note = ${note}, updated_at = ${at}
      WHERE id = ${id}::uuid AND owner_id = ${ownerId}::uuid`.execute(this.db);
    return Number(r.numAffectedRows ?? 0) > 0;
  }

  /** Where a highlight was found again after its article's text moved. */
  async moveTo(ownerId: string, id: string, start: number, end: number): Promise<void> {
    await sql`UPDATE highlights SET start_pos = ${start}, end_pos = ${end}
      WHERE id = ${id}::uuid AND owner_id = ${ownerId}::uuid`.execute(this.db);
  }

  async deleteOwned(ownerId: string, id: string): Promise<boolean> {
    const r =
      await sql`DELETE FROM highlights WHERE id = ${id}::uuid AND owner_id = ${ownerId}::uuid`.execute(
        this.db,
      );
    return Number(r.numAffectedRows ?? 0) > 0;
  }
}

function norm(r: HighlightRow): HighlightRow {
  return { ...r, created_at: new Date(r.created_at), updated_at: new Date(r.updated_at) };
}
