import { BlockList, isIP } from "node:net";
import type { Context } from "hono";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { Caller } from "../domain/user.ts";
import type { UsersService } from "../services/users.service.ts";
import { clientAddress } from "./clientAddress.ts";

/** Node's own address matcher (BlockList) over the configured proxies: addresses and CIDR ranges. */
export function proxyMatcher(addresses: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const a of addresses) {
    const [net, bits] = a.split("/");
    const family = isIP(net ?? "") === 6 ? "ipv6" : "ipv4";
    if (!isIP(net ?? "")) throw new Error(`Auth:ProxyAddresses: "${a}" is not an address or CIDR range`);
    if (bits === undefined) list.addAddress(net!, family);
    else list.addSubnet(net!, Number(bits), family);
  }
  return (address) => {
    const a = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");
    const family = isIP(a);
    return family !== 0 && list.check(a, family === 6 ? "ipv6" : "ipv4");
  };
}

/**
 * The person a trusted proxy's header names, or null: only when the header is configured, sent, and
 * the request's socket is one of the proxies. From any other address the header is ignored and
 * logged (a client must not name itself); an unknown or disabled person is nobody.
 */
export function proxySignIn(
  config: Config,
  users: UsersService,
  log: Logger | undefined,
): (c: Context) => Promise<Caller | null> {
  const header = config.Auth.ProxyHeader;
  if (!header) return async () => null;
  const trusted = proxyMatcher(config.Auth.ProxyAddresses);
  return async (c) => {
    const name = c.req.header(header)?.trim();
    if (!name) return null;
    const from = clientAddress(c);
    if (!trusted(from)) {
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
