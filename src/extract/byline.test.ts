// Bylines in shapes the writer's link alone misses (issue 50, "author: not read though the page
// names one"; "a site or brand name where the page names a person").
import { describe, expect, it } from "vitest";
import { extractRecipe } from "./extractRecipe.ts";

const LD = `<script type="application/ld+json">${JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Recipe",
  name: "Lemon bars",
  recipeIngredient: ["1 cup flour", "2 lemons, juiced"],
  recipeInstructions: ["Press the crust into the pan and bake it.", "Pour the filling over it and bake."],
})}</script>`;
const author = (body: string) => {
  const r = extractRecipe({
    html: `<html><head><meta property="og:site_name" content="Cook Test">${LD}</head><body><h1>Lemon bars</h1>${body}</body></html>`,
    url: "https://cooktest.com/lemon-bars",
  });
  return r.ok ? r.recipe.author : r.code;
};

describe("author: bylines the page shows", () => {
  it("reads an element named for the writer in another language, without its label and role", () => {
    expect(
      author(
        `<div class="box-nome-autor"><p class="titulo autor">Por Jane Doe, <i>foodstylist</i></p></div>`,
      ),
    ).toBe("Jane Doe");
    expect(author(`<span class="post-auteur">par Jane Doe</span>`)).toBe("Jane Doe");
  });

  it("takes a line labelling the writer over a byline link that names the site's login", () => {
    const login = `<p>by <a href="/author/cooktest/" rel="author">cooktest</a></p>`;
    expect(
      author(`${login}<ul><li><span>Author:</span> <a href="https://example.org/x">Jane Doe</a></li></ul>`),
    ).toBe("Jane Doe");
  });

  it("takes a line labelling the cook, or saying only whose recipe it is, over the site's name", () => {
    expect(author(`<div><div>Koch/Köchin: <span>Jane Doe</span></div></div>`)).toBe("Jane Doe");
    expect(author(`<p>Recipe by: <strong>Jane Doe</strong></p>`)).toBe("Jane Doe");
    // A sentence that says "by" is no label.
    expect(author(`<p>Adapted from a cake by Jane Doe</p>`)).toBe("Cook Test");
  });

  it("keeps a byline link's name where no line labels a person", () => {
    expect(author(`<p>by <a href="/author/cooktest/" rel="author">cooktest</a></p>`)).toBe("cooktest");
  });

  it("reads the writer's link in the <address> of a header column written as an <aside>", () => {
    const link = `<a rel="author" href="https://cooktest.com/profile/jane-doe">Jane Doe</a>`;
    expect(author(`<aside><div>Photo</div><address><div>${link}</div></address></aside>`)).toBe("Jane Doe");
    // A sidebar's link to a writer, outside an <address>, stays chrome.
    expect(author(`<aside><p>About me</p>${link}</aside>`)).toBe("Cook Test");
  });

  it("reads a card's details line that labels the writer without a colon", () => {
    expect(author(`<div><span>Author </span><span><a href="/about-me/">Jane Doe</a></span></div>`)).toBe(
      "Jane Doe",
    );
    // The label in bold against the name: "AuthorJane Doe".
    expect(author(`<span><strong>Author</strong>Jane Doe</span>`)).toBe("Jane Doe");
    expect(author(`<div><h3>Author notes</h3></div>`)).toBe("Cook Test");
  });

  it("reads a plain-text byline whose name a role in lower case follows", () => {
    const r = extractRecipe({
      html: `<html><head><meta property="og:site_name" content="Cook Test"></head><body><h1>Lemon bars</h1>
<p>Por Jane Doe, <i>foodstylist</i></p><h2>Ingredients</h2><ul><li>1 cup flour</li><li>2 lemons, juiced</li></ul>
<h2>Method</h2><ol><li>Press the crust into the pan and bake it.</li><li>Pour the filling over it and bake.</li></ol></body></html>`,
      url: "https://cooktest.com/lemon-bars",
    });
    expect(r.ok && r.recipe.author).toBe("Jane Doe");
  });
});

describe("author: a member's profile link on a community recipe site", () => {
  it("reads the name linking to the member's '/me/…' page, past its avatar link", () => {
    // Structured data left out: the page-text reader's byline, over the site's name.
    const r = extractRecipe({
      html: `<html><head><meta property="og:site_name" content="Cook Test"></head><body><main><h1>Stuffed zucchini</h1>
        <div><a href="https://www.cooktest.com/me/annlee" rel="nofollow"><img src="/a.jpg" alt="annlee avatar"></a>
        <a href="https://www.cooktest.com/me/annlee" rel="nofollow">Ann Lee</a><div>Salt Lake City, UT</div></div>
        <h2>Ingredients</h2><ul><li>4 zucchini</li><li>250 g ground beef</li><li>1 cup marinara</li></ul>
        <h2>Directions</h2><ol><li>Halve and hollow the zucchini.</li><li>Fill with the browned beef and sauce and bake 30 minutes.</li></ol>
        </main></body></html>`,
      url: "https://www.cooktest.com/recipes/stuffed-zucchini.html",
    });
    expect(r.ok && r.recipe.author).toBe("Ann Lee");
  });
});

describe("author: a reader's comment is no byline", () => {
  it("skips the names of a comment block, even in an element named for its author", () => {
    const comments = `<ul class="jcm-list"><li id="comment-6726" class="jcm-block"><div class="jcm-post-header"><span class="jcm-author"><a class="jcm-user-cm"><span>Pogol</span></a></span></div><p>Pyszne!</p></li></ul>`;
    expect(author(`<p>Bake it in a hot oven.</p>${comments}`)).toBe("Cook Test");
    expect(
      author(`<ol class="comments"><li><span class="post-author">Joanna Nowak</span><p>Great.</p></li></ol>`),
    ).toBe("Cook Test");
  });

  it("still reads the byline a post's header names", () => {
    expect(author(`<div class="comments-open"><span class="post-author">Jane Doe</span></div>`)).toBe(
      "Jane Doe",
    );
  });
});
