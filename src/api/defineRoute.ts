import type { Context, Env, Handler, Hono, Input, MiddlewareHandler } from "hono";
import { z } from "zod";
import { hasBadText } from "../services/shared/inputGuards.ts";
import type { ErrorCode } from "../errors.ts";
import { sendError } from "./respond.ts";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";

/** What a request's input was refused for, handed to the route's `invalid` answer. */
export type InvalidInput = {
  /** The JSON body or the query string. */
  target: "json" | "query";
  /** The body was blank or not JSON: nothing reached the schema (`issues` is empty). */
  unreadable: boolean;
  issues: z.core.$ZodIssue[];
  /** What was sent (the parsed body or the query), for answers that quote it. */
  value: unknown;
  /** Every problem in words, each after the field it is about. */
  message: string;
};

/** How a route answers input its schemas refuse: a catalogue code, or its family's own answer. */
export type InvalidAnswer = ErrorCode | ((c: Context, problem: InvalidInput) => Response);

/**
 * Refused input answered with a catalogue `code` and `hint` (words, or a reading of the problem); a
 * body that is blank or not JSON keeps its own words.
 */
export const refuseWith =
  (code: ErrorCode, hint: string | ((p: InvalidInput) => string | undefined)): InvalidAnswer =>
  (c, p) =>
    sendError(c, code, p.unreadable ? p.message : typeof hint === "string" ? hint : hint(p));

/** The first problem's own words (the schema's message), without the field's name. */
export const firstIssue = (p: InvalidInput): string | undefined => p.issues[0]?.message;

/**
 * A route's contract, declared once where the route is registered: its method and path (relative
 * to the router, as Hono writes it), its zod request and response schemas and its errors. The
 * OpenAPI document is built from these (apiDocument.ts), and with LADLE_CHECK_RESPONSES=1 (the
 * tests) every answer is checked against them.
 *
 * The request schemas are applied here: the JSON body (when `application/json` is the only type
 * declared) and the query reach the handler parsed, as `c.req.valid("json")` and
 * `c.req.valid("query")`, the way Hono's validator hands them. A blank body is refused unless the
 * body is declared `required: false`, when it reads as `{}`.
 *
 * Hand-written rather than @hono/zod-openapi or hono-openapi: zod-openapi already builds the document
 * from the same operation objects, and this file only has to tie them to the handlers.
 */
export type RouteDefinition<P extends string = string> = ZodOpenApiOperationObject & {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: P;
  operationId: string;
  /** Refused input's answer; by default INVALID_REQUEST in the `{ code, message }` shape. */
  invalid?: InvalidAnswer;
};

/** The schema of a declared JSON-only body, else never. */
type BodySchemaOf<D> = D extends {
  requestBody: { content: { "application/json": { schema: infer S extends z.ZodType } } };
}
  ? S
  : never;
type QuerySchemaOf<D> = D extends { requestParams: { query: infer S extends z.ZodType } } ? S : never;

/** The parsed input a definition hands its handler, in Hono's validator terms. */
export type InputOf<D> = {
  in: object;
  out: ([BodySchemaOf<D>] extends [never] ? object : { json: z.output<BodySchemaOf<D>> }) &
    ([QuerySchemaOf<D>] extends [never] ? object : { query: z.output<QuerySchemaOf<D>> });
};

type AnyHandler<E extends Env, P extends string, I extends Input = Input> =
  Handler<E, P, I> | MiddlewareHandler<E, P, I>;

/** The definition of each answering handler (the last one of its route), found again from the app's table. */
const definitions = new WeakMap<object, RouteDefinition>();

/** An answer whose status or body its route does not declare: a bug, answered 500 and logged. */
export class ContractViolation extends Error {
  constructor(def: RouteDefinition, problem: string) {
    super(`${def.operationId} (${def.method.toUpperCase()} ${def.path}) ${problem}`);
    this.name = "ContractViolation";
  }
}

/** Registers the route's handlers on `router` and attaches its definition to the answering one. */
export function defineRoute<E extends Env, P extends string, const D extends RouteDefinition<P>>(
  router: Hono<E>,
  def: D & RouteDefinition<P>,
  ...handlers: AnyHandler<E, NoInfer<P>, InputOf<D>>[]
): void {
  const last = handlers.at(-1) as Handler<E, P>;
  // Every route that reads input can answer that it is wrong (4xx), and every route with an id that
  // nothing has it: declared here once rather than remembered route by route. Each family's body.
  const responses = (def.responses ??= {}) as Record<string, unknown>;
  if (def.requestBody || def.requestParams)
    responses["400"] ??= { description: "The request is not valid; the message says what to fix" };
  if (def.path.includes(":")) responses["404"] ??= { description: "Nothing with that id is yours" };
  const params = def.requestParams?.path;
  const query = def.requestParams?.query instanceof z.ZodType ? def.requestParams.query : undefined;
  const body = jsonBodyOf(def);
  const answer: Handler<E, P> = async (c, next) => {
    // Ids are checked against the route's own schema before any handler can query with them.
    const given = c.req.param() as Record<string, string>;
    if (Object.values(given).some(hasBadText)) return notFound(c);
    if (params instanceof z.ZodType && !params.safeParse(given).success) return notFound(c);
    // Then the input, after whatever the route put before its answer (auth and the body limit ran
    // in app.ts already): a handler only ever sees what its schemas let through.
    if (query) {
      const value = c.req.query();
      const parsed = await query.safeParseAsync(value);
      if (!parsed.success) return refuse(c, def, problem("query", value, parsed.error.issues));
      c.req.addValidatedData("query", parsed.data as object);
    }
    if (body) {
      const read = await readBody(c, def.requestBody?.required === false);
      if (!read.ok) return refuse(c, def, read.problem);
      const parsed = await body.safeParseAsync(read.value);
      if (!parsed.success) return refuse(c, def, problem("json", read.value, parsed.error.issues));
      c.req.addValidatedData("json", parsed.data as object);
    }
    const res = await last(c, next);
    if (process.env.LADLE_CHECK_RESPONSES === "1" && res instanceof Response) await checkAnswer(def, res);
    return res;
  };
  definitions.set(answer, def as RouteDefinition);
  const all = [...handlers.slice(0, -1), answer] as Handler<E, P>[];
  (router.on as (m: string, p: string, ...h: Handler<E, P>[]) => unknown)(
    def.method.toUpperCase(),
    def.path,
    ...all,
  );
}

/** The JSON body's schema when JSON is the only body the route takes (others read their own). */
function jsonBodyOf(def: RouteDefinition): z.ZodType | undefined {
  const content = (def.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)
    ?.content;
  if (!content || Object.keys(content).length !== 1) return undefined;
  const schema = content["application/json"]?.schema;
  return schema instanceof z.ZodType ? schema : undefined;
}

/**
 * The body as JSON, read whatever its Content-Type says. Hono's own json validator is not used: it
 * skips a body without a JSON Content-Type and answers malformed JSON with its own 400, where each
 * family answers in its contract's shape.
 */
async function readBody(
  c: Context,
  optional: boolean,
): Promise<{ ok: true; value: unknown } | { ok: false; problem: InvalidInput }> {
  const text = await c.req.text();
  const unreadable = (message: string) => ({
    ok: false as const,
    problem: { target: "json" as const, unreadable: true, issues: [], value: undefined, message },
  });
  if (!text.trim())
    return optional ? { ok: true, value: {} } : unreadable("Request body must be a JSON object.");
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return unreadable(`Request body is not valid JSON: ${(err as Error).message}`);
  }
}

function problem(target: "json" | "query", value: unknown, issues: z.core.$ZodIssue[]): InvalidInput {
  const where = target === "json" ? "body" : "query";
  const message = issues.map((i) => `${i.path.join(".") || where}: ${i.message}`).join("; ");
  return { target, unreadable: false, issues, value, message };
}

function refuse(c: Context, def: RouteDefinition, p: InvalidInput): Response {
  const answer = def.invalid ?? "INVALID_REQUEST";
  return typeof answer === "function" ? answer(c, p) : sendError(c, answer, p.message);
}

/** An id that cannot be one (not the route's shape, a NUL): as for any id that is not the caller's. */
function notFound(c: Context): Response {
  return c.json(
    { code: "NOT_FOUND", message: "There is nothing with that id here; check the address." },
    404,
  );
}

/** Throws a ContractViolation when the status is undeclared or the JSON body fails its schema. */
async function checkAnswer(def: RouteDefinition, res: Response): Promise<void> {
  const responses = (def.responses ?? {}) as Record<
    string,
    { content?: Record<string, { schema?: unknown }> }
  >;
  const declared = responses[String(res.status)] ?? responses.default;
  if (!declared) {
    const body = (await res.clone().text()).slice(0, 300);
    throw new ContractViolation(def, `answered ${res.status}, which it does not declare: ${body}`);
  }
  const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim();
  // A response declared without content (redirects, 204, exports described in words) is not checked.
  if (!declared.content || !type) return;
  // A declared range (image/*) covers the types in it.
  const media =
    declared.content[type] ?? declared.content[`${type.split("/")[0]}/*`] ?? declared.content["*/*"];
  if (!media)
    throw new ContractViolation(
      def,
      `answered ${res.status} as ${type}; it declares ${Object.keys(declared.content).join(", ")}`,
    );
  if (type !== "application/json" || !(media.schema instanceof z.ZodType)) return;
  const parsed = media.schema.safeParse(await res.clone().json());
  if (!parsed.success)
    throw new ContractViolation(
      def,
      `answered ${res.status} in a shape it does not declare: ${z.prettifyError(parsed.error)}`,
    );
}

/** What of a Hono app the document is read from: its routes (any Env). */
export type RoutingTable = { routes: { method: string; path: string; handler: unknown }[] };

/** Hono's `:id` and `:id{[0-9]+}` as OpenAPI's `{id}`. */
const toOpenApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z_]+)(\{[^}]*\})?/g, "{$1}");

/**
 * The operations of every defined route of `app`, at the paths the app serves them (mount prefixes
 * included), read from the app's own routing table so that what is documented is what answers.
 */
export function definedOperations(app: RoutingTable): ZodOpenApiPathsObject {
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = {};
  for (const route of app.routes) {
    // app.route() wraps a sub-router's handlers when it has its own error handler.
    let h = route.handler as Record<string, unknown>;
    while (!definitions.has(h) && typeof h.__COMPOSED_HANDLER === "function")
      h = h.__COMPOSED_HANDLER as unknown as Record<string, unknown>;
    const def = definitions.get(h);
    if (!def) continue;
    const { method, path: _path, invalid: _invalid, ...operation } = def;
    (paths[toOpenApiPath(route.path)] ??= {})[method] = operation;
  }
  return paths as ZodOpenApiPathsObject;
}
