// A document's running heads and feet: what a printer sets above and below every page's text (a
// browser's date and page title, the address and "1/2"; a cookbook's running head and folio). A
// reader of the recipe must not take them for its lines: a step that a page break cuts would read
// "…fold in the https://kitchen.example/cake 1/2 flour." Only a page's first and last lines are
// looked at, and only what the pages themselves show to be running lines.

// A page's number with its words ("Page 2", "Page 2 of 3", "Seite 2 von 3", "2 / 3", "- 2 -").
const NUMBER_WORDS =
  /^(?:(?:page|seite|página|pagina|pag\.|side|sida|strona)\s*\d{1,3}(?:\s*(?:of|von|de|di|sur|van|av|af|z|\/)\s*\d{1,3})?|\d{1,3}\s*(?:\/|of|von|de|di|sur)\s*\d{1,3}|[-–—]\s*\d{1,3}\s*[-–—])$/iu;
const BARE = /^\d{1,3}$/;
// A browser's own head and foot of a printed page, on one page as on many: the date and time
// before the page's title ("12/2/26, 4:32 PM Lemon Cake", "02.12.26, 16:32 Zitronenkuchen") and
// the address with the page's number ("https://kitchen.example/cake 1/1"). Chromium writes them
// after the page's text, so they are looked for among a page's first and last lines.
const BROWSER_HEAD = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4},?\s+\d{1,2}:\d{2}(?:\s?[AaPp]\.?\s?[Mm]\.?)?(?:\s|$)/u;
const BROWSER_FOOT = /^(?:[a-z][a-z\d+.-]*:\/\/\S+|about:blank)\s+\d{1,3}\s*\/\s*\d{1,3}$/iu;
export const browserLine = (line: string): boolean => BROWSER_HEAD.test(line) || BROWSER_FOOT.test(line);

// A line's shape: its numbers (a date, a time, a page's number) taken out, as pages repeat it.
const shape = (line: string) => line.replace(/\d+/g, "#").replace(/\s+/g, " ").trim().toLowerCase();

type Ends = { first: number; last: number };

function endsOf(lines: string[]): Ends | null {
  const first = lines.findIndex((l) => l.trim());
  if (first < 0) return null;
  let last = lines.length - 1;
  while (!lines[last]!.trim()) last--;
  return { first, last };
}

/**
 * Whether a line at one end of page `i` is a running line: its shape, with words in it, is at the
 * same end of another page (of at least half the pages); or it is a page's number (with its
 * words, or a bare number the pages count up: 1, 2, 3).
 */
function running(at: "first" | "last", pages: string[][], ends: (Ends | null)[], i: number): boolean {
  const line = (k: number) => {
    const e = ends[k];
    return e ? pages[k]![e[at]]!.trim() : null;
  };
  const own = line(i)!;
  if (NUMBER_WORDS.test(own)) return true;
  if (BARE.test(own))
    return pages.some(
      (_, k) => k !== i && line(k) !== null && BARE.test(line(k)!) && Number(line(k)) - Number(own) === k - i,
    );
  const s = shape(own);
  if (!/\p{L}/u.test(s)) return false;
  const same = pages.filter((_, k) => line(k) !== null && shape(line(k)!) === s).length;
  return same >= 2 && same * 2 >= pages.length;
}

/**
 * The pages' texts without their running heads, feet and page numbers (see the file's comment),
 * and which pages lost their last line (the room measured on it is no longer the page's).
 */
export function withoutRunningLines(given: string[]): { texts: string[]; lostLast: boolean[] } {
  const browser = given.map(withoutBrowserLines);
  const texts = browser.map((b) => b.text);
  const pages = texts.map((t) => t.split("\n"));
  const ends = pages.map(endsOf);
  if (pages.length < 2) return { texts, lostLast: browser.map((b) => b.lostLast) };
  const drop = pages.map((_, i) => {
    const e = ends[i];
    if (!e) return { first: false, last: false };
    return {
      first: running("first", pages, ends, i),
      last: e.last > e.first && running("last", pages, ends, i),
    };
  });
  return {
    texts: pages.map((lines, i) => {
      const e = ends[i];
      if (!e) return lines.join("\n");
      return lines
        .filter((_, n) => !(drop[i]!.first && n === e.first) && !(drop[i]!.last && n === e.last))
        .join("\n");
    }),
    lostLast: drop.map((d, i) => d.last || browser[i]!.lostLast),
  };
}

/**
 * A page's text without a browser's head and foot among its first two and last three lines, and
 * whether one of its last lines went (the room measured on its last line is then no longer the text's).
 */
function withoutBrowserLines(text: string): { text: string; lostLast: boolean } {
  const lines = text.split("\n");
  const filled = lines.flatMap((l, n) => (l.trim() ? [n] : []));
  const ends = new Set([...filled.slice(0, 2), ...filled.slice(-3)]);
  const drop = [...ends].filter((n) => browserLine(lines[n]!.trim()));
  if (!drop.length) return { text, lostLast: false };
  return {
    text: lines.filter((_, n) => !drop.includes(n)).join("\n"),
    lostLast: drop.some((n) => n >= filled[Math.max(0, filled.length - 3)]!),
  };
}
