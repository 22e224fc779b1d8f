// A recipe's name with a suffix the site put after the dish ("Lemon Cake | Bake Test Kitchen"),
// where the site's name as og:site_name or the host spells it does not say so (issue 50: "title:
// a page's title with its site suffix").
import { findAll, textOf } from "./dom.ts";
import { DASHES } from "./siteName.ts";
import { cleanText } from "./text.ts";

// The dish, a spaced separator, and the last part after it ("Dish | Site", "Dish – Site Name").
const SUFFIXED = new RegExp(String.raw`^(.+?)\s+[|·${DASHES}-]\s+([^|·${DASHES}]+)$`, "u");

// Letters and digits only, accents off: "Bon Appétit" and "Bon Appetit" are one name.
const letters = (t: string): string =>
  t
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

/** The names a page's structured data gives its publisher ("Organization", "WebSite", `publisher`). */
export function brandNames(nodes: Record<string, unknown>[], raw: Record<string, unknown> | null): string[] {
  const named = (n: unknown): string | null => {
    const v = n && typeof n === "object" ? (n as Record<string, unknown>).name : null;
    return typeof v === "string" ? cleanText(v) : null;
  };
  const types = (n: Record<string, unknown>) => [n["@type"]].flat().map(String);
  return [
    ...nodes
      .filter((n) => types(n).some((t) => t === "Organization" || t === "WebSite" || t === "Corporation"))
      .map(named),
    named(raw?.publisher),
  ].filter((x): x is string => !!x && letters(x).length >= 3);
}

/**
 * The name without its last separated part when the page shows that part to be no part of the
 * dish: the part is a publisher's name (`brands`), or, given the page's `doc`, its heading is the
 * rest alone ("Lemon Cake" in `<h1>`). Else the name as it is.
 */
export function withoutSuffix(
  name: string,
  doc: (() => Parameters<typeof findAll>[0]) | null,
  brands: string[],
): string {
  const m = SUFFIXED.exec(name);
  if (!m) return name;
  const [head, tail] = [m[1]!.trim(), m[2]!.trim()];
  if (letters(head).length < 3) return name;
  if (brands.some((b) => letters(b) === letters(tail))) return head;
  if (!doc) return name;
  const headings = findAll(doc(), (e) => e.name === "h1").map((h) => letters(textOf(h)));
  return headings.includes(letters(head)) && !headings.includes(letters(name)) ? head : name;
}
