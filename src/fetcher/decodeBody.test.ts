import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { decodeHtml } from "./decodeBody.ts";

const TEXT: Record<string, string> = {
  "windows-1252": "Crème brûlée — “Süß”",
  "iso-8859-2": "Żurek z jajkiem, łyżka śmietany",
  "iso-8859-15": "Café à 5 €",
  shift_jis: "肉じゃがの作り方",
  "euc-jp": "味噌汁と焼き魚",
  gbk: "宫保鸡丁的做法",
  gb2312: "红烧肉",
  big5: "牛肉麵食譜",
};

describe("decodeHtml", () => {
  it.each(Object.entries(TEXT))("decodes %s from the Content-Type header", (charset, text) => {
    const body = iconv.encode(`<html><body><p>${text}</p></body></html>`, charset);
    expect(decodeHtml(body, `text/html; charset=${charset}`).text).toContain(text);
  });

  it.each(Object.entries(TEXT))("decodes %s from a <meta> charset", (charset, text) => {
    const body = iconv.encode(
      `<html><head><meta charset="${charset}"></head><body>${text}</body></html>`,
      charset,
    );
    expect(decodeHtml(body, "text/html").text).toContain(text);
  });

  it("reads the http-equiv form, treats ISO-8859-1 as windows-1252, and honours a BOM", () => {
    const body = iconv.encode(
      `<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">肉じゃが`,
      "shift_jis",
    );
    expect(decodeHtml(body, null).text).toContain("肉じゃが");
    expect(decodeHtml(Buffer.from([0x93, 0x94]), "text/html; charset=ISO-8859-1").text).toBe("“”");
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("<p>été</p>")]);
    expect(decodeHtml(bom, "text/html; charset=windows-1252")).toMatchObject({
      text: "<p>été</p>",
      charset: "utf-8",
    });
  });

  it("falls back to UTF-8 for unknown labels", () => {
    expect(decodeHtml(Buffer.from("<p>ok ✓</p>"), "text/html; charset=x-klingon")).toMatchObject({
      text: "<p>ok ✓</p>",
      charset: "utf-8",
    });
  });
});
