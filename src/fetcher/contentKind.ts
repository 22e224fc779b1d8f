import type { ContentKind } from "../domain/fetched.ts";

export type { ContentKind };
/**
 * Classifies a response from its Content-Type and, when that is missing or generic, its first
 * bytes: HTML pages; PDF and EPUB (kind mismatches for the article path, inputs for the import
 * path); anything else is unsupported.
 */
export function classifyContent(contentType: string | null, body: Buffer, url = ""): ContentKind {
  const ct = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const head = body.subarray(0, 512);
  if (ct === "application/pdf" || head.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  if (
    ct === "application/epub+zip" ||
    (head.subarray(0, 2).toString("latin1") === "PK" && head.includes("application/epub+zip"))
  ) {
    return "epub";
  }
  if (ct === "text/html" || ct === "application/xhtml+xml") return "html";
  if (!ct || ct === "application/octet-stream" || ct === "text/plain") {
    const text = head.toString("utf8").trimStart().toLowerCase();
    if (
      text.startsWith("<!doctype html") ||
      text.startsWith("<html") ||
      /<(head|body|meta|title)\b/.test(text)
    )
      return "html";
    if (/\.pdf(?:$|\?)/i.test(url)) return "pdf";
    if (!ct) return text.startsWith("<") ? "html" : "other";
  }
  return "other";
}
