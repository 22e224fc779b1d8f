import { describe, expect, it } from "vitest";
import { cleanBody, story } from "../../../test/helpers/articleBody.ts";

// Each case is the smallest article body that shows one shape of promotion or player furniture
// that Readability keeps and a human reader's article text leaves out.

const clean = (inner: string, byline: string | null = null): string => cleanBody(inner, byline).text;

describe("promotions and players inside the article body", () => {
  it("drops headlines of other stories set between paragraphs, keeps a lone link line and those under a heading", () => {
    const text = clean(`${story(1, 2)}
<h3>Links</h3>
<p><a href="/a">The bakers' guild pages</a></p>
<p><a href="/b">The millers' guild pages</a></p>
<ul><li>One mill</li><li>Two mills</li></ul>
${story(3, 4)}
<p><a href="/transcript">Read the full transcript of the interview</a></p>
${story(5, 6)}
<p><a href="/five">Five things we learned from the baker</a></p>
<p><a href="/swerve">The sourdough body swerve</a></p>
${story(7, 9)}`);
    for (const junk of ["Five things", "body swerve"]) expect(text).not.toContain(junk);
    for (const kept of [
      "Read the full transcript of the interview",
      "The bakers' guild pages",
      "millers' guild",
    ])
      expect(text).toContain(kept);
    for (const i of [2, 3, 4, 5, 6, 7, 9]) expect(text).toContain(`Paragraph ${i} of the story`);
  });

  it("drops an artist's credit under a picture and a comment count with its 'posted'", () => {
    const text = clean(`${story(1, 3)}
<p><img src="a.jpg"></p><p>(Artist: <a href="/u/jane">Jane Doe</a>)</p>
${story(4, 5)}
<p><a href="/comments">Comments (5 posted)</a></p>
${story(6, 7)}`);
    expect(text).not.toContain("Jane Doe");
    expect(text).not.toContain("5 posted");
    expect(text).toContain("Paragraph 7 of the story");
  });
  it("drops a bracketed link to another story between paragraphs, keeps a bracketed aside", () => {
    const text = clean(`${story(1, 3)}
<p><i>[<a href="/museum">Bakery museum houses amazing Roman ovens</a>]</i></p>
<p>[<a href="/rye">Read: Rye flour prices double in a year</a>]</p>
<p>The baker said the dough "is [now] ready" after a night in the cold.</p>
${story(4, 6)}`);
    expect(text).not.toContain("Roman ovens");
    expect(text).not.toContain("Rye flour prices");
    expect(text).toContain('"is [now] ready"');
    expect(text).toContain("Paragraph 6 of the story");
  });

  it("drops a run of link-only paragraphs after the story and their label, keeps a lone link in the story", () => {
    const text = clean(`${story(1, 2)}
<p><a href="/guide">The complete guide to sourdough starters</a></p>
${story(3, 6)}
<p>Jane Doe contributed to this report.</p>
<p><b>Further reading:</b></p>
<p><a href="/a">Bakers get a sobering lesson in pricing</a></p>
<p><a href="/b">Town sends most bakers to the national final</a></p>
<p><a href="/c">The museum of bread is home to amazing ovens</a></p>`);
    expect(text).toContain("The complete guide to sourdough starters");
    expect(text).toContain("Jane Doe contributed to this report.");
    for (const junk of ["Further reading", "sobering lesson", "national final", "amazing ovens"])
      expect(text).not.toContain(junk);
  });

  it("drops the label that led a list of links once the list goes", () => {
    const text = clean(`${story(1, 6)}
<p><em><strong>More baking news:</strong></em></p>
<ul><li><a href="/a">Ten breads to bake this weekend</a></li><li><a href="/b">Why rye is back</a></li><li><a href="/c">The best bread knives</a></li></ul>
<p>Jane Baker writes about bread every week.</p>`);
    expect(text).not.toContain("More baking news");
    expect(text).not.toContain("Why rye is back");
    expect(text).toContain("Jane Baker writes about bread every week.");
  });

  it("drops a video player's controls, keeps a paragraph about playing", () => {
    const text = clean(`${story(1, 3)}
<video src="a.mp4"></video>
<p><span>Play Video</span></p>
<div role="group"><p><span>Play</span></p><div><p><span>Current Time </span>0:00</p></div><div><p><span>/</span></p></div>
<div><p><span>Duration Time</span> 0:00</p></div><div><p><span><span>Loaded</span>: 0%</span></p><p><span><span>Progress</span>: 0%</span></p></div>
<div><p><span>Remaining Time </span>-0:00</p></div><p><span>Fullscreen</span></p></div>
<p>Play the video twice and watch the baker's hands fold the dough.</p>
${story(4, 6)}`);
    for (const junk of [
      "Play Video",
      "Current Time",
      "Duration Time",
      "Loaded",
      "Progress",
      "Remaining",
      "Fullscreen",
    ])
      expect(text).not.toContain(junk);
    expect(text).toContain("Play the video twice");
  });

  it("drops a print edition note and a subscription offer's plans", () => {
    const text = clean(`${story(1, 5)}
<div><h2>Monthly</h2><p>$7 <span>/</span>month</p><p>A flexible plan you can cancel anytime.</p><a href="/buy"><button>SUBSCRIBE</button></a></div>
<div><h2>Annual</h2><p>$70 <span>/</span>year</p><p>A discounted plan to keep you up to date all year.</p><a href="/buy"><button>SUBSCRIBE</button></a></div>
<p>We accept credit card, Apple Pay and Google Pay.</p>
${story(6, 8)}
<div><p>A version of this article appears in print on </p><p>, on Page </p><p>A</p><p>22</p><p> of the New York edition with the headline: Bakers Rise Early<span>. <a href="/r">Order Reprints</a> | <a href="/p">Today’s Paper</a> | <a href="/s">Subscribe</a></span></p></div>`);
    for (const junk of [
      "Monthly",
      "$7",
      "flexible plan",
      "Annual",
      "discounted plan",
      "appears in print",
      "on Page",
      "New York edition",
      "Reprints",
    ])
      expect(text).not.toContain(junk);
    expect(text).toContain("Paragraph 8 of the story");
    expect(text).toContain("Paragraph 5 of the story");
  });

  it("drops a reporter's 'is on Twitter' line and a lone 'View photo' label", () => {
    const text = clean(`${story(1, 3)}
<figure><div><p>View photo</p></div><img src="a.jpg"></figure>
${story(4, 6)}
<p>Ben Baker is on Twitter at ben_baker.</p>`);
    expect(text).not.toContain("View photo");
    expect(text).not.toContain("on Twitter");
    expect(text).toContain("Paragraph 6 of the story");
  });

  it("drops a syndication note and an editor's tag under the story", () => {
    const text = clean(`${story(1, 6)}
<p>This article originally appeared on The Bread Review.</p>
<p>[责任编辑:王小明]</p>`);
    expect(text).not.toContain("originally appeared");
    expect(text).not.toContain("责任编辑");
    expect(text).toContain("Paragraph 6 of the story");
  });

  it("drops the note on the byline's author under the story, keeps a paragraph naming another person", () => {
    const text = clean(
      `${story(1, 6)}
<p>Jane Baker said the oven was the oldest in town.</p>
<p>Jane Baker covers food and farming. Since joining the paper she has written about bread in 40 countries.</p>`,
      "By Jane Baker",
    );
    expect(text).toContain("Jane Baker said the oven was the oldest in town.");
    expect(text).not.toContain("covers food and farming");
  });

  it("drops the note on the byline's author that says what they have covered", () => {
    const text = clean(
      `${story(1, 6)}
<p>Jane Baker has covered food and farming since 2012. Previously, she wrote about bread in Europe.</p>`,
      "By Jane Baker",
    );
    expect(text).not.toContain("has covered food and farming");
    expect(text).toContain("Paragraph 6 of the story");
  });

  it("drops a 'posted by' line and a date-and-byline line above the story", () => {
    for (const head of [
      "<p>Posted by Andrew Baker, Software Engineer on Bread Tools</p>",
      "<p>Tuesday 15 October 2019 by Bradley M. Baker</p>",
      "<p>2/26/2015 7:11 AM PST BY BAKERY STAFF</p>",
    ]) {
      const text = clean(`${head}\n${story(1, 6)}`);
      expect(text).not.toMatch(/Baker|BAKERY/);
      expect(text).toContain("Paragraph 1 of the story");
    }
    // A sentence that starts with "By" is the story's.
    expect(clean(`<p>By the time the bakers arrived, the ovens were cold.</p>\n${story(1, 6)}`)).toContain(
      "By the time the bakers arrived",
    );
  });

  it("drops a dateline with a place and a time zone after the story", () => {
    const text = clean(`${story(1, 6)}
<p>Bakery News (New York) First published February 1, 2016: 1:28 AM ET</p>`);
    expect(text).not.toContain("First published");
    expect(text).toContain("Paragraph 6 of the story");
  });
});
