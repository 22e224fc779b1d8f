import type { GatewayResult } from "../../domain/fetched.ts";

/** A page the cook's browser sent, sanitized: what the pipeline reads instead of fetching it. */
export interface CapturedPage {
  url: string;
  html: string;
  title: string | null;
}

/** Script types that are data, not code: recipe pages carry their recipe in JSON-LD. */
const DATA_SCRIPT = /^\s*application\/(ld\+)?json\s*(;.*)?$/i;

/**
 * The captured document without anything that could run: scripts (JSON-LD data kept, as the
 * readers need it), frames and plug-ins, event handler attributes, `javascript:` addresses and
 * meta refreshes. Nothing on our side runs a page's code, and this keeps none of it on disk.
 */
export async function sanitizeCapture(html: string): Promise<string> {
  // cheerio (with parse5 and undici, ~130 modules) loads with the first capture, not with every process.
  const cheerio = await import("cheerio");
  const $ = cheerio.load(html);
  $("script").each((_, node) => {
    const type = $(node).attr("type") ?? "";
    if (!DATA_SCRIPT.test(type)) $(node).remove();
  });
  $("iframe, frame, frameset, object, embed, applet, portal").remove();
  $('meta[http-equiv="refresh" i]').remove();
  $("*").each((_, node) => {
    if (node.type !== "tag") return;
    for (const name of Object.keys(node.attribs)) {
      const value = node.attribs[name] ?? "";
      if (/^on/i.test(name)) $(node).removeAttr(name);
      else if (
        /^\s*(javascript|vbscript|data:text\/html)/i.test(value) &&
        /^(href|src|action|formaction|xlink:href)$/i.test(name)
      )
        $(node).removeAttr(name);
    }
  });
  return $.html();
}

/** The address without its fragment, for comparing the page asked for with the one captured. */
function sameDocument(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    x.hash = "";
    y.hash = "";
    return x.href === y.href;
  } catch {
    return false;
  }
}

/**
 * A fetch that answers the captured page's address with the captured document, as the gateway
 * would answer it (a rendered HTML page), so the page enters every pipeline at the point a
 * fetched page does. Any other address (an image, say) goes to `other`, the gateway.
 */
export function capturedFetch<R extends unknown[]>(
  page: CapturedPage,
  other: (url: string, ...rest: R) => Promise<GatewayResult>,
): (url: string, ...rest: R) => Promise<GatewayResult> {
  const body = Buffer.from(page.html, "utf8");
  return async (url, ...rest) => {
    if (!sameDocument(url, page.url)) return other(url, ...rest);
    return {
      ok: true,
      url: page.url,
      status: 200,
      headers: { "content-type": "text/html; charset=utf-8" },
      contentType: "text/html; charset=utf-8",
      body,
      redirects: [],
      elapsedMs: 0,
      kind: "html",
      rendered: true,
      attempts: 0,
    };
  };
}
