import { describe, expect, it } from "vitest";
import {
  corpusResolver,
  dnsStub,
  loadAnnotatedBlock,
  loadCorpus,
  PUBLIC_ADDRESS,
  redirectMock,
} from "../../test/helpers/fetcher-corpus.ts";
import { pinnedLookup } from "./fetchPage.ts";
import {
  checkUrl,
  classifyAddress,
  isPublicAddress,
  type PolicyCode,
  type Resolver,
  type UrlCheck,
} from "./policy.ts";

// Nothing here connects anywhere: every decision is checkUrl over a URL and a stub resolver.
const NO_PRIVATE = { allowPrivateHosts: [] };
const block = loadCorpus("ssrf_block.txt");
const allow = loadCorpus("ssrf_allow.txt");
// The annotated list is the text list in the same order; its categories are the text's headings.
const annotated = loadAnnotatedBlock().map((e, i) => ({ ...e, category: block[i]?.category ?? e.category }));

const isRebinding = (category: string) => category.includes("dns-rebinding");
const isRedirect = (category: string) => category.startsWith("NEEDS-REDIRECT-MOCK");

/** The code an annotated block entry must be refused with, from why the corpus says it is blocked. */
function expectedCode(url: string, check: string): PolicyCode {
  if (check === "parse-error") return "URL_INVALID";
  if (check.startsWith("scheme ")) return "SCHEME_NOT_ALLOWED";
  const u = new URL(url);
  if (u.username || u.password) return "CREDENTIALS_NOT_ALLOWED";
  if (check.startsWith("name:")) return "HOST_NOT_ALLOWED";
  return "ADDRESS_NOT_ALLOWED"; // IP literals and names the stub resolves to internal addresses
}

const refusal = (r: UrlCheck) => (r.allowed ? "allowed" : r.code);

describe("SSRF corpus: ssrf_block.txt", () => {
  it("is the annotated list, 234 URLs in 26 categories", () => {
    expect(block).toHaveLength(234);
    expect(new Set(block.map((e) => e.category)).size).toBe(26);
    expect(loadAnnotatedBlock().map((e) => e.url)).toEqual(block.map((e) => e.url));
  });

  const direct = annotated.filter((e) => !isRebinding(e.category) && !isRedirect(e.category));
  it.each(direct.map((e) => [e.category.split(" ")[0], e.url, e.check]))(
    "%s: %s is refused (%s)",
    async (_category, url, check) => {
      const resolver = corpusResolver();
      const res = await checkUrl(url, resolver, NO_PRIVATE);
      expect(refusal(res), JSON.stringify(res)).toBe(expectedCode(url, check));
      // Refused by name alone: no look-up was needed, so no DNS answer could change the verdict.
      if (check.startsWith("name:")) expect(resolver.calls).toEqual([]);
    },
  );

  // Names refused by rule would be refused even if DNS lied and said they were public; here is
  // what they would really resolve to, for the record: also refused.
  const byName = direct.filter((e) => e.check.startsWith("name:"));
  it.each(byName.map((e) => [e.url]))("%s is refused whatever it resolves to", async (url) => {
    for (const answer of ["127.0.0.1", "169.254.169.254", "192.168.1.20", PUBLIC_ADDRESS]) {
      const res = await checkUrl(url, async () => [answer], NO_PRIVATE);
      expect(res.allowed).toBe(false);
    }
  });

  // Rebinding: the first answer is public (or already internal). The check vets that answer and
  // fetchPage pins the socket to it; a later look-up answering an internal address is refused.
  const rebinding = block.filter((e) => isRebinding(e.category));
  it("has the four rebinding names, all in the DNS stub", () => {
    expect(rebinding).toHaveLength(4);
    for (const e of rebinding) expect(dnsStub.block[new URL(e.url).hostname]?.length).toBeGreaterThan(1);
  });
  it.each(rebinding.map((e) => [e.url]))("dns-rebinding: %s", async (url) => {
    const host = new URL(url).hostname;
    const answers = dnsStub.block[host]!;
    const resolver = corpusResolver();
    const first = await checkUrl(url, resolver, NO_PRIVATE);
    if (isPublicAddress(answers[0]!)) {
      expect(first).toMatchObject({ allowed: true, addresses: [answers[0]] });
      // The connection asks the pinned lookup, which answers the vetted address, not DNS.
      const lookup = pinnedLookup(host, first.allowed ? first.addresses : []);
      const connectedTo = await new Promise((resolve) =>
        lookup(host, { all: true }, (_err, addrs) => resolve(addrs)),
      );
      expect(connectedTo).toEqual([{ address: answers[0], family: 4 }]);
    } else {
      expect(refusal(first)).toBe("ADDRESS_NOT_ALLOWED");
    }
    // Any fresh look-up now gets the internal answer and is refused.
    const again = await checkUrl(url, resolver, NO_PRIVATE);
    expect(refusal(again)).toBe("ADDRESS_NOT_ALLOWED");
    expect(isPublicAddress(answers.at(-1)!)).toBe(false);
  });

  // Redirect entries: the first hop is public; its Location (from the mock) must be refused.
  // fetchPage.test.ts serves these redirects from a loopback server end to end.
  const redirects = block.filter((e) => isRedirect(e.category));
  it("has a redirect mock for every redirect entry", () => {
    expect(redirects.map((e) => e.url).sort()).toEqual(redirectMock.map(([first]) => first).sort());
  });
  it.each(redirectMock.map(([first, hop]) => [first, hop.location]))(
    "redirect: %s is public, its Location %s is refused",
    async (first, location) => {
      const resolver = corpusResolver();
      expect((await checkUrl(first, resolver, NO_PRIVATE)).allowed).toBe(true);
      const target = new URL(location, first).href;
      expect(["ADDRESS_NOT_ALLOWED", "HOST_NOT_ALLOWED"]).toContain(
        refusal(await checkUrl(target, resolver, NO_PRIVATE)),
      );
    },
  );
});

describe("SSRF corpus: ssrf_allow.txt", () => {
  it("covers the whole list", () => expect(allow).toHaveLength(64));
  it.each(allow.map((e) => [e.category.split(" ")[0], e.url]))("%s: %s is allowed", async (_c, url) => {
    const res = await checkUrl(url, corpusResolver(), NO_PRIVATE);
    expect(res.allowed, JSON.stringify(res)).toBe(true);
    expect(res.allowed && res.addresses.every(isPublicAddress)).toBe(true);
  });
});

describe("classifyAddress", () => {
  it.each([
    ["0.0.0.0", "unspecified"],
    ["0.255.255.255", "unspecified"],
    ["127.0.0.1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.0.1", "private"],
    ["100.64.0.1", "carrierGradeNat"],
    ["169.254.169.254", "linkLocal"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["198.19.255.255", "reserved"],
    ["198.51.100.1", "reserved"],
    ["203.0.113.1", "reserved"],
    ["224.0.0.1", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::7f00:1", "ipv4Compatible"],
    ["64:ff9b::10.0.0.1", "nat64(private)"],
    ["64:ff9b::169.254.169.254", "nat64(linkLocal)"],
    ["64:ff9b:1::808:808", "rfc6052"],
    ["2002:0808:0808::1", "6to4"],
    ["2002:c0a8:0101::1", "6to4"],
    ["2001:0:4136:e378:8000:63bf:3f57:fdf2", "teredo"],
    ["fc00::1", "uniqueLocal"],
    ["fd00:ec2::254", "uniqueLocal"],
    ["fe80::1", "linkLocal"],
    ["fec0::1", "deprecatedSiteLocal"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["3fff::1", "reserved"],
    ["100::1", "discard"],
    ["fe80::1%eth0", "zoneId"],
    ["2606:4700:4700::1111%eth0", "zoneId"],
    ["4000::1", "unallocated"],
    ["127.1", "invalid"],
    ["0x7f000001", "invalid"],
    ["1.2.3.04", "invalid"],
    ["example.com", "invalid"],
  ])("%s is %s", (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "93.184.215.14",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "169.253.255.255",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
    "2606:4700:4700::1111",
    "[2001:4860:4860::8888]",
    "2001:db7::1",
  ])("%s is public", (ip) => {
    expect(classifyAddress(ip)).toBe("public");
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe("checkUrl", () => {
  it("names the reason with a stable code", async () => {
    const r = corpusResolver();
    const codes = async (url: string, resolver: Resolver = r) =>
      refusal(await checkUrl(url, resolver, NO_PRIVATE));
    expect(await codes("ftp://example.com/")).toBe("SCHEME_NOT_ALLOWED");
    expect(await codes("not a url")).toBe("URL_INVALID");
    expect(await codes("http://u:p@example.com/")).toBe("CREDENTIALS_NOT_ALLOWED");
    expect(await codes("http://u@example.com/")).toBe("CREDENTIALS_NOT_ALLOWED");
    expect(await codes("http://printer.local/")).toBe("HOST_NOT_ALLOWED");
    expect(await codes("http://10.1.2.3/")).toBe("ADDRESS_NOT_ALLOWED");
    const failing: Resolver = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect(await codes("http://nowhere.example/", failing)).toBe("DNS_FAILED");
    expect(await codes("http://empty.example/", async () => [])).toBe("DNS_FAILED");
    expect(await codes("http://garbage.example/", async () => ["not-an-ip"])).toBe("DNS_FAILED");
  });

  it("treats trailing dots as the same host", async () => {
    const r = corpusResolver();
    const res = await checkUrl("http://example.com./r", r, NO_PRIVATE);
    expect(res.allowed).toBe(true);
    expect(r.calls).toEqual(["example.com"]);
    for (const url of [
      "http://localhost./",
      "http://localhost../",
      "http://printer.local../",
      "http://a..b.com/",
    ])
      expect(refusal(await checkUrl(url, r, NO_PRIVATE))).toBe("HOST_NOT_ALLOWED");
  });

  it("returns every vetted address, and refuses a name when any of them is internal", async () => {
    const both = await checkUrl("https://example.com/", corpusResolver(), NO_PRIVATE);
    expect(both).toMatchObject({ allowed: true, addresses: dnsStub.allow["example.com"] });
    const mixed: Resolver = async () => [PUBLIC_ADDRESS, "10.0.0.7"];
    expect(refusal(await checkUrl("http://mixed.example/", mixed, NO_PRIVATE))).toBe("ADDRESS_NOT_ALLOWED");
    const mapped: Resolver = async () => ["::ffff:169.254.169.254"];
    expect(refusal(await checkUrl("http://mapped.example/", mapped, NO_PRIVATE))).toBe("ADDRESS_NOT_ALLOWED");
  });

  it("lets allowPrivateHosts open exactly the listed hosts, IPs and CIDRs", async () => {
    const r: Resolver = async (h) =>
      h === "nas.example" ? ["10.0.0.5"] : h === "box.example" ? ["::ffff:10.9.9.9"] : ["192.168.1.9"];
    const policy = { allowPrivateHosts: ["127.0.0.1", "10.0.0.0/8", "printer.local", "::1", " Localhost. "] };
    const allowed = async (url: string) => (await checkUrl(url, r, policy)).allowed;
    expect(await allowed("http://127.0.0.1:8080/")).toBe(true);
    expect(await allowed("http://127.0.0.2/")).toBe(false);
    expect(await allowed("http://10.20.30.40/")).toBe(true);
    expect(await allowed("http://nas.example/")).toBe(true);
    expect(await allowed("http://box.example/")).toBe(true);
    expect(await allowed("http://printer.local/")).toBe(true);
    expect(await allowed("http://printer.local./")).toBe(true);
    expect(await allowed("http://other.local/")).toBe(false);
    expect(await allowed("http://localhost:3000/")).toBe(true);
    expect(await allowed("http://foo.localhost/")).toBe(false);
    expect(await allowed("http://[::1]:8080/")).toBe(true);
    expect(await allowed("http://[::ffff:127.0.0.1]/")).toBe(true);
    expect(await allowed("http://other.example/")).toBe(false);
    expect(await allowed("http://169.254.169.254/")).toBe(false);
    expect(await allowed("http://[fe80::1]/")).toBe(false);
  });

  it("ignores allow-list entries it cannot read", async () => {
    const policy = { allowPrivateHosts: ["", "10.0.0.0/99", "/8"] };
    expect(refusal(await checkUrl("http://10.0.0.1/", corpusResolver(), policy))).toBe("ADDRESS_NOT_ALLOWED");
  });
});
