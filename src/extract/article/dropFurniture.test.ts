import { describe, expect, it } from "vitest";
import { cleanBody, story } from "../../../test/helpers/articleBody.ts";

// Each case is the smallest article body that shows one shape of furniture Readability keeps.

const clean = (inner: string): string => cleanBody(inner).text;

describe("article furniture by shape", () => {
  it("drops photo credits and lone media labels", () => {
    const text = clean(`${story(1, 3)}
<figure><img src="a.jpg"><figcaption>A baker shapes the loaves at dawn.</figcaption></figure>
<p>Jane Doe/Agency/Getty Images</p>
<p>Photo by Joan Smith</p>
<p><em>Foto: Redaktion</em></p>
<p>(Bild: Hersteller)</p>
<div>Photo</div>
<p>Credit Ann Lee/Agence France-Presse</p>
<p>Continue reading the main story</p>
${story(4, 6)}`);
    // The caption itself goes too (dropCaptions.test.ts).
    expect(text).toContain("Paragraph 6 of the story");
    for (const junk of ["Getty", "Joan Smith", "Redaktion", "Hersteller", "Ann Lee", "Continue reading"])
      expect(text).not.toContain(junk);
    expect(text).not.toMatch(/(^| )Photo( |$)/);
  });

  it("keeps a line that only looks like a credit inside the story's sentences", () => {
    const text = clean(`${story(1, 3)}
<p>Photo by photo, the archive shows how the bakery grew from one oven to twelve over forty years of work.</p>
${story(4, 6)}`);
    expect(text).toContain("Photo by photo, the archive shows");
  });

  it("drops cross-links to other stories led by a label in several languages", () => {
    const text = clean(`${story(1, 2)}
<p>Lire aussi : <a href="/x">Les boulangers de Paris face à la crise</a></p>
<p>Lesen Sie auch: <a href="/y">Brot backen wie früher</a></p>
<p>READ MORE: <a href="/z">Why rye is back on the menu of every bakery</a></p>
${story(3, 6)}`);
    expect(text).not.toMatch(/Lire aussi|Lesen Sie|READ MORE|boulangers|wie früher|rye is back/);
    expect(text).toContain("Paragraph 3 of the story");
  });

  it("drops an author box and a comment section after the story", () => {
    const text = clean(`${story(1, 6)}
<section class="c-authors-article"><h4>About the Author</h4><h5><a href="/a/jb">Jane Baker</a></h5><p>Jane Baker writes about bread.</p></section>
<div id="comments" class="section"><h3>2 comments on “The Slow Bread Movement”</h3>
<ol class="comment-list"><li><cite>Alan</cite> wrote: ${"Lovely piece about bread and patience. ".repeat(30)}</li>
<li><cite>John</cite> wrote: ${"I bake every Sunday and agree with all of it. ".repeat(30)}</li></ol></div>`);
    expect(text).toContain("Paragraph 6 of the story");
    expect(text).not.toMatch(/About the Author|Jane Baker writes|comments on|Lovely piece|every Sunday/);
  });

  it("drops an 'about the author' heading and its short box even without a class", () => {
    const text = clean(`${story(1, 6)}
<div><h4>Über den Autor</h4><p><strong>Max Brot</strong></p><p>Max Brot ist Bäcker in Berlin.</p></div>`);
    expect(text).toContain("Paragraph 6 of the story");
    expect(text).not.toMatch(/Über den Autor|Max Brot/);
  });

  it("drops a labelled list of topic links after the story", () => {
    const text = clean(`${story(1, 6)}
<ul class="inline-list"><li>More about:</li><li><a href="/t/bread">Bread</a></li><li><a href="/t/baking">Baking</a></li></ul>`);
    expect(text).toContain("Paragraph 6 of the story");
    expect(text).not.toMatch(/More about|Baking/);
  });

  it("drops lines that are only a date, a newsletter call and a 'learn more' link", () => {
    const text =
      clean(`<p>Last updated September 14, 2016</p><ul><li><time>Feb. 21, 2019</time></li><li></li></ul>
<div><time datetime="2016-12-22">22 Dec, 2016</time> <time>22 Dec, 2016</time></div>
<p>Publié le 12/03/2015 à 10:15</p>
${story(1, 3)}
<p>[What you need to know to start the day: Get Bakery Today in your inbox.]</p>
<p>Bread is changing fast. Keep up with the Loaf Daily newsletter. The best way to follow what you care about.</p>
<p>Learn More: <a href="/m">Bread 101: four basics bakers can't miss</a></p>
${story(4, 6)}
<p>On <time>May 4, 2016</time> the bakery opened its second shop.</p>
<h3>June 2017</h3>
<p>The bakery's newsletter, which reaches ten thousand readers, said the rise in flour prices was the worst in years.</p>`);
    expect(text).not.toMatch(/Last updated|2019|22 Dec|Publié|inbox|Loaf Daily|Learn More/);
    expect(text).toContain("Paragraph 6 of the story");
    expect(text).toContain("The bakery's newsletter, which reaches");
    expect(text).toContain("On May 4, 2016 the bakery opened");
    expect(text).toContain("June 2017");
  });

  it("drops a 'related' heading with its list of headlines, a share bar and a reporter's contact line", () => {
    const text = clean(`${story(1, 3)}
<h3>Das könnte Sie auch interessieren</h3>
<ul><li><a href="/a">Warum Roggenbrot wieder im Trend liegt</a></li><li><a href="/b">Die besten Brotmesser im Test</a></li></ul>
<ul class="tools"><li><a href="/s/f">Facebook</a></li><li><a href="/s/t">Twitter</a></li><li><a href="/s/w">WhatsApp</a></li><li><a href="/s/e">E-Mail</a></li></ul>
<ul><li><a href="/x">Flour</a></li><li><a href="/y">Water</a></li><li><a href="/z">Salt</a></li></ul>
${story(4, 6)}
<p>Jane Baker covers food for the paper. Follow her on Twitter @janebaker or email her at jane@example.com.</p>`);
    expect(text).toContain("Paragraph 6 of the story");
    expect(text).toMatch(/Flour.*Water.*Salt/);
    expect(text).not.toMatch(/interessieren|Roggenbrot|Brotmesser|Facebook|WhatsApp|Follow her/);
  });

  it("drops a share bar with its counts and its label, keeps a sentence naming networks", () => {
    const text = clean(`${story(1, 3)}
<div><span>Share this article:</span> <a href="/s/f">Facebook <span>1.2K</span></a> <a href="/s/t">Twitter 34</a> <a href="/s/e">Email</a></div>
<div>The bakery posts on <a href="/f">Facebook</a> and <a href="/t">Twitter</a> every morning at six.</div>
${story(4, 6)}`);
    expect(text).not.toMatch(/Share this article|1\.2K|Twitter 34/);
    expect(text).toContain("The bakery posts on Facebook and Twitter every morning at six.");
    expect(text).toContain("Paragraph 6 of the story");
  });

  it("keeps a list of links nested in the story's own list item at the end (the bugs in progress)", () => {
    const text = clean(`${story(1, 6)}
<ul><li>The bakers' tools:</li><li>In progress: <ul>
<li><a href="/b/1">Bug 101 – Oven timer is affected by switching trays</a></li>
<li><a href="/b/2">Bug 102 – Add a thermometer for tracking the proof</a></li>
<li><a href="/b/3">Bug 103 – Prevent superfluous flour from reaching the scale</a></li>
</ul></li></ul>`);
    expect(text).toContain("Bug 102 – Add a thermometer");
  });
});
