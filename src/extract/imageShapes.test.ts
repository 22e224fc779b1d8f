// The page's main picture where the page names only a thumbnail for it (issue 50: "image: another
// picture than the page's main one"): a share card's 146×128 image stands for a recipe whose page
// shows it at 1400×919 in a hero above the title, the related recipes' pictures in a menu after it,
// the whole page inside a form (ASP.NET's) and a tracking beacon's image after the title.
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const PAGE = (head: string, hero: string) => `<html><head>${head}</head><body><form action="/recipe.aspx">
<header><img src="/img/site-logo.svg" alt="Cook Test"></header>
${hero}
<h1>Roasted cauliflower tagine</h1><img src="https://track.example/r/beacon?b2=QkgameW&cid=">
<h2>Ingredients</h2><ul><li>1 cauliflower, in florets</li><li>400 g chickpeas</li><li>2 tbsp harissa</li></ul>
<h2>Method</h2><ol><li>Roast the cauliflower with the harissa until golden at the edges.</li>
<li>Simmer it with the chickpeas for 20 minutes and serve.</li></ol>
<h2>You may also like</h2><nav><ul><li><a href="/recipes/couscous.html"><img src="/media/images/472x310-Couscous-salad.jpg"></a></li></ul></nav>
</form></body></html>`;

const HERO = `<div class="hero"><img src="/media/images/1400x919-Roasted-cauliflower-tagine.jpg" alt="Roasted cauliflower tagine"></div>`;
const THUMB = `<meta property="og:image" content="https://cooktest.com/media/images/146x128-Roasted-cauliflower-tagine.jpg">`;

const image = (html: string) => {
  const r = extractRecipe({ html, url: "https://cooktest.com/recipes/tagine.html" });
  return r.ok ? r.recipe.imageUrl : r.code;
};

describe("image: the hero above the title over a shared thumbnail", () => {
  it("is the recipe's picture where the page names only a thumbnail", () => {
    expect(image(PAGE(THUMB, HERO))).toBe(
      "https://cooktest.com/media/images/1400x919-Roasted-cauliflower-tagine.jpg",
    );
  });

  it("is the recipe's picture where the page names none", () => {
    expect(image(PAGE("", HERO))).toBe(
      "https://cooktest.com/media/images/1400x919-Roasted-cauliflower-tagine.jpg",
    );
  });

  it("a shared picture of its full size is kept, and a small image above the title is no hero", () => {
    const og = `<meta property="og:image" content="https://cooktest.com/media/images/tagine-share.jpg">`;
    expect(image(PAGE(og, HERO))).toBe("https://cooktest.com/media/images/tagine-share.jpg");
    const small = `<img src="/media/images/banner-ad.jpg" width="468" height="60">`;
    expect(image(PAGE(THUMB, small))).toBe(
      "https://cooktest.com/media/images/146x128-Roasted-cauliflower-tagine.jpg",
    );
  });
});

// A blog post without an <h1> and without a shared picture: a sidebar widget's picture stated 300
// wide, a product's thumbnail named 120x135, come before the post's own photos in the page.
const WIDGETS = `<div class="widget"><img src="/uploads/2016/05/Screen-Shot-2016-05-31.png" width="300">
<img src="/uploads/products/120x135_Mixer.jpg" alt="Mixer"></div>`;
const POST = (photo: string) => `<html><head><title>Cherry cake</title></head><body>${WIDGETS}
<div class="post"><p>A cake for a first birthday, with no sugar added.</p>${photo}
<h2>Ingredients</h2><ul><li>200 g cherries</li><li>150 g almond flour</li><li>3 eggs</li></ul>
<h2>Instructions</h2><ol><li>Mix the almond flour with the eggs and fold in the cherries.</li>
<li>Bake for 30 minutes at 180 °C.</li></ol></div></body></html>`;

describe("image: the first picture of the content stated larger than a thumbnail", () => {
  it("passes over a widget's or a product's thumbnail for the post's photo", () => {
    const photo = `<img src="/uploads/2017/08/Cherry-Cake-2.jpg" width="800" height="1200" alt="Cherry cake">`;
    expect(image(POST(photo))).toBe("https://cooktest.com/uploads/2017/08/Cherry-Cake-2.jpg");
    // A photo of unknown size is no thumbnail either.
    expect(image(POST(`<img src="/uploads/2017/08/Cherry-Cake-3.jpg">`))).toBe(
      "https://cooktest.com/uploads/2017/08/Cherry-Cake-3.jpg",
    );
  });

  it("keeps the first thumbnail when the page shows nothing larger", () => {
    expect(image(POST(""))).toBe("https://cooktest.com/uploads/2016/05/Screen-Shot-2016-05-31.png");
  });
});

describe("image: a lazy loader's placeholder named loading.jpg", () => {
  it("reads the picture the loader keeps in data-src, not its placeholder", () => {
    const photo = `<img src="/themes/shop/img/loading.jpg" data-src="/uploads/2017/08/Cherry-Cake-4.jpg" width="800" height="600">`;
    expect(image(POST(photo))).toBe("https://cooktest.com/uploads/2017/08/Cherry-Cake-4.jpg");
  });
});

// A meal kit's page: its hero above the title, unsized, whose alt text names the dish; after the
// title, the other recipes' pictures, each named for its own dish.
const KIT = `<html><head><title>Cook Test</title></head><body>
<picture><img src="/uploads/1357/_1400_700_Lentil_Bowl_Hero.jpg" alt="Roasted Cauliflower Lentil Bowl with Avocado &amp; Curried Vinaigrette"></picture>
<h1>Roasted Cauliflower Lentil Bowl</h1><h2>with Avocado &amp; Curried Vinaigrette</h2>
<h2>Ingredients</h2><ul><li>1 cauliflower, in florets</li><li>200 g lentils</li><li>1 avocado</li></ul>
<h2>Instructions</h2><ol><li>Roast the cauliflower until golden at the edges.</li>
<li>Simmer the lentils for 20 minutes and serve with the avocado.</li></ol>
<h2>More recipes</h2><div><img src="/uploads/1439/_368_173_Broccoli_Bowl.jpg" alt="Cajun Roasted Broccoli Bowl"></div>
</body></html>`;

describe("image: the content picture whose alt text names the dish", () => {
  it("is the hero above the title, not the first other recipe's picture after it", () => {
    expect(image(KIT)).toBe("https://cooktest.com/uploads/1357/_1400_700_Lentil_Bowl_Hero.jpg");
  });
});

describe("image: a lazy loader's own data- attribute", () => {
  it("reads the address a slider keeps in data-splide-lazy, the img having no src", () => {
    const photo = `<img data-splide-lazy="https://cdn.cooktest.com/recipe-images/Cherry-Cake-5.JPG_16.jpg?VersionId=a1&amp;itok=b2" alt="Cherry cake">`;
    expect(image(POST(photo))).toBe(
      "https://cdn.cooktest.com/recipe-images/Cherry-Cake-5.JPG_16.jpg?VersionId=a1&itok=b2",
    );
  });
});
