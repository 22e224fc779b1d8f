import { Hono } from "hono";
import { zCreatePromptRequest } from "../../domain/prompt.ts";
import type { Ladle } from "../../services/ladle.ts";
import type { AuthEnv } from "../auth.ts";
import { readJson, sendError, sendFailure } from "../respond.ts";

/** `/api/prompts`: the prompt registry's control plane (§8.1), admin only. */
export function promptsRoutes(ladle: Ladle): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  r.use("*", async (c, next) => {
    if (c.get("caller").role !== "admin") return sendError(c, "FORBIDDEN");
    return next();
  });

  r.get("/", async (c) => c.json({ prompts: await ladle.prompts.list(c.req.query("phase") || undefined) }));

  r.get("/:id", async (c) => {
    const res = await ladle.prompts.get(c.req.param("id"), c.req.query("phase") || undefined);
    return res.ok ? c.json(res.value) : sendFailure(c, res);
  });

  r.post("/", async (c) => {
    const body = await readJson(c, "INVALID_PROMPT");
    if (!body.ok) return sendFailure(c, body);
    const req = zCreatePromptRequest.safeParse(body.value);
    if (!req.success) {
      return sendError(
        c,
        "INVALID_PROMPT",
        req.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
      );
    }
    const res = await ladle.prompts.create(req.data, c.get("caller").name);
    if (!res.ok) return sendFailure(c, res);
    c.header("Location", `/api/prompts/${res.value.id}?phase=${encodeURIComponent(res.value.phase)}`);
    return c.json(res.value, 201);
  });

  r.post("/:id/activate", async (c) => {
    const res = await ladle.prompts.activate(c.req.param("id"), c.req.query("phase") || undefined);
    return res.ok ? c.json(res.value) : sendFailure(c, res);
  });

  r.post("/:id/deactivate", async (c) => {
    const res = await ladle.prompts.deactivate(c.req.param("id"), c.req.query("phase") || undefined);
    return res.ok ? c.json(res.value) : sendFailure(c, res);
  });

  return r;
}
