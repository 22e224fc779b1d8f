// Why a fetch of a feed, or one of its entries, failed: a stable code and its figures, stored
// beside the English words. The web app says the code in the person's language (its `feeds`
// catalogue); API clients and a code a screen does not know yet read the words.

export const FEED_PROBLEM_CODES = [
  "notThere",
  "siteError",
  "refused",
  "otherStatus",
  "timeout",
  "connectionFailed",
  "robots",
  "botCheck",
  "tooLarge",
  "domainDenied",
  "fetchFailed",
  "notAFeed",
  "noLink",
  "badLink",
  "subscriberGone",
  "articleRefused",
] as const;
export type FeedProblemCode = (typeof FEED_PROBLEM_CODES)[number];

export type FeedProblemParams = Record<string, string | number>;

export interface FeedProblem {
  code: FeedProblemCode;
  params: FeedProblemParams;
  /** The English words, as the API has always said them. */
  message: string;
}

const ENGLISH: Record<FeedProblemCode, (p: FeedProblemParams) => string> = {
  notThere: (p) => `the site says the feed is not there (HTTP ${p.status})`,
  siteError: (p) => `the site had an error (HTTP ${p.status})`,
  refused: (p) => `the site refused to hand over the feed (HTTP ${p.status})`,
  otherStatus: (p) => `the site answered HTTP ${p.status ?? "?"} instead of the feed`,
  timeout: () => "the site did not answer in time",
  connectionFailed: () => "Ladle could not connect to the site",
  robots: () => "the site's robots.txt asks programs like Ladle not to fetch the feed",
  botCheck: () => "the site answered with a bot check instead of the feed",
  tooLarge: (p) => `the feed is larger than Ladle takes (${p.mb} MB)`,
  domainDenied: () => "the server's operator does not let Ladle fetch from this site",
  fetchFailed: (p) => String(p.reason ?? "the fetch failed"),
  notAFeed: (p) => `the answer is not an RSS or Atom feed (${p.detail})`,
  noLink: () => "the entry has no link to an article",
  badLink: (p) => `the entry's link "${p.link}" is not a web address`,
  subscriberGone: () => "the person who subscribed to this feed is no longer here",
  articleRefused: (p) => String(p.reason ?? "the article was refused"),
};

/** A problem with its English words. */
export function feedProblem(code: FeedProblemCode, params: FeedProblemParams = {}): FeedProblem {
  return { code, params, message: ENGLISH[code](params) };
}
