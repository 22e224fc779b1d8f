// Words and small helpers the recipe screens share (screens/review's editor, the list and the recipe
// page): what each phase, status and error means for a cook, and how a recipe's facts are said.
import type { components } from "../../api/schema.gen.ts";
import { el, safeUrl } from "../../lib.ts";
import { host } from "../add/inbox.ts";

export type StoredRecipe = components["schemas"]["StoredRecipe"];

// Pictures come through Ladle's image proxy, never straight from the site (no referrer, no
// cookies, and the site does not learn who is cooking what).
export const recipeImage = (r: { id: string; imageUrl?: string | null }): string =>
  `/api/images/recipes/${encodeURIComponent(r.id)}?v=${encodeURIComponent(r.imageUrl ?? "")}`;
export const draftImage = (task: { taskId: string }, u: string): string =>
  `/api/images/tasks/${encodeURIComponent(task.taskId)}?url=${encodeURIComponent(u)}`;

/** What made each version of a saved recipe, in words (the recipe page's history, the tidy-up panel). */
export const VERSION_KINDS: Record<string, string> = {
  commit: "saved from an import",
  import: "brought in with a collection or file",
  replace: "replaced by a new import",
  edit: "edited",
  normalize: "tidied",
  restore: "restored",
  refresh: "refreshed from source",
};

export const PHASES: Record<string, string> = {
  "Ingest.Discover": "Searching for recipes",
  "Ingest.Fetch": "Fetching the page",
  "Ingest.Extract": "Reading the recipe",
  "Ingest.Validate": "Checking the recipe",
  "Ingest.RepairJson": "Fixing the language model's answer",
  "Ingest.RepairParaphrase": "Rewriting copied text",
  "Ingest.ReviewReady": "Ready for your review",
  "Ingest.Normalize": "Tidying the recipe",
};
export const STATUSES: Record<string, string> = {
  Pending: "Waiting to start",
  Running: "Working",
  ReviewReady: "Ready for your review",
  Committed: "Saved to your recipes",
  Rejected: "Discarded",
  Expired: "Expired",
  Failed: "Failed",
};
/** What happened and what to do, per error code; the server's message fills in details. */
export const ADVICE: Record<string, string> = {
  ROBOTS_DISALLOWED:
    "The site asks robots not to read this page. Copy the recipe by hand, or try another page.",
  FETCH_FAILED: "The site is not answering. Check the address, or try again later.",
  FETCH_TIMEOUT: "The site took too long to answer. Try again later.",
  FETCH_HTTP_ERROR:
    "The site answered with an error instead of the page. Check the address, or try again later.",
  FETCH_BLOCKED:
    "The site showed a bot check or a login page instead of the recipe. Open it in your browser and copy the recipe by hand.",
  FETCH_TOO_LARGE: "The page is too large to read. Try the recipe's print page instead.",
  TOO_MANY_REDIRECTS: "The page keeps sending us elsewhere. Try the address you end up at in your browser.",
  UNSUPPORTED_CONTENT_TYPE:
    "This address is not a web page (perhaps a PDF or a download). Use the recipe's web page.",
  URL_NOT_ALLOWED: "Ladle will not fetch this address.",
  DOMAIN_DENIED: "The operator of this server does not allow fetching from this site.",
  DOMAIN_CIRCUIT_OPEN:
    "This site failed several times in a row, so Ladle is leaving it alone for a while. Try again later.",
  NO_RECIPE_FOUND:
    "No recipe was found on this page. Make sure the address is the recipe itself, not a list or the home page.",
  NOT_A_RECIPE: "This page is an article, not a recipe. Look for a link to the recipe itself.",
  RENDER_FAILED:
    "The page needed a browser to show its recipe, and that did not work. Try again, or choose another page.",
  TASK_CANCELLED: "You cancelled this import.",
  DRAFT_EXPIRED: "This draft waited too long and expired. Import the page again.",
  COMMIT_CONFLICT: "Someone else acted on this draft first. Reload the page to see what happened.",
  TASK_NOT_REVIEWABLE: "This draft is no longer waiting for review.",
  GUARDRAIL_VIOLATION:
    "Parts of this recipe are the site's own words. Rewrite them, or keep them for personal use.",
  LLM_NOT_CONFIGURED: "No language model is set up on this server.",
  INVALID_RECIPE: "Some fields need fixing before the recipe can be saved.",
  RECIPE_NOT_FOUND: "This recipe does not exist (any more).",
  RECIPE_GONE: "This recipe was deleted too long ago to be restored.",
  UNAUTHORIZED: "Please sign in again.",
  FORBIDDEN: "You are not allowed to do that.",
};

/** A problem box: what happened and what to do, in sentences; the server's words as detail. */
export function problem(body: { code?: string; message?: string } | null | undefined): HTMLElement {
  const advice = body?.code ? ADVICE[body.code] : undefined;
  const detail = body?.message && body.message !== advice ? body.message : null;
  return el(
    "div",
    { class: "error", role: "alert" },
    el("p", {}, advice ?? detail ?? "Something went wrong. Try again."),
    advice && detail ? el("p", { class: "muted" }, detail) : null,
  );
}

/** replaceChildren that skips null/false children (the DOM method would print "null"). */
type Kid = Node | string | null | undefined | false | Kid[];
export function fill(node: Element, ...kids: Kid[]): void {
  const flat = (k: Kid): (Node | string)[] =>
    Array.isArray(k) ? k.flatMap(flat) : k === null || k === undefined || k === false ? [] : [k];
  node.replaceChildren(...kids.flatMap(flat));
}

/** A web page's address; null for the stand-in address of pasted text and files (*.invalid). */
export const pageUrl = (u: unknown): string | null => {
  const ok = safeUrl(u);
  return ok && !/^https?:\/\/[^/]*\.invalid(\/|$)/i.test(ok) ? ok : null;
};

/** What the words of a text or file import are called on screen, by its source type. */
export const SOURCE_NAMES: Record<string, string> = {
  text: "your text",
  pdf: "the PDF",
  image: "the photo",
  video: "the video",
};
export const READING: Record<string, string> = {
  text: "Reading your text",
  pdf: "Reading the PDF",
  image: "Reading the photo",
  video: "Reading the video's words",
};

export function minutes(m: number | null | undefined): string | null {
  if (!m) return null;
  const h = Math.floor(m / 60);
  const r = m % 60;
  return h ? `${h} h${r ? ` ${r} min` : ""}` : `${r} min`;
}

// ---------------------------------------------------------------- progress

/** Where a recipe came from, who wrote it, when it was saved: only the facts it has, joined by " · ". */
export type { Kid };
export function recipeFacts(x: StoredRecipe): Kid[] {
  const saved = x.createdAt ? new Date(x.createdAt) : null;
  const facts: Kid[] = [
    x.source && pageUrl(x.source.url)
      ? [
          "From ",
          el(
            "a",
            { href: x.source.url, rel: "noopener noreferrer nofollow", target: "_blank" },
            x.source.siteName ?? host(x.source.url),
          ),
        ]
      : null,
    x.author ? `by ${x.author}` : null,
    x.source?.sentFrom === "browser" ? "Sent from your browser" : null,
    saved && !Number.isNaN(saved.getTime()) ? `saved ${saved.toLocaleDateString()}` : null,
  ].filter(Boolean);
  return facts.flatMap((f, k) => (k ? [" · ", f] : [f]));
}

/** A saved recipe has a picture to show: one on the web (through the proxy) or one that came inside an imported file. */
export function hasPicture(x: { imageUrl?: string | null }): boolean {
  return Boolean(
    safeUrl(x.imageUrl) || (typeof x.imageUrl === "string" && x.imageUrl.startsWith("/api/images/recipes/")),
  );
}

export function fmtQty(q: number | null | undefined): string {
  if (!q) return "";
  const whole = Math.floor(q);
  const rest = q - whole;
  const fractions: [number, string][] = [
    [0.125, "1/8"],
    [0.25, "1/4"],
    [1 / 3, "1/3"],
    [0.5, "1/2"],
    [2 / 3, "2/3"],
    [0.75, "3/4"],
  ];
  const fr = fractions.find(([v]) => Math.abs(v - rest) < 0.02);
  if (rest < 0.02) return String(whole);
  if (fr) return whole ? `${whole} ${fr[1]}` : fr[1];
  return String(Math.round(q * 100) / 100);
}
