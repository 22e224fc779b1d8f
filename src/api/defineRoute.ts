import type { Context, Env, Handler, Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import { hasBadText } from "../services/shared/inputGuards.ts";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";

/**
 * A route's contract, declared once where the route is registered: its method and path (relative
 * to the router, as Hono writes it), its zod request and response schemas and its errors. The
 * OpenAPI document is built from these (apiDocument.ts), and with LADLE_CHECK_RESPONSES=1 (the
 * tests) every answer is checked against them.
 *
 * Hand-written rather than @hono/zod-openapi or hono-openapi: zod-openapi already builds the document
 * from the same operation objects, and this file only has to tie them to the handlers.
 */
export type RouteDefinition<P extends string = string> = ZodOpenApiOperationObject & {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: P;
  operationId: string;
};

type AnyHandler<E extends Env, P extends string> = Handler<E, P> | MiddlewareHandler<E, P>;

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
export function defineRoute<E extends Env, P extends string>(
  router: Hono<E>,
  def: RouteDefinition<P>,
  ...handlers: AnyHandler<E, P>[]
): void {
  const last = handlers.at(-1) as Handler<E, P>;
  // Every route that reads input can answer that it is wrong (4xx), and every route with an id that
  // nothing has it: declared here once rather than remembered route by route. Each family's body.
  const responses = (def.responses ??= {}) as Record<string, unknown>;
  if (def.requestBody || def.requestParams)
    responses["400"] ??= { description: "The request is not valid; the message says what to fix" };
  if (def.path.includes(":")) responses["404"] ??= { description: "Nothing with that id is yours" };
  const params = def.requestParams?.path;
  const answer: Handler<E, P> = async (c, next) => {
    // Ids are checked against the route's own schema before any handler can query with them.
    const given = c.req.param() as Record<string, string>;
    if (Object.values(given).some(hasBadText)) return notFound(c);
    if (params instanceof z.ZodType && !params.safeParse(given).success) return notFound(c);
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
    const { method, path: _path, ...operation } = def;
    (paths[toOpenApiPath(route.path)] ??= {})[method] = operation;
  }
  return paths as ZodOpenApiPathsObject;
}
