import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ContractViolation,
  defineRoute,
  definedOperations,
  refuseWith,
  type RouteDefinition,
} from "./defineRoute.ts";
import { err, json } from "./openapiParts.ts";

// A route answering what its definition does not declare is caught: the unit tests run
// with LADLE_CHECK_RESPONSES=1 (vitest.config.ts), as here.

function planted(answer: (id: string) => Response | Promise<Response>): Hono {
  const family = new Hono();
  defineRoute(
    family,
    {
      method: "get",
      path: "/:id",
      operationId: "getPlanted",
      summary: "A planted route",
      requestParams: { path: z.object({ id: z.string() }) },
      responses: {
        "200": json(z.object({ id: z.string(), servings: z.number().int() }), "The thing"),
        "404": err("NOT_FOUND"),
      },
    },
    (c) => answer(c.req.param("id")),
  );
  const app = new Hono();
  // As src/api/app.ts does: the violation is logged and answered 500 with its message.
  const logged: string[] = [];
  app.onError((e, c) => {
    logged.push(e.message);
    return c.json({ code: "INTERNAL", message: e instanceof ContractViolation ? e.message : "?" }, 500);
  });
  app.route("/api/planted", family);
  return Object.assign(app, { logged });
}

describe("defineRoute", () => {
  it("runs with the response check on", () => {
    expect(process.env.LADLE_CHECK_RESPONSES).toBe("1");
  });

  it("lets a declared shape through", async () => {
    const app = planted((id) => Response.json({ id, servings: 4 }));
    const res = await app.request("/api/planted/a1");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: "a1", servings: 4 });
  });

  it("answers 500 naming the operation and the zod issue when the shape is not the declared one", async () => {
    const app = planted((id) => Response.json({ id, servings: "four" }));
    const res = await app.request("/api/planted/a1");
    expect(res.status).toBe(500);
    const body = (await res.json()) as { message: string };
    expect(body.message).toContain("getPlanted (GET /:id) answered 200 in a shape it does not declare");
    expect(body.message).toMatch(/servings/);
    expect((app as unknown as { logged: string[] }).logged).toEqual([body.message]);
  });

  it("catches a status the definition does not declare", async () => {
    const app = planted(() => Response.json({ code: "CONFLICT", message: "no" }, { status: 409 }));
    const res = await app.request("/api/planted/a1");
    expect(res.status).toBe(500);
    expect(((await res.json()) as { message: string }).message).toContain(
      "answered 409, which it does not declare",
    );
  });

  it("catches a media type the definition does not declare", async () => {
    const app = planted(() => new Response("<p>hi</p>", { headers: { "content-type": "text/html" } }));
    const res = await app.request("/api/planted/a1");
    expect(res.status).toBe(500);
    expect(((await res.json()) as { message: string }).message).toContain("as text/html");
  });

  it("documents the route at the path the app serves it", () => {
    const ops = definedOperations(planted(() => Response.json({})));
    expect(Object.keys(ops)).toEqual(["/api/planted/{id}"]);
    expect(ops["/api/planted/{id}"]?.get?.operationId).toBe("getPlanted");
  });
});

describe("route files parse nothing by hand", () => {
  it("the lint refuses a safeParse or readJson planted in a routes file, and passes the real ones", async () => {
    const { ESLint } = await import("eslint");
    const eslint = new ESLint();
    const planted = [
      'import { z } from "zod";',
      "export const f = (v: unknown) => z.object({}).safeParse(v);",
      "declare function readJson(c: unknown, code: string): unknown;",
      'export const g = (c: unknown) => readJson(c, "INVALID_PAYLOAD");',
      "",
    ].join("\n");
    const [res] = await eslint.lintText(planted, { filePath: "src/api/planted/planted.routes.ts" });
    const restricted = res!.messages.filter((m) => m.ruleId === "no-restricted-syntax");
    expect(restricted.map((m) => m.line)).toEqual([2, 4]);
    const real = await eslint.lintFiles(["src/api/**/*.routes.ts"]);
    const found = real.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => `${r.filePath}:${m.line}`),
    );
    expect(real.length).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
});

describe("defineRoute applies the request schemas", () => {
  function family(invalid?: RouteDefinition["invalid"], required?: boolean) {
    const r = new Hono();
    const seen: unknown[] = [];
    defineRoute(
      r,
      {
        method: "post",
        path: "/:id",
        operationId: "postPlanted",
        summary: "A planted route with input",
        requestParams: {
          path: z.object({ id: z.string().regex(/^a\d$/) }),
          query: z.object({ n: z.coerce.number().int().optional() }),
        },
        requestBody: {
          content: { "application/json": { schema: z.object({ servings: z.number().int().min(1) }) } },
          ...(required === undefined ? {} : { required }),
        },
        responses: { "200": json(z.object({ servings: z.number(), n: z.number().nullable() }), "Echo") },
        ...(invalid ? { invalid } : {}),
      },
      (c) => {
        const body = c.req.valid("json");
        const query = c.req.valid("query");
        seen.push(body);
        return c.json({ servings: body.servings, n: query.n ?? null });
      },
    );
    const app = new Hono();
    app.route("/api/planted", r);
    return Object.assign(app, { seen });
  }
  const post = (app: Hono, body: string, path = "/api/planted/a1") =>
    app.request(path, { method: "POST", body, headers: { "content-type": "application/json" } });

  it("hands the handler the parsed body and query", async () => {
    const res = await post(family(), '{"servings": 4}', "/api/planted/a1?n=3");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ servings: 4, n: 3 });
  });

  it("refuses a body its schema refuses, naming the field, before the handler runs", async () => {
    const app = family();
    const res = await post(app, '{"servings": 0}');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe("INVALID_REQUEST");
    expect(body.message).toMatch(/^servings: /);
    expect(app.seen).toEqual([]);
  });

  it("says what is wrong with a blank or malformed body", async () => {
    const blank = (await (await post(family(), "  ")).json()) as { message: string };
    expect(blank.message).toBe("Request body must be a JSON object.");
    const bad = (await (await post(family(), "{servings")).json()) as { message: string };
    expect(bad.message).toMatch(/^Request body is not valid JSON: /);
  });

  it("reads a blank body as {} when the body is declared optional", async () => {
    const res = await post(family(undefined, false), "");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^servings: /);
  });

  it("refuses a bad query in the same shape", async () => {
    const res = await post(family(), '{"servings": 2}', "/api/planted/a1?n=x");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^n: /);
  });

  it("answers a refused input in the route's own code and words", async () => {
    const app = family(refuseWith("INVALID_PAYLOAD", 'Send {"servings": 4}.'));
    const res = await post(app, "[]");
    expect(await res.json()).toEqual({ code: "INVALID_PAYLOAD", message: 'Send {"servings": 4}.' });
    const own = family((c, p) => c.json({ error: { code: "E_INVALID_REQUEST", message: p.message } }, 400));
    expect(await (await post(own, "nope")).json()).toEqual({
      error: { code: "E_INVALID_REQUEST", message: expect.stringMatching(/^Request body is not valid JSON/) },
    });
  });

  it("answers 404 to an id that cannot be one before reading the body", async () => {
    const res = await post(family(), "not json", "/api/planted/zz");
    expect(res.status).toBe(404);
  });

  it("leaves the refusal out of the OpenAPI operation", () => {
    const ops = definedOperations(family("INVALID_PAYLOAD"));
    expect(ops["/api/planted/{id}"]?.post).not.toHaveProperty("invalid");
  });
});
