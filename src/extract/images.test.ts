import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { isFurniture, urlArea } from "./images.ts";

const URL_ = "https://cook.test/soup";

/** A minimal recipe page: JSON-LD with `image` (when given), extra head tags, a body. */
function page(image: unknown, head = "", body = "<h1>Soup</h1>"): string {
  const ld = {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Soup",
    ...(image === undefined ? {} : { image }),
    recipeIngredient: ["1 l stock", "2 carrots"],
    recipeInstructions: [{ "@type": "HowToStep", text: "Simmer the carrots in the stock." }],
  };
  return `<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script>${head}</head><body>${body}</body></html>`;
}
const imageOf = (html: string) => {
  const r = extractRecipe({ html, url: URL_ });
  return r.ok ? r.recipe.imageUrl : "failed";
};

describe("sizes written in image URLs", () => {
  it.each([
    ["https://a.test/soup-1200x800.jpg", 960_000],
    ["https://a.test/soup.jpg?w=1200&h=630", 756_000],
    ["https://a.test/image/upload/h_640,w_640,c_fill/soup.jpg", 409_600],
    ["https://a.test/soup.jpg?resize=440%2C400", 176_000],
    ["https://a.test/b1f740/soup/650_1200.jpg", 780_000],
    ["https://a.test/soup.jpg", 0],
  ])("%s states %i px²", (url, area) => expect(urlArea(url)).toBe(area));
});

describe("site furniture", () => {
  it.each([
    "https://a.test/img/logo.png",
    "https://a.test/icons/pin-it.png",
    "https://a.test/avatar/ann.jpg",
    "https://a.test/img/fallback.jpg",
    // A placeholder named in camelCase, behind an image proxy that names it in its query.
    "https://a.test/api/image?src=%2F_next%2Fstatic%2Fmedia%2FrecipeImgFallback.593cac7a.jpg&w=3840&q=75",
    "https://a.test/_next/image?url=https%3A%2F%2Fcdn.a.test%2Fsite-logo.png&w=1200",
    // A print button's and a pictogram's own files.
    "https://a.test/uploads/2016/11/print-1.png",
    "https://a.test/charte/picto/clock.png",
  ])("%s is not the dish", (u) => expect(isFurniture(u)).toBe(true));
  it.each([
    "https://a.test/_next/image?url=%2Fmedia%2Fcarrot-soup.jpg&w=1200",
    "https://a.test/media/defaultdinner.jpg",
    "https://a.test/media/soup.jpg?ref=/blog/fallback-recipes",
  ])("%s may be the dish", (u) => expect(isFurniture(u)).toBe(false));
  it("a 1×1 pixel is not the dish; a photo is", () => {
    expect(isFurniture("https://a.test/p.gif", 1, 1)).toBe(true);
    expect(isFurniture("https://a.test/wp-content/uploads/carrot-soup.jpg")).toBe(false);
  });
});

describe("the recipe's picture, pooled and ranked", () => {
  it("keeps the recipe's own image when the shared og:image states no size", () => {
    expect(
      imageOf(
        page("https://a.test/soup.jpg", `<meta property="og:image" content="https://a.test/soup-fb.jpg">`),
      ),
    ).toBe("https://a.test/soup.jpg");
  });

  it("prefers a larger image known from og:image:width/height", () => {
    const head = `<meta property="og:image" content="https://a.test/soup-wide.jpg"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">`;
    expect(imageOf(page("https://a.test/soup-300x300.jpg", head))).toBe("https://a.test/soup-wide.jpg");
  });

  it("reads every og:image, and a size given for the recipe's own image counts for it", () => {
    const head = [
      `<meta property="og:image" content="https://a.test/soup-fb.jpg">`,
      `<meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">`,
      `<meta property="og:image" content="https://a.test/soup.jpg">`,
      `<meta property="og:image:width" content="1200"><meta property="og:image:height" content="1200">`,
    ].join("");
    expect(imageOf(page(["https://a.test/soup.jpg", "https://a.test/soup-500x500.jpg"], head))).toBe(
      "https://a.test/soup.jpg",
    );
  });

  it("picks the largest of the recipe's images by declared or URL size", () => {
    expect(
      imageOf(
        page([
          { "@type": "ImageObject", url: "https://a.test/a.jpg", width: 600, height: 400 },
          { "@type": "ImageObject", url: "https://a.test/b.jpg", width: 1200, height: 900 },
        ]),
      ),
    ).toBe("https://a.test/b.jpg");
    // The full-size original states no size; its resized copies do: the largest stated one wins.
    expect(
      imageOf(page(["https://a.test/s.jpg", "https://a.test/s-500x500.jpg", "https://a.test/s-480x270.jpg"])),
    ).toBe("https://a.test/s-500x500.jpg");
  });

  it("never picks the site's logo, even when it is the largest", () => {
    const head = `<meta property="og:image" content="https://a.test/brand/logo.png"><meta property="og:image:width" content="2000"><meta property="og:image:height" content="2000">`;
    expect(imageOf(page("https://a.test/soup.jpg", head))).toBe("https://a.test/soup.jpg");
  });

  it("uses the secure_url of an og:image and twitter:image when the recipe has none", () => {
    const head = `<meta property="og:image" content="http://a.test/soup.jpg"><meta property="og:image:secure_url" content="https://a.test/soup.jpg">`;
    expect(imageOf(page(undefined, head))).toBe("https://a.test/soup.jpg");
    expect(imageOf(page(undefined, `<meta name="twitter:image" content="https://a.test/tw.jpg">`))).toBe(
      "https://a.test/tw.jpg",
    );
  });

  it("looks at the page's content when no image is named: the photo after the title, not the logo", () => {
    const body = `<header><img src="/brand.png" alt="Cook"></header><h1>Soup</h1><img src="/icons/print.png" width="24" height="24"><p>Warming.</p><img data-src="/media/soup.jpg" src="data:image/gif;base64,R0lGOD" alt="Soup">`;
    expect(imageOf(page(undefined, "", body))).toBe("https://cook.test/media/soup.jpg");
    const marked = `<h1>Soup</h1><img src="/media/other.jpg"><img itemprop="image" src="/media/soup.jpg">`;
    expect(imageOf(page(undefined, "", marked))).toBe("https://cook.test/media/soup.jpg");
  });

  it("takes no vector pictogram of the content (a heart to like the recipe) for the photo", () => {
    const body = `<h1>Soup</h1><img src="/charte/like/coeur_blanc.svg" alt="Like"><p>Warming.</p><img src="/media/soup-450x450.jpg" alt="Soup">`;
    expect(imageOf(page(undefined, "", body))).toBe("https://cook.test/media/soup-450x450.jpg");
  });

  it("resolves a relative image against the page's <base href>, as a browser shows it", () => {
    const base = `<base href="https://www.cook.test/recipes/soup"><base href="https://elsewhere.test/">`;
    expect(imageOf(page("images/soup.jpg", base))).toBe("https://www.cook.test/recipes/images/soup.jpg");
    expect(imageOf(page("/media/soup.jpg", `<base href="/">`))).toBe("https://cook.test/media/soup.jpg");
    // A base that is no web address leaves the page's own.
    expect(imageOf(page("media/soup.jpg", `<base href="javascript:void(0)">`))).toBe(
      "https://cook.test/media/soup.jpg",
    );
  });
});

describe("a square crop named by its shape", () => {
  it("takes an og:image named '-1x1-' but declared 1200×1200 for the picture, not a tracking pixel", () => {
    const head = `<meta property="og:image" content="https://a.test/uploads/honey-chicken-1x1-1.jpg"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="1200">`;
    expect(imageOf(page(undefined, head))).toBe("https://a.test/uploads/honey-chicken-1x1-1.jpg");
    // Undeclared, the same name is still a pixel.
    expect(isFurniture("https://a.test/img/1x1.gif")).toBe(true);
  });
});

describe("image: none — the title in the article's own header", () => {
  it("takes the content photo after a header that holds the title (not the site's header)", () => {
    const body = `<header><a href="/"><img src="/brand/masthead.jpg" alt="Cook"></a></header>
      <header><h1>Soup</h1><p>Serves 4</p></header><main><img src="/media/soup.jpg" alt="Soup"><p>Warming.</p></main>`;
    expect(imageOf(page(undefined, "", body))).toBe("https://cook.test/media/soup.jpg");
  });
});
