import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { isIP } from "node:net";

/** The client's address: the socket's (no proxy header is trusted here). */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no socket
  }
}

/**
 * True when the request comes from this machine (a loopback socket address): the person at the
 * server's keyboard, who may make the first run without the setup code.
 */
export function fromThisMachine(c: Context): boolean {
  const a = clientAddress(c).replace(/^::ffff:/, "");
  if (a === "::1") return true;
  return isIP(a) === 4 && a.startsWith("127.");
}
