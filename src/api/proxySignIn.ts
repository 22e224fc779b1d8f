import type { Context } from "hono";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { Caller } from "../domain/user.ts";
import type { UsersService } from "../services/users/index.ts";
import { isTrustedProxy, socketAddress } from "./clientAddress.ts";

/**
 * The person a trusted proxy's header names, or null: only when the header is configured, sent, and
 * the request's socket is one of `Server:TrustedProxies`. From any other address the header is ignored and
 * logged (a client must not name itself); an unknown or disabled person is nobody.
 */
export function proxySignIn(
  config: Config,
  users: UsersService,
  log: Logger | undefined,
): (c: Context) => Promise<Caller | null> {
  const header = config.Auth.ProxyHeader;
  if (!header) return async () => null;
  const trusted = config.Server.TrustedProxies;
  return async (c) => {
    const name = c.req.header(header)?.trim();
    if (!name) return null;
    // The socket's own peer: the proxy itself must be trusted, not an address it forwards.
    const from = socketAddress(c) ?? "unknown";
    if (!isTrustedProxy(from, trusted)) {
      log?.warn(
        { header, from },
        "A sign-in header came from an address that is not a trusted proxy: ignored",
      );
      return null;
    }
    const user = await users.get(name);
    if (!user.ok) {
      log?.info({ header, from }, "The proxy named a person who is not on this server");
      return null;
    }
    return users.activeCaller(user.value.id);
  };
}
