import type { Config } from "../config.ts";
import { checkSubmittedUrl } from "../fetcher/policy.ts";

/**
 * Why a URL someone submits will never be fetched, in words for them, or null when it may be. Every
 * family asks this at create (issue 22: refused at once with 400, not accepted and failed later);
 * the worker's fetch checks again, with DNS.
 */
export function submittedUrlProblem(url: string, config: Config): string | null {
  const r = checkSubmittedUrl(url, { allowPrivateHosts: config.Fetch.AllowPrivateHosts });
  if (r.allowed) return null;
  switch (r.code) {
    case "URL_INVALID":
      return "Give a full web address starting with http:// or https://.";
    case "SCHEME_NOT_ALLOWED":
      return "Only web addresses (http:// or https://) can be saved.";
    case "CREDENTIALS_NOT_ALLOWED":
      return "Remove the user name and password from the address (the part before @); Ladle never sends them to a site.";
    default:
      return `This address points inside a private network, which Ladle does not fetch (${r.reason}).`;
  }
}
