import { describe, expect, it } from "vitest";
import { absoluteHttpUrl, extractPageMetadata, isWallTitle } from "./pageMetadata.ts";

const URL_ = "https://site.example/blog/post";

describe("extractPageMetadata", () => {
  it("prefers Open Graph, then Twitter cards, then <title> and meta description", () => {
    const m = extractPageMetadata(
      `<html><head><title>Doc title</title><meta name="description" content="Meta desc">
       <meta property="og:title" content="OG &amp; title"><meta name="twitter:title" content="TW title">
       <meta property="og:site_name" content="Site"></head><body><meta property="og:image" content="/late.jpg"></body></html>`,
      URL_,
    );
    expect(m).toEqual({ title: "OG & title", excerpt: "Meta desc", previewImageUrl: null, siteName: "Site" });
    expect(extractPageMetadata(`<head><title> Plain\n title </title></head>`, URL_).title).toBe(
      "Plain title",
    );
  });

  it("leaves out the site's own name after the title, as the bookmark shows the site beside it", () => {
    const title = (head: string, url = URL_) => extractPageMetadata(`<head>${head}</head>`, url).title;
    const site = `<meta property="og:site_name" content="Feel Good Foodie">`;
    expect(title(`<title>Hummus Recipe | Feel Good Foodie</title>${site}`)).toBe("Hummus Recipe");
    expect(
      title(
        `<title>Receita de Strogonoff - Leticia | CyberCook</title><meta property="og:site_name" content="CyberCook">`,
      ),
    ).toBe("Receita de Strogonoff - Leticia");
    // Known only by its address.
    expect(title(`<title>Beef and Broccoli - Chef Savvy</title>`, "https://www.chefsavvy.com/beef/")).toBe(
      "Beef and Broccoli",
    );
    // Its address written out ("Ricetta.it"), beside another og:site_name.
    expect(title(`<title>Lasagne - Ricetta.it</title>${site}`, "https://www.ricetta.it/lasagne")).toBe(
      "Lasagne",
    );
    // Another name after a dash is the title's own.
    expect(title(`<title>Soup - a winter classic</title>${site}`)).toBe("Soup - a winter classic");
    expect(title(`<title>Feel Good Foodie</title>${site}`)).toBe("Feel Good Foodie");
  });

  it("takes og:image before twitter:image, resolved to absolute http(s) against <base>", () => {
    const both = `<head><base href="https://cdn.example/assets/"><meta name="twitter:image" content="tw.png"><meta property="og:image" content="og.png"></head>`;
    expect(extractPageMetadata(both, URL_).previewImageUrl).toBe("https://cdn.example/assets/og.png");
    const twOnly = `<head><meta name="twitter:image" content="//img.example/tw.png"></head>`;
    expect(extractPageMetadata(twOnly, URL_).previewImageUrl).toBe("https://img.example/tw.png");
    const bad = `<head><meta property="og:image" content="javascript:alert(1)"><meta property="og:image:secure_url" content="data:image/png;base64,AA"></head>`;
    expect(extractPageMetadata(bad, URL_).previewImageUrl).toBeNull();
    const fallback = `<head><meta property="og:image" content="ftp://x/y.png"><meta name="twitter:image" content="/t.png"></head>`;
    expect(extractPageMetadata(fallback, URL_).previewImageUrl).toBe("https://site.example/t.png");
  });

  it("never takes a wall's title, and shortens very long values at a word", () => {
    const wall = extractPageMetadata(`<head><title>Just a moment...</title></head>`, URL_);
    expect(wall.title).toBeNull();
    expect(isWallTitle("Attention Required! | Cloudflare")).toBe(true);
    expect(isWallTitle("Just a moment with my sourdough")).toBe(true);
    expect(isWallTitle("Moments of baking")).toBe(false);
    const long = extractPageMetadata(`<head><title>${"word ".repeat(200)}</title></head>`, URL_);
    expect(long.title!.length).toBeLessThanOrEqual(500);
    expect(long.title!.endsWith("word…")).toBe(true);
  });

  it("ignores a <title> inside inline SVG and stops at the body", () => {
    const m = extractPageMetadata(
      `<head><svg><title>icon</title></svg><title>Real</title></head><body><title>x</title>`,
      URL_,
    );
    expect(m.title).toBe("Real");
  });
});

describe("absoluteHttpUrl", () => {
  it("keeps http(s) without credentials only", () => {
    expect(absoluteHttpUrl("a.png", "http://x.example/p/")).toBe("http://x.example/p/a.png");
    expect(absoluteHttpUrl("https://u:p@x.example/a.png", URL_)).toBeNull();
    expect(absoluteHttpUrl("  ", URL_)).toBeNull();
    expect(absoluteHttpUrl("http://[bad", URL_)).toBeNull();
  });
});
