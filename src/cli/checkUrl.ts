import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { checkUrl, systemResolver, type Resolver } from "../fetcher/policy.ts";
import { say } from "./i18n/cliWords.ts";
import { helpText } from "./i18n/cliHelp.ts";

/**
 * `ladle check-url [--resolve host=ip]... URL...`: decides, without connecting anywhere, whether
 * the egress policy allows each URL. One JSON line per URL: {"url","allowed","code","reason"};
 * exits 1 when any URL is refused.
 */
export async function checkUrlCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { resolve: { type: "string", multiple: true, default: [] } },
  });
  if (positionals.length === 0) {
    process.stderr.write(`${helpText("usageWord")} ladle check-url [--resolve host=ip]... URL...\n`);
    return 2;
  }
  const stubs = new Map<string, string[]>();
  for (const r of values.resolve ?? []) {
    const eq = r.indexOf("=");
    if (eq <= 0) {
      process.stderr.write(`ladle check-url: ${say("resolveExpects", { got: r })}\n`);
      return 2;
    }
    const host = r.slice(0, eq).toLowerCase().replace(/\.$/, "");
    stubs.set(host, [...(stubs.get(host) ?? []), ...r.slice(eq + 1).split(",")]);
  }
  const system = systemResolver();
  const resolver: Resolver = async (host) => stubs.get(host.toLowerCase().replace(/\.$/, "")) ?? system(host);
  let config;
  try {
    config = loadConfig();
  } catch {
    config = loadConfig({ env: {}, file: null });
  }
  let refused = 0;
  for (const url of positionals) {
    const res = await checkUrl(url, resolver, { allowPrivateHosts: config.Fetch.AllowPrivateHosts });
    const line = res.allowed
      ? { url, allowed: true, code: null, reason: `resolves to ${res.addresses.join(", ")}` }
      : { url, allowed: false, code: res.code, reason: res.reason };
    if (!res.allowed) refused++;
    process.stdout.write(JSON.stringify(line) + "\n");
  }
  // Scripts can rely on the exit status: 1 when any URL would be refused.
  return refused ? 1 : 0;
}
