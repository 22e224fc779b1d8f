import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkUrl, classifyAddress, type Resolver } from "./policy.ts";

const dir = new URL("../../test/fixtures/security/", import.meta.url);
const stub = JSON.parse(readFileSync(new URL("ssrf_dns_stub.json", dir), "utf8")) as {
  block: Record<string, string[]>;
  allow: Record<string, string[]>;
};

/** Corpus entries grouped by category. */
function corpus(file: string): { category: string; url: string }[] {
  let category = "";
  const out: { category: string; url: string }[] = [];
  for (const line of readFileSync(new URL(file, dir), "utf8").split("\n")) {
    if (line.startsWith("# category:")) category = line.slice(11).trim();
    else if (line.trim() && !line.startsWith("#")) out.push({ category, url: line.trim() });
  }
  return out;
}

/**
 * Stub DNS: names in the stub give their answers in turn (a list = successive answers, i.e.
 * rebinding); other names resolve to a public documentation-free address. Never real DNS.
 */
function stubResolver(): Resolver & { calls: string[] } {
  const table: Record<string, string[]> = { ...stub.allow, ...stub.block };
  const turn = new Map<string, number>();
  const calls: string[] = [];
  const r = async (host: string) => {
    calls.push(host);
    const answers = table[host];
    if (!answers) return ["93.184.215.14"];
    const i = turn.get(host) ?? 0;
    turn.set(host, i + 1);
    return [answers[Math.min(i, answers.length - 1)]!];
  };
  return Object.assign(r, { calls });
}

const NO_PRIVATE = { allowPrivateHosts: [] };
const block = corpus("ssrf_block.txt");
const allow = corpus("ssrf_allow.txt");

describe("SSRF corpus: every URL in ssrf_block.txt is refused", () => {
  const direct = block.filter(
    (e) => !e.category.startsWith("NEEDS-REDIRECT-MOCK") && !e.category.includes("dns-rebinding"),
  );
  it.each(direct.map((e) => [e.category, e.url]))("%s: %s", async (_category, url) => {
    const res = await checkUrl(url, stubResolver(), NO_PRIVATE);
    expect(res.allowed, JSON.stringify(res)).toBe(false);
  });

  // The first answer of a rebinding name is public; what matters is that only the vetted
  // answer is ever connected to (fetchPage pins it), so the later private answer is never used.
  const rebinding = block.filter((e) => e.category.includes("dns-rebinding"));
  it.each(rebinding.map((e) => [e.url]))(
    "dns-rebinding: %s is pinned to its vetted public address or refused",
    async (url) => {
      const resolver = stubResolver();
      const res = await checkUrl(url, resolver, NO_PRIVATE);
      if (res.allowed) {
        expect(res.addresses.every((a) => classifyAddress(a) === "public")).toBe(true);
        // A second look-up would now answer with a private address: the check refuses it.
        const again = await checkUrl(url, resolver, NO_PRIVATE);
        expect(again.allowed).toBe(false);
      }
      expect(resolver.calls.length).toBeGreaterThan(0);
    },
  );

  it("has every category of the corpus", () => {
    expect(new Set(block.map((e) => e.category)).size).toBe(26);
    expect(block).toHaveLength(234);
  });
});

describe("SSRF corpus: every URL in ssrf_allow.txt is accepted", () => {
  it.each(allow.map((e) => [e.category, e.url]))("%s: %s", async (_category, url) => {
    const res = await checkUrl(url, stubResolver(), NO_PRIVATE);
    expect(res.allowed, JSON.stringify(res)).toBe(true);
  });
  it("covers the whole list", () => expect(allow).toHaveLength(64));
});

describe("checkUrl", () => {
  it("names the reason with a stable code", async () => {
    const r = stubResolver();
    expect(await checkUrl("ftp://example.com/", r, NO_PRIVATE)).toMatchObject({
      allowed: false,
      code: "SCHEME_NOT_ALLOWED",
    });
    expect(await checkUrl("not a url", r, NO_PRIVATE)).toMatchObject({ allowed: false, code: "URL_INVALID" });
    expect(await checkUrl("http://u:p@example.com/", r, NO_PRIVATE)).toMatchObject({
      allowed: false,
      code: "CREDENTIALS_NOT_ALLOWED",
    });
    expect(await checkUrl("http://printer.local/", r, NO_PRIVATE)).toMatchObject({
      allowed: false,
      code: "HOST_NOT_ALLOWED",
    });
    expect(await checkUrl("http://10.1.2.3/", r, NO_PRIVATE)).toMatchObject({
      allowed: false,
      code: "ADDRESS_NOT_ALLOWED",
    });
    const failing: Resolver = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect(await checkUrl("http://nowhere.example/", failing, NO_PRIVATE)).toMatchObject({
      allowed: false,
      code: "DNS_FAILED",
    });
  });

  it("refuses a name when any of its addresses is private", async () => {
    const mixed: Resolver = async () => ["93.184.215.14", "10.0.0.7"];
    expect(await checkUrl("http://mixed.example/", mixed, NO_PRIVATE)).toMatchObject({
      allowed: false,
      code: "ADDRESS_NOT_ALLOWED",
    });
  });

  it("lets LADLE_ALLOW_PRIVATE_HOSTS open exactly the listed hosts and CIDRs", async () => {
    const r: Resolver = async (h) => (h === "nas.example" ? ["10.0.0.5"] : ["192.168.1.9"]);
    const policy = { allowPrivateHosts: ["127.0.0.1", "10.0.0.0/8", "printer.local"] };
    expect((await checkUrl("http://127.0.0.1:8080/", r, policy)).allowed).toBe(true);
    expect((await checkUrl("http://127.0.0.2/", r, policy)).allowed).toBe(false);
    expect((await checkUrl("http://nas.example/", r, policy)).allowed).toBe(true);
    expect((await checkUrl("http://printer.local/", r, policy)).allowed).toBe(true);
    expect((await checkUrl("http://other.example/", r, policy)).allowed).toBe(false);
    expect((await checkUrl("http://169.254.169.254/", r, policy)).allowed).toBe(false);
  });
});
