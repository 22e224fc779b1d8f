import { existsSync } from "node:fs";
import type { Browser, Route } from "playwright-core";
import type { FetchOptions, FetchResult } from "./fetchPage.ts";
import type { GatewayCode, GatewayResult } from "./gateway.ts";
import { detectBlock, type BlockEvidence } from "../extract/detectBlock.ts";

export interface BrowserOptions {
  /** Debian's chromium; never a downloaded browser. */
  executablePath: string;
  /** Time budget of one render, navigation and scripts included. */
  timeBudgetMs: number;
  /** The gateway's single-attempt fetch: policy, pinning and limits for every sub-request. */
  subrequest(url: string, init: Partial<FetchOptions>): Promise<FetchResult>;
  /** Renders before the browser is recycled; default 200. */
  maxRendersPerBrowser?: number;
}

// Not loaded while rendering: they carry no recipe or article text.
const SKIPPED = new Set(["image", "media", "font", "manifest", "texttrack", "beacon", "ping", "csp_report"]);
// Hop-by-hop and encoding headers do not describe the decoded body we hand back.
const DROP_RESPONSE_HEADERS = new Set([
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
]);

// A screenshot shows what a reader sees: images, fonts and styles load (through the gateway); media,
// beacons and the like still do not.
const SKIPPED_FOR_SCREENSHOT = new Set(["media", "manifest", "texttrack", "beacon", "ping", "csp_report"]);
// One image or font larger than this is not worth a thumbnail's time.
const SCREENSHOT_SUBREQUEST_MAX_BYTES = 4 * 1024 * 1024;

/** A viewport screenshot of a page, or why there is none. */
export type ScreenshotResult =
  | {
      ok: true;
      /** PNG bytes of the viewport. */
      image: Buffer;
      /** Final URL of the main document. */
      url: string;
      status: number;
      /** The rendered page's HTML, for reading its title and description. */
      html: string;
      elapsedMs: number;
    }
  | {
      ok: false;
      code: GatewayCode;
      reason: string;
      url: string;
      status?: number;
      details?: { evidence: BlockEvidence };
    };

/** Flags for headless Debian chromium in a closed sandbox (no background traffic, no GPU). */
export const CHROMIUM_BASE_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

const ARGS = [
  ...CHROMIUM_BASE_ARGS,
  // Chromium's own network stack must never connect: every request is fulfilled through the
  // gateway; anything that slips past interception (preconnect, WebSocket) hits a dead proxy.
  "--proxy-server=http://127.0.0.1:9",
  "--proxy-bypass-list=<-loopback>",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

/**
 * One shared headless Chromium (playwright-core) for pages built by JavaScript. Each render gets a
 * fresh context; images, fonts and media are skipped; every other sub-request passes the same
 * address policy and DNS pinning as plain fetches. A browser that dies is relaunched.
 */
export class BrowserRenderer {
  private readonly opts: BrowserOptions;
  private browser: Promise<Browser> | null = null;
  private renders = 0;

  constructor(opts: BrowserOptions) {
    this.opts = opts;
  }

  /** True when the configured browser exists on this machine. */
  available(): boolean {
    return existsSync(this.opts.executablePath);
  }

  private async getBrowser(): Promise<Browser> {
    if (this.browser && this.renders >= (this.opts.maxRendersPerBrowser ?? 200)) await this.close();
    if (!this.browser) {
      const { chromium } = await import("playwright-core");
      const launching = chromium.launch({
        executablePath: this.opts.executablePath,
        headless: true,
        args: ARGS,
        timeout: 30_000,
      });
      this.browser = launching;
      this.renders = 0;
      launching
        .then((b) =>
          b.on("disconnected", () => {
            if (this.browser === launching) this.browser = null;
          }),
        )
        .catch(() => {
          if (this.browser === launching) this.browser = null;
        });
    }
    return this.browser;
  }

  async render(url: string, signal?: AbortSignal): Promise<GatewayResult> {
    const started = performance.now();
    const failed = (reason: string, code: GatewayCode = "RENDER_FAILED"): GatewayResult => ({
      ok: false,
      code,
      reason,
      url,
      redirects: [],
      attempts: 1,
    });
    if (!this.available()) return failed(`no browser at ${this.opts.executablePath}`);
    let browser: Browser;
    try {
      browser = await this.getBrowser();
    } catch (err) {
      this.browser = null;
      return failed(`the browser did not start: ${(err as Error).message.split("\n")[0]}`);
    }
    this.renders++;
    const deadline = Date.now() + this.opts.timeBudgetMs;
    const context = await browser.newContext({
      serviceWorkers: "block",
      acceptDownloads: false,
      javaScriptEnabled: true,
    });
    let mainFailure: FetchResult | null = null;
    let mainStatus = 200;
    let mainUrl = url;
    const handle = async (route: Route) => {
      const req = route.request();
      const target = req.url();
      if (target.startsWith("data:") || target.startsWith("blob:")) return route.continue();
      if (SKIPPED.has(req.resourceType())) return route.abort("blockedbyclient");
      const left = deadline - Date.now();
      if (left <= 0) return route.abort("timedout");
      const body = req.postDataBuffer();
      const res = await this.opts.subrequest(target, {
        method: req.method(),
        headers: await req.allHeaders(),
        ...(body ? { body } : {}),
        accept: (await req.headerValue("accept")) ?? "*/*",
        totalTimeoutMs: left,
      });
      const isMain = req.isNavigationRequest() && req.frame() === req.frame().page().mainFrame();
      if (res.ok) {
        if (isMain) {
          mainStatus = res.status;
          mainUrl = res.url;
        }
        const headers = Object.fromEntries(
          Object.entries(res.headers).filter(([k]) => !DROP_RESPONSE_HEADERS.has(k)),
        );
        return route.fulfill({ status: res.status, headers, body: res.body });
      }
      if (isMain) mainFailure = res;
      if (res.code === "HTTP_ERROR" && res.status)
        return route.fulfill({ status: res.status, body: res.snippet ?? "" });
      return route.abort(res.code === "TIMEOUT" ? "timedout" : "blockedbyclient");
    };
    try {
      await context.route("**/*", (route) =>
        handle(route).catch(() => route.abort("failed").catch(() => {})),
      );
      const page = await context.newPage();
      const onAbort = () => void context.close().catch(() => {});
      signal?.addEventListener("abort", onAbort, { once: true });
      try {
        await page.goto(url, { waitUntil: "domcontentloaded", timeout: Math.max(1, deadline - Date.now()) });
      } catch (err) {
        if (mainFailure) {
          const f = mainFailure as Extract<FetchResult, { ok: false }>;
          return {
            ok: false,
            code: f.code,
            reason: f.reason,
            url: f.url,
            redirects: f.redirects,
            attempts: 1,
            ...(f.status ? { status: f.status } : {}),
          };
        }
        return failed(`navigation failed: ${(err as Error).message.split("\n")[0]}`);
      }
      // Let scripts build the page, within the budget.
      await page
        .waitForLoadState("networkidle", { timeout: Math.max(1, deadline - Date.now()) })
        .catch(() => {});
      const html = await page.content();
      signal?.removeEventListener("abort", onAbort);
      return {
        ok: true,
        url: mainUrl,
        status: mainStatus,
        headers: { "content-type": "text/html; charset=utf-8" },
        contentType: "text/html; charset=utf-8",
        body: Buffer.from(html, "utf8"),
        redirects: [],
        elapsedMs: performance.now() - started,
        kind: "html",
        rendered: true,
        attempts: 1,
      };
    } catch (err) {
      // A browser that misbehaves is replaced on the next render.
      if (!browser.isConnected()) this.browser = null;
      return failed(`render failed: ${(err as Error).message.split("\n")[0]}`);
    } finally {
      await context.close().catch(() => {});
    }
  }

  /**
   * A viewport screenshot (fallback). Every sub-request, images included,
   * is fulfilled through the gateway's policy-checked, pinned fetch; Chromium itself connects
   * nowhere. A main document that is a bot wall fails with BLOCKED instead of picturing the wall.
   */
  async screenshot(
    url: string,
    opts: { width: number; height: number; timeBudgetMs?: number; signal?: AbortSignal },
  ): Promise<ScreenshotResult> {
    const started = performance.now();
    const failed = (reason: string, code: GatewayCode = "RENDER_FAILED"): ScreenshotResult => ({
      ok: false,
      code,
      reason,
      url,
    });
    if (!this.available()) return failed(`no browser at ${this.opts.executablePath}`);
    let browser: Browser;
    try {
      browser = await this.getBrowser();
    } catch (err) {
      this.browser = null;
      return failed(`the browser did not start: ${(err as Error).message.split("\n")[0]}`);
    }
    this.renders++;
    const deadline = Date.now() + (opts.timeBudgetMs ?? this.opts.timeBudgetMs);
    const context = await browser.newContext({
      serviceWorkers: "block",
      acceptDownloads: false,
      javaScriptEnabled: true,
      viewport: { width: opts.width, height: opts.height },
    });
    let mainFailure: Extract<FetchResult, { ok: false }> | null = null;
    let mainBlock: BlockEvidence | null = null;
    let mainStatus = 200;
    let mainUrl = url;
    const handle = async (route: Route) => {
      const req = route.request();
      const target = req.url();
      if (target.startsWith("data:") || target.startsWith("blob:")) return route.continue();
      if (SKIPPED_FOR_SCREENSHOT.has(req.resourceType())) return route.abort("blockedbyclient");
      const left = deadline - Date.now();
      if (left <= 0) return route.abort("timedout");
      const body = req.postDataBuffer();
      const isMain = req.isNavigationRequest() && req.frame() === req.frame().page().mainFrame();
      const res = await this.opts.subrequest(target, {
        method: req.method(),
        headers: await req.allHeaders(),
        ...(body ? { body } : {}),
        accept: (await req.headerValue("accept")) ?? "*/*",
        totalTimeoutMs: left,
        ...(isMain ? {} : { maxBytes: SCREENSHOT_SUBREQUEST_MAX_BYTES }),
      });
      if (res.ok) {
        if (isMain) {
          mainStatus = res.status;
          mainUrl = res.url;
          const body = res.body;
          mainBlock = detectBlock({
            status: res.status,
            headers: res.headers,
            html: body.subarray(0, 16 * 1024).toString("utf8"),
            url: res.url,
            whole: () => body.toString("utf8"),
          });
          if (mainBlock) return route.abort("blockedbyclient");
        }
        const headers = Object.fromEntries(
          Object.entries(res.headers).filter(([k]) => !DROP_RESPONSE_HEADERS.has(k)),
        );
        return route.fulfill({ status: res.status, headers, body: res.body });
      }
      if (isMain) {
        mainFailure = res;
        if (res.code === "HTTP_ERROR" && res.status)
          mainBlock = detectBlock({
            status: res.status,
            headers: res.headers ?? {},
            html: res.snippet ?? "",
            url: res.url,
          });
        // A picture of an error page is no preview: the navigation fails instead.
        return route.abort(res.code === "TIMEOUT" ? "timedout" : "blockedbyclient");
      }
      if (res.code === "HTTP_ERROR" && res.status)
        return route.fulfill({ status: res.status, body: res.snippet ?? "" });
      return route.abort(res.code === "TIMEOUT" ? "timedout" : "blockedbyclient");
    };
    const onAbort = () => void context.close().catch(() => {});
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    try {
      await context.route("**/*", (route) =>
        handle(route).catch(() => route.abort("failed").catch(() => {})),
      );
      const page = await context.newPage();
      try {
        await page.goto(url, { waitUntil: "domcontentloaded", timeout: Math.max(1, deadline - Date.now()) });
      } catch (err) {
        const block = mainBlock as BlockEvidence | null;
        if (block)
          return {
            ok: false,
            code: "BLOCKED",
            reason: `the site answered with a ${block.kind.replace("-", " ")} instead of the page`,
            url: mainUrl,
            status: block.status,
            details: { evidence: block },
          };
        const f = mainFailure as Extract<FetchResult, { ok: false }> | null;
        if (f)
          return {
            ok: false,
            code: f.code,
            reason: f.reason,
            url: f.url,
            ...(f.status ? { status: f.status } : {}),
          };
        return failed(`navigation failed: ${(err as Error).message.split("\n")[0]}`);
      }
      // Let images and late styles arrive, within the budget (a page that never settles is pictured as is).
      await page
        .waitForLoadState("load", { timeout: Math.max(1, Math.min(8_000, deadline - Date.now() - 1_500)) })
        .catch(() => {});
      await page
        .waitForLoadState("networkidle", {
          timeout: Math.max(1, Math.min(2_000, deadline - Date.now() - 1_000)),
        })
        .catch(() => {});
      const image = await page.screenshot({
        type: "png",
        fullPage: false,
        timeout: Math.max(1_000, deadline - Date.now()),
      });
      const html = await page.content();
      return {
        ok: true,
        image,
        url: mainUrl,
        status: mainStatus,
        html,
        elapsedMs: performance.now() - started,
      };
    } catch (err) {
      if (!browser.isConnected()) this.browser = null;
      if (opts.signal?.aborted) return failed("the screenshot was cancelled", "TIMEOUT");
      return failed(`screenshot failed: ${(err as Error).message.split("\n")[0]}`);
    } finally {
      opts.signal?.removeEventListener("abort", onAbort);
      await context.close().catch(() => {});
    }
  }

  async close(): Promise<void> {
    const b = this.browser;
    this.browser = null;
    if (b) await (await b.catch(() => null))?.close().catch(() => {});
  }
}
