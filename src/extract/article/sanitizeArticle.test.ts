import { describe, expect, it } from "vitest";
import { bestSrcsetCandidate, sanitizeArticle } from "./sanitizeArticle.ts";

const BASE = "https://news.example/2024/story.html";
const clean = (html: string) => sanitizeArticle(html, BASE, (u) => `/api/images/[${u}]`);

describe("sanitization", () => {
  it("removes dangerous elements with their content and unwraps unknown ones", () => {
    expect(
      clean(
        "<div>a<script>alert(1)</script><style>p{}</style><noscript><p>n</p></noscript><custom-el>kept</custom-el></div>",
      ),
    ).toBe("<div>akept</div>");
    expect(
      clean(
        "<div>x<svg><a href='/y'>svg</a></svg><math>m</math><form><span>f</span></form><iframe src='/i'></iframe><base href='/evil/'><meta><link rel=x><title>t</title></div>",
      ),
    ).toBe("<div>x</div>");
  });

  it("keeps only the allowed attributes", () => {
    expect(clean('<p class="c" style="color:red" onclick="x()" lang="fr" dir="rtl" id="i">t</p>')).toBe(
      '<p lang="fr" dir="rtl">t</p>',
    );
    expect(clean('<table><tr><td colspan="2" onmouseover="x" width="3">c</td></tr></table>')).toBe(
      '<table><tr><td colspan="2">c</td></tr></table>',
    );
    expect(
      clean(
        '<ol start="3" reversed type="a"><li value="4">x</li></ol><time datetime="2024-01-01" class="t">d</time>',
      ),
    ).toBe('<ol start="3" reversed><li value="4">x</li></ol><time datetime="2024-01-01">d</time>');
  });

  it("makes links absolute and safe; drops non-http(s) schemes", () => {
    expect(clean('<a href="../about?x=1#y" target="_self" rel="opener">a</a>')).toBe(
      '<a href="https://news.example/about?x=1#y" target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer">a</a>',
    );
    expect(
      clean(
        '<a href="javascript:alert(1)">j</a><a href="mailto:ed@news.example">m</a><a href=" data:text/html,x">d</a>',
      ),
    ).toBe(
      '<a target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer">j</a>' +
        '<a href="mailto:ed@news.example" target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer">m</a>' +
        '<a target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer">d</a>',
    );
    expect(clean('<blockquote cite="/src">q</blockquote><q cite="javascript:x">q</q>')).toBe(
      '<blockquote cite="https://news.example/src">q</blockquote><q>q</q>',
    );
  });

  it("rewrites every image, lazy data-src and srcset included, to the proxy; drops those without an http(s) origin", () => {
    expect(clean('<img src="/a.jpg" alt="A" width="10" onerror="x" srcset="/b.jpg 2x">')).toBe(
      '<img src="/api/images/[https://news.example/a.jpg]" alt="A" width="10" />',
    );
    expect(clean('<img src="data:image/gif;base64,R0l" data-src="lazy.jpg">')).toBe(
      '<img src="/api/images/[https://news.example/2024/lazy.jpg]" />',
    );
    expect(clean('<img data-srcset="s.jpg 320w, l.jpg 1024w, m.jpg 640w">')).toBe(
      '<img src="/api/images/[https://news.example/2024/l.jpg]" />',
    );
    expect(clean('<img src="javascript:alert(1)"><img src="data:image/png;base64,AAA"><img>x')).toBe("x");
    expect(bestSrcsetCandidate("a.jpg 1x, b.jpg 3x, c.jpg 2x")).toBe("b.jpg");
  });

  it("leaves no external src and no event handler for hostile input", () => {
    const out = clean(
      '<img src=x onerror=alert(1)><a href="jav&#x09;ascript:alert(1)">x</a><div style="background:url(http://evil/)">s</div><object data="http://evil/"></object>',
    );
    expect(out).not.toMatch(/onerror|javascript|evil|style|<object/i);
  });
});
