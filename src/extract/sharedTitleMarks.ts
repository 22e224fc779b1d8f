import { lettersOf as letters } from "./siteName.ts";

// A part set in brackets: the marks a page's styling may draw instead of printing.
const BRACKETED = /[([][^()[\]]*\p{L}[^()[\]]*[)\]]/u;

/**
 * The page's shared title in place of its heading when both spell the same name and the shared
 * title brackets a part the heading leaves bare: a heading often sets that part in an element of
 * its own, styled as a badge ("Palacinky <span>fotorecept</span>"), so its text loses the brackets
 * the name is written with ("Palacinky (fotorecept)"). Else the heading's text as it is.
 */
export function sharedTitleMarks(heading: string, shared: string | null): string {
  if (!shared || /[()[\]]/u.test(heading) || !BRACKETED.test(shared)) return heading;
  const same = letters(heading);
  return same.length >= 3 && same === letters(shared) ? shared : heading;
}
