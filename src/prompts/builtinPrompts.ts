/** The policy clause every extraction prompt carries. */
export const POLICY_CLAUSE = `Policy:
- Do not output large verbatim text blocks from the source.
- If the source contains large blocks of text, summarize and rephrase while preserving cooking meaning.
- Keep factual details accurate (quantities, temperatures, times); never invent a quantity, temperature or time that the source does not state.
- Output must be valid JSON for the canonical schema (no extra text).`;

export interface BuiltinPrompt {
  id: string;
  name: string;
  phase: string;
  systemPrompt: string;
  userPromptTemplate: string;
  constraints: Record<string, string>;
}

/** Version 1 of each LLM phase's prompt, seeded by migration 002. */
export const BUILTIN_PROMPTS: BuiltinPrompt[] = [
  {
    id: "ingest.extract.v1",
    name: "Ingest Extract",
    phase: "Ingest.Extract",
    systemPrompt: `You turn the text of a web page into one recipe as JSON.\n\n${POLICY_CLAUSE}`,
    userPromptTemplate: `Extract a recipe from the content for URL {{ url }}.
- Prefer structured recipe data if present.
- Output only valid JSON matching the schema below. Set "isRecipe" to false when the content holds no recipe.
- Do not include large verbatim blocks: rephrase long passages while keeping quantities, times, temperatures and key techniques.
- If an ingredient line cannot be confidently parsed, keep the full line in "name" and set "quantity" to 0 and "unit" to null.
- Give best-effort values for cuisine, dietType, prepTimeMinutes, cookTimeMinutes and servings; use 0 or null if unknown.
{% if hints %}Already known from structured data (keep these, fill what is missing): {{ hints }}
{% endif %}{% if override %}Reviewer's instructions: {{ override }}
{% endif %}
Schema:
{{ schema }}

Content:
{{ content }}`,
    constraints: { output: "json", maxVerbatimTokens: "40" },
  },
  {
    id: "ingest.normalize.v1",
    name: "Ingest Normalize",
    phase: "Ingest.Normalize",
    systemPrompt: `You normalize a recipe's units and ingredient names without changing its cooking meaning.\n\n${POLICY_CLAUSE}`,
    userPromptTemplate: `Normalize units and ingredient names of this recipe while preserving meaning.
Output a JSON Patch array (RFC 6902) only; keep descriptions concise.
{% if override %}Reviewer's instructions: {{ override }}
{% endif %}
Schema:
{{ schema }}

Recipe:
{{ content }}`,
    constraints: { output: "json-patch" },
  },
  {
    id: "ingest.repairjson.v1",
    name: "Ingest Repair JSON",
    phase: "Ingest.RepairJson",
    systemPrompt: `You repair JSON so that it is valid and matches a schema. You change nothing else.\n\n${POLICY_CLAUSE}`,
    userPromptTemplate: `This output was not valid JSON for the schema.
Problems: {{ errors }}

Output to repair:
{{ content }}

Schema:
{{ schema }}

Return only the corrected JSON.`,
    constraints: { output: "json" },
  },
  {
    id: "ingest.repairparaphrase.v1",
    name: "Ingest Repair Paraphrase",
    phase: "Ingest.RepairParaphrase",
    systemPrompt: `You rewrite recipe text in your own words so that it does not copy its source.\n\n${POLICY_CLAUSE}`,
    userPromptTemplate: `The description and instruction steps below copy the source page too closely ({{ details }}).
Rewrite them in your own words. Keep every quantity, temperature, time and the order of steps exactly.
Return JSON matching the schema: the rewritten "description" and one "instructions" entry per original step.

Recipe text:
{{ content }}

Schema:
{{ schema }}`,
    constraints: { output: "json" },
  },
];

/** Variables each phase's template must receive; others render empty when absent. */
export const REQUIRED_VARIABLES: Record<string, string[]> = {
  "Ingest.Extract": ["url", "content", "schema"],
  "Ingest.Normalize": ["content", "schema"],
  "Ingest.RepairJson": ["content", "schema"],
  "Ingest.RepairParaphrase": ["content", "schema"],
};

export const LLM_PHASES = Object.keys(REQUIRED_VARIABLES);
