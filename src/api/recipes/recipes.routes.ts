import { Hono } from "hono";
import { z } from "zod";
import { parseIngredientLine } from "../../extract/ingredients.ts";
import { zCommitRequest, zReviewCheckRequest } from "../../services/commitRequest.ts";
import { kitchenView } from "../../services/kitchenView.ts";
import type { Ladle } from "../../services/ladle.ts";
import type { AuthEnv } from "../auth.ts";
import { readJson, sendError, sendFailure } from "../respond.ts";

export const zRecipeListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).optional(),
  /** `true` lists deleted recipes that can still be restored. */
  deleted: z.enum(["true", "false"]).optional(),
  /** Only the recipes shared into this library. */
  libraryId: z.uuid().optional(),
});

/** `POST /api/recipes/parse-ingredient`: one line, parsed as extraction parses it. */
export const zParseIngredientRequest = z.object({
  text: z.string().trim().min(1, "text is required").max(500),
  section: z.string().max(200).nullish(),
});

/** `/api/recipes`: committed recipes and the commit endpoint (§8.2). */
export function recipesRoutes(ladle: Ladle): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  r.post("/import", async (c) => {
    const body = await readJson(c, "INVALID_PAYLOAD");
    if (!body.ok) return sendFailure(c, body);
    const req = zCommitRequest.safeParse(body.value);
    if (!req.success) {
      return sendError(
        c,
        "INVALID_PAYLOAD",
        req.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "),
      );
    }
    const ifMatch = c.req.header("if-match");
    const version = ifMatch ? Number(/^(?:W\/)?"?(\d+)"?$/.exec(ifMatch.trim())?.[1] ?? NaN) : null;
    if (ifMatch && !Number.isInteger(version)) {
      return sendError(
        c,
        "INVALID_PAYLOAD",
        `If-Match must be the task's ETag (its version), got ${ifMatch}.`,
      );
    }
    const caller = c.get("caller");
    // "drop" (issue 30): the draft duplicates a recipe the caller has and is discarded.
    if (req.data.duplicateAction === "drop") {
      const dropped = await ladle.review.reject(
        req.data.taskId,
        "dropped: you already have this recipe",
        caller,
      );
      return dropped.ok ? c.json({ ...dropped.value, dropped: true }) : sendFailure(c, dropped);
    }
    const res = await ladle.review.commit(req.data, { ifMatch: version, caller });
    if (!res.ok) return sendFailure(c, res);
    c.header("Location", `/api/recipes/${res.value.recipe.id}`);
    return c.json(res.value, 200);
  });

  // What a commit would meet, without committing (the review editor calls it as the reviewer edits).
  r.post("/check", async (c) => {
    const body = await readJson(c, "INVALID_PAYLOAD");
    if (!body.ok) return sendFailure(c, body);
    const req = zReviewCheckRequest.safeParse(body.value);
    if (!req.success) return sendError(c, "INVALID_PAYLOAD", "taskId is required.");
    const res = await ladle.review.check(req.data, c.get("caller"));
    return res.ok ? c.json(res.value) : sendFailure(c, res);
  });

  // The flagged description and steps rewritten by the configured LLM; nothing is stored.
  r.post("/paraphrase", async (c) => {
    const body = await readJson(c, "INVALID_PAYLOAD");
    if (!body.ok) return sendFailure(c, body);
    const req = zReviewCheckRequest.safeParse(body.value);
    if (!req.success) return sendError(c, "INVALID_PAYLOAD", "taskId is required.");
    const res = await ladle.review.paraphrase(req.data, c.get("caller"));
    return res.ok ? c.json(res.value) : sendFailure(c, res);
  });

  r.post("/parse-ingredient", async (c) => {
    const body = await readJson(c, "INVALID_PAYLOAD");
    if (!body.ok) return sendFailure(c, body);
    const req = zParseIngredientRequest.safeParse(body.value);
    if (!req.success) return sendError(c, "INVALID_PAYLOAD", req.error.issues[0]?.message);
    return c.json(parseIngredientLine(req.data.text, req.data.section ?? null));
  });

  r.get("/", async (c) => {
    const q = zRecipeListQuery.safeParse(c.req.query());
    if (!q.success)
      return sendError(
        c,
        "INVALID_REQUEST",
        q.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
      );
    return c.json(
      await ladle.recipes.list(c.get("caller"), {
        page: q.data.page,
        pageSize: q.data.pageSize,
        ...(q.data.q ? { q: q.data.q } : {}),
        ...(q.data.libraryId ? { libraryId: q.data.libraryId } : {}),
        deleted: q.data.deleted === "true",
      }),
    );
  });

  r.get("/:id", async (c) => {
    const res = await ladle.recipes.get(c.req.param("id"), c.get("caller"));
    if (!res.ok) return sendFailure(c, res);
    // ?servings=&factor=&units=&ingredient=&have=: scaled and converted by the kitchen engine.
    const kitchen = kitchenView(res.value, c.req.query());
    if (kitchen) return kitchen.ok ? c.json(kitchen.value) : sendFailure(c, kitchen);
    return c.json(res.value);
  });

  r.delete("/:id", async (c) => {
    const res = await ladle.recipes.delete(c.req.param("id"), c.get("caller"));
    return res.ok ? c.json(res.value) : sendFailure(c, res);
  });

  r.post("/:id/restore", async (c) => {
    const res = await ladle.recipes.restore(c.req.param("id"), c.get("caller"));
    return res.ok ? c.json(res.value) : sendFailure(c, res);
  });

  r.get("/:id/versions", async (c) => {
    const res = await ladle.recipes.versions(c.req.param("id"), c.get("caller"));
    return res.ok ? c.json({ recipeId: c.req.param("id"), versions: res.value }) : sendFailure(c, res);
  });

  r.get("/:id/versions/:n", async (c) => {
    const n = Number(c.req.param("n"));
    if (!Number.isInteger(n) || n < 1)
      return sendError(c, "INVALID_REQUEST", "The version must be a whole number from 1.");
    const res = await ladle.recipes.version(c.req.param("id"), n, c.get("caller"));
    return res.ok ? c.json(res.value) : sendFailure(c, res);
  });

  // Sharing (issue 22): the libraries a recipe is in; its owner adds and removes them.
  r.get("/:id/libraries", async (c) => {
    const res = await ladle.recipes.libraries(c.req.param("id"), c.get("caller"));
    return res.ok ? c.json({ recipeId: c.req.param("id"), libraries: res.value }) : sendFailure(c, res);
  });

  r.put("/:id/libraries/:libraryId", async (c) => {
    const res = await ladle.recipes.share(c.req.param("id"), c.req.param("libraryId"), c.get("caller"));
    return res.ok ? c.json({ recipeId: c.req.param("id"), libraries: res.value }) : sendFailure(c, res);
  });

  r.delete("/:id/libraries/:libraryId", async (c) => {
    const res = await ladle.recipes.unshare(c.req.param("id"), c.req.param("libraryId"), c.get("caller"));
    return res.ok ? c.json({ recipeId: c.req.param("id"), libraries: res.value }) : sendFailure(c, res);
  });

  return r;
}
