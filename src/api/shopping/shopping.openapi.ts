import type { ZodOpenApiPathsObject } from "zod-openapi";
import { zAddPantryRequest, zCheckItemRequest, zCreateShoppingListRequest } from "../../domain/kitchen.ts";
import { z } from "zod";
import { err, idParam } from "../openapiParts.ts";

/** The contract of shopping lists and the pantry, beside the routes that serve it; src/api/openapi.ts composes the document. */
export const shoppingPaths: ZodOpenApiPathsObject = {
  "/api/shopping-lists": {
    get: {
      operationId: "listShoppingLists",
      summary: "Shopping lists",
      responses: { "200": { description: "Lists" } },
    },
    post: {
      operationId: "createShoppingList",
      summary: "A shopping list from the plan or chosen recipes, merged and grouped by aisle",
      requestBody: { content: { "application/json": { schema: zCreateShoppingListRequest } } },
      responses: { "201": { description: "List" } },
    },
  },
  "/api/shopping-lists/{id}": {
    get: {
      operationId: "getShoppingList",
      summary: "One shopping list",
      requestParams: { path: idParam },
      responses: { "200": { description: "List" }, "404": err("SHOPPING_LIST_NOT_FOUND") },
    },
    delete: {
      operationId: "deleteShoppingList",
      summary: "Delete a shopping list",
      requestParams: { path: idParam },
      responses: { "200": { description: "Deleted" }, "404": err("SHOPPING_LIST_NOT_FOUND") },
    },
  },
  "/api/shopping-lists/{id}/text": {
    get: {
      operationId: "getShoppingListText",
      summary: "A shopping list as plain text",
      requestParams: { path: idParam },
      responses: { "200": { description: "text/plain" }, "404": err("SHOPPING_LIST_NOT_FOUND") },
    },
  },
  "/api/shopping-lists/{id}/items/{itemId}": {
    patch: {
      operationId: "checkShoppingListItem",
      summary: "Tick or untick a line",
      requestParams: { path: z.object({ id: z.string(), itemId: z.string() }) },
      requestBody: { content: { "application/json": { schema: zCheckItemRequest } } },
      responses: { "200": { description: "Line" }, "404": err("SHOPPING_LIST_NOT_FOUND") },
    },
  },
  "/api/pantry": {
    get: {
      operationId: "listPantry",
      summary: "Pantry items left off shopping lists",
      responses: { "200": { description: "Items" } },
    },
    post: {
      operationId: "addPantryItem",
      summary: "Add a pantry item",
      requestBody: { content: { "application/json": { schema: zAddPantryRequest } } },
      responses: { "201": { description: "Added" } },
    },
  },
  "/api/pantry/{id}": {
    delete: {
      operationId: "deletePantryItem",
      summary: "Remove a pantry item",
      requestParams: { path: idParam },
      responses: { "200": { description: "Removed" }, "404": err("NOT_FOUND") },
    },
  },
};
