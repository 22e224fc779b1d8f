import { readFileSync } from "node:fs";
import { Hono } from "hono";

const STATIC = new URL("./static/", import.meta.url);
// Read once at start-up: a handful of small files.
const FILES: Record<string, { body: string; type: string }> = {
  "app.js": { body: readFileSync(new URL("app.js", STATIC), "utf8"), type: "text/javascript; charset=utf-8" },
  "app.css": { body: readFileSync(new URL("app.css", STATIC), "utf8"), type: "text/css; charset=utf-8" },
};
const INDEX = readFileSync(new URL("index.html", STATIC), "utf8");

const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'self'; img-src 'self' https: data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

/** The web UI: a small single-page app over the JSON API, served by the same server. */
export function webRoutes(): Hono {
  const r = new Hono();
  r.get("/", (c) => c.html(INDEX, 200, SECURITY_HEADERS));
  r.get("/ui/:file", (c) => {
    const f = FILES[c.req.param("file")];
    if (!f) return c.json({ code: "NOT_FOUND", message: "No such file." }, 404);
    return c.body(f.body, 200, { ...SECURITY_HEADERS, "content-type": f.type, "cache-control": "no-cache" });
  });
  return r;
}
