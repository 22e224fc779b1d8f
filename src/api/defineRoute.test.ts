import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ContractViolation, defineRoute, definedOperations } from "./defineRoute.ts";
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
