import { sql, type Kysely } from "kysely";
import type { PromptRow, Schema } from "./schema.ts";

/** Prompt templates; the partial unique index keeps at most one active prompt per phase. */
export class PromptsRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  async list(phase?: string): Promise<PromptRow[]> {
    let q = this.db.selectFrom("prompts").selectAll();
    if (phase) q = q.where("phase", "=", phase);
    return q.orderBy("phase").orderBy("version").execute();
  }

  async get(id: string, phase?: string): Promise<PromptRow | undefined> {
    let q = this.db.selectFrom("prompts").selectAll().where("id", "=", id);
    if (phase) q = q.where("phase", "=", phase);
    return q.executeTakeFirst();
  }

  async active(phase: string): Promise<PromptRow | undefined> {
    return this.db
      .selectFrom("prompts")
      .selectAll()
      .where("phase", "=", phase)
      .where("is_active", "=", true)
      .executeTakeFirst();
  }

  /** Inserts the next version of a phase's prompt. */
  async insertNextVersion(
    p: Omit<PromptRow, "id" | "version" | "created_at" | "is_active">,
  ): Promise<PromptRow> {
    return this.db.transaction().execute(async (trx) => {
      // Serialize version numbers per phase.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`prompts:${p.phase}`}))`.execute(trx);
      const max = await trx
        .selectFrom("prompts")
        .select((eb) => eb.fn.max<number>("version").as("v"))
        .where("phase", "=", p.phase)
        .executeTakeFirst();
      const version = Number(max?.v ?? 0) + 1;
      return trx
        .insertInto("prompts")
        .values({
          ...p,
          constraints: JSON.stringify(p.constraints ?? {}),
          id: `${p.phase.toLowerCase()}.v${version}`,
          version,
          is_active: false,
          created_at: new Date(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** Makes `id` the phase's only active prompt. */
  async activate(id: string, phase: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("prompts")
        .set({ is_active: false })
        .where("phase", "=", phase)
        .where("id", "!=", id)
        .execute();
      await trx.updateTable("prompts").set({ is_active: true }).where("id", "=", id).execute();
    });
  }

  async deactivate(id: string): Promise<void> {
    await this.db.updateTable("prompts").set({ is_active: false }).where("id", "=", id).execute();
  }
}
