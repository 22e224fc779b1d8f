export { checkUrl, classifyAddress, isPublicAddress, systemResolver } from "./policy.ts";
export type { PolicyCode, Resolver, UrlCheck, UrlPolicy } from "./policy.ts";
export { fetchPage } from "./fetchPage.ts";
export type { FetchFailureCode, FetchOptions, FetchResult } from "./fetchPage.ts";
export { normalizeUrl, urlHash, urlKey } from "../domain/normalizeUrl.ts";
export { decodeHtml } from "../extract/decodeBody.ts";
