import { describe, expect, it } from "vitest";
import { canonicalText } from "./canonicalText.ts";

describe("canonical text", () => {
  it("starts a line at each block element and collapses white space", () => {
    expect(
      canonicalText(
        "<div>one  <b>two</b>\n three<p>para</p>tail<h2> Head </h2><ul><li>a</li><li>b</li></ul></div>",
      ),
    ).toBe("one two three\npara\ntail\nHead\na\nb");
    expect(
      canonicalText(
        "<section><blockquote>q</blockquote><figure>f<figcaption>c</figcaption></figure><hr>x</section>",
      ),
    ).toBe("q\nf\nc\nx");
    expect(canonicalText("<dl><dt>term</dt><dd>def</dd></dl>")).toBe("term\ndef");
  });

  it("breaks lines at br, and drops empty lines", () => {
    expect(canonicalText("<p>first<br>second<br><br>third</p><p> </p><div></div>")).toBe(
      "first\nsecond\nthird",
    );
  });

  it("keeps white space inside pre, line by line, trimmed at the ends", () => {
    expect(canonicalText("<pre>  a  b\n\n   c\r\n d</pre>")).toBe("a  b\nc\nd");
    expect(canonicalText("<pre><code>x = 1\n  y = 2</code></pre>")).toBe("x = 1\ny = 2");
  });

  it("separates the cells of a row with a tab, one row per line", () => {
    expect(
      canonicalText(
        "<table><caption>T</caption><tr><th> Name </th> <th>Qty</th></tr><tr><td>flour</td><td>2 <i>cups</i></td></tr></table>",
      ),
    ).toBe("T\nName\tQty\nflour\t2 cups");
  });

  it("is Unicode NFC, decodes entities, and gives the same bytes for the same input", () => {
    const html = "<p>Cafe\u0301 &amp; cre&#768;me&nbsp;bru&#x302;le\u0301e</p>";
    expect(canonicalText(html)).toBe("Café & crème brûlée");
    expect(canonicalText(html).normalize("NFC")).toBe(canonicalText(html));
    expect(Buffer.from(canonicalText(html))).toEqual(Buffer.from(canonicalText(html)));
  });
});
