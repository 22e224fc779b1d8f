import { sql, type Kysely } from "kysely";

/**
 * The person's language and units for the web app, kept on the server so a new browser speaks the
 * same language: null means "follow the browser" (language) and "by the locale" (units).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN language text CHECK (language IN ('en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'sv')),
      ADD COLUMN units text CHECK (units IN ('metric', 'us'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN language, DROP COLUMN units`.execute(db);
}
