import { readFileSync } from "node:fs";
import type { Resolver } from "../../src/fetcher/policy.ts";

const dir = new URL("../fixtures/security/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, dir), "utf8");

/** One URL of ssrf_block.txt / ssrf_allow.txt with the `# category:` it sits under. */
export interface CorpusEntry {
  category: string;
  url: string;
}

/** The entries of a corpus text file, in order, each with its category. */
export function loadCorpus(file: "ssrf_block.txt" | "ssrf_allow.txt"): CorpusEntry[] {
  let category = "";
  const out: CorpusEntry[] = [];
  for (const line of read(file).split("\n")) {
    if (line.startsWith("# category:")) category = line.slice("# category:".length).trim();
    else if (line.trim() && !line.startsWith("#")) out.push({ category, url: line.trim() });
  }
  return out;
}

/** ssrf_block.annotated.json: why each block entry is blocked. */
export interface AnnotatedEntry {
  url: string;
  category: string;
  expect: "BLOCK" | "ALLOW";
  whatwg_host: string | null;
  /** e.g. "ipv4", "ipv6 ::1", "parse-error", "scheme file:", "name:localhost", "dns-stub 1.2.3.4,127.0.0.1". */
  check: string;
}

/** The annotated block list. */
export function loadAnnotatedBlock(): AnnotatedEntry[] {
  return JSON.parse(read("ssrf_block.annotated.json")) as AnnotatedEntry[];
}

/** ssrf_dns_stub.json. */
export const dnsStub = JSON.parse(read("ssrf_dns_stub.json")) as {
  block: Record<string, string[]>;
  allow: Record<string, string[]>;
  redirect_first_hop_hosts_resolve_public: string[];
};

/** ssrf_redirect_mock.json without its comment: first-hop URL → the redirect it answers with. */
export const redirectMock = Object.entries(
  JSON.parse(read("ssrf_redirect_mock.json")) as Record<string, unknown>,
).filter(([k]) => !k.startsWith("_")) as [string, { status: number; location: string }][];

/** A stand-in public address for names the stub does not list (example.com's documented address). */
export const PUBLIC_ADDRESS = "93.184.215.14";

/** A stub resolver that records what it was asked. */
export type RecordingResolver = Resolver & { calls: string[] };

/**
 * The corpus stub DNS, never real DNS. Allow-side names answer with all their addresses at once
 * (A and AAAA); block-side lists are successive answers (rebinding: the first public, later ones
 * internal; the last repeats). Names not in the table answer `fallback` (a public address by
 * default), or fail when `fallback` is null.
 */
export function corpusResolver(
  extra: Record<string, string[]> = {},
  fallback: string[] | null = [PUBLIC_ADDRESS],
): RecordingResolver {
  const turn = new Map<string, number>();
  const calls: string[] = [];
  const r = async (host: string): Promise<string[]> => {
    calls.push(host);
    const successive = extra[host] ?? dnsStub.block[host];
    if (successive) {
      const i = turn.get(host) ?? 0;
      turn.set(host, i + 1);
      return [successive[Math.min(i, successive.length - 1)]!];
    }
    const all = dnsStub.allow[host] ?? fallback;
    if (!all) throw Object.assign(new Error(`stub resolver: no entry for ${host}`), { code: "ENOTFOUND" });
    return [...all];
  };
  return Object.assign(r, { calls });
}
