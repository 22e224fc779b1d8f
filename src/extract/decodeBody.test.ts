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

  it("skips an unknown header label for the <meta> one, and refuses UTF-16 from a <meta>", () => {
    const body = iconv.encode(`<meta charset="windows-1252"><p>Crème</p>`, "windows-1252");
    expect(decodeHtml(body, "text/html; charset=x-klingon")).toMatchObject({ charset: "windows-1252" });
    expect(decodeHtml(body, "text/html; charset=x-klingon").text).toContain("Crème");
    const lying = Buffer.from(`<meta charset="utf-16"><p>été</p>`);
    expect(decodeHtml(lying, null)).toMatchObject({ charset: "utf-8" });
    expect(decodeHtml(lying, null).text).toContain("été");
  });

  it("maps WHATWG labels to the encoding they mean", () => {
    expect(decodeHtml(Buffer.from([0x80]), "text/html; charset=us-ascii")).toEqual({
      text: "€",
      charset: "windows-1252",
    });
    expect(decodeHtml(iconv.encode("红烧肉", "gbk"), "text/html; charset=GB2312").charset).toBe("gbk");
    expect(decodeHtml(iconv.encode("肉", "shift_jis"), "text/html; charset=x-sjis").text).toBe("肉");
  });

  it("honours UTF-16 byte order marks", () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode("<p>ramen ラーメン</p>", "utf-16le")]);
    expect(decodeHtml(le, "text/html; charset=utf-8")).toEqual({
      text: "<p>ramen ラーメン</p>",
      charset: "utf-16le",
    });
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode("<p>pho</p>", "utf-16be")]);
    expect(decodeHtml(be, null).text).toBe("<p>pho</p>");
  });

  it("defaults to UTF-8 without any label", () => {
    expect(decodeHtml(Buffer.from("<p>ok ✓</p>"), null)).toEqual({ text: "<p>ok ✓</p>", charset: "utf-8" });
  });

  it("looks for <meta> only in the first 4 KB", () => {
    const late = Buffer.concat([Buffer.from(" ".repeat(5000)), Buffer.from(`<meta charset="shift_jis">`)]);
    expect(decodeHtml(late, null).charset).toBe("utf-8");
  });

  it("falls back to UTF-8 for unknown labels", () => {
    expect(decodeHtml(Buffer.from("<p>ok ✓</p>"), "text/html; charset=x-klingon")).toMatchObject({
      text: "<p>ok ✓</p>",
      charset: "utf-8",
    });
  });
});
