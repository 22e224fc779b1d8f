import type { ZodOpenApiPathsObject } from "zod-openapi";
import { zAddMealRequest, zUpdateMealRequest } from "../../domain/kitchen.ts";
import { err, idParam } from "../openapiParts.ts";

/** The contract of meal plans, beside the routes that serve it; src/api/openapi.ts composes the document. */
export const plansPaths: ZodOpenApiPathsObject = {
  // In the kitchen (issue 31): the caller's own, or their library's.
  "/api/plans": {
    get: {
      operationId: "listPlannedMeals",
      summary: "Meals planned between two days",
      responses: { "200": { description: "Meals" } },
    },
    post: {
      operationId: "addPlannedMeal",
      summary: "Put a recipe on a day",
      requestBody: { content: { "application/json": { schema: zAddMealRequest } } },
      responses: { "201": { description: "Planned" }, "404": err("RECIPE_NOT_FOUND") },
    },
  },
  "/api/plans/{id}": {
    patch: {
      operationId: "updatePlannedMeal",
      summary: "Move or change a planned meal",
      requestParams: { path: idParam },
      requestBody: { content: { "application/json": { schema: zUpdateMealRequest } } },
      responses: { "200": { description: "Changed" }, "404": err("PLAN_ENTRY_NOT_FOUND") },
    },
    delete: {
      operationId: "deletePlannedMeal",
      summary: "Take a meal off the plan",
      requestParams: { path: idParam },
      responses: { "200": { description: "Removed" }, "404": err("PLAN_ENTRY_NOT_FOUND") },
    },
  },
};
