import { Hono } from "hono";
import type { Ladle } from "../../services/ladle.ts";
import type { AuthEnv } from "../auth.ts";
import { readJson, sendFailure } from "../respond.ts";

/** `/api/webhooks`: the caller's webhooks, their test and their delivery log (issue 30 item 5). */
export function webhooksRoutes(ladle: Ladle): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const hooks = ladle.webhooks;

  r.get("/", async (c) => c.json({ webhooks: await hooks.list(c.get("caller")) }));

  r.post("/", async (c) => {
    const body = await readJson(c, "INVALID_WEBHOOK");
    if (!body.ok) return sendFailure(c, body);
    const res = await hooks.create(c.get("caller"), body.value);
    if (!res.ok) return sendFailure(c, res);
    c.header("Location", `/api/webhooks/${res.value.id}`);
    return c.json(res.value, 201);
  });

  r.get("/:id", async (c) => {
    const res = await hooks.get(c.get("caller"), c.req.param("id"));
    return res.ok ? c.json(res.value) : sendFailure(c, res);
  });

  r.patch("/:id", async (c) => {
    const body = await readJson(c, "INVALID_WEBHOOK");
    if (!body.ok) return sendFailure(c, body);
    const res = await hooks.update(c.get("caller"), c.req.param("id"), body.value);
    return res.ok ? c.json(res.value) : sendFailure(c, res);
  });

  r.delete("/:id", async (c) => {
    const res = await hooks.remove(c.get("caller"), c.req.param("id"));
    return res.ok ? c.json(res.value) : sendFailure(c, res);
  });

  r.get("/:id/deliveries", async (c) => {
    const res = await hooks.attempts(c.get("caller"), c.req.param("id"));
    return res.ok ? c.json({ attempts: res.value }) : sendFailure(c, res);
  });

  r.post("/:id/redeliver", async (c) => {
    const body = await readJson(c, "INVALID_WEBHOOK");
    if (!body.ok) return sendFailure(c, body);
    const res = await hooks.redeliver(c.get("caller"), c.req.param("id"), body.value);
    return res.ok ? c.json(res.value, 202) : sendFailure(c, res);
  });

  r.post("/:id/test", async (c) => {
    const res = await hooks.test(c.get("caller"), c.req.param("id"));
    return res.ok ? c.json(res.value, 202) : sendFailure(c, res);
  });
  return r;
}
