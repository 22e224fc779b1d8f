import { describe, expect, it } from "vitest";
import { loadConfig, type ConfigInput } from "../config.ts";
import type { GatewayResult } from "../fetcher/gateway.ts";
import type { PipelineContext } from "./context.ts";
import { fetchPhase, renderModeFor } from "./urlImport.ts";

const page = (html: string): GatewayResult => ({
  ok: true,
  url: "https://r.test/a",
  status: 200,
  headers: {},
  contentType: "text/html",
  body: Buffer.from(html),
  redirects: [],
  elapsedMs: 1,
  kind: "html",
  rendered: false,
  attempts: 1,
});

const ctx = (over: ConfigInput | undefined, result: GatewayResult): PipelineContext => ({
  config: loadConfig({ env: {}, file: null, overrides: over ?? {} }),
  now: () => new Date(),
  fetch: async () => result,
});

describe("fetchPhase", () => {
  it("refuses a page with more characters than Fetch:MaxDomChars, before parsing", async () => {
    const r = await fetchPhase(
      ctx({ Fetch: { MaxDomChars: 1000 } }, page("<p>" + "x".repeat(5000) + "</p>")),
      "https://r.test/a",
    );
    expect(r).toMatchObject({ ok: false, code: "FETCH_TOO_LARGE" });
  });

  it("passes the gateway's reason and evidence into the failure", async () => {
    const r = await fetchPhase(
      ctx(
        {},
        {
          ok: false,
          code: "BLOCKED",
          reason: "wall",
          url: "https://r.test/a",
          redirects: [],
          attempts: 1,
          status: 403,
          details: { evidence: { kind: "captcha" } },
        },
      ),
      "https://r.test/a",
    );
    expect(r).toMatchObject({
      ok: false,
      code: "FETCH_BLOCKED",
      message: "wall",
      details: { gatewayCode: "BLOCKED", status: 403, evidence: { kind: "captcha" } },
    });
  });
});

describe("renderModeFor", () => {
  it("uses the request's mode, else the domain rule, else the default", () => {
    const c = ctx({ Fetch: { Render: "auto", RenderDomains: { "spa.test": "always" } } }, page(""));
    expect(renderModeFor(c, "https://www.spa.test/r", "never")).toBe("never");
    expect(renderModeFor(c, "https://www.spa.test/r")).toBe("always");
    expect(renderModeFor(c, "https://plain.test/r")).toBe("auto");
  });
});
