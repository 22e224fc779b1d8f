import { sql, type Kysely } from "kysely";
import type { CuratedEntry, CuratedIndex } from "../search/curatedProvider.ts";
import { searchTokens } from "../search/curatedProvider.ts";
import type { Schema } from "./schema.ts";

/** Discovery's tables: provider usage per day, the curated title index, stored-recipe lookups. */
export class DiscoveryRepo implements CuratedIndex {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  /**
   * Counts one request of `provider` today when it stays within `quota` requests and `cap` spend
   * (0: no limit); false when it would not. One conditional upsert, so processes never overspend.
   */
  async reserve(provider: string, day: string, cost: number, quota: number, cap: number): Promise<boolean> {
    if (cap > 0 && cost > cap) return false;
    const row = await this.db
      .insertInto("search_usage")
      .values({ provider, day, requests: 1, cost })
      .onConflict((oc) =>
        oc
          .columns(["provider", "day"])
          .doUpdateSet({
            requests: sql`search_usage.requests + 1`,
            cost: sql`search_usage.cost + ${cost}`,
          })
          .where((eb) =>
            eb.and([
              quota > 0 ? eb("search_usage.requests", "<", quota) : eb.lit(true),
              cap > 0 ? eb(sql`search_usage.cost + ${cost}`, "<=", cap) : eb.lit(true),
            ]),
          ),
      )
      .returning("requests")
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Requests and spend of a provider on a day. */
  async usage(provider: string, day: string): Promise<{ requests: number; cost: number }> {
    const row = await this.db
      .selectFrom("search_usage")
      .select(["requests", "cost"])
      .where("provider", "=", provider)
      .where("day", "=", day)
      .executeTakeFirst();
    return { requests: row?.requests ?? 0, cost: Number(row?.cost ?? 0) };
  }

  /** urlKey → recipe id for stored (not deleted) recipes among `keys`. */
  async storedByKey(keys: string[]): Promise<Map<string, string>> {
    if (!keys.length) return new Map();
    const rows = await this.db
      .selectFrom("recipes")
      .select(["id", "source_url_key"])
      .where("source_url_key", "in", keys)
      .where("deleted_at", "is", null)
      .execute();
    return new Map(rows.map((r) => [r.source_url_key!, r.id]));
  }

  /** Committed recipes per source host among `hosts` (the domain gave good drafts before). */
  async recipesPerHost(hosts: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (!hosts.length) return out;
    const rows = await this.db
      .selectFrom("recipes")
      .select((eb) => [
        sql<string>`lower(regexp_replace(substring(source_url from '^[a-zA-Z]+://([^/:?#]+)'), '^www\\.', ''))`.as(
          "host",
        ),
        eb.fn.countAll<string>().as("n"),
      ])
      .where("deleted_at", "is", null)
      .where("source_url", "is not", null)
      .groupBy(sql`1`)
      .execute();
    const wanted = new Set(hosts);
    for (const r of rows) if (r.host && wanted.has(r.host)) out.set(r.host, Number(r.n));
    return out;
  }

  async find(provider: string, tokens: string[], limit: number): Promise<CuratedEntry[]> {
    if (!tokens.length) return [];
    return this.db
      .selectFrom("curated_index")
      .select(["site", "url", "title"])
      .where("provider", "=", provider)
      .where((eb) =>
        eb.or(tokens.map((t) => eb("title_lc", "like", `% ${t.replace(/[\\%_]/g, (c) => `\\${c}`)} %`))),
      )
      .limit(limit)
      .execute();
  }

  async replace(provider: string, site: string, entries: CuratedEntry[], at: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom("curated_index")
        .where("provider", "=", provider)
        .where("site", "=", site)
        .execute();
      const unique = new Map(entries.map((e) => [e.url, e]));
      const rows = [...unique.values()].map((e) => ({
        provider,
        site,
        url: e.url,
        title: e.title,
        title_lc: ` ${searchTokens(e.title).join(" ")} `,
        refreshed_at: at,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto("curated_index")
          .values(rows.slice(i, i + 500))
          .onConflict((oc) => oc.columns(["provider", "url"]).doNothing())
          .execute();
      await trx
        .insertInto("curated_refresh")
        .values({ provider, refreshed_at: at, report: null })
        .onConflict((oc) => oc.column("provider").doUpdateSet({ refreshed_at: at }))
        .execute();
    });
  }

  async refreshedAt(provider: string): Promise<Date | null> {
    const row = await this.db
      .selectFrom("curated_refresh")
      .select("refreshed_at")
      .where("provider", "=", provider)
      .executeTakeFirst();
    return row ? new Date(row.refreshed_at) : null;
  }
}
