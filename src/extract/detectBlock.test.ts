import { describe, expect, it } from "vitest";
import { detectBlock, mayHaveAnyMarker, mayHaveConsentText } from "./detectBlock.ts";

const check = (html: string, status = 200, headers: Record<string, string> = {}, url = "https://a.test/r") =>
  detectBlock({ status, headers, html, url, whole: () => html })?.kind ?? null;

describe("detectBlock", () => {
  it.each([
    [
      "a Cloudflare challenge (403)",
      "<html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>",
      403,
      "cloudflare-challenge",
    ],
    ["a captcha page", '<div class="g-recaptcha"></div>Please verify you are a human', 200, "captcha"],
    ["a login wall (401)", "<html><body>Members only</body></html>", 401, "login-wall"],
    [
      "a login form on a thin page",
      '<h1>Sign in</h1><form><input type="password"></form>',
      200,
      "login-wall",
    ],
    [
      "a cookie wall",
      "<h1>We value your privacy</h1><button>Accept all cookies</button>",
      200,
      "consent-wall",
    ],
    ["a cookie wall in tags", "<p>Cookie<b>\n</b><i>Settings</i></p>", 200, "consent-wall"],
    ["a consent wall across a script", "before you <script>x()</script>continue", 200, "consent-wall"],
    ["a blocking message (429)", "<p>Unusual traffic from your network</p>", 429, "bot-protection"],
    [
      "a consent page's config alone",
      '<script>var c={"cookie_consent":1,"accept":"cookies"}</script>',
      200,
      null,
    ],
    ["a cookie wall on a page with an article", "<article>We value your privacy</article>", 200, null],
  ])("reads %s", (_name, html, status, kind) => {
    expect(check(html, status)).toBe(kind);
  });
});

// The consent phrases are tested on the visible text only when the markup could hold one: the text
// of 16 KB was built on 218 of 512 corpus pages for phrases none of them had.
describe("mayHaveConsentText", () => {
  it.each([
    "We value your privacy",
    "we value YOUR&nbsp;PRIVACY",
    "<b>Cookie</b> <i>preferences</i>",
    "cookie\n\tconsent",
    "Accept all cookies",
    "accept<span class='x'>all</span>cookies",
    "accept <script>var a = 'b';</script> cookies",
    "Before you<style>.a{}</style>continue",
    "before you &#160; continue",
  ])("keeps a phrase split by tags, entities, scripts or spaces: %s", (html) => {
    expect(mayHaveConsentText(html)).toBe(true);
    expect(check(`<div>${html}</div>`)).toBe("consent-wall");
  });

  it.each([
    '<script>window.cfg={"cookie_consent":true,"cookieSettings":"/privacy"}</script>',
    '<link href="/css/cookie-consent.css"><meta name="continue" content="privacy">',
    "<p>Continue reading about cookies and privacy</p>",
  ])("skips markup whose words cannot make a phrase: %s", (html) => {
    expect(mayHaveConsentText(html)).toBe(false);
  });
});

// One scan of the three markers' alternation before the three scans (a page without any, nearly
// every page, paid the three: 75 µs of the check's 130 per corpus page).
describe("mayHaveAnyMarker", () => {
  it.each([
    ["<TITLE> Just a moment...</title>", "cloudflare-challenge"],
    ['<script src="/cdn-cgi/challenge-platform/h/b"></script>', "cloudflare-challenge"],
    ["<div class=cf-turnstile></div>", "captcha"],
    ["Please verify that you are a human", "captcha"],
    ["Incapsula incident ID: 123", "bot-protection"],
    ["Reference #18.5f1e1402.1700000000.abc", "bot-protection"],
  ])("finds %s, read as %s", (html, kind) => {
    expect(mayHaveAnyMarker(`<p>${"x ".repeat(5000)}</p>${html}`)).toBe(true);
    expect(check(html, 403)).toBe(kind);
  });

  it("finds none on a page without a marker", () => {
    expect(mayHaveAnyMarker("<title>Soup</title><p>Verify the seasoning: are you a cook?</p>")).toBe(false);
  });
});
