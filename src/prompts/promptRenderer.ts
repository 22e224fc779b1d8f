import type * as LiquidJs from "liquidjs";
import { lazyRequire } from "../extract/lazyRequire.ts";

/** A template that cannot be rendered: missing required variables or a syntax error. */
export interface PromptRenderFailure {
  ok: false;
  code: "PROMPT_RENDER_FAILED";
  message: string;
  missingVariables: string[];
}

// Optional variables render empty; filters must exist (a typo is an error, not silence). LiquidJS is
// loaded by the first prompt checked or rendered, not by every process.
const liquid = lazyRequire<typeof LiquidJs>("liquidjs");
let loaded: LiquidJs.Liquid | undefined;
const engine = () =>
  (loaded ??= new (liquid().Liquid)({ strictVariables: false, strictFilters: true, cache: 200 }));

/** Parses a template, for validation at creation time. */
export function checkTemplate(template: string): { ok: true } | { ok: false; message: string } {
  try {
    engine().parse(template);
    return { ok: true };
  } catch (err) {
    return { ok: false, message: (err as Error).message.split("\n")[0]! };
  }
}

/** The top-level variables a template reads (`{{ schema }}`, `{% if hints %}`); empty when it does not parse. */
export function templateVariables(template: string): string[] {
  try {
    return engine().globalVariablesSync(template);
  } catch {
    return [];
  }
}

/**
 * Renders a prompt template with LiquidJS (`{{ var }}`, as Scriban in the spec). Required
 * variables that are missing or empty fail with their names; optional ones render empty.
 */
export function renderPrompt(
  template: string,
  variables: Record<string, unknown>,
  required: string[],
): { ok: true; text: string } | PromptRenderFailure {
  const missing = required.filter(
    (v) => variables[v] === undefined || variables[v] === null || variables[v] === "",
  );
  if (missing.length) {
    return {
      ok: false,
      code: "PROMPT_RENDER_FAILED",
      message: `missing required variables: ${missing.join(", ")}`,
      missingVariables: missing,
    };
  }
  try {
    return { ok: true, text: engine().parseAndRenderSync(template, variables) };
  } catch (err) {
    return {
      ok: false,
      code: "PROMPT_RENDER_FAILED",
      message: `template error: ${(err as Error).message.split("\n")[0]}`,
      missingVariables: [],
    };
  }
}
