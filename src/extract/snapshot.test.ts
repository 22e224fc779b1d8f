import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { SnapshotBuilder } from "./snapshot.ts";

function snapshot(html: string): string {
  const b = new SnapshotBuilder();
  new Parser(b, { decodeEntities: true, lowerCaseAttributeNames: true }).end(html);
  return b.text();
}

const STEPS = "<ol><li>Whisk the eggs with the sugar until pale.</li><li>Fold in the flour.</li></ol>";

describe("clean text snapshot", () => {
  it("keeps the body whatever its class says (themes name it after their layout)", () => {
    const s = snapshot(
      `<body class="post-template content-sidebar no-sidebars"><h1>Sponge cake</h1>${STEPS}</body>`,
    );
    expect(s).toContain("# Sponge cake");
    expect(s).toContain("- Whisk the eggs with the sugar until pale.");
  });

  it("keeps main and article, and any element around them, whatever their class", () => {
    const s = snapshot(
      `<body><div class="site-inner content-sidebar-wrap"><main class="content sidebar-left"><article class="share-this">${STEPS}</article></main></div></body>`,
    );
    expect(s).toContain("Fold in the flour.");
  });

  it("keeps a recipe card placed in an aside or a sidebar container", () => {
    const s = snapshot(
      `<body><aside class="sidebar-recipe"><div class="recipe-card"><h2>Ingredients</h2><ul><li>2 eggs</li></ul><div class="instructions">${STEPS}</div></div></aside></body>`,
    );
    expect(s).toContain("- 2 eggs");
    expect(s).toContain("Whisk the eggs");
  });

  it("drops navigation, menus of links, share bars and comment threads", () => {
    const s = snapshot(`<body><nav><a href="/">Home</a> <a href="/recipes">Recipes</a></nav>
      <div class="share-buttons"><a href="#">Pin it</a></div>
      <h1>Sponge cake</h1>${STEPS}
      <div id="comments" class="comments-area"><article class="comment"><h3>Ann says</h3><p>Lovely cake, thanks!</p></article></div>
      <footer><ul id="menu-footer-recipes" class="menu"><li><a href="/c">Cakes</a></li></ul></footer></body>`);
    expect(s).toContain("# Sponge cake");
    expect(s).toContain("Fold in the flour.");
    expect(s).not.toMatch(/Home|Pin it|Lovely cake|Ann says|Cakes/);
  });

  it("judges a chrome-named element by its content: long prose with few links stays", () => {
    const prose = "The batter needs air above all, so whisk it well and fold gently. ".repeat(30);
    const s = snapshot(`<body><div class="related-story"><p>${prose}</p><a href="/x">More</a></div>
      <div class="related"><a href="/a">Cake one</a> <a href="/b">Cake two</a></div></body>`);
    expect(s).toContain("The batter needs air above all");
    expect(s).not.toContain("Cake one");
  });

  it("puts back the text before a dropped inline element", () => {
    expect(snapshot(`<p>Bake for 20 minutes <span class="ad">Buy now</span>until golden.</p>`)).toBe(
      "Bake for 20 minutes until golden.",
    );
  });
});
