import type { Context, MiddlewareHandler } from "hono";
import ipaddr from "ipaddr.js";
import type { Config } from "../config.ts";
import { requestHost } from "./clientAddress.ts";
import { sendError } from "./respond.ts";

type ServerConfig = Pick<Config["Server"], "Host" | "TrustedProxies" | "PublicOrigins">;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The host name of a `Host` value (`[::1]:3000` → `::1`, `Example.com:80` → `example.com`). */
function hostnameOf(host: string): string {
  try {
    return new URL(`http://${host}`).hostname.replace(/^\[(.*)\]$/, "$1");
  } catch {
    return "";
  }
}

/**
 * Whether Ladle serves this host name. An IP address cannot be rebound and `localhost` never leaves
 * the machine; any other name must be the bind name or one of `Server:PublicOrigins`, because a
 * name an attacker controls can be pointed at this server (DNS rebinding) to read it from their page.
 */
export function servedHost(host: string, server: ServerConfig): boolean {
  const name = hostnameOf(host);
  if (!name) return false;
  if (name === "localhost" || name.endsWith(".localhost") || ipaddr.isValid(name)) return true;
  if (name === server.Host.toLowerCase()) return true;
  return server.PublicOrigins.some((o) => new URL(o).hostname === name);
}

/**
 * Whether a request that changes something comes from Ladle's own pages or from no browser page
 * at all. The browser's Fetch Metadata (`Sec-Fetch-Site`) first: Ladle's pages send no referrer, so
 * their form posts carry `Origin: null`. Then `Origin`: this request's own host, or one of
 * `Server:PublicOrigins`. Scripts and the CLI send neither, and no other site's page can make a
 * browser omit both.
 */
export function sameOriginWrite(c: Context, server: ServerConfig): boolean {
  if (SAFE_METHODS.has(c.req.method)) return true;
  const site = c.req.header("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = c.req.header("origin");
  if (origin === undefined) return true;
  if (origin === "null") return site !== undefined;
  if (!URL.canParse(origin)) return false;
  const o = new URL(origin);
  return o.host === requestHost(c, server.TrustedProxies) || server.PublicOrigins.includes(o.origin);
}

/**
 * A request that brings its own credential, an API token in `Authorization`, and no cookie: no
 * other site's page can make a browser add that header for it (it would need the token, and the
 * CORS preflight Ladle never answers), so it is no forged request whatever its origin. Ladle's
 * browser extension sends pages this way from its own origin; auth checks the token, in every mode.
 */
export function tokenOnlyRequest(c: Context): boolean {
  return /^Bearer\s+\S/i.test(c.req.header("authorization") ?? "") && c.req.header("cookie") === undefined;
}

/**
 * One rule for every request in every mode (signed in, by token, the no-user loopback mode):
 * a host name Ladle does not serve is refused (421, before anything is read), and a state-changing
 * request sent by another site's page is refused (403), unless it carries a token and no cookie.
 */
export function originPolicy(server: ServerConfig): MiddlewareHandler {
  return async (c, next) => {
    const host = requestHost(c, server.TrustedProxies);
    if (!servedHost(host, server)) return sendError(c, "UNKNOWN_HOST");
    if (!sameOriginWrite(c, server) && !tokenOnlyRequest(c)) return sendError(c, "CROSS_SITE_REQUEST");
    return next();
  };
}
