// Hand-written: the BOM → header → <meta> decision (WHATWG order) is a few lines; iconv-lite decodes.
import type Iconv from "iconv-lite";
import { lazyRequire } from "./lazyRequire.ts";

// Loaded on the first page that is not UTF-8: most are (iconv-lite brings node:stream too).
const iconv = lazyRequire<typeof Iconv>("iconv-lite");

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
  return name === "utf-8" || iconv().encodingExists(name) ? name : null;
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
export function decodeHtml(body: Uint8Array, contentType: string | null): { text: string; charset: string } {
  const { charset, bom } = htmlCharset(body, contentType);
  const bytes = Buffer.from(body.buffer, body.byteOffset + bom, body.byteLength - bom);
  return { text: charset === "utf-8" ? bytes.toString("utf8") : iconv().decode(bytes, charset), charset };
}

/** Bytes decoded per piece: at most as many characters, so at most 64 KB as a two-byte string. */
export const PIECE_BYTES = 32 * 1024;

/**
 * Decodes an HTML body as `decodeHtml` does, into pieces of at most {@link PIECE_BYTES} bytes each:
 * joined, they are `decodeHtml`'s text. No piece is a string large enough for V8's large-object
 * space, where each one costs freshly mapped memory (a third of a page's extraction on our VMs).
 */
export function decodeHtmlPieces(
  body: Uint8Array,
  contentType: string | null,
  pieceBytes = PIECE_BYTES,
): { pieces: string[]; charset: string } {
  const { charset, bom } = htmlCharset(body, contentType);
  const bytes = Buffer.from(body.buffer, body.byteOffset + bom, body.byteLength - bom);
  const pieces: string[] = [];
  if (charset === "utf-8") {
    for (let at = 0; at < bytes.length;) {
      const end = utf8Cut(bytes, Math.min(at + pieceBytes, bytes.length), at);
      pieces.push(bytes.toString("utf8", at, end));
      at = end;
    }
  } else {
    // iconv-lite's streaming decoder carries a sequence split between two writes over to the next.
    const decoder = iconv().getDecoder(charset);
    for (let at = 0; at < bytes.length; at += pieceBytes) {
      const piece = decoder.write(bytes.subarray(at, at + pieceBytes));
      if (piece) pieces.push(piece);
    }
    const rest = decoder.end();
    if (rest) pieces.push(rest);
  }
  return { pieces, charset };
}

/**
 * Where to end a UTF-8 piece that starts at `from`: at `at` or the nearest place before it (after
 * it when the piece would be empty) where decoding the pieces apart gives what decoding them
 * together does. Hand-written (a few lines): a decoder starts afresh at any byte that is not a
 * continuation byte (10xxxxxx), valid or not, so a cut before one changes nothing; nor does a cut
 * before a continuation byte that follows three more (a sequence has four bytes at most, so it
 * belongs to none and is replaced on its own). One of any four bytes in a row is such a place.
 */
function utf8Cut(bytes: Uint8Array, at: number, from: number): number {
  const cont = (i: number) => (bytes[i]! & 0xc0) === 0x80;
  const clean = (i: number) => !cont(i) || (i >= 3 && cont(i - 1) && cont(i - 2) && cont(i - 3));
  for (let i = at; i > from && i > at - 4; i--) if (i >= bytes.length || clean(i)) return i;
  for (let i = at + 1; i < bytes.length; i++) if (clean(i)) return i;
  return bytes.length;
}

/**
 * The charset `decodeHtml` would decode `body` with, and the length of its byte order mark (0 when
 * none), without decoding it.
 */
export function htmlCharset(body: Uint8Array, contentType: string | null): { charset: string; bom: number } {
  for (const [bom, cs] of BOMS) {
    if (bom.every((b, i) => body[i] === b)) return { charset: cs, bom: bom.length };
  }
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(4096, body.byteLength)).toString("latin1");
  const charset =
    resolveLabel(charsetFrom(contentType), false) ?? resolveLabel(sniffMeta(head), true) ?? "utf-8";
  return { charset, bom: 0 };
}
