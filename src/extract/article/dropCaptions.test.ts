import { describe, expect, it } from "vitest";
import { cleanBody as clean, story } from "../../../test/helpers/articleBody.ts";

// The smallest article bodies that show a picture's caption, and the figures whose caption stays.

describe("picture captions", () => {
  it("drops a figure's caption and a block whose class names a caption, keeps the pictures", () => {
    const { text, images } = clean(`${story(1, 3)}
<figure><span>Photo</span><img src="a.jpg"><figcaption>A baker shapes the loaves at dawn. <span>Jane Doe for The Paper</span></figcaption></figure>
${story(4, 5)}
<div class="thumb"><div class="thumbinner"><img src="b.jpg"><div class="thumbcaption">The mill on the river, rebuilt in 1850.</div></div></div>
<table class="tr-caption-container"><tbody><tr><td><img src="c.jpg"></td></tr><tr><td class="tr-caption">Starter on day three</td></tr></tbody></table>
${story(6, 7)}`);
    for (const i of [1, 5, 7]) expect(text).toContain(`Paragraph ${i} of the story`);
    for (const junk of ["shapes the loaves", "Jane Doe", "The mill on the river", "Starter on day three"])
      expect(text).not.toContain(junk);
    expect(text).not.toMatch(/(^| )Photo( |$)/);
    expect(images).toBe(3);
  });

  it("keeps the caption of a code listing, a table or a quotation, and a caption-like block with no picture", () => {
    const { text } = clean(`${story(1, 3)}
<figure><pre>const loaf = bake(dough);</pre><figcaption>Listing 1: the bake step</figcaption></figure>
<figure><blockquote>Bread is the warmest, kindest of words.</blockquote><figcaption>An old proverb</figcaption></figure>
<p class="caption-note">A note the author set apart, with no picture near it.</p>
<div><div class="item no_caption"><h2>The lead of the story, over its picture.</h2></div><img src="d.jpg"></div>
${story(4, 5)}`);
    for (const kept of [
      "Listing 1: the bake step",
      "An old proverb",
      "A note the author set apart",
      "The lead of",
    ])
      expect(text).toContain(kept);
  });
});
