import type { MiddlewareHandler } from "hono";
import { requestProtocol } from "./clientAddress.ts";

/** A year: browsers then refuse plain http for this name, even when a link or a typed address asks for it. */
const HSTS = "max-age=31536000";

/**
 * Strict-Transport-Security on every answer given over https, directly or through a trusted proxy
 * (`X-Forwarded-Proto`); never over plain http, where it would mean nothing and localhost use would
 * be stuck with it.
 */
export function strictTransport(trustedProxies: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (requestProtocol(c, trustedProxies) === "https") c.header("Strict-Transport-Security", HSTS);
  };
}
