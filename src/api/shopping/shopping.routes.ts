import { Hono } from "hono";
import { requestLanguage } from "../requestLanguage.ts";
import {
  zAddPantryRequest,
  zCheckItemRequest,
  zCreateShoppingListRequest,
  zShoppingItem,
  zShoppingList,
  zShoppingListSummary,
  zAmountLanguage,
} from "../../domain/kitchen.ts";
import type { Kitchen } from "../../services/kitchen/index.ts";
import type { Users } from "../../services/users/index.ts";
import type { AuthEnv } from "../auth.ts";
import { sendFailure } from "../respond.ts";
import { defineRoute, refuseWith } from "../defineRoute.ts";
import { z } from "zod";
import { err, uuidParam, json } from "../openapiParts.ts";
const zPantryItem = z.object({
  id: z.string(),
  name: z.string(),
  libraryId: z.string(),
  createdAt: z.string(),
});

/** `/api/shopping-lists`: lists built from the plan or chosen recipes, checked off together. */
export function shoppingRoutes(
  { shoppingLists }: Pick<Kitchen, "shoppingLists">,
  { personSettings }: Pick<Users, "personSettings">,
): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const lists = shoppingLists;

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listShoppingLists",
      summary: "Shopping lists",
      responses: { "200": json(z.object({ lists: z.array(zShoppingListSummary) }), "Lists") },
    },
    async (c) => c.json({ lists: await lists.list(c.get("caller")) }),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "createShoppingList",
      summary: "A shopping list from the plan or chosen recipes, merged and grouped by aisle",
      requestBody: { content: { "application/json": { schema: zCreateShoppingListRequest } } },
      responses: {
        "201": json(zShoppingList, "List"),
        "400": err("INVALID_REQUEST"),
        "404": err("RECIPE_NOT_FOUND"),
      },
      invalid: "INVALID_REQUEST",
    },
    async (c) => {
      const req = c.req.valid("json");
      const caller = c.get("caller");
      // The list's name in the cook's language: the one asked for, else their settings', else the request's.
      const nameLang = req.lang ?? (await personSettings.get(caller)).language ?? requestLanguage(c);
      const res = await lists.create(caller, req, nameLang);
      if (!res.ok) return sendFailure(c, res);
      c.header("Location", `/api/shopping-lists/${res.value.id}`);
      return c.json(res.value, 201);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id",
      operationId: "getShoppingList",
      summary: "One shopping list",
      requestParams: { path: uuidParam },
      responses: { "200": json(zShoppingList, "List"), "404": err("SHOPPING_LIST_NOT_FOUND") },
    },
    async (c) => {
      const res = await lists.get(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  // The list as plain text, by aisle, to paste into a message or print.
  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/text",
      operationId: "getShoppingListText",
      summary: "A shopping list as plain text",
      description:
        "Its aisles are named in `lang`, else in the language of the person's settings, else in English.",
      requestParams: { path: uuidParam, query: z.object({ lang: zAmountLanguage.optional() }) },
      responses: { "200": { description: "text/plain" }, "404": err("SHOPPING_LIST_NOT_FOUND") },
    },
    async (c) => {
      const caller = c.get("caller");
      const lang = c.req.valid("query").lang ?? (await personSettings.get(caller)).language ?? "en";
      const res = await lists.text(caller, c.req.param("id"), lang);
      return res.ok
        ? c.text(res.value, 200, { "content-type": "text/plain; charset=utf-8" })
        : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "patch",
      path: "/:id/items/:itemId",
      operationId: "checkShoppingListItem",
      summary: "Tick or untick a line",
      requestParams: { path: uuidParam.extend({ itemId: z.string() }) },
      requestBody: { content: { "application/json": { schema: zCheckItemRequest } } },
      responses: {
        "200": json(zShoppingItem.pick({ id: true, checked: true }), "The line, checked or not"),
        "400": err("INVALID_REQUEST"),
        "404": err("SHOPPING_LIST_NOT_FOUND"),
      },
      invalid: refuseWith("INVALID_REQUEST", 'Send {"checked": true} or {"checked": false}.'),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await lists.check(c.get("caller"), c.req.param("id"), c.req.param("itemId"), req.checked);
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/:id",
      operationId: "deleteShoppingList",
      summary: "Delete a shopping list",
      requestParams: { path: uuidParam },
      responses: { "200": { description: "Deleted" }, "404": err("SHOPPING_LIST_NOT_FOUND") },
    },
    async (c) => {
      const res = await lists.remove(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );
  return r;
}

/** `/api/pantry`: what the household keeps in stock, left off shopping lists. */
export function pantryRoutes({ shoppingLists }: Pick<Kitchen, "shoppingLists">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const lists = shoppingLists;
  const view = (p: { id: string; name: string; library_id: string; created_at: Date }) => ({
    id: p.id,
    name: p.name,
    libraryId: p.library_id,
    createdAt: new Date(p.created_at).toISOString(),
  });

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listPantry",
      summary: "Pantry items left off shopping lists",
      requestParams: { query: z.object({ libraryId: z.string().optional() }) },
      responses: {
        "200": json(z.object({ items: z.array(zPantryItem) }), "Items"),
        "404": err("LIBRARY_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await lists.pantry(c.get("caller"), c.req.query("libraryId"));
      return res.ok ? c.json({ items: res.value.map(view) }) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "addPantryItem",
      summary: "Add a pantry item",
      requestBody: { content: { "application/json": { schema: zAddPantryRequest } } },
      responses: {
        "201": json(zPantryItem, "Added"),
        "400": err("INVALID_REQUEST"),
        "404": err("LIBRARY_NOT_FOUND"),
      },
      invalid: refuseWith("INVALID_REQUEST", 'Send {"name": "salt"}.'),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await lists.addPantry(c.get("caller"), req.name, req.libraryId);
      return res.ok ? c.json(view(res.value), 201) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/:id",
      operationId: "deletePantryItem",
      summary: "Remove a pantry item",
      requestParams: { path: uuidParam },
      responses: { "200": { description: "Removed" }, "404": err("NOT_FOUND") },
    },
    async (c) => {
      const res = await lists.removePantry(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );
  return r;
}
