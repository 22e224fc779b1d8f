import { timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { isLoopbackBind, type Config } from "../config.ts";
import { sendError } from "./respond.ts";

/** The caller, as the auth middleware decided. */
export interface Caller {
  name: string;
  role: "admin" | "user";
}

export type AuthEnv = { Variables: { caller: Caller } };

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Bearer-token auth. With no users configured and a loopback bind, every caller is the one
 * local admin (spec README, "Who may do what"); otherwise a valid token is required.
 */
export function auth(config: Config): MiddlewareHandler<AuthEnv> {
  const users = config.Auth.Users;
  const open = users.length === 0 && isLoopbackBind(config.Server.Host);
  return async (c, next) => {
    if (open) {
      c.set("caller", { name: "local", role: "admin" });
      return next();
    }
    const header = c.req.header("authorization") ?? "";
    const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
    const user = token ? users.find((u) => same(u.token, token)) : undefined;
    if (!user) return sendError(c, "UNAUTHORIZED");
    c.set("caller", { name: user.name, role: user.role });
    return next();
  };
}
