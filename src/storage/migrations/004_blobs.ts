import { sql, type Kysely } from "kysely";

/**
 * Binary objects that belong to no task: proxied images, bookmark thumbnails, uploads. Part of the
 * one artifact store (spec README); keys are chosen by the owning family ("image/<id>",
 * "thumb/<itemId>", "upload/<token>"), `expires_at` lets the retention job drop them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE blobs (
      key text PRIMARY KEY,
      content_type text NOT NULL,
      size integer NOT NULL,
      sha256 text NOT NULL,
      data bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz
    );
    CREATE INDEX blobs_expires_idx ON blobs (expires_at) WHERE expires_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE blobs`.execute(db);
}
