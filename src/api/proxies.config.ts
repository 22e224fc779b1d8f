import ipaddr from "ipaddr.js";
import { z } from "zod";

/** Words for common ranges, so a config need not spell out CIDRs. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  private: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7", "169.254.0.0/16", "fe80::/10"],
};

export type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** The ranges an entry of `Server:TrustedProxies` names; throws when it names none. */
export function parseRange(entry: string): Range[] {
  const named = NAMED_RANGES[entry.toLowerCase()];
  if (named) return named.flatMap(parseRange);
  if (entry.includes("/")) return [ipaddr.parseCIDR(entry)];
  const addr = ipaddr.process(entry);
  return [[addr, addr.kind() === "ipv4" ? 32 : 128]];
}

/**
 * `Server:TrustedProxies` (env `LADLE_TRUSTED_PROXIES`): the reverse proxies whose `X-Forwarded-*`
 * headers are believed. A list, or (from the environment) one comma-separated string. Empty: none.
 */
export const zTrustedProxies = z
  .preprocess(
    commaList,
    z.array(
      z.string().refine(
        (s) => {
          try {
            return parseRange(s).length > 0;
          } catch {
            return false;
          }
        },
        { message: "expected an IP address, a CIDR range (10.0.0.0/8), 'loopback' or 'private'" },
      ),
    ),
  )
  .default([]);

/**
 * `Server:PublicOrigins` (env `LADLE_PUBLIC_ORIGINS`): the addresses people type to reach Ladle
 * (`https://recipes.example.com`), when that is a name other than localhost or an IP address. A
 * request under any other name is refused (DNS rebinding), and a change sent from any other origin
 * is refused (cross-site). Stored as origins (scheme, host, port).
 */
export const zPublicOrigins = z
  .preprocess(
    commaList,
    z.array(
      z
        .string()
        .refine((s) => /^https?:\/\/[^/?#]+\/?$/i.test(s) && URL.canParse(s), {
          message: "expected an origin such as https://recipes.example.com (scheme and host, no path)",
        })
        .transform((s) => new URL(s).origin),
    ),
  )
  .default([]);

function commaList(v: unknown): unknown {
  return typeof v === "string"
    ? v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : v;
}
