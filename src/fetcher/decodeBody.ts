// Hand-written: the BOM → header → <meta> decision (WHATWG order) is a few lines; iconv-lite decodes.
import iconv from "iconv-lite";

const BOMS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], "utf-8"],
  [[0xff, 0xfe], "utf-16le"],
  [[0xfe, 0xff], "utf-16be"],
];

// WHATWG Encoding Standard: these labels decode as the encoding they map to (often a superset).
const ALIASES: Record<string, string> = {
  "iso-8859-1": "windows-1252",
  iso8859_1: "windows-1252",
  "iso_8859-1": "windows-1252",
  latin1: "windows-1252",
  l1: "windows-1252",
  cp819: "windows-1252",
  "us-ascii": "windows-1252",
  ascii: "windows-1252",
  "iso-8859-9": "windows-1254",
  latin5: "windows-1254",
  "tis-620": "windows-874",
  "iso-8859-11": "windows-874",
  gb2312: "gbk",
  chinese: "gbk",
  "x-gbk": "gbk",
  "x-sjis": "shift_jis",
  sjis: "shift_jis",
  ms_kanji: "shift_jis",
  "x-euc-jp": "euc-jp",
  "ks_c_5601-1987": "euc-kr",
  "x-mac-roman": "macintosh",
  utf8: "utf-8",
  "unicode-1-1-utf-8": "utf-8",
};

/** A usable encoding name for a label, or null when iconv-lite does not know it. */
function resolveLabel(label: string | null, fromMeta: boolean): string | null {
  if (!label) return null;
  let name = label.trim().toLowerCase();
  name = ALIASES[name] ?? name;
  // A <meta> that claims UTF-16 was read as ASCII-compatible bytes, so it cannot be right (WHATWG).
  if (fromMeta && name.startsWith("utf-16")) return "utf-8";
  if (name === "utf-16") name = "utf-16le";
  return iconv.encodingExists(name) ? name : null;
}

function charsetFrom(contentType: string | null): string | null {
  const m = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? "");
  return m ? m[1]! : null;
}

function sniffMeta(head: string): string | null {
  const m =
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head) ??
    /<meta[^>]+http-equiv\s*=\s*["']?content-type["']?[^>]*content\s*=\s*["'][^"']*charset=([\w.:-]+)/i.exec(
      head,
    );
  return m ? m[1]! : null;
}

/**
 * Decodes an HTML body: BOM first, then the Content-Type charset, then a `<meta>` charset in the
 * first 4 KB, else UTF-8. A label iconv-lite does not know is skipped, as if it were absent.
 */
export function decodeHtml(body: Buffer, contentType: string | null): { text: string; charset: string } {
  for (const [bom, cs] of BOMS) {
    if (bom.every((b, i) => body[i] === b))
      return { text: iconv.decode(body.subarray(bom.length), cs), charset: cs };
  }
  const charset =
    resolveLabel(charsetFrom(contentType), false) ??
    resolveLabel(sniffMeta(body.subarray(0, 4096).toString("latin1")), true) ??
    "utf-8";
  return { text: charset === "utf-8" ? body.toString("utf8") : iconv.decode(body, charset), charset };
}
