import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

/** Resolves a hostname to its addresses (strings). Tests stub it; nothing else should resolve. */
export type Resolver = (hostname: string) => Promise<string[]>;

/** The system resolver (getaddrinfo), all addresses in resolver order. */
export function systemResolver(): Resolver {
  return async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
}

export interface UrlPolicy {
  /**
   * Hostnames, IPs or CIDRs the fetcher may reach although they are not public
   * (e.g. "127.0.0.1", "10.0.0.0/8", "localhost"). Empty by default.
   */
  allowPrivateHosts: string[];
}

export type PolicyCode =
  | "URL_INVALID"
  | "SCHEME_NOT_ALLOWED"
  | "CREDENTIALS_NOT_ALLOWED"
  | "HOST_NOT_ALLOWED"
  | "ADDRESS_NOT_ALLOWED"
  | "DNS_FAILED";

export type UrlCheck =
  { allowed: true; url: URL; addresses: string[] } | { allowed: false; code: PolicyCode; reason: string };

// Names that only ever mean something inside a network (RFC 6761, 6762, 8375, ICANN .internal).
const INTERNAL_SUFFIXES = [
  ".localhost",
  ".local",
  ".localdomain",
  ".internal",
  ".home.arpa",
  ".lan",
  ".intranet",
];

function parseIp(s: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.parse(s);
  } catch {
    return null;
  }
}

/**
 * Names the range an address belongs to; "public" only for global unicast. IPv4 inside IPv6
 * (mapped) is judged by the IPv4 address; compatible, NAT64, 6to4 and Teredo forms are refused
 * outright since they tunnel to addresses we cannot see.
 */
export function classifyAddress(ip: string): string {
  const addr = parseIp(ip.replace(/^\[|\]$/g, ""));
  if (!addr) return "invalid";
  if (addr.kind() === "ipv6") {
    const v6 = addr as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return classifyAddress(v6.toIPv4Address().toString());
    const range = v6.range();
    if (range !== "unicast") return range;
    const parts = v6.parts;
    if (parts.slice(0, 6).every((p) => p === 0)) return "ipv4Compatible";
    // Only 2000::/3 is allocated global unicast.
    if (parts[0]! < 0x2000 || parts[0]! > 0x3fff) return "unallocated";
    return "public";
  }
  const range = (addr as ipaddr.IPv4).range();
  return range === "unicast" ? "public" : range;
}

/** True when the address is globally routable unicast. */
export function isPublicAddress(ip: string): boolean {
  return classifyAddress(ip) === "public";
}

function inAllowList(host: string, address: string | null, allow: string[]): boolean {
  for (const entry of allow) {
    const e = entry.trim().toLowerCase().replace(/\.$/, "");
    if (!e) continue;
    if (e.includes("/")) {
      if (!address) continue;
      try {
        const [net, bits] = ipaddr.parseCIDR(e);
        let a = ipaddr.parse(address);
        if (a.kind() === "ipv6" && (a as ipaddr.IPv6).isIPv4MappedAddress())
          a = (a as ipaddr.IPv6).toIPv4Address();
        if (a.kind() === net.kind() && a.match(net, bits)) return true;
      } catch {
        // not a CIDR: ignore
      }
    } else if (address && parseIp(e)) {
      if (ipaddr.parse(e).toNormalizedString() === ipaddr.parse(address).toNormalizedString()) return true;
    } else if (e === host) return true;
  }
  return false;
}

/**
 * Decides whether a URL may be fetched, without connecting anywhere: scheme, credentials,
 * host name rules, then every resolved address must be public (or explicitly allowed).
 * The returned addresses are the ones to pin the connection to.
 */
export async function checkUrl(
  input: string | URL,
  resolver: Resolver,
  policy: UrlPolicy,
): Promise<UrlCheck> {
  let url: URL;
  try {
    url = typeof input === "string" ? new URL(input) : new URL(input.href);
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
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!host) return { allowed: false, code: "URL_INVALID", reason: "URL has no host" };
  const allow = policy.allowPrivateHosts;

  // IP literal: WHATWG URL has already turned decimal, octal, hex and short forms into dotted quads.
  const literal = host.startsWith("[") ? host.slice(1, -1) : parseIp(host) ? host : null;
  if (literal !== null) {
    const kind = classifyAddress(literal);
    if (kind === "invalid")
      return { allowed: false, code: "URL_INVALID", reason: `invalid IP address ${literal}` };
    if (kind !== "public" && !inAllowList(host, literal, allow)) {
      return { allowed: false, code: "ADDRESS_NOT_ALLOWED", reason: `${literal} is a ${kind} address` };
    }
    return { allowed: true, url, addresses: [literal] };
  }

  const nameAllowed = inAllowList(host, null, allow);
  if (!nameAllowed) {
    if (host === "localhost" || INTERNAL_SUFFIXES.some((s) => host.endsWith(s))) {
      return { allowed: false, code: "HOST_NOT_ALLOWED", reason: `${host} is a local or internal name` };
    }
    if (!host.includes(".")) {
      return {
        allowed: false,
        code: "HOST_NOT_ALLOWED",
        reason: `single-label host ${host} only resolves inside a network`,
      };
    }
  }

  let addresses: string[];
  try {
    addresses = await resolver(host);
  } catch (err) {
    return {
      allowed: false,
      code: "DNS_FAILED",
      reason: `could not resolve ${host}: ${(err as Error).message}`,
    };
  }
  if (addresses.length === 0)
    return { allowed: false, code: "DNS_FAILED", reason: `${host} has no addresses` };
  if (!nameAllowed) {
    for (const a of addresses) {
      const kind = classifyAddress(a);
      if (kind !== "public" && !inAllowList(host, a, allow)) {
        return {
          allowed: false,
          code: "ADDRESS_NOT_ALLOWED",
          reason: `${host} resolves to ${a}, a ${kind} address`,
        };
      }
    }
  }
  return { allowed: true, url, addresses };
}
