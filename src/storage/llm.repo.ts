import { sql, type Kysely } from "kysely";
import type { Schema } from "./schema.ts";

/** LLM response cache and token usage. */
export class LlmRepo {
  private readonly db: Kysely<Schema>;

  constructor(db: Kysely<Schema>) {
    this.db = db;
  }

  async cached(
    key: string,
  ): Promise<{ response: string; promptTokens: number; completionTokens: number } | null> {
    const row = await this.db.selectFrom("llm_cache").selectAll().where("key", "=", key).executeTakeFirst();
    return row
      ? { response: row.response, promptTokens: row.prompt_tokens, completionTokens: row.completion_tokens }
      : null;
  }

  async store(key: string, response: string, promptTokens: number, completionTokens: number): Promise<void> {
    await this.db
      .insertInto("llm_cache")
      .values({
        key,
        response,
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        created_at: new Date(),
      })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }

  async recordUsage(u: {
    taskId: string | null;
    phase: string;
    provider: string;
    model: string;
    promptTokens: number;
    completionTokens: number;
    cached: boolean;
  }): Promise<void> {
    await this.db
      .insertInto("llm_usage")
      .values({
        task_id: u.taskId,
        phase: u.phase,
        provider: u.provider,
        model: u.model,
        prompt_tokens: u.promptTokens,
        completion_tokens: u.completionTokens,
        cached: u.cached,
        created_at: new Date(),
      })
      .execute();
  }

  /** Tokens spent (not cached) by a task, or by everyone since `since`. */
  async spent(filter: { taskId?: string; since?: Date }): Promise<number> {
    let q = this.db
      .selectFrom("llm_usage")
      .select(sql<string>`coalesce(sum(prompt_tokens + completion_tokens), 0)`.as("n"))
      .where("cached", "=", false);
    if (filter.taskId) q = q.where("task_id", "=", filter.taskId);
    if (filter.since) q = q.where("created_at", ">=", filter.since);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** Usage of a task per phase. */
  async usageByPhase(
    taskId: string,
  ): Promise<
    Record<string, { calls: number; cached: number; promptTokens: number; completionTokens: number }>
  > {
    const rows = await this.db
      .selectFrom("llm_usage")
      .select([
        "phase",
        sql<string>`count(*)`.as("calls"),
        sql<string>`count(*) filter (where cached)`.as("cached"),
        sql<string>`sum(prompt_tokens)`.as("p"),
        sql<string>`sum(completion_tokens)`.as("c"),
      ])
      .where("task_id", "=", taskId)
      .groupBy("phase")
      .execute();
    return Object.fromEntries(
      rows.map((r) => [
        r.phase,
        {
          calls: Number(r.calls),
          cached: Number(r.cached),
          promptTokens: Number(r.p),
          completionTokens: Number(r.c),
        },
      ]),
    );
  }
}
