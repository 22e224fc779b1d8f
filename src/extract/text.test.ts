import { describe, expect, it } from "vitest";
import { cleanText, splitLines, stripBullet, unescapeMarkup, unwrapDoubled } from "./text.ts";

describe("cleanText", () => {
  it("drops inline tags without adding a space and turns block tags into one", () => {
    expect(cleanText("simmer until <em>thick</em>.")).toBe("simmer until thick.");
    expect(cleanText('1 tsp <a href="/cumin/">ground cumin</a>, toasted')).toBe(
      "1 tsp ground cumin, toasted",
    );
    expect(cleanText("<p>First.</p><p>Second.</p>")).toBe("First. Second.");
    expect(cleanText("one<br>two<br/>three")).toBe("one two three");
  });

  it("decodes entities encoded twice", () => {
    expect(cleanText("Mac &amp;amp; Cheese")).toBe("Mac & Cheese");
    expect(cleanText("Mum&amp;#039;s")).toBe("Mum's");
    expect(cleanText("O&#x27;Dwyer&nbsp;")).toBe("O'Dwyer");
  });

  it("leaves no tag that dropping an inline tag could assemble", () => {
    for (const s of ["<<b>script>alert(1)<</b>/script>", "<<i>img src=x onerror=alert(1)>", "<<<b>b>>svg>"])
      expect(cleanText(s)).not.toMatch(/<\/?[a-z]/i);
  });
});

describe("splitLines", () => {
  it("splits list items, paragraphs and line breaks", () => {
    expect(splitLines("<ol><li>Mix <b>well</b>.</li><li>Bake.</li></ol>")).toEqual(["Mix well.", "Bake."]);
    expect(splitLines("<p>One.</p><p>Two.</p>")).toEqual(["One.", "Two."]);
    expect(splitLines("One.\r\n\r\nTwo.")).toEqual(["One.", "Two."]);
  });
});

describe("unescapeMarkup and stripBullet", () => {
  it("makes escaped list markup real and leaves other text alone", () => {
    expect(unescapeMarkup("&lt;li&gt;Mix&lt;/li&gt;")).toBe("<li>Mix</li>");
    expect(unescapeMarkup("a &lt; b &amp; c")).toBe("a &lt; b &amp; c");
  });

  it("drops a leading bullet or checkbox but not a minus sign glued to a number", () => {
    expect(stripBullet("• 2 eggs")).toBe("2 eggs");
    expect(stripBullet("▢ 1 cup flour")).toBe("1 cup flour");
    expect(stripBullet("- 1 cup flour")).toBe("1 cup flour");
    expect(stripBullet("-5 degrees")).toBe("-5 degrees");
  });
});

describe("unwrapDoubled", () => {
  it("drops a plugin's parentheses around a note that opens and closes with its own", () => {
    expect(unwrapDoubled("butter, softened ((1/2 cup))")).toBe("butter, softened (1/2 cup)");
    expect(unwrapDoubled("2 1/2 cups water ((for 2 cups of rice, use 1 2/3 cups (400 ml) water))")).toBe(
      "2 1/2 cups water (for 2 cups of rice, use 1 2/3 cups (400 ml) water)",
    );
    expect(unwrapDoubled("1 kg pork shoulder ((butt) or pork belly, cut into pieces (note 1a))")).toBe(
      "1 kg pork shoulder (butt) or pork belly, cut into pieces (note 1a)",
    );
    expect(cleanText("1 potato ((floury: russet), or other starchy potato (note 1))")).toBe(
      "1 potato (floury: russet), or other starchy potato (note 1)",
    );
  });

  it("leaves parentheses that are not doubled, or not balanced, as written", () => {
    for (const s of ["1 cup (240 ml) milk", "((a (b)) c (d", "2 eggs ((beaten)", "salt ((fine) to taste)"])
      expect(unwrapDoubled(s)).toBe(s);
    // Unwrapped once: the note's own first group is not unwrapped in turn.
    expect(unwrapDoubled("((a (b)) c (d))")).toBe("(a (b)) c (d)");
  });
});
