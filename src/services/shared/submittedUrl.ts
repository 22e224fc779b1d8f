import type { Config } from "../../config.ts";
import { checkSubmittedUrl } from "../../fetcher/policy.ts";

/** Why a submitted URL is refused: `malformed` (not an http(s) address) or `forbidden` (a host Ladle never fetches). */
export interface UrlRefusal {
  kind: "malformed" | "forbidden";
  message: string;
}

/**
 * Why a URL someone submits will never be fetched, with words for them, or null when it may be.
 * Every family asks this at create (refused at once with 400, not accepted and failed later); the
 * worker's fetch checks again, with DNS.
 */
export function submittedUrlRefusal(url: string, config: Config): UrlRefusal | null {
  const r = checkSubmittedUrl(url, { allowPrivateHosts: config.Fetch.AllowPrivateHosts });
  if (r.allowed) return null;
  switch (r.code) {
    case "URL_INVALID":
      return { kind: "malformed", message: "Give a full web address starting with http:// or https://." };
    case "SCHEME_NOT_ALLOWED":
      return { kind: "malformed", message: "Only web addresses (http:// or https://) can be saved." };
    case "CREDENTIALS_NOT_ALLOWED":
      return {
        kind: "forbidden",
        message:
          "Remove the user name and password from the address (the part before @); Ladle never sends them to a site.",
      };
    default:
      return {
        kind: "forbidden",
        message: `This address points inside a private network, which Ladle does not fetch (${r.reason}).`,
      };
  }
}

/** The refusal's words alone, for families with one code for every refused URL. */
export function submittedUrlProblem(url: string, config: Config): string | null {
  return submittedUrlRefusal(url, config)?.message ?? null;
}
