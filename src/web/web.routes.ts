import { readdirSync, readFileSync } from "node:fs";
import { Hono } from "hono";
import { webBundle } from "./buildApp.ts";

const STATIC = new URL("./static/", import.meta.url);
const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
};
// A screen's own stylesheet lives in its folder (app/screens/<name>/<file>.css) and is served as
// /ui/<file>.css beside the shared ones in static/.
const SCREENS = new URL("./app/screens/", import.meta.url);
// Read once at start-up: the stylesheets and the icon (the script is the app bundle, buildApp.ts).
const FILES: Record<string, { body: string; type: string }> = Object.fromEntries([
  ...readdirSync(STATIC)
    .filter((f) => TYPES[f.split(".").pop()!])
    .map((f) => [f, { body: readFileSync(new URL(f, STATIC), "utf8"), type: TYPES[f.split(".").pop()!]! }]),
  ...readdirSync(SCREENS, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".css"))
    .map((f) => [
      f.split(/[\\/]/).pop()!,
      { body: readFileSync(new URL(f.replaceAll("\\", "/"), SCREENS), "utf8"), type: TYPES.css! },
    ]),
]);
// app.css names each screen's part where it belongs in the cascade (`/* @screen <name>/<file>.css */`):
// one stylesheet for the browser, each screen's rules kept in its folder.
FILES["app.css"]!.body = FILES["app.css"]!.body.replace(
  /^\/\* @screen ([\w-]+\/[\w-]+\.css) \*\/$/gm,
  (_, f: string) => readFileSync(new URL(f, SCREENS), "utf8").replace(/\n$/, ""),
);
const INDEX = readFileSync(new URL("index.html", STATIC), "utf8");

/**
 * Pictures come through Ladle's own image proxy: no third-party host is ever asked for one, unless
 * the operator turned the bookmark proxy off (`Enrichment:UiImageProxy=false`), whose previews then
 * load from their sites.
 */
function securityHeaders(directImages: boolean) {
  return {
    "content-security-policy": `default-src 'self'; img-src 'self' data:${directImages ? " https:" : ""}; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  };
}

/** The web UI: a small single-page app over the JSON API, served by the same server. */
export function webRoutes(opts: { directImages?: boolean } = {}): Hono {
  const SECURITY_HEADERS = securityHeaders(opts.directImages ?? false);
  const r = new Hono();
  r.get("/", (c) => c.html(INDEX, 200, SECURITY_HEADERS));
  // Browsers ask for it on every site: the app's icon rather than a 404.
  r.get("/favicon.ico", (c) =>
    c.body(FILES["icon.svg"]!.body, 200, {
      "content-type": "image/svg+xml",
      "cache-control": "max-age=86400",
    }),
  );
  // The app's one script, bundled from src/web/app/ when first asked for (serve warms it at start).
  r.get("/ui/app.js", async (c) => {
    const b = await webBundle();
    return c.body(b.app, 200, {
      ...SECURITY_HEADERS,
      "content-type": TYPES.js!,
      "cache-control": "no-cache",
    });
  });
  // The service worker lives at the root so that its scope is the whole app.
  r.get("/sw.js", async (c) => {
    const b = await webBundle();
    return c.body(b.sw, 200, {
      ...SECURITY_HEADERS,
      "content-type": TYPES.js!,
      "cache-control": "no-cache",
      "service-worker-allowed": "/",
    });
  });
  // One language's words for the app (it bundles only English): every namespace, keyed as t() asks.
  r.get("/ui/i18n/:file", async (c) => {
    const lang = /^([a-z]{2})\.json$/.exec(c.req.param("file"))?.[1];
    // Every language's catalogues (~250 JSON modules) come with the first visitor who reads
    // another language than English, not with every API process.
    const { CATALOGUES } = await import("./app/i18n/catalogues.gen.ts");
    const messages = lang && lang !== "en" ? CATALOGUES[lang] : undefined;
    if (!messages) return c.json({ code: "NOT_FOUND", message: "No such language." }, 404);
    return c.json(messages, 200, { ...SECURITY_HEADERS, "cache-control": "no-cache" });
  });
  r.get("/ui/:file", (c) => {
    const f = FILES[c.req.param("file")];
    if (!f) return c.json({ code: "NOT_FOUND", message: "No such file." }, 404);
    return c.body(f.body, 200, { ...SECURITY_HEADERS, "content-type": f.type, "cache-control": "no-cache" });
  });
  return r;
}
