// Hand-written: the BOM → header → <meta> decision (WHATWG order) is a few lines; iconv-lite decodes.
import iconv from "iconv-lite";

const BOMS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], "utf-8"],
  [[0xff, 0xfe], "utf-16le"],
  [[0xfe, 0xff], "utf-16be"],
];

// WHATWG Encoding Standard: these labels decode as their superset.
const ALIASES: Record<string, string> = {
  "iso-8859-1": "windows-1252",
  latin1: "windows-1252",
  "us-ascii": "windows-1252",
  ascii: "windows-1252",
  gb2312: "gbk",
  "x-sjis": "shift_jis",
  sjis: "shift_jis",
};

function charsetFrom(contentType: string | null): string | null {
  const m = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? "");
  return m ? m[1]!.toLowerCase() : null;
}

function sniffMeta(head: string): string | null {
  const m =
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head) ??
    /<meta[^>]+http-equiv\s*=\s*["']?content-type["']?[^>]*content\s*=\s*["'][^"']*charset=([\w.:-]+)/i.exec(
      head,
    );
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * Decodes an HTML body: BOM first, then the Content-Type charset, then a `<meta>` charset in the
 * first 4 KB, else UTF-8. Unknown labels fall back to UTF-8.
 */
export function decodeHtml(body: Buffer, contentType: string | null): { text: string; charset: string } {
  for (const [bom, cs] of BOMS) {
    if (bom.every((b, i) => body[i] === b))
      return { text: iconv.decode(body.subarray(bom.length), cs), charset: cs };
  }
  let label = charsetFrom(contentType) ?? sniffMeta(body.subarray(0, 4096).toString("latin1"));
  if (label) label = ALIASES[label] ?? label;
  if (!label || label === "utf-8" || label === "utf8" || !iconv.encodingExists(label)) {
    return { text: body.toString("utf8"), charset: "utf-8" };
  }
  return { text: iconv.decode(body, label), charset: label };
}
