// Authors read with their byline's label (issue 50: "author: a site or brand name where the page
// names a person; a byline with its link text"): a label glued to the name ("AuthorAngela
// Brassinga", label and name in two elements) or written in Dutch ("Gemaakt door Sandra").
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";
import { personName } from "./schemaRecipe.ts";

const CARD = (author: string) => `<div class="wprm-recipe-container"><div class="wprm-recipe">
<h2 class="wprm-recipe-name">Lemon bars</h2>
<span class="wprm-recipe-author">${author}</span>
<div class="wprm-recipe-ingredients-container"><ul><li class="wprm-recipe-ingredient">1 cup flour</li>
<li class="wprm-recipe-ingredient">2 lemons, juiced</li></ul></div>
<div class="wprm-recipe-instructions-container"><ul><li class="wprm-recipe-instruction">Press the crust into the pan and bake it until golden.</li>
<li class="wprm-recipe-instruction">Pour the lemon filling over it and bake until set.</li></ul></div></div></div>`;

describe("author: a byline's label is not the name", () => {
  const byline = (html: string) => {
    const r = extractRecipe({
      html: `<html><head><meta property="og:site_name" content="Cook Test"></head><body><h1>Lemon bars</h1>${html}${CARD("")}</body></html>`,
      url: "https://cooktest.com/lemon-bars",
    });
    return r.ok ? r.recipe.author : r.code;
  };

  it("drops the label of an author element whose label and name touch", () => {
    expect(byline(`<span class="recipe-author"><strong>Author</strong>Angela Brassinga</span>`)).toBe(
      "Angela Brassinga",
    );
    expect(byline(`<span class="post-author">Gemaakt door Sandra</span>`)).toBe("Sandra");
  });

  it("drops the other links a byline element ends with", () => {
    expect(
      byline(`<span class="recipe-author">Jane Doe <a href="/chefs/jane">Find more recipes</a></span>`),
    ).toBe("Jane Doe");
    expect(personName("Jane Doe Other recipes by this chef")).toBe("Jane Doe");
    expect(personName("Jane Doe Read more »")).toBe("Jane Doe");
    expect(personName("Jane Doe · Visit website")).toBe("Jane Doe");
    expect(personName("Jane Doe Follow")).toBe("Jane Doe");
    // A name made of those words stays whole.
    expect(personName("Discover Recipes")).toBe("Discover Recipes");
  });

  it("drops a label glued to the name or written in Dutch", () => {
    expect(personName("AuthorAngela Brassinga")).toBe("Angela Brassinga");
    expect(personName("Gemaakt door Sandra")).toBe("Sandra");
    expect(personName("Authority Chef")).toBe("Authority Chef");
  });
});

// A profile's address written without its scheme ("facebook.com/cooktest" in article:author) is no
// name: the site's name stands in, as for a full URL.
describe("author: a profile's address without its scheme", () => {
  it("is no name", () => {
    expect(personName("facebook.com/cooktest.catering")).toBe("");
    expect(personName("www.instagram.com/cooktest/")).toBe("");
    expect(personName("https://www.facebook.com/cooktest")).toBe("");
    // A site's name spelt as its host, and a name with a slash in it, are names.
    expect(personName("CookTest.com")).toBe("CookTest.com");
    expect(personName("Michel/Bricelet & Baklava")).toBe("Michel/Bricelet & Baklava");
  });

  it("gives way to the site's name", () => {
    const r = extractRecipe({
      html: `<html><head><meta property="og:site_name" content="Cook Test">
<meta property="article:author" content="facebook.com/cooktest.catering"></head><body><h1>Lemon bars</h1>${CARD("")}</body></html>`,
      url: "https://cooktest.com/lemon-bars",
    });
    expect(r.ok && r.recipe.author).toBe("Cook Test");
  });
});

// A page whose main column is an <aside> (or whose whole body is a <form>): the byline under the
// title inside it is the page's, not a sidebar's.
describe("author: a byline in a container that holds the title", () => {
  const PAGE = (open: string, close: string) => `<html><body>${open}
<h1>Stuffed tortellini</h1><div class="authorview"><div><span>by <span>TNN</span></span></div><span>Updated: Oct 1, 2019</span></div>
<h2>Ingredients</h2><ul><li>250 g tortellini</li><li>2 tbsp butter</li><li>50 g parmesan</li></ul>
<h2>Method</h2><ol><li>Boil the tortellini in salted water until they float, then drain them.</li>
<li>Toss them with the butter and the parmesan and serve at once.</li></ol>${close}
<aside><p>Recipe by Sam Side</p></aside></body></html>`;
  const author = (html: string) => {
    const r = extractRecipe({ html, url: "https://cooktest.com/recipes/tortellini.cms" });
    return r.ok ? r.recipe.author : r.code;
  };

  it("is read inside an aside or a form that holds the title", () => {
    expect(author(PAGE(`<aside class="left_mid">`, `</aside>`))).toBe("TNN");
    expect(author(PAGE(`<form action="/recipe.aspx">`, `</form>`))).toBe("TNN");
  });

  it("a sidebar's byline is still no author", () => {
    expect(author(PAGE(`<main>`, `</main>`).replace("by <span>TNN</span>", ""))).not.toBe("Sam Side");
  });
});

// Issue 50's small byline cleanups: a date glued after the name, a share button's label read as a
// byline, and a site's name written as its address.
describe("author: what is read around a byline is not the name", () => {
  const page = (body: string, head = `<meta property="og:site_name" content="Cook Test">`) => {
    const r = extractRecipe({
      html: `<html><head>${head}</head><body><h1>Lemon bars</h1>${body}${CARD("")}</body></html>`,
      url: "https://www.cooktest.com/lemon-bars",
    });
    return r.ok ? r.recipe.author : r.code;
  };

  it("drops a date or a relative time after a dot, bullet or bar", () => {
    const link = (text: string) => page(`<a href="/profile/ann-lee">${text}</a>`);
    expect(link("Lydia Belcher<span>· last year</span>")).toBe("Lydia Belcher");
    expect(link("Ann Lee · 3 days ago")).toBe("Ann Lee");
    expect(link("Ann Lee • March 2, 2021")).toBe("Ann Lee");
    expect(link("Ann Lee | Updated on Jan 5")).toBe("Ann Lee");
    expect(page(`<span class="post-author">Ann Lee · 2 years ago</span>`)).toBe("Ann Lee");
  });

  it("never reads a share button's label as a name", () => {
    expect(page(`<ul><li><a href="mailto:?subject=Lemon%20bars">Share by Email</a></li></ul>`)).toBe(
      "Cook Test",
    );
    expect(page(`<p>Pin by Pinterest</p>`)).toBe("Cook Test");
    // Nor a reader's review signed by nobody.
    expect(page(`<span>Review by Anonymous User</span>`)).toBe("Cook Test");
    expect(page(`<p>Comment by Ann Lee</p>`)).toBe("Cook Test");
    expect(page(`<a href="/author/print">Print</a><a href="/author/share">Share</a>`)).toBe("Cook Test");
  });

  it("names a site whose og:site_name is its address by its host, never the URL", () => {
    const head = `<meta property="og:site_name" content="https://www.cooktest.fr">`;
    expect(page("", head)).toBe("cooktest.fr");
    expect(page("", `<meta property="og:site_name" content="www.cooktest.com.au">`)).toBe("cooktest.com.au");
  });
});

describe("author: more byline labels and links", () => {
  it("cuts 'Submitted by', 'Recipe courtesy of' and a bracketed '(View Profile)'", () => {
    expect(personName("Submitted by Ann Lee")).toBe("Ann Lee");
    expect(personName("Recipe courtesy of Ann Lee")).toBe("Ann Lee");
    expect(personName("Courtesy of: Ann Lee")).toBe("Ann Lee");
    expect(personName("Ann Lee (View Profile)")).toBe("Ann Lee");
    const r = extractRecipe({
      html: `<html><head><meta property="og:site_name" content="Cook Test"></head><body><h1>Lemon bars</h1>${CARD("Submitted by Ann Lee")}</body></html>`,
      url: "https://cooktest.com/lemon-bars",
    });
    expect(r.ok && r.recipe.author).toBe("Ann Lee");
  });
});
