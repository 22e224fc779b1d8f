import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { articlePage } from "../helpers/articlePages.ts";

const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-article-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("ladle article", () => {
  it("reads files offline, one NDJSON line each, good and broken alike", async () => {
    const good = path.join(dir, "story.html");
    const empty = path.join(dir, "empty.html");
    writeFileSync(
      good,
      articlePage({ body: '<p><img data-src="/img/a.jpg" alt="a"> <a href="/x">x</a></p>' }),
    );
    writeFileSync(empty, "<html><body></body></html>");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        BIN,
        "article",
        "--base-url",
        "https://bakery.test/news/story",
        good,
        empty,
        path.join(dir, "missing.html"),
      ],
      { env: { PATH: process.env.PATH ?? "", LADLE_CONFIG: "" } },
    );
    const lines = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      file: good,
      ok: true,
      article: { title: "The Slow Bread Movement", lang: "en", imageUrls: ["https://bakery.test/img/a.jpg"] },
    });
    expect(lines[0].article.htmlSanitized).toMatch(/<img src="\/api\/images\/[0-9a-f-]{36}" alt="a" \/>/);
    expect(lines[0].article.htmlSanitized).toContain('href="https://bakery.test/x"');
    expect(lines[0].article.canonicalText).toContain("Sourdough asks for patience more than skill.");
    expect(lines[1]).toMatchObject({ file: empty, ok: false, code: "E_EXTRACT_NO_CONTENT" });
    expect(lines[2]).toMatchObject({ ok: false, code: "FILE_UNREADABLE" });
  });
});
