import { describe, expect, it } from "vitest";
import { cleanBody as clean, story } from "../../../test/helpers/articleBody.ts";

// Each case is the smallest article body that shows one aside Readability keeps and a human reader's
// article text leaves out, beside the story's own lines of the same look that stay.

describe("asides inside the article body", () => {
  it("drops a note on the writer under the story, in words or in capitals; keeps a sentence about a person", () => {
    const { text } = clean(`${story(1, 2)}
<p>Jane Miller is a baker who has run the village oven since 1990, and she says the rise is everything.</p>
${story(3, 6)}
<p><em>Tom Baker is a staff writer covering food and farming.</em></p>
<p><b>JOE BLOGGS IS THE NETWORK'S POLITICAL EDITOR</b></p>`);
    expect(text).not.toContain("staff writer covering");
    expect(text).not.toContain("POLITICAL EDITOR");
    expect(text).toContain("Jane Miller is a baker");
    expect(text).toContain("Paragraph 6 of the story");
  });

  it("drops a newsletter sign-up box with its blurb and consent line, keeps a paragraph about newsletters", () => {
    const { text } = clean(`${story(1, 3)}
<div><div><h3>The Crumb</h3><p>The week's best baking, delivered on Fridays.</p></div>
<p>By signing up, you agree to our Terms of Use and Privacy Policy.</p></div>
<p>The guild's newsletter, posted to members since 1950, first printed the recipe in full for every baker.</p>
${story(4, 6)}`);
    for (const junk of ["The Crumb", "delivered on Fridays", "Privacy Policy"])
      expect(text).not.toContain(junk);
    expect(text).toContain("The guild's newsletter");
    expect(text).toContain("Paragraph 4 of the story");
  });

  it("drops a line of picture credits and a wire service's staff credits; keeps photos described in the story", () => {
    const { text } = clean(`${story(1, 3)}
<p>Photos of the flood, the bridge, and the mill were shown at the hearing.</p>
${story(4, 6)}
<p><em><small>Photos by <a href="/a">cmgirl</a> (Stockhouse), <a href="/b">Jane Doe</a>, J B, Tom Smith.</small></em></p>
<p>Image credit: Jane Doe/Stockhouse</p>
<p>Featured image: Tom Smith</p>
<p>Reporting by Jane Doe; Editing by John Smith</p>
<p><b>Page editor</b>: Jane Roe</p>`);
    for (const junk of [
      "cmgirl",
      "Stockhouse",
      "Image credit",
      "Featured image",
      "Reporting by",
      "Editing by",
      "Page editor",
    ])
      expect(text).not.toContain(junk);
    expect(text).toContain("Photos of the flood");
    expect(text).toContain("Paragraph 6 of the story");
  });

  it("drops a 'Related:' label and its list of links in the middle of the story; keeps a list of links the story introduces", () => {
    const { text } = clean(`${story(1, 3)}
<p>Related:</p>
<ul><li><a href="/a">Ten breads to bake this weekend</a></li><li><a href="/b">Why rye is back</a></li></ul>
${story(4, 5)}
<p>The guild publishes its own guides:</p>
<ul><li><a href="/g1">Starter care</a></li><li><a href="/g2">Shaping a loaf</a></li></ul>
${story(6, 9)}`);
    for (const junk of ["Related", "Ten breads", "Why rye is back"]) expect(text).not.toContain(junk);
    for (const kept of ["own guides", "Starter care", "Shaping a loaf", "Paragraph 4 of the story"])
      expect(text).toContain(kept);
  });

  it("keeps the picture and drops the caption when a screen-reader label shares the picture's block", () => {
    const { text, images } = clean(`${story(1, 3)}
<figure><p><span>Image</span><img src="a.jpg"></p><figcaption><span>A baker shapes the loaves at dawn.</span><span>Credit</span><span>Jane Doe/Agency</span></figcaption></figure>
${story(4, 6)}`);
    expect(images).toBe(1);
    expect(text).not.toContain("shapes the loaves");
    expect(text).not.toContain("Image");
  });

  it("drops a player's 'Now playing:' title and its running time, and an embedded post's lone network name", () => {
    const { text } = clean(`${story(1, 3)}
<div><p>Now playing: Watch this: The baker's week in pictures</p><p>8:09</p></div>
<p>She wrote on Facebook that the oven was lit at 4:30.</p>
<blockquote><p>Facebook</p></blockquote>
${story(4, 6)}`);
    for (const junk of ["Now playing", "week in pictures", "8:09"]) expect(text).not.toContain(junk);
    expect(text).not.toMatch(/Facebook\s*Paragraph 4/);
    expect(text).toContain("She wrote on Facebook that the oven was lit at 4:30.");
  });

  it("drops an ad slot's notice in the story's flow, keeps a sentence about advertising", () => {
    const { text } = clean(`${story(1, 3)}
<div><p>Story continues below advertisement</p></div>
<p>Anzeige</p>
<p>The story continues below the bakery's advertisement for rye, the mayor said.</p>
${story(4, 6)}`);
    expect(text).not.toContain("Story continues below advertisement");
    expect(text).not.toContain("Anzeige");
    expect(text).toContain("The story continues below the bakery's advertisement for rye");
  });
});
