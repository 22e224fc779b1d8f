import { Hono, type Context } from "hono";
import { z } from "zod";
import type { Ladle } from "../../services/ladle.ts";
import { zApplyRequest } from "../../services/applyNormalization.ts";
import type { AuthEnv } from "../auth.ts";
import { readJson, sendError, sendFailure } from "../respond.ts";

/** Body of the normalize actions: unit conversion to offer (default Ingest:Normalize:ConvertUnits). */
export const zNormalizeRequest = z
  .object({ convertUnits: z.enum(["auto", "metric", "us", "none"]).nullish() })
  .meta({ id: "NormalizeRequest" });

async function optionalJson(text: string): Promise<unknown> {
  return text.trim() ? JSON.parse(text) : {};
}

/**
 * Normalization (Flow C): start it on a draft or a stored recipe, apply a proposal (all, Low only,
 * or picked operations), and restore a recipe's version (the history itself is the recipes family's).
 */
export function normalizeRoutes(ladle: Ladle): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  const start = async (
    c: Context<AuthEnv>,
    target: { recipeId: string } | { taskId: string },
    threadId: string | null,
  ) => {
    let body: unknown;
    try {
      body = await optionalJson(await c.req.text());
    } catch {
      return sendError(c, "INVALID_PAYLOAD", "Request body is not valid JSON.");
    }
    const req = zNormalizeRequest.safeParse(body);
    if (!req.success)
      return sendError(c, "INVALID_PAYLOAD", "convertUnits must be auto, metric, us or none.");
    const res = await ladle.tasks.create({
      agentType: "Ingest",
      threadId,
      requestedBy: c.get("caller").id,
      requester: c.get("caller"),
      payload: { mode: "Normalize", ...target, convertUnits: req.data.convertUnits ?? null },
    });
    if (!res.ok) return sendFailure(c, res);
    c.header("Location", `/api/tasks/${res.value.taskId}`);
    return c.json(res.value, 202);
  };

  r.post("/tasks/:id/normalize", async (c) => {
    const task = await ladle.tasks.get(c.req.param("id"), c.get("caller"));
    if (!task.ok) return sendFailure(c, task);
    // The follow-up joins the import session's thread (§7.1).
    return start(c, { taskId: task.value.taskId }, task.value.threadId);
  });

  r.post("/recipes/:id/normalize", async (c) =>
    start(c, { recipeId: c.req.param("id") }, c.req.query("threadId") ?? null),
  );

  r.post("/tasks/:id/apply", async (c) => {
    const body = await readJson(c, "INVALID_PAYLOAD");
    if (!body.ok) return sendFailure(c, body);
    const req = zApplyRequest.safeParse(body.value);
    if (!req.success)
      return sendError(c, "INVALID_PAYLOAD", 'accept must be "all", "low", or a list of operation ids.');
    const res = await ladle.normalize.apply(c.req.param("id"), req.data, c.get("caller"));
    if (!res.ok) return sendFailure(c, res);
    return c.json(res.value);
  });

  r.get("/tasks/:id/draft-versions", async (c) => {
    const task = await ladle.tasks.get(c.req.param("id"), c.get("caller"));
    if (!task.ok) return sendFailure(c, task);
    return c.json({
      taskId: task.value.taskId,
      versions: await ladle.normalize.draftVersions(task.value.taskId),
    });
  });

  r.post("/recipes/:id/versions/:n/restore", async (c) => {
    const n = Number(c.req.param("n"));
    if (!Number.isInteger(n) || n < 1)
      return sendError(c, "INVALID_REQUEST", "The version is a positive number.");
    const ifMatch = c.req.header("if-match");
    const expected = ifMatch ? Number(/^(?:W\/)?"?(\d+)"?$/.exec(ifMatch.trim())?.[1] ?? NaN) : null;
    if (ifMatch && !Number.isInteger(expected))
      return sendError(
        c,
        "INVALID_REQUEST",
        `If-Match must be the recipe's current version, got ${ifMatch}.`,
      );
    const res = await ladle.normalize.restore(c.req.param("id"), n, c.get("caller"), expected);
    if (!res.ok) return sendFailure(c, res);
    return c.json(res.value);
  });

  return r;
}
