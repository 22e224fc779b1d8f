// Why a feed's fetch or one of its entries failed, in the person's language: the server stores a
// stable code and its figures beside its English words (domain/feedProblem.ts). A row stored
// before the codes, or a code this app does not know (a newer server), shows the server's words.
// Pure (no DOM), so the tests read the same table as the screen.
import { t, type MessageKey } from "../../i18n/i18n.ts";
import { fallback, MESSAGES } from "../../ui/messages.ts";

const PROBLEM_WORDS: Record<string, MessageKey> = {
  notThere: "feeds.problemNotThere",
  siteError: "feeds.problemSiteError",
  refused: "feeds.problemRefused",
  otherStatus: "feeds.problemOtherStatus",
  timeout: "feeds.problemTimeout",
  connectionFailed: "feeds.problemConnectionFailed",
  robots: "feeds.problemRobots",
  botCheck: "feeds.problemBotCheck",
  tooLarge: "feeds.problemTooLarge",
  domainDenied: "feeds.problemDomainDenied",
  // The gateway's other reasons are its own English: the plain sentence instead.
  fetchFailed: "feeds.fetchFailed",
  notAFeed: "feeds.problemNotAFeed",
  noLink: "feeds.problemNoLink",
  badLink: "feeds.problemBadLink",
  subscriberGone: "feeds.problemSubscriberGone",
};

/** The failure in the person's language; `words` are the server's, said when the code is unknown. */
export function feedProblemWords(
  code: string | null | undefined,
  params: Record<string, string | number> | null | undefined,
  words: string,
): string {
  if (!code) return words;
  // The article was refused by the import itself: its API error said through the message table.
  if (code === "articleRefused") {
    const error = String(params?.error ?? "");
    return Object.hasOwn(MESSAGES, error) ? t(MESSAGES[error]!) : fallback();
  }
  return Object.hasOwn(PROBLEM_WORDS, code) ? t(PROBLEM_WORDS[code]!, params ?? {}) : words;
}
