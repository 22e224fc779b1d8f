import { sql, type Kysely } from "kysely";
import { BUILTIN_PROMPTS } from "../../prompts/builtinPrompts.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE prompts (
      id text PRIMARY KEY,
      name text NOT NULL,
      phase text NOT NULL,
      version integer NOT NULL,
      is_active boolean NOT NULL DEFAULT false,
      system_prompt text NOT NULL,
      user_prompt_template text NOT NULL,
      constraints jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by text,
      UNIQUE (phase, version)
    );
    CREATE UNIQUE INDEX prompts_one_active_per_phase ON prompts (phase) WHERE is_active;

    CREATE TABLE llm_cache (
      key text PRIMARY KEY,
      response text NOT NULL,
      prompt_tokens integer NOT NULL,
      completion_tokens integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE llm_usage (
      id bigserial PRIMARY KEY,
      task_id text,
      phase text NOT NULL,
      provider text NOT NULL,
      model text NOT NULL,
      prompt_tokens integer NOT NULL,
      completion_tokens integer NOT NULL,
      cached boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX llm_usage_task_idx ON llm_usage (task_id);
    CREATE INDEX llm_usage_created_idx ON llm_usage (created_at);
  `.execute(db);
  for (const p of BUILTIN_PROMPTS) {
    await sql`
      INSERT INTO prompts (id, name, phase, version, is_active, system_prompt, user_prompt_template, constraints, created_by)
      VALUES (${p.id}, ${p.name}, ${p.phase}, 1, true, ${p.systemPrompt}, ${p.userPromptTemplate}, ${JSON.stringify(p.constraints)}::jsonb, 'ladle')
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE llm_usage, llm_cache, prompts`.execute(db);
}
