import { sql, type Kysely } from "kysely";

/**
 * An import writes about 19 task events and 4 artifacts, and each row's foreign key to its task
 * was checked by a query of its own that also locked the task row (FOR KEY SHARE): 18.7 such
 * checks per import in the queue bench, and a locked task row for the task's own next update to
 * step over. Events and artifacts are only ever written by the task's own statements, which have
 * its row at hand; the one thing the keys did besides, removing a task's events and artifacts with
 * it, a trigger on the (rare, by hand) task delete keeps doing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE task_events DROP CONSTRAINT IF EXISTS task_events_task_id_fkey;
    ALTER TABLE artifacts DROP CONSTRAINT IF EXISTS artifacts_task_id_fkey;
    CREATE FUNCTION ladle_task_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM task_events WHERE task_id = OLD.id;
      DELETE FROM artifacts WHERE task_id = OLD.id;
      RETURN OLD;
    END $$;
    CREATE TRIGGER tasks_deleted AFTER DELETE ON tasks FOR EACH ROW EXECUTE FUNCTION ladle_task_deleted();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER tasks_deleted ON tasks;
    DROP FUNCTION ladle_task_deleted();
    DELETE FROM task_events e WHERE NOT EXISTS (SELECT FROM tasks t WHERE t.id = e.task_id);
    DELETE FROM artifacts a WHERE NOT EXISTS (SELECT FROM tasks t WHERE t.id = a.task_id);
    ALTER TABLE task_events ADD CONSTRAINT task_events_task_id_fkey
      FOREIGN KEY (task_id) REFERENCES tasks (id) ON DELETE CASCADE;
    ALTER TABLE artifacts ADD CONSTRAINT artifacts_task_id_fkey
      FOREIGN KEY (task_id) REFERENCES tasks (id) ON DELETE CASCADE;
  `.execute(db);
}
