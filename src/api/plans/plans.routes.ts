import { Hono } from "hono";
import { z } from "zod";
import { zAddMealRequest, zPlannedMeal, zPlanQuery, zUpdateMealRequest } from "../../domain/kitchen.ts";
import type { Kitchen } from "../../services/kitchen/index.ts";
import type { AuthEnv } from "../auth.ts";
import { sendFailure } from "../respond.ts";
import { defineRoute, refuseWith } from "../defineRoute.ts";
import { err, uuidParam, json } from "../openapiParts.ts";

/** `/api/plans`: recipes on days, shared with the members of a library. */
export function plansRoutes({ mealPlan }: Pick<Kitchen, "mealPlan">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listPlannedMeals",
      summary: "Meals planned between two days",
      requestParams: { query: zPlanQuery },
      responses: {
        "200": json(z.object({ from: z.string(), to: z.string(), meals: z.array(zPlannedMeal) }), "Meals"),
        "400": err("INVALID_REQUEST"),
        "404": err("LIBRARY_NOT_FOUND"),
      },
      invalid: refuseWith("INVALID_REQUEST", (p) => `${p.message}. Ask like ?from=2026-06-01&to=2026-06-07.`),
    },
    async (c) => {
      const q = c.req.valid("query");
      const res = await mealPlan.list(c.get("caller"), q);
      return res.ok ? c.json({ from: q.from, to: q.to, meals: res.value }) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "addPlannedMeal",
      summary: "Put a recipe on a day",
      requestBody: { content: { "application/json": { schema: zAddMealRequest } } },
      responses: { "201": json(zPlannedMeal, "Planned"), "404": err("RECIPE_NOT_FOUND") },
      invalid: "INVALID_REQUEST",
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await mealPlan.add(c.get("caller"), req);
      if (!res.ok) return sendFailure(c, res);
      c.header("Location", `/api/plans/${res.value.id}`);
      return c.json(res.value, 201);
    },
  );

  defineRoute(
    r,
    {
      method: "patch",
      path: "/:id",
      operationId: "updatePlannedMeal",
      summary: "Move or change a planned meal",
      requestParams: { path: uuidParam },
      requestBody: { content: { "application/json": { schema: zUpdateMealRequest } } },
      responses: { "200": { description: "Changed" }, "404": err("PLAN_ENTRY_NOT_FOUND") },
      invalid: "INVALID_REQUEST",
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await mealPlan.update(c.get("caller"), c.req.param("id"), req);
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/:id",
      operationId: "deletePlannedMeal",
      summary: "Take a meal off the plan",
      requestParams: { path: uuidParam },
      responses: { "200": { description: "Removed" }, "404": err("PLAN_ENTRY_NOT_FOUND") },
    },
    async (c) => {
      const res = await mealPlan.remove(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );
  return r;
}
