import { Hono, type Context, type Env, type MiddlewareHandler } from "hono";

/**
 * A family's routes mounted by what they answer, loaded with the first request under their paths
 * (issue 51: an API at rest holds only what its first screen and probes need; each family's routes,
 * their schemas and answers' words load when someone uses that family).
 *
 * The stub stands where the family's `app.route()` stood, so the app's order is kept: the
 * middleware before it (auth, limits, idempotency) has run on the request when it reaches the
 * family, which answers in a routing table of its own, on the same request, with what the
 * middleware left on it (the caller, the body already read); a path the family does not answer
 * goes on to the next routes of the app, as before.
 */
export type LazyFamily = {
  /** The paths the stub listens under (each with everything below it). */
  under: string[];
  /** Loads the family's modules and mounts its routers on `table` at their full paths. */
  load: () => Promise<(table: Hono<any>) => void>; // eslint-disable-line @typescript-eslint/no-explicit-any
};

type Table = { routes: Hono["routes"] };

/** Each app's families, in their order, to load all of them for the OpenAPI document. */
const families = new WeakMap<object, (() => Promise<unknown>)[]>();
/** The request a family's table is answering, and the app's context it came with. */
const outer = new WeakMap<Request, { c: Context; notFound: boolean }>();
/** The family's context that answered an app's request (a route's name for tracing). */
const answered = new WeakMap<Context, Context>();

/** Mounts `family` on `app` at this point of its routes. */
export function lazyRoutes<E extends Env>(app: Hono<E>, family: LazyFamily): void {
  let loading: Promise<Hono> | undefined;
  const load = () =>
    (loading ??= family.load().then((mount) => {
      const table = new Hono();
      table.use("*", async (c, next) => {
        const from = outer.get(c.req.raw)!;
        for (const [k, v] of Object.entries(from.c.var)) c.set(k as never, v as never);
        // A body the app's middleware read (limits, idempotency) is read again from its copy.
        Object.assign(c.req.bodyCache, from.c.req.bodyCache);
        answered.set(from.c, c);
        await next();
      });
      mount(table);
      table.notFound((c) => {
        outer.get(c.req.raw)!.notFound = true;
        return c.body(null, 404);
      });
      // An error is the app's to answer (its onError logs it and picks the status).
      table.onError((err) => {
        throw err;
      });
      listAfter(app, stub, table);
      return table;
    })).catch((err: unknown) => {
      // A load that failed (a file missing mid-upgrade) is tried again by the next request.
      loading = undefined;
      throw err;
    });
  const stub: MiddlewareHandler<E> = async (c, next) => {
    const table = await load();
    const from = { c: c as unknown as Context, notFound: false };
    outer.set(c.req.raw, from);
    const res = await table.fetch(c.req.raw, c.env);
    if (from.notFound) return next();
    return res;
  };
  for (const p of family.under) app.use(`${p}/*`, stub);
  const list = families.get(app) ?? [];
  list.push(load);
  families.set(app, list);
}

/**
 * The family's routes listed in the app's table after its stub (Hono's `routes` is a list to read,
 * not the router's): what documents the app (defineRoute's `definedOperations`) and tests read
 * finds every loaded route at its full path, in the app's order whatever order families loaded in.
 */
function listAfter(app: Table, stub: unknown, table: Table): void {
  const own = table.routes.filter((r) => r.method !== "ALL" || r.path !== "/*");
  let at = -1;
  app.routes.forEach((r, i) => {
    if (r.handler === stub) at = i;
  });
  app.routes.splice(at + 1, 0, ...own);
}

/** Loads every family of `app` (the OpenAPI document lists every route). */
export async function loadAllRoutes(app: object): Promise<void> {
  await Promise.all((families.get(app) ?? []).map((load) => load()));
}

/** The context a family answered `c` in, if one did: its matched routes name the route. */
export function answeredIn(c: Context): Context {
  return answered.get(c) ?? c;
}
