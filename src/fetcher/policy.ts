import { lookup } from "node:dns/promises";
import net from "node:net";
import ipaddr from "ipaddr.js";

/** Resolves a hostname to its addresses (strings). Tests stub it; nothing else should resolve. */
export type Resolver = (hostname: string) => Promise<string[]>;

/** The system resolver (getaddrinfo), all addresses in resolver order. */
export function systemResolver(): Resolver {
  return async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
}

/** What the operator lets through besides the public internet. */
export interface UrlPolicy {
  /**
   * Hostnames, IPs or CIDRs the fetcher may reach although they are not public
   * (e.g. "127.0.0.1", "10.0.0.0/8", "localhost", "::1"). Empty by default.
   */
  allowPrivateHosts: string[];
}

import type { PolicyCode } from "../domain/fetched.ts";
export type { PolicyCode };

/** The verdict on a URL; when allowed, `addresses` are the vetted ones to pin the connection to. */
export type UrlCheck =
  { allowed: true; url: URL; addresses: string[] } | { allowed: false; code: PolicyCode; reason: string };

// Names that only ever mean something inside a network: RFC 6761 (.localhost, .invalid), RFC 6762
// (.local), RFC 8375 (.home.arpa), ICANN's .internal, RFC 7686 (.onion), names ICANN will never
// delegate (.corp, .home) and common home-router suffixes. ".arpa" also covers reverse-DNS names.
const INTERNAL_SUFFIXES = [
  ".localhost",
  ".local",
  ".localdomain",
  ".internal",
  ".arpa",
  ".invalid",
  ".onion",
  ".corp",
  ".home",
  ".lan",
  ".intranet",
];

type Ip = ipaddr.IPv4 | ipaddr.IPv6;

/** Parses a canonical IP address (brackets and zone tolerated); anything else is null. */
function parseIp(s: string): Ip | null {
  const bare = s.replace(/^\[(.*)\]$/, "$1");
  // net.isIP accepts only canonical forms; ipaddr.js alone would also read "127.1" or "0x7f000001",
  // which a socket would not treat as an address.
  if (!net.isIP(bare)) return null;
  try {
    return ipaddr.parse(bare);
  } catch {
    return null;
  }
}

/** IPv4-mapped IPv6 addresses are the IPv4 address they carry. */
function unmap(a: Ip): Ip {
  return a.kind() === "ipv6" && (a as ipaddr.IPv6).isIPv4MappedAddress()
    ? (a as ipaddr.IPv6).toIPv4Address()
    : a;
}

/**
 * Names the range an address belongs to; "public" only for global unicast. IPv4-mapped addresses
 * and the NAT64 well-known prefix 64:ff9b::/96 are judged by the IPv4 address inside them (so
 * DNS64 networks keep working). IPv4-compatible, local-use NAT64 (64:ff9b:1::/48), 6to4 and Teredo
 * are refused outright: they tunnel to hosts we cannot see. Zone ids and non-canonical spellings
 * are refused too.
 */
export function classifyAddress(ip: string): string {
  const addr = parseIp(ip);
  if (!addr) return "invalid";
  if (addr.kind() === "ipv4") {
    const range = (addr as ipaddr.IPv4).range();
    return range === "unicast" ? "public" : range;
  }
  const v6 = addr as ipaddr.IPv6;
  // A zone only makes sense for link-scoped addresses; on anything else it is a trick.
  if (v6.zoneId) return "zoneId";
  if (v6.isIPv4MappedAddress()) return classifyAddress(v6.toIPv4Address().toString());
  const parts = v6.parts;
  if (v6.match(ipaddr.IPv6.parse("64:ff9b::"), 96)) {
    const inner = classifyAddress(ipaddr.fromByteArray(v6.toByteArray().slice(12)).toString());
    return inner === "public" ? "public" : `nat64(${inner})`;
  }
  const range = v6.range();
  if (range !== "unicast") return range;
  if (parts.slice(0, 6).every((p) => p === 0)) return "ipv4Compatible";
  // Only 2000::/3 is allocated as global unicast; the rest of "unicast" is unassigned space.
  if (parts[0]! < 0x2000 || parts[0]! > 0x3fff) return "unallocated";
  return "public";
}

/** True when the address is globally routable unicast. */
export function isPublicAddress(ip: string): boolean {
  return classifyAddress(ip) === "public";
}

/** The allow list split once into names, single addresses and networks. */
interface AllowList {
  names: Set<string>;
  ips: Ip[];
  cidrs: [Ip, number][];
}

/**
 * Compiled lists by the configured array: every submitted and fetched URL is checked against the
 * same one (parsing its addresses again was a few percent of an import's CPU in the API and worker).
 */
const compiled = new WeakMap<string[], AllowList>();

function compileAllowList(entries: string[]): AllowList {
  let list = compiled.get(entries);
  if (!list) {
    list = compileAllowListNow(entries);
    compiled.set(entries, list);
  }
  return list;
}

function compileAllowListNow(entries: string[]): AllowList {
  const list: AllowList = { names: new Set(), ips: [], cidrs: [] };
  for (const entry of entries) {
    const e = entry.trim().toLowerCase().replace(/\.+$/, "");
    if (!e) continue;
    if (e.includes("/")) {
      try {
        const [range, bits] = ipaddr.parseCIDR(e.replace(/^\[(.*)\]/, "$1"));
        const mapped = range.kind() === "ipv6" && (range as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96;
        list.cidrs.push(mapped ? [unmap(range), bits - 96] : [range, bits]);
      } catch {
        // Not a CIDR: config validation reports it; here it simply allows nothing.
      }
      continue;
    }
    const ip = parseIp(e);
    if (ip) list.ips.push(unmap(ip));
    else list.names.add(e);
  }
  return list;
}

function addressAllowed(address: string, allow: AllowList): boolean {
  const parsed = parseIp(address);
  if (!parsed) return false;
  const a = unmap(parsed);
  if (allow.ips.some((ip) => ip.kind() === a.kind() && ip.toNormalizedString() === a.toNormalizedString()))
    return true;
  return allow.cidrs.some(([range, bits]) => range.kind() === a.kind() && a.match(range, bits));
}

const refuse = (code: PolicyCode, reason: string): UrlCheck => ({ allowed: false, code, reason });
/** Private and loopback refusals say how an operator allows them (local demos). */
const ALLOW_HINT = (what: string) =>
  `; to fetch it anyway for local development, set LADLE_ALLOW_PRIVATE_HOSTS=${what}`;

/** What can be decided about a URL without DNS: a refusal, a vetted IP literal, or a name to resolve. */
type ShapeCheck =
  | { allowed: false; code: PolicyCode; reason: string }
  | { allowed: true; url: URL; addresses: string[] }
  | { allowed: "resolve"; url: URL; host: string; nameAllowed: boolean; allow: AllowList };

function checkShape(input: string | URL, policy: UrlPolicy): ShapeCheck {
  let url: URL;
  try {
    // WHATWG parsing canonicalizes decimal, octal, hex and short IPv4 forms, IDNA and full-width dots.
    url = new URL(typeof input === "string" ? input : input.href);
  } catch {
    return { allowed: false, code: "URL_INVALID", reason: "not a valid absolute URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return {
      allowed: false,
      code: "SCHEME_NOT_ALLOWED",
      reason: `scheme ${url.protocol.replace(":", "")} is not allowed; only http and https`,
    };
  }
  if (url.username || url.password) {
    return {
      allowed: false,
      code: "CREDENTIALS_NOT_ALLOWED",
      reason: "URLs with user names or passwords are not fetched",
    };
  }
  // "example.com." and "example.com" are the same host.
  const host = url.hostname.toLowerCase().replace(/\.+$/, "");
  if (!host) return { allowed: false, code: "URL_INVALID", reason: "URL has no host" };
  const allow = compileAllowList(policy.allowPrivateHosts);

  const literal = parseIp(host);
  if (literal) {
    const address = host.replace(/^\[(.*)\]$/, "$1");
    const kind = classifyAddress(address);
    if (kind !== "public" && !addressAllowed(address, allow)) {
      return {
        allowed: false,
        code: "ADDRESS_NOT_ALLOWED",
        reason: `${address} is a ${kind} address${ALLOW_HINT(address)}`,
      };
    }
    return { allowed: true, url, addresses: [address] };
  }
  if (host.startsWith("["))
    return { allowed: false, code: "URL_INVALID", reason: `invalid IP address ${host}` };

  const nameAllowed = allow.names.has(host);
  if (!nameAllowed) {
    if (host.split(".").some((label) => label === "")) {
      return { allowed: false, code: "HOST_NOT_ALLOWED", reason: `${host} has an empty label` };
    }
    if (host === "localhost" || INTERNAL_SUFFIXES.some((s) => host.endsWith(s))) {
      return {
        allowed: false,
        code: "HOST_NOT_ALLOWED",
        reason: `${host} is a local or internal name${ALLOW_HINT(host)}`,
      };
    }
    if (!host.includes(".")) {
      return {
        allowed: false,
        code: "HOST_NOT_ALLOWED",
        reason: `single-label host ${host} only resolves inside a network`,
      };
    }
  }
  return { allowed: "resolve", url, host, nameAllowed, allow };
}

/**
 * What every family checks when a URL is submitted, before anything is stored or queued: http(s)
 * only, no credentials, no IP literal in a blocked range, no local or internal name. No DNS: the
 * worker's `checkUrl` decides again at fetch time, since what a name resolves to can change.
 */
export function checkSubmittedUrl(
  input: string,
  policy: UrlPolicy,
): { allowed: true; url: URL } | { allowed: false; code: PolicyCode; reason: string } {
  const r = checkShape(input, policy);
  if (r.allowed === false) return r;
  return { allowed: true, url: r.url };
}

/**
 * Decides whether a URL may be fetched, without connecting anywhere: scheme, credentials, host
 * name rules, then every resolved address must be public or explicitly allowed. The returned
 * addresses are the ones to pin the connection to; nothing else may be connected to.
 */
export async function checkUrl(
  input: string | URL,
  resolver: Resolver,
  policy: UrlPolicy,
): Promise<UrlCheck> {
  const shape = checkShape(input, policy);
  if (shape.allowed !== "resolve") return shape;
  const { host, nameAllowed, allow } = shape;
  const url = shape.url;

  let addresses: string[];
  try {
    addresses = await resolver(host);
  } catch (err) {
    const code = (err as { code?: string }).code;
    return refuse("DNS_FAILED", `could not resolve ${host}: ${code ?? (err as Error).message}`);
  }
  if (addresses.length === 0) return refuse("DNS_FAILED", `${host} has no addresses`);
  for (const a of addresses) {
    const kind = classifyAddress(a);
    if (kind === "invalid") return refuse("DNS_FAILED", `${host} resolved to ${a}, not an IP address`);
    // A listed name may resolve to private space; that is the point of listing it.
    if (kind !== "public" && !nameAllowed && !addressAllowed(a, allow)) {
      return refuse("ADDRESS_NOT_ALLOWED", `${host} resolves to ${a}, a ${kind} address${ALLOW_HINT(host)}`);
    }
  }
  return { allowed: true, url, addresses };
}
