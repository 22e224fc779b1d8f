import { existsSync, readFileSync } from "node:fs";
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { articlePage } from "../../../test/helpers/articlePages.ts";
import { archivePage, type ArchiveFetch } from "./pageArchiver.ts";

// ../shared/corpus/security/xss_vectors.json: 459 sanitizer attack strings (DOMPurify fixtures etc.).
const VECTORS = new URL("../../../../shared/corpus/security/xss_vectors.json", import.meta.url);
const BASE = "http://127.0.0.1:9/story";

/** Refuses every fetch, noting what was asked: the archiver must still leave no outside reference. */
function refusing(asked: string[]): ArchiveFetch {
  return async (url) => {
    asked.push(url);
    return { ok: false, reason: "refused in this test" };
  };
}

const FORBIDDEN = new Set(["script", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "meta", "link", "form", "svg", "math", "template", "noscript", "input", "button", "textarea", "video", "audio", "source"]); // prettier-ignore

/** What in a kept page could run or reach out, in words (empty: nothing). */
export function hazards(html: string): string[] {
  const out: string[] = [];
  const walk = (nodes: ReturnType<typeof parseDocument>["children"]) => {
    for (const n of nodes) {
      if (n.type === "script") out.push("<script>");
      if (n.type !== "tag" && n.type !== "style") continue;
      // Ladle's own head: the character set and the viewport, nothing that refreshes or redirects.
      const ownMeta = n.name === "meta" && (n.attribs.charset === "utf-8" || n.attribs.name === "viewport");
      if (n.type === "tag" && FORBIDDEN.has(n.name) && !ownMeta) out.push(`<${n.name}>`);
      for (const [k, v] of Object.entries(n.attribs)) {
        if (/^on/i.test(k)) out.push(`${n.name} ${k}`);
        if (k === "src" && !/^data:image\/(png|jpeg|gif|webp|avif);base64,/.test(v))
          out.push(`${n.name} src=${v.slice(0, 40)}`);
        if (k === "href" && !/^(https?:|mailto:|#)/i.test(v)) out.push(`${n.name} href=${v.slice(0, 40)}`);
        if (
          ![
            "href",
            "src",
            "alt",
            "title",
            "class",
            "id",
            "style",
            "lang",
            "dir",
            "role",
            "align",
            "hidden",
            "width",
            "height",
            "colspan",
            "rowspan",
            "scope",
            "span",
            "start",
            "reversed",
            "type",
            "value",
            "datetime",
            "color",
            "size",
            "face",
            "name",
            "charset",
            "content",
          ].includes(k)
        )
          out.push(`${n.name} ${k}`);
        if (k === "style" && /url\(\s*["']?(?!data:)/i.test(v)) out.push(`${n.name} style url`);
      }
      if (n.type === "style") {
        const css = n.children.map((c) => ("data" in c ? c.data : "")).join("");
        if (/url\(\s*["']?(?!data:)/i.test(css)) out.push("style url");
        if (/@import/i.test(css)) out.push("style @import");
      }
      walk(n.children);
    }
  };
  walk(parseDocument(html).children);
  return out;
}

describe("a kept page", () => {
  it("keeps text, links and styles, and drops scripts, handlers and frames", async () => {
    const page = await archivePage(
      articlePage({
        head: '<base href="http://evil.test/"><meta http-equiv="refresh" content="0;url=http://evil.test/"><style>p{color:red;background:url(http://evil.test/x.png)}</style>',
        body: '<p onclick="alert(1)">Click</p><iframe src="http://evil.test/"></iframe><object data="x.swf"></object><a href="javascript:alert(1)">bad</a><a href="/starter2">good</a><img src="x" onerror="alert(1)">',
      }),
      BASE,
      {
        maxBytes: 1024 * 1024,
        maxResources: 50,
        keptAt: new Date("2026-11-29T00:00:00Z"),
        fetch: refusing([]),
      },
    );
    expect(hazards(page.html)).toEqual([]);
    expect(page.html).toContain("The Slow Bread Movement");
    // Links stay, made absolute the way the page's own <base> says (as its reader's browser did).
    expect(page.html).toContain('href="http://evil.test/starter2"');
    expect(page.html).not.toContain("<base");
    expect(page.html).toContain("p{color:red");
    expect(page.html).toContain("It runs no scripts.");
    expect(page.html).not.toContain("evil.test/x.png");
  });

  it.skipIf(!existsSync(VECTORS))(
    "from each of the 459 XSS vectors holds nothing that runs or reaches out",
    async () => {
      const vectors = JSON.parse(readFileSync(VECTORS, "utf8")) as string[];
      expect(vectors.length).toBe(459);
      const found: string[] = [];
      for (const [i, v] of vectors.entries()) {
        const asked: string[] = [];
        const page = await archivePage(
          `<!doctype html><html><head>${v}</head><body><div>${v}</div></body></html>`,
          BASE,
          {
            maxBytes: 1024 * 1024,
            maxResources: 50,
            keptAt: new Date(),
            fetch: refusing(asked),
          },
        );
        for (const h of hazards(page.html)) found.push(`vector ${i}: ${h}`);
        // Only pictures, fonts and stylesheets are ever asked for, and only over http(s).
        for (const u of asked) if (!/^https?:/.test(u)) found.push(`vector ${i}: fetched ${u}`);
      }
      expect(found).toEqual([]);
    },
  );
});
