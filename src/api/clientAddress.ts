import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import ipaddr from "ipaddr.js";
import { parseRange, type Range } from "./proxies.config.ts";

/**
 * Who is asking, as seen through reverse proxies. `X-Forwarded-For`, `-Proto` and `-Host` are
 * believed only when the socket's peer is one of `Server:TrustedProxies` (addresses or CIDR
 * ranges, or the words `loopback`, `private`); from anyone else they are the client's own words and
 * are ignored. Rate limits, sign-in lockouts, HSTS, the Secure cookie and the Host check all read
 * the request through these functions.
 */

const compiled = new WeakMap<readonly string[], Range[]>();

function rangesOf(trusted: readonly string[]): Range[] {
  let ranges = compiled.get(trusted);
  if (!ranges) {
    ranges = trusted.flatMap(parseRange);
    compiled.set(trusted, ranges);
  }
  return ranges;
}

/**
 * The latest addresses' plain forms. One request asks for its peer's several times (the Host check,
 * HSTS, the rate limit's key, the sign-in lockout: 3-4 on a create), and each parse by ipaddr.js
 * cost some 20 µs; peers repeat (the same clients, the same proxy). Pure: an entry is never stale.
 */
const KEPT = 256;
const plain = new Map<string, string | null>();

/** The address in its plain form (an IPv4-mapped IPv6 address as IPv4), or null when not one. */
export function normalizeAddress(address: string): string | null {
  let out = plain.get(address);
  if (out !== undefined) return out;
  const bare = address.trim().replace(/^\[(.*)\]$/, "$1");
  out = ipaddr.isValid(bare) ? ipaddr.process(bare).toString() : null;
  if (plain.size >= KEPT) plain.delete(plain.keys().next().value!);
  plain.set(address, out);
  return out;
}

/** True when `address` is one of the trusted proxies. */
export function isTrustedProxy(address: string, trusted: readonly string[]): boolean {
  if (trusted.length === 0) return false;
  const plain = normalizeAddress(address);
  if (!plain) return false;
  const addr = ipaddr.process(plain);
  return rangesOf(trusted).some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits));
}

/** The socket's peer address (a test's `app.request(url, init, env)` may hand one in), or null. */
export function socketAddress(c: Context): string | null {
  try {
    const a = getConnInfo(c).remote.address;
    return a ? (normalizeAddress(a) ?? a) : null;
  } catch {
    return null; // app.request() without an env has no socket
  }
}

/**
 * The client's address: the socket's peer, or, when that peer is a trusted proxy, the nearest
 * address in `X-Forwarded-For` not itself a trusted proxy (read right to left: each proxy appends
 * the peer it saw, so everything left of the first untrusted hop is the client's to invent).
 * Hand-written over ipaddr.js because proxy-addr expects Node's request object, not Hono's.
 * "unknown" when there is no socket (tests' app.request()).
 */
export function clientAddress(c: Context, trusted: readonly string[]): string {
  const peer = socketAddress(c);
  if (!peer) return "unknown";
  if (!isTrustedProxy(peer, trusted)) return peer;
  const hops = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(hops[i]!);
    if (!hop) break; // not an address: nothing further left can be believed
    client = hop;
    if (!isTrustedProxy(hop, trusted)) break;
  }
  return client;
}

/** A forwarded header's value when the socket's peer is a trusted proxy: the first (outermost) entry. */
function forwarded(c: Context, name: string, trusted: readonly string[]): string | undefined {
  const peer = socketAddress(c);
  if (!peer || !isTrustedProxy(peer, trusted)) return undefined;
  const v = c.req.header(name)?.split(",")[0]?.trim();
  return v || undefined;
}

/** "https" or "http": how the client reached us (a trusted proxy's `X-Forwarded-Proto`, else the URL). */
export function requestProtocol(c: Context, trusted: readonly string[]): "https" | "http" {
  const proto = forwarded(c, "x-forwarded-proto", trusted)?.toLowerCase();
  if (proto === "https" || proto === "http") return proto;
  return new URL(c.req.url).protocol === "https:" ? "https" : "http";
}

/** The host name (with port) the client asked for: a trusted proxy's `X-Forwarded-Host`, else `Host`. */
export function requestHost(c: Context, trusted: readonly string[]): string {
  return (
    forwarded(c, "x-forwarded-host", trusted) ??
    c.req.header("host") ??
    new URL(c.req.url).host
  ).toLowerCase();
}

/**
 * True when the request comes from the server's own machine: the person at its keyboard, who may
 * make the first run without the setup code. A loopback peer that forwards for someone (a reverse
 * proxy on the same machine) is not that person, unless it is a trusted proxy naming a loopback client.
 */
export function fromThisMachine(c: Context, trusted: readonly string[]): boolean {
  const peer = socketAddress(c);
  if (!peer) return false;
  const forwards = c.req.header("x-forwarded-for") !== undefined || c.req.header("forwarded") !== undefined;
  if (forwards && !isTrustedProxy(peer, trusted)) return false;
  const client = normalizeAddress(clientAddress(c, trusted));
  return client !== null && ipaddr.process(client).range() === "loopback";
}
