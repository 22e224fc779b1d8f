import { sql, type Kysely } from "kysely";

/**
 * A task's `draft.recipe.json` (the draft as read) is stored once: at ReviewReady it is the task's
 * `result.draft`, so its artifact row holds no bytes (encoding `task-draft`) and is read from the
 * result (ArtifactsRepo). Every import had sent and stored the same draft twice, once pretty-printed.
 * The result is edited later (normalization, a refresh): before the first write of a new result,
 * this trigger copies the draft as it was into the artifact row, so the artifact stays the draft
 * as read whoever writes the result.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION ladle_keep_draft_as_read() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE body bytea;
    BEGIN
      body := convert_to(coalesce(jsonb_pretty((OLD.result -> 'draft') - 'artifacts'), 'null'), 'UTF8');
      UPDATE artifacts SET data = body, encoding = 'identity', size = octet_length(body),
        original_size = octet_length(body)
      WHERE task_id = OLD.id AND name = 'draft.recipe.json' AND encoding = 'task-draft';
      RETURN NEW;
    END $$;
    CREATE TRIGGER tasks_result_rewritten BEFORE UPDATE OF result ON tasks
      FOR EACH ROW WHEN (OLD.result IS NOT NULL) EXECUTE FUNCTION ladle_keep_draft_as_read();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE artifacts a SET data = x.body, encoding = 'identity', size = octet_length(x.body),
      original_size = octet_length(x.body)
    FROM (SELECT id, convert_to(coalesce(jsonb_pretty((result -> 'draft') - 'artifacts'), 'null'), 'UTF8') AS body
          FROM tasks) x
    WHERE x.id = a.task_id AND a.encoding = 'task-draft';
    DROP TRIGGER tasks_result_rewritten ON tasks;
    DROP FUNCTION ladle_keep_draft_as_read();
  `.execute(db);
}
