// The one table of what the screen says when something did not work, keyed by the API's stable
// error codes (src/errors.ts; the /v1 family's lower-case ones too). The server's words are meant for
// API clients and may name codes, settings or fields: they go under "Details", never in the sentence.
// Pure (no DOM), so the tests read the same table and the same check as the screens.

/** Said when the code is unknown and the server's words are not for people. */
export const FALLBACK =
  "That did not work. Try again in a moment; if it keeps happening, tell whoever runs Ladle.";

const SIGN_IN = "Please sign in again.";
const GONE = "This is no longer here: it may have been deleted. Go back to the list and reload it.";
const BUSY = "Ladle is getting many requests at once. Wait a minute, then try again.";
const DATABASE = "Ladle cannot reach its database right now. Nothing was lost; try again in a few seconds.";
const TOO_BIG = "This is larger than Ladle accepts. Try a smaller file or a shorter text.";
const CHECK_FORM = "Something in what you entered needs fixing. Check the fields, then try again.";
const WEB_ADDRESS = "That is not a web address. Paste one that starts with https://";
const NO_MODEL = "This needs a language model, and none is set up on this server. Ask whoever runs Ladle.";

export const MESSAGES: Record<string, string> = {
  // Import and review
  INVALID_AGENT_TYPE: "Ladle does not know that kind of task. Reload the page and try again.",
  AGENT_NOT_INSTALLED: "That kind of task is not available on this server. Ask whoever runs Ladle.",
  INVALID_PAYLOAD: CHECK_FORM,
  TASK_NOT_FOUND: "This import is no longer here. Start it again from Add a recipe.",
  DRAFT_EXPIRED: "This draft waited too long and expired. Import the page again.",
  ALREADY_COMMITTED: "This recipe was saved already. Open it from your recipes.",
  COMMIT_CONFLICT: "Someone else acted on this draft first. Reload the page to see what happened.",
  TASK_NOT_REVIEWABLE: "This draft is no longer waiting for review.",
  INVALID_RECIPE: "Some fields need fixing before the recipe can be saved.",
  GUARDRAIL_VIOLATION:
    "Parts of this recipe are the site's own words. Rewrite them, or keep them for personal use.",
  RECIPE_NOT_FOUND: "This recipe does not exist (any more).",
  DUPLICATE_RECIPE:
    "You already have this recipe. Choose whether to update yours, keep both, or drop this one.",
  RECIPE_GONE: "This recipe was deleted too long ago to be restored.",
  TASK_NOT_CANCELLABLE: "This import has already finished, so there is nothing to cancel.",
  TASK_CANCELLED: "You cancelled this import.",
  ARTIFACT_NOT_FOUND: "That part of the import is not kept any more. Import the page again to see it.",
  // Backups, people, sign-in
  CONFIRMATION_NEEDED: "To go ahead, type the name exactly as shown.",
  BACKUP_NOT_FOUND: "That backup is not there any more. Refresh the list.",
  BACKUP_WRITE_FAILED:
    "The backup could not be written: the disk may be full. Free some space, then try again.",
  INVALID_REQUEST: CHECK_FORM,
  INVALID_CURSOR: "The list changed while you were reading it. Start again from the first page.",
  UNAUTHORIZED: SIGN_IN,
  FORBIDDEN: "You are not allowed to do that. Ask an admin if you need it.",
  INVALID_CREDENTIALS:
    "That name and password do not match. Check them, or ask your Ladle admin to set a password.",
  CROSS_SITE_REQUEST:
    "This change came from another site's page, so it was refused. Make it from Ladle's own pages.",
  UNKNOWN_HOST: "Ladle is not served under this address. Open it under the address your admin gave you.",
  WEAK_PASSWORD: "Choose a password of at least 10 characters.",
  NOT_FOUND: "That page does not exist. Go back and try again.",
  INTERNAL: "Ladle had a problem on its side. Try again; if it keeps happening, tell whoever runs Ladle.",
  PROMPT_NOT_FOUND: "That prompt is not there any more. Reload the page.",
  INVALID_PROMPT: "The prompt needs fixing before it can be saved. Check its text.",
  PROMPT_LAST_ACTIVE: "Each step needs one prompt in use. Switch another version on first.",
  PROMPT_RENDER_FAILED: "The prompt could not be filled in. Check its placeholders.",
  IDEMPOTENCY_KEY_INVALID:
    "Ladle could not tell this request apart from others. Reload the page and try again.",
  IDEMPOTENCY_KEY_REUSED:
    "Ladle could not tell this request apart from an earlier one. Reload the page and try again.",
  IDEMPOTENCY_KEY_IN_PROGRESS: "The same request is still running. Wait a moment.",
  PAYLOAD_TOO_LARGE: TOO_BIG,
  INVALID_TEXT: "The text holds characters Ladle cannot read. Remove any odd symbols and try again.",
  RATE_LIMITED: BUSY,
  DATABASE_UNAVAILABLE: DATABASE,
  WORKER_CRASHED: "Ladle stopped several times while working on this. Try it again.",
  USER_EXISTS: "Someone already has that name. Pick another one.",
  USER_NOT_FOUND: "There is nobody of that name here.",
  SETUP_DONE: "Ladle already has an owner. Sign in instead.",
  SETUP_CODE_REQUIRED:
    "From another machine, the first run needs the setup code the server printed when it started.",
  LINK_INVALID: "This link was used already or has expired. Ask an admin for a new one.",
  LAST_ADMIN: "You are the last admin: make someone else an admin first, so nobody is locked out.",
  FIRST_RUN_NEEDED: "Ladle has no owner yet. Open it in a browser on the server's own machine to set it up.",
  SINGLE_PERSON_MODE: "Ladle runs for one person without sign-in. Switch on sign-in under People first.",
  ACCOUNT_DISABLED: "An admin has disabled this account. Ask them to enable it.",
  OIDC_FAILED: "Signing in through your household account did not work. Start again from the sign-in screen.",
  PASSWORD_SIGNIN_OFF: "Passwords are switched off here. Sign in with your household account.",
  SESSION_NOT_FOUND: "That sign-in has ended already.",
  INVALID_USER: "Names use letters, digits, dots, dashes or underscores, up to 64 of them.",
  LIBRARY_NOT_FOUND: "That library is not there any more, or it is not shared with you.",
  TOKEN_NOT_FOUND: "That key is not there any more; it may have been revoked already.",
  // Articles and pictures
  E_URL_INVALID: WEB_ADDRESS,
  E_FETCH_FORBIDDEN: "Ladle does not read pages from this address (a private or refused site).",
  E_UNAUTHORIZED: SIGN_IN,
  E_FORBIDDEN: "Only an admin of that library can add to it.",
  E_NOT_FOUND: GONE,
  E_INVALID_REQUEST: WEB_ADDRESS,
  E_NOT_READY: "This article is still being read. Wait a moment, then open it again.",
  E_NOT_RETRYABLE: "Only an article that failed can be tried again.",
  E_PAYLOAD_TOO_LARGE: TOO_BIG,
  E_RATE_LIMITED: BUSY,
  E_IMAGE_FORBIDDEN: "This picture's address is not allowed.",
  E_IMAGE_UNSUPPORTED: "The site did not send a picture Ladle can show.",
  E_IMAGE_TOO_LARGE: "This picture is too large to show.",
  E_IMAGE_FETCH_FAILED: "The picture could not be loaded from its site.",
  // Why an import failed
  URL_NOT_ALLOWED:
    "Ladle does not read pages from this address (a private or refused site). Use a public web page.",
  FETCH_FAILED: "The site is not answering. Check the address, or try again later.",
  FETCH_TIMEOUT: "The site took too long to answer. Try again later.",
  FETCH_TOO_LARGE: "The page is too large to read. Try the recipe's print page instead.",
  FETCH_HTTP_ERROR:
    "The site answered with an error instead of the page. Check the address, or try again later.",
  TOO_MANY_REDIRECTS: "The page keeps sending us elsewhere. Try the address you end up at in your browser.",
  UNSUPPORTED_CONTENT_TYPE:
    "This address is not a web page (perhaps a PDF or a download). Use the recipe's web page, or add the file instead.",
  ARCHIVE_NOT_FOUND: GONE,
  ARCHIVE_SOURCE_NOT_FOUND:
    "That article or bookmark is no longer in your lists. Go back to the list and reload it.",
  ARCHIVE_FETCH_FAILED: "The page could not be fetched to keep a copy. Try again later.",
  ARCHIVE_TOO_LARGE:
    "This page is too large to keep a copy of. Ask whoever runs Ladle to allow larger copies.",
  ARCHIVE_ROOM_FULL:
    "Your kept copies fill the room you have. Delete some you no longer need, or ask for more room.",
  HIGHLIGHT_ARTICLE_NOT_FOUND: GONE,
  HIGHLIGHT_NOT_FOUND: GONE,
  HIGHLIGHT_NOT_IN_TEXT:
    "Those words are not in the article's text any more. Select them again in the reader.",
  CAPTURE_TOO_LARGE:
    "This page is larger than Ladle accepts from a browser. Try the page itself, without comments or a gallery.",
  CAPTURE_INVALID: "The page your browser sent could not be read. Open the page and send it again.",
  CAPTURE_GONE: "The page your browser sent is no longer kept. Open the page and send it again.",
  FEED_NOT_FOUND: GONE,
  INVALID_FEED:
    "That is not a feed's web address. Paste the feed's address, or the site's, starting with https://",
  NO_FEED_THERE: "There is no feed at that address. Look for the site's RSS or Atom link and paste that.",
  FEED_UNREACHABLE: "The feed's site did not answer. Try again later.",
  NO_RECIPE_FOUND:
    "No recipe was found on this page. Make sure the address is the recipe itself, not a list or the home page.",
  NOT_A_RECIPE: "This page is an article, not a recipe. Look for a link to the recipe itself.",
  FETCH_BLOCKED:
    "The site showed a bot check or a login page instead of the recipe. Open it in your browser and send it to Ladle from there.",
  ROBOTS_DISALLOWED:
    "The site asks robots not to read this page. Open it in your browser and send it to Ladle from there, or try another page.",
  DOMAIN_CIRCUIT_OPEN:
    "This site failed several times in a row, so Ladle is leaving it alone for a while. Try again later.",
  DOMAIN_DENIED: "Whoever runs this server does not allow reading pages from this site.",
  RENDER_FAILED:
    "The page needed a browser to show its recipe, and that did not work. Try again, or choose another page.",
  LLM_NOT_CONFIGURED: NO_MODEL,
  LLM_TIMEOUT: "The language model took too long to answer. Try again later.",
  LLM_ERROR: "The language model did not work this time. Try again later.",
  LLM_OUTPUT_INVALID:
    "The language model's answer could not be used. Try again, or fill in the recipe by hand.",
  LLM_BUDGET_EXCEEDED: "The language model's allowance for today is spent. Try again tomorrow.",
  PARSE_URL_INVALID: WEB_ADDRESS,
  PARSE_REQUEST_NOT_FOUND: GONE,
  ITEM_NOT_FOUND: "This bookmark is not there any more.",
  INVALID_ITEM: "The bookmark needs a web address that starts with https://",
  PREVIEW_NOT_AVAILABLE: "This bookmark has no preview picture.",
  THUMBNAIL_NOT_FOUND: "This bookmark has no screenshot yet.",
  // Finding recipes by a search
  DISCOVERY_NOT_CONFIGURED:
    "Searching the web is not set up on this server yet. Paste the recipe's web address instead.",
  NO_CANDIDATES: "The search found no recipe pages. Try other words, or paste a recipe's web address.",
  DISCOVERY_FAILED:
    "The recipe search could not reach the sites it asks. Check your connection, try again later, or paste a recipe's web address.",
  DISCOVERY_QUOTA_EXCEEDED:
    "Today's searches are used up. Try again tomorrow, or paste a recipe's web address.",
  CANDIDATE_NOT_FOUND: "That search result is not there any more. Search again.",
  // Tidy-up, versions, refresh
  NORMALIZE_CONFLICT: "The recipe changed since this tidy-up was suggested. Tidy it up again.",
  VERSION_NOT_FOUND: "That version of the recipe is not there any more.",
  NOTHING_TO_APPLY: "Nothing was chosen. Tick the changes you want first.",
  RECIPE_VERSION_CONFLICT:
    "The recipe changed while you were editing it. Reload it and make your change again.",
  REFRESH_NOT_FOUND: "That refresh is not there any more. Start a new one from the recipe.",
  REFRESH_NO_SOURCE: "This recipe did not come from a web page, so there is nothing to refresh it from.",
  REFRESH_NOT_READY:
    "This refresh is not waiting for you (still reading the page, failed, or already decided).",
  // Sharing into Ladle
  SHARED_ITEM_NOT_FOUND:
    "This shared page was already opened, or waited more than ten minutes. Share it again.",
  SHARED_FILE_UNREADABLE: "The shared file is not a photo, PDF or text Ladle can read.",
  // In the kitchen
  SCALE_INVALID: "The recipe cannot be scaled that way. Choose a number of servings above zero.",
  PLAN_ENTRY_NOT_FOUND: "That meal is not in your plan any more.",
  SHOPPING_LIST_NOT_FOUND: "That shopping list is not there any more.",
  SHARE_NOT_FOUND: "This shared recipe link does not exist or was turned off.",
  // Moving in and out
  COLLECTION_NOT_FOUND: "That import or export is not there any more.",
  COLLECTION_UNREADABLE:
    "Ladle cannot read this file as a recipe collection. Use an export from Paprika, Mealie, Tandoor, Nextcloud Cookbook or Cooklang, a bookmark file or a list of web addresses.",
  COLLECTION_TOO_LARGE: "This file is too large to read in one go. Split the export into smaller files.",
  COLLECTION_ITEM_NOT_REVIEWABLE:
    "This entry is not waiting for review (it was already imported, skipped or failed).",
  // Webhooks
  WEBHOOK_NOT_FOUND: "That webhook is not there any more.",
  INVALID_WEBHOOK: "A webhook needs a web address and at least one event.",
  WEBHOOK_URL_NOT_ALLOWED: "Ladle does not send webhooks to this address. Give a public https:// address.",
  WEBHOOK_DELIVERY_NOT_FOUND: "That delivery is not in this webhook's log any more.",
  WEBHOOK_OFF: "This webhook is off. Turn it on again first.",
  WEBHOOK_LIMIT_REACHED: "You have as many webhooks as allowed. Delete one first.",
  // Files, photos and typed text (the /v1 imports)
  download_error: "The source could not be downloaded. Try again.",
  unsupported_format:
    "This kind of file can't be imported. Use a web page, PDF, photo (JPEG, PNG, WebP), text or captions (.vtt, .srt).",
  extraction_failed: "No recipe could be read from this. Check that it holds a recipe, or type it in.",
  timeout: "Reading this took too long. Try again later.",
  oom: "The file is too large or complex to read on this server. Try a smaller one.",
  invalid_request: CHECK_FORM,
  not_found: GONE,
  upload_not_found: "The file is not kept any more. Choose it again.",
  payload_too_large: TOO_BIG,
  storage_full: "Your storage is full. Delete things you no longer need, or ask an admin for more room.",
  unauthorized: SIGN_IN,
  rate_limited: BUSY,
  database_unavailable: DATABASE,
  // Said by the web app itself
  OFFLINE: "Ladle could not be reached. Check your connection, then try again.",
};

/** Sentences for a field a refusal names ("payload.url: …"), where the code's own is too vague. */
const FIELDS: Record<string, string> = {
  url: WEB_ADDRESS,
  sourceUrl: WEB_ADDRESS,
  servings: "Give the number of servings as a whole number above zero.",
  name: "Give it a name.",
  password: "Choose a password of at least 10 characters.",
};

// Codes whose server words are specific to the case and written for people (which field, which
// limit): shown as the sentence when they carry no internal words, else the table's sentence.
const SERVER_WORDS_FIRST = new Set([
  "INVALID_REQUEST",
  "INVALID_PAYLOAD",
  "invalid_request",
  "INVALID_ITEM",
  "INVALID_RECIPE",
  "CONFIRMATION_NEEDED",
  "WEAK_PASSWORD",
  "oom",
  "extraction_failed",
  "download_error",
  "unsupported_format",
  "payload_too_large",
  // Why a backup could not be written (the disk is full, no such folder, no permission).
  "BACKUP_WRITE_FAILED",
  // Which address and why ("This address points inside a private network, …"): the first clause.
  "WEBHOOK_URL_NOT_ALLOWED",
  "E_FETCH_FORBIDDEN",
]);

// What a person should never meet outside "Details": error codes, settings, environment
// variables, field paths, system error names, stack lines, stand-in addresses.
const INTERNAL: [string, RegExp][] = [
  ["an error code", /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/],
  ["an error code", /\b[a-z]+_[a-z]+(?:_[a-z]+)*\b/],
  ["a setting", /\b[A-Z][A-Za-z]+:[A-Z][A-Za-z]+/],
  ["a field path", /(?:^|[\s(])[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+|\[\d+\])+:/],
  ["a field name", /\b[a-z]+[A-Z][A-Za-z]*: (?:true|false|"|\d)/],
  [
    "a system error",
    /\bE(?:NOTFOUND|CONNREFUSED|CONNRESET|TIMEDOUT|AI_AGAIN|ADDRINUSE|ACCES|PIPE|HOSTUNREACH|NETUNREACH)\b/,
  ],
  ["a stack line", /\bat [\w.<>]+ \(.*:\d+:\d+\)|\n\s+at \S/],
  ["a stand-in address", /\.invalid\b|urn:ladle:/],
];

/** The internal words in a text (empty when it is fit for a screen). */
export function internalWords(text: string): string[] {
  return INTERNAL.filter(([, re]) => re.test(text)).map(
    ([what, re]) => `${what}: ${re.exec(text)![0].trim()}`,
  );
}

/**
 * The server's first clause when it is for people and the rest is for operators ("This address points
 * inside a private network, which Ladle does not read; … set LADLE_ALLOW_PRIVATE_HOSTS=…").
 */
function plainPart(server: string): string | undefined {
  const first = server.split(/\s*[(;]\s*/)[0]!.replace(/[.,:\s]+$/, "");
  return first.length >= 20 && internalWords(first).length === 0 ? `${first}.` : undefined;
}

/** A problem as the API gave it: any family's code and words. */
export interface RawProblem {
  code?: string | null | undefined;
  message?: string | null | undefined;
  /** The server's own words, when they were already put aside (client.ts). */
  detail?: string | null | undefined;
}

/**
 * What the screen says: a sentence for the reader, and the server's words (with the code) for
 * "Details" when they add something.
 */
export function plainProblem(p: RawProblem | null | undefined): { text: string; details: string | null } {
  const code = p?.code ?? undefined;
  const server = (p?.detail ?? p?.message ?? "").trim();
  const fromTable = code && Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : undefined;
  const serverFits = server !== "" && internalWords(server).length === 0;
  // "payload.url: url must be …": a sentence for the field when there is one.
  const field = /^[\w.[\]]*?(\w+):\s/.exec(server)?.[1];
  const text =
    (code && SERVER_WORDS_FIRST.has(code) ? (serverFits ? server : plainPart(server)) : undefined) ??
    (code && SERVER_WORDS_FIRST.has(code) && field ? FIELDS[field] : undefined) ??
    fromTable ??
    (serverFits ? server : FALLBACK);
  const details = server && server !== text ? (code ? `${server} (${code})` : server) : null;
  return { text, details };
}
