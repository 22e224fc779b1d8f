// A recipe's author in its structured data: a byline's name without its labels, links, roles and
// dates, and which node of a list or the graph names the person (split from schemaRecipe.ts).
import { typesOf } from "./jsonld.ts";
import { deref, first, type MapContext, type Node } from "./schemaNodes.ts";
import { cleanText } from "./text.ts";
// A byline's label before the name: "By Ann Lee", "Recipe by …", "Submitted by …", "Recipe courtesy
// of …"; in other languages ("Por Ana Lima", "Par Jean Dupont", "Door Anke de Vries") only before a
// capital, as the word may open a name.
// "Gemaakt door Sandra" is Dutch for "made by"; "AuthorAngela Brassinga" a label glued to the name
// (the label's text and the name's in two elements, no space between them).
const BYLINE_LABEL =
  /^(?:(?:[Rr]ecipe|[Ww]ritten|[Ww]ords|RECIPE|[Gg]emaakt|[Gg]eschreven|[Ss]ubmitted|[Pp]osted|[Cc]reated|[Cc]ontributed|[Ss]hared)\s+)?(?:(?:[Bb]y|BY)\s*:?\s+|(?:[Rr]ecipe\s+)?[Cc]ourtesy\s+of\s*:?\s+|(?:[Pp]or|[Pp]ar|[Dd]oor)\s*:?\s+(?=\p{Lu}))|^(?:Author|AUTHOR|Autor|Auteur)(?=\p{Lu}\p{Ll})/u;
// The link a byline ends with: "Ann Lee View Other Recipes By This Chef »", "Ann Lee - See all posts",
// "Ann Lee Find more recipes", "Ann Lee Other recipes by this chef", "Ann Lee Read more".
const BYLINE_LINK =
  /\s*[-–|·•»]?\s*\b(?:view|see|read|more|all|other|find|browse|discover|explore)\b[^,]{0,40}\b(?:recipes?|posts?|articles?|stories)\b[^,]{0,30}$|\s*[-–|·•»]?\s*\bread\s+more\b[^,]{0,20}$|\s*[»›]+$/iu;
// A role after the name in lower case: "Fabiana Badra, foodstylist", "Ann Lee, chef" (a name is capitalised).
const BYLINE_ROLE = /(?<=\p{L}{2}),\s*\p{Ll}[\p{Ll}\s-]{1,30}$/u;
// "More by Ann Lee", "View profile" (in brackets too), "Visit website", "Follow": a byline's other
// links after the name.
const BYLINE_MORE =
  /\s*[-–|·•»(]?\s*\b(?:more\s+(?:from|by)\b.*|(?:view|see)\s+(?:full\s+)?(?:profile|bio)|visit\s+(?:my\s+|her\s+|his\s+)?(?:website|site|blog)|follow(?:\s+(?:me|her|him|on\s+\p{L}+))?)\s*[»›)]*$/iu;
// A role after the name, capitalised as a title: "Ann Lee, Recipe Developer", "Ann Lee | Food Stylist",
// "Ann Lee Recipe Developer" (the two-word roles need no separator).
const TITLE_ROLE = String.raw`(?:(?:senior|associate|contributing|executive|deputy)\s+)?(?:(?:recipe|food)\s+(?:developer|tester|editor|creator|stylist|writer|director|photographer)|photographer|editor|contributor|writer|chef|nutritionist|dietitian)`;
const BYLINE_TITLE = new RegExp(
  String.raw`(?:\s*[,|·•–—-]\s*${TITLE_ROLE}|\s+(?:recipe|food)\s+(?:developer|tester|stylist))(?:\s+(?:and|&)\s+[\p{L} ]{1,30})?$`,
  "iu",
);
// A date after the name, labelled or not: "Ann Lee Published March 2, 2024", "Ann Lee on 2 March
// 2024", "Ann Lee, 2024-03-02".
const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;
const BYLINE_DATE = new RegExp(
  String.raw`\s*[,|·•–—-]?\s*(?:(?<!\p{L})(?:published|updated|posted|last\s+updated)(?:\s+on)?\s*:?\s*|(?<!\p{L})on\s+)?(?<![\p{L}\d])(?:${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}\.?\s+${MONTH}\s+\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4})$`,
  "iu",
);

// A profile's address, with its scheme or without ("facebook.com/cooktest"): a host, then a path.
const PROFILE_URL = /^(?:(?:https?:)?\/\/|(?:www\.)?[\w-]+(?:\.[\w-]+)+\/\S*$)/i;

/** A person's name as written, without a "By" byline prefix; "" for a profile URL. */
export function personName(v: unknown): string {
  if (typeof v === "string") {
    // Each cut only where a name is left ("All Recipes" stays a name).
    const s = [BYLINE_LABEL, BYLINE_DATE, BYLINE_MORE, BYLINE_LINK, BYLINE_TITLE, BYLINE_ROLE].reduce(
      (t, re) => t.replace(re, "").trim() || t,
      cleanText(v),
    );
    return PROFILE_URL.test(s) ? "" : s;
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) return "";
  const n = v as Node;
  const name = personName(first(n.name));
  if (name) return name;
  return [cleanText(first(n.givenName)), cleanText(first(n.familyName))].filter(Boolean).join(" ");
}

// A newsroom that names no one, not even its publication ("Redazione Web", "Editorial Team",
// "Staff"): no author, so that the site's own name stands for it; "Good Food team" names its brand
// and stays.
const NEWSROOM_ONLY =
  /^(?:the\s+)?(?:(?:web|online|digital|editorial|editors?|staff|team|desk|newsroom|redazione|redaktion|redacción|redactie|rédaction|équipe|equipa|equipo)(?:\s+|$))+$/iu;

/**
 * The author's name from a Person / Organization / @id reference / string. Of a list, the first
 * named: the corpus truth (recipe-scrapers' schema.org reader) credits a recipe's first author, the
 * one its card and byline lead with, so a co-author or photographer listed after is not the author.
 */
export function authorName(v: unknown, ctx: MapContext): string | null {
  for (const x of Array.isArray(v) ? v : [v]) {
    const name = personName(namedNode(deref(x, ctx), ctx));
    if (name && !NEWSROOM_ONLY.test(name)) return name;
  }
  return null;
}

/**
 * A node that names no one but points at the graph's Person by its `@id` or `url` (`{"@type":
 * "Person", "url": "https://…/about/"}` beside that Person's own node): the Person, as the corpus
 * truth resolves it; a reference holding other keys than its `@id` is one all the same.
 */
function namedNode(v: unknown, ctx: MapContext): unknown {
  if (!v || typeof v !== "object" || Array.isArray(v) || personName(v)) return v;
  const n = v as Node;
  const key = [n["@id"], n.url].find((k): k is string => typeof k === "string" && k.length > 0);
  if (!key) return v;
  const byKey = ctx.byId.get(key);
  if (byKey && byKey !== v) return byKey;
  for (const m of ctx.byId.values()) if (m !== v && typesOf(m).includes("Person") && m.url === key) return m;
  return v;
}
