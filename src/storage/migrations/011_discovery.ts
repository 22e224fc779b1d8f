import { sql, type Kysely } from "kysely";

/**
 * Discovery (import by query): search requests and spend per provider and UTC day (daily quota and
 * cost cap, shared by every process), and the curated sources' local title index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE search_usage (
      provider text NOT NULL,
      day date NOT NULL,
      requests integer NOT NULL DEFAULT 0,
      cost double precision NOT NULL DEFAULT 0,
      PRIMARY KEY (provider, day)
    );
    CREATE TABLE curated_index (
      provider text NOT NULL,
      site text NOT NULL,
      url text NOT NULL,
      title text NOT NULL,
      title_lc text NOT NULL,
      refreshed_at timestamptz NOT NULL,
      PRIMARY KEY (provider, url)
    );
    CREATE INDEX curated_index_site_idx ON curated_index (provider, site);
    CREATE TABLE curated_refresh (
      provider text PRIMARY KEY,
      refreshed_at timestamptz NOT NULL,
      report jsonb
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE search_usage; DROP TABLE curated_index; DROP TABLE curated_refresh;`.execute(db);
}
