import { z } from "zod";
import type { Caller } from "../domain/user.ts";
import type { Ladle } from "../app/ladle.ts";
import { badTextMessage, badTextPath } from "../services/shared/inputGuards.ts";

/** A step of a long operation, as MCP progress notifications and the CLI's progress bar show it. */
export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

/** Who runs an operation, on which Ladle, and where its progress goes. */
export interface OpContext {
  ladle: Ladle;
  /** The acting user: every service call passes it (ownership). */
  caller: Caller;
  progress: (p: Progress) => void;
  signal?: AbortSignal;
}

/** An expected failure: a stable code and a message that says what to do. */
export interface OpFailure {
  ok: false;
  code: string;
  message: string;
  details?: Record<string, unknown> | undefined;
}
export type OpResult = { ok: true; value: unknown } | OpFailure;

/**
 * One thing a user can do, described once: the MCP server registers it as a tool, the CLI as a
 * command (flags from `input`), so the two never drift. Input fields carry `.describe()` texts,
 * which become the tool's parameter docs and the CLI's option help.
 */
export interface Operation<S extends z.ZodRawShape = z.ZodRawShape> {
  /** Tool name (snake_case, family first: `recipe_get`). */
  name: string;
  title: string;
  /** Written for a model: what it does, when to use it, what it returns. */
  description: string;
  input: S;
  /** Reads only (MCP readOnlyHint). */
  readOnly?: boolean;
  /** Removes or discards something (MCP destructiveHint). */
  destructive?: boolean;
  run(ctx: OpContext, input: z.output<z.ZodObject<S>>): Promise<OpResult>;
}

/** An operation of any input, as the registry holds it. */
export type AnyOperation = Operation<z.ZodRawShape>;

/** Declares an operation with its input inferred from the shape. */
export function defineOp<S extends z.ZodRawShape>(op: Operation<S>): AnyOperation {
  return op as unknown as AnyOperation;
}

export const ok = (value: unknown): OpResult => ({ ok: true, value });

/** Any service failure shape (`Failure`, `Result`, the /v1 family's) as an OpFailure. */
export function failed(f: { code: string; message: string; details?: unknown }): OpFailure {
  return {
    ok: false,
    code: f.code,
    message: f.message,
    ...(f.details && typeof f.details === "object" ? { details: f.details as Record<string, unknown> } : {}),
  };
}

/**
 * Runs an operation behind the same guards as the HTTP routes (services/inputGuards.ts): text the
 * database cannot hold is refused naming the field, and an operation that adds or changes
 * something (neither read-only nor a removal) takes from the caller's creates-per-minute count.
 * Both the MCP server and the CLI run operations through here.
 */
export async function guardedRun(op: AnyOperation, ctx: OpContext, input: unknown): Promise<OpResult> {
  const field = badTextPath(input);
  if (field) return failed({ code: "INVALID_TEXT", message: badTextMessage(field), details: { field } });
  if (!op.readOnly && !op.destructive) {
    const refused = await ctx.ladle.creates.take(ctx.caller, "local");
    if (refused)
      return failed({
        code: "RATE_LIMITED",
        message: refused.message,
        details: { retryAfterSeconds: refused.retryAfterSeconds },
      });
  }
  return op.run(ctx, input as never);
}

/** Validates raw input against the operation's schema (defaults applied), then runs it guarded. */
export async function runOperation(op: AnyOperation, ctx: OpContext, raw: unknown): Promise<OpResult> {
  const parsed = z.object(op.input).safeParse(raw ?? {});
  if (!parsed.success)
    return failed({
      code: "INVALID_ARGUMENTS",
      message: parsed.error.issues.map((i) => `${i.path.join(".") || op.name}: ${i.message}`).join("; "),
    });
  return guardedRun(op, ctx, parsed.data);
}
