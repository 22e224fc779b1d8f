import { sql, type Kysely } from "kysely";
import type { ParsedIngredient, ParseRequestStatus } from "../domain/parseRequest.ts";
import type { Schema } from "./schema.ts";

/** A parse request row with its URL. */
export interface ParseRequestRow {
  id: string;
  userId: string | null;
  urlHash: string;
  url: string;
  status: ParseRequestStatus;
  errorMessage: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A cached parsed recipe row. */
export interface ParsedRecipeRow {
  urlHash: string;
  title: string | null;
  ingredients: ParsedIngredient[];
  parsedAt: Date;
}

const IN_FLIGHT = ["PENDING", "PROCESSING"];

/** The only SQL of parse requests: the spec's `resource`, `recipe` and `parse_request` tables. */
export class ParseRequestsRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /** The spec's "Upsert Resource": the URL's `resource` row, immutable once created. */
  async registerUrl(e: { urlKey: string; url: string }): Promise<void> {
    await this.db
      .insertInto("resource")
      .values({ url_hash: e.urlKey, url: e.url })
      .onConflict((oc) => oc.column("url_hash").doNothing())
      .execute();
  }

  /** The recipe of a URL parsed after `notBefore`, if any (the freshness check). */
  async freshRecipe(urlKey: string, notBefore: Date): Promise<ParsedRecipeRow | null> {
    const row = await this.db
      .selectFrom("recipe")
      .selectAll()
      .where("url_hash", "=", urlKey)
      .where("parsed_at", ">", notBefore)
      .executeTakeFirst();
    return row ? toRecipe(row) : null;
  }

  /** The recipe of a URL, fresh or not. */
  async recipe(urlKey: string): Promise<ParsedRecipeRow | null> {
    const row = await this.db
      .selectFrom("recipe")
      .selectAll()
      .where("url_hash", "=", urlKey)
      .executeTakeFirst();
    return row ? toRecipe(row) : null;
  }

  /**
   * Creates a PENDING request for the URL unless one is in flight, in one statement: the unique
   * partial index on in-flight requests turns a concurrent second insert into a return of the
   * first. `created` tells which happened. Null when the URL's recipe became fresh (parsed after
   * `freshAfter`) since the caller looked: a request finished meanwhile, so nothing is created.
   */
  async insertOrReturnInFlight(
    urlKey: string,
    userId: string | null,
    at: Date,
    freshAfter: Date,
  ): Promise<{ id: string; status: ParseRequestStatus; created: boolean } | null> {
    const r = await sql<{ id: string; status: ParseRequestStatus; created: boolean }>`
      INSERT INTO parse_request (user_id, url_hash, status, created_at, updated_at)
      SELECT ${userId}, ${urlKey}, 'PENDING', ${at}, ${at}
      WHERE NOT EXISTS (SELECT 1 FROM recipe WHERE url_hash = ${urlKey} AND parsed_at > ${freshAfter})
      ON CONFLICT (url_hash) WHERE status IN ('PENDING', 'PROCESSING')
      DO UPDATE SET url_hash = parse_request.url_hash
      RETURNING id::text AS id, status, (xmax = 0) AS created
    `.execute(this.db);
    return r.rows[0] ?? null;
  }

  async get(id: string): Promise<ParseRequestRow | null> {
    const row = await this.db
      .selectFrom("parse_request as p")
      .innerJoin("resource as u", "u.url_hash", "p.url_hash")
      .select([
        sql<string>`p.id::text`.as("id"),
        "p.user_id",
        "p.url_hash",
        "u.url",
        "p.status",
        "p.error_message",
        "p.created_at",
        "p.updated_at",
      ])
      .where("p.id", "=", id)
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          userId: row.user_id,
          urlHash: row.url_hash,
          url: row.url,
          status: row.status as ParseRequestStatus,
          errorMessage: row.error_message,
          createdAt: new Date(row.created_at),
          updatedAt: new Date(row.updated_at),
        }
      : null;
  }

  /**
   * PENDING → PROCESSING (or PROCESSING again when a retried job finds its request mid-way after
   * a worker died). False when the request is already final or gone.
   */
  async claim(id: string, at: Date): Promise<boolean> {
    const r = await this.db
      .updateTable("parse_request")
      .set({ status: "PROCESSING", updated_at: at })
      .where("id", "=", id)
      .where("status", "in", IN_FLIGHT)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Upserts the URL's recipe in place and completes the request, together. */
  async complete(
    id: string,
    recipe: { urlHash: string; title: string | null; ingredients: ParsedIngredient[] },
    at: Date,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("recipe")
        .values({
          url_hash: recipe.urlHash,
          title: recipe.title,
          ingredients: JSON.stringify(recipe.ingredients),
          parsed_at: at,
        })
        .onConflict((oc) =>
          oc.column("url_hash").doUpdateSet({
            title: (eb) => eb.ref("excluded.title"),
            ingredients: (eb) => eb.ref("excluded.ingredients"),
            parsed_at: (eb) => eb.ref("excluded.parsed_at"),
          }),
        )
        .execute();
      await trx
        .updateTable("parse_request")
        .set({ status: "COMPLETED", error_message: null, updated_at: at })
        .where("id", "=", id)
        .where("status", "in", IN_FLIGHT)
        .execute();
    });
  }

  /** In flight → FAILED with the reason. False when it was already final. */
  async fail(id: string, message: string, at: Date): Promise<boolean> {
    const r = await this.db
      .updateTable("parse_request")
      .set({ status: "FAILED", error_message: message, updated_at: at })
      .where("id", "=", id)
      .where("status", "in", IN_FLIGHT)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Fails requests PROCESSING since before `before`; returns their ids. */
  async failStuck(before: Date, message: string, at: Date): Promise<string[]> {
    const rows = await this.db
      .updateTable("parse_request")
      .set({ status: "FAILED", error_message: message, updated_at: at })
      .where("status", "=", "PROCESSING")
      .where("updated_at", "<", before)
      .returning(sql<string>`id::text`.as("id"))
      .execute();
    return rows.map((r) => r.id);
  }

  /** Requests PENDING since before `before` (their job was lost, or the queue is backed up). */
  async stalePending(before: Date, limit = 500): Promise<string[]> {
    const rows = await this.db
      .selectFrom("parse_request")
      .select(sql<string>`id::text`.as("id"))
      .where("status", "=", "PENDING")
      .where("updated_at", "<", before)
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Touches a PENDING request (re-sent to the queue), so it is not re-sent at every reaper run. */
  async touchPending(id: string, at: Date): Promise<void> {
    await this.db
      .updateTable("parse_request")
      .set({ updated_at: at })
      .where("id", "=", id)
      .where("status", "=", "PENDING")
      .execute();
  }

  /** Requests by status (operations figures). */
  async counts(): Promise<Record<ParseRequestStatus, number>> {
    const rows = await this.db
      .selectFrom("parse_request")
      .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
      .groupBy("status")
      .execute();
    const out: Record<ParseRequestStatus, number> = { PENDING: 0, PROCESSING: 0, COMPLETED: 0, FAILED: 0 };
    for (const r of rows) out[r.status as ParseRequestStatus] = Number(r.n);
    return out;
  }
}

function toRecipe(row: {
  url_hash: string;
  title: string | null;
  ingredients: unknown;
  parsed_at: Date | string;
}): ParsedRecipeRow {
  return {
    urlHash: row.url_hash,
    title: row.title,
    ingredients: (typeof row.ingredients === "string"
      ? JSON.parse(row.ingredients)
      : row.ingredients) as ParsedIngredient[],
    parsedAt: new Date(row.parsed_at),
  };
}
