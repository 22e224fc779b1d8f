import { existsSync, readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEPT_TAGS } from "../../src/extract/article/sanitizeArticle.ts";
import { readArticle } from "../../src/extract/article/readArticle.ts";
import { sanitizeArticle } from "../../src/extract/article/sanitizeArticle.ts";
import { articlePage, PNG_1x1 } from "../helpers/articlePages.ts";
import { hasBrowser, launchBrowser } from "../helpers/browser.ts";

// ../shared/corpus/security/xss_vectors.json: 459 sanitizer attack strings (DOMPurify fixtures etc.).
const VECTORS = new URL("../../../shared/corpus/security/xss_vectors.json", import.meta.url);
const ready = hasBrowser && existsSync(VECTORS);
const BASE = "https://articles.test/story";
const PER_PAGE = 80;

let browser: Browser | null = null;
let outputs: { i: number; html: string }[] = [];

beforeAll(async () => {
  if (!ready) return;
  const vectors = JSON.parse(readFileSync(VECTORS, "utf8")) as string[];
  outputs = [];
  vectors.forEach((v, i) => {
    // Each vector as the body of a readable article page, through the article path...
    const r = readArticle(articlePage({ title: `Vector ${i}`, body: `<div>${v}</div>`, head: v }), BASE);
    if (r.ok) outputs.push({ i, html: r.article.htmlSanitized });
    // ...and straight through the sanitizer, in case Readability dropped it as boilerplate.
    outputs.push({
      i,
      html: sanitizeArticle(
        v,
        BASE,
        () => `/api/images/00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      ),
    });
  });
  browser = await launchBrowser([
    // Nothing may leave the machine even if interception missed it.
    "--proxy-server=http://127.0.0.1:9",
    "--host-resolver-rules=MAP * ~NOTFOUND",
  ]);
});
afterAll(async () => browser?.close());

const ALLOWED_ATTRS = new Set([
  "href", "title", "target", "rel", "referrerpolicy", "src", "alt", "width", "height", "colspan",
  "rowspan", "scope", "start", "reversed", "value", "datetime", "cite", "lang", "dir",
]); // prettier-ignore

describe.skipIf(!ready)("the 459 XSS vectors through the article pipeline", () => {
  it("leave only allowed elements and attributes, and no script-capable URL", () => {
    const kept = new Set(KEPT_TAGS);
    for (const { i, html } of outputs) {
      const walk = (nodes: ReturnType<typeof parseDocument>["children"]) => {
        for (const n of nodes) {
          if (n.type !== "tag") continue;
          expect(kept.has(n.name), `vector ${i}: <${n.name}>`).toBe(true);
          for (const [k, v] of Object.entries(n.attribs)) {
            expect(ALLOWED_ATTRS.has(k), `vector ${i}: ${k}`).toBe(true);
            if (k === "src") expect(v, `vector ${i}`).toMatch(/^\/api\/images\/[0-9a-f-]+$/);
            if (k === "href" || k === "cite") expect(v, `vector ${i}`).toMatch(/^(https?|mailto):/);
          }
          walk(n.children);
        }
      };
      walk(parseDocument(html).children);
    }
  });

  it("render in Chromium with zero script execution and zero requests other than /api/images/", async () => {
    const context = await browser!.newContext({ javaScriptEnabled: true });
    const stray: string[] = [];
    let images = 0;
    let pageHtml = "";
    await context.route("**/*", async (route) => {
      const url = route.request().url();
      if (url === "https://reader.test/")
        return route.fulfill({
          status: 200,
          // Report-only: nothing is blocked, every attempt to run script is reported to the page.
          headers: {
            "content-type": "text/html; charset=utf-8",
            "content-security-policy-report-only": "script-src 'none'; object-src 'none'",
          },
          body: pageHtml,
        });
      if (url.startsWith("https://reader.test/api/images/")) {
        images++;
        return route.fulfill({ status: 200, headers: { "content-type": "image/png" }, body: PNG_1x1 });
      }
      stray.push(url);
      return route.abort("blockedbyclient");
    });
    await context.addInitScript(() => {
      const w = window as unknown as { __ran: string[] };
      w.__ran = [];
      const hit = (what: string) => (): never => {
        w.__ran.push(what);
        return undefined as never;
      };
      window.alert = hit("alert");
      window.confirm = hit("confirm");
      window.prompt = hit("prompt");
      window.print = hit("print");
      document.addEventListener("securitypolicyviolation", (e) =>
        w.__ran.push(`csp:${e.violatedDirective}:${e.sample}`),
      );
    });
    const page = await context.newPage();
    // Control: the harness does see an unsanitized handler run and a stray request.
    pageHtml = `<body><img src="/api/images/x" onerror="alert(1)" data-x="1"><img src="/nope.png" onerror="alert(2)"></body>`;
    await page.goto("https://reader.test/", { waitUntil: "load" });
    await page.waitForTimeout(150);
    expect(await page.evaluate(() => (window as unknown as { __ran: string[] }).__ran)).toContain("alert");
    expect(stray).toEqual(["https://reader.test/nope.png"]);
    stray.length = 0;
    const ran: string[] = [];
    for (let k = 0; k < outputs.length; k += PER_PAGE) {
      const chunk = outputs.slice(k, k + PER_PAGE);
      pageHtml = `<!doctype html><html><head><meta charset="utf-8"><title>xss</title></head><body>${chunk
        .map((o) => `<article data-vector="${o.i}">${o.html}</article>`)
        .join("\n")}</body></html>`;
      await page.goto("https://reader.test/", { waitUntil: "load" });
      await page.waitForTimeout(150);
      ran.push(...(await page.evaluate(() => (window as unknown as { __ran: string[] }).__ran)));
    }
    await context.close();
    expect(ran).toEqual([]);
    expect(stray).toEqual([]);
    expect(images).toBeGreaterThan(0);
  });
});
