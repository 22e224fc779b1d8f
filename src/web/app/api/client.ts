// The web app's one way to the API: openapi-fetch over the types generated from the server's OpenAPI
// document (schema.gen.ts), so a path, parameter or body the API does not declare fails the type check.
import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "./schema.gen.ts";
import { language, t } from "../i18n/i18n.ts";
import { plainProblem } from "../ui/messages.ts";

/** The API token of a token sign-in, kept for this tab only (a password sign-in uses its HttpOnly cookie). */
export function currentToken(): string | null {
  return sessionStorage.getItem("ladle.token");
}

const auth: Middleware = {
  onRequest({ request }) {
    const token = currentToken();
    if (token && !request.headers.has("authorization"))
      request.headers.set("authorization", `Bearer ${token}`);
    // What the server names for the person (their library, a shopping list) is in the language
    // the screens speak, which the person may have chosen over the browser's.
    request.headers.set("accept-language", language());
    return request;
  },
  onResponse({ request, response }) {
    // The shell listens and shows the sign-in form (lib.ts): the client knows nothing of screens.
    // /api/session's own 401s (a wrong name or password, a wrong current password, "nobody is
    // signed in" asked by the top bar) are answers for their caller, not an ended sign-in: redrawing
    // the form there would wipe the message the sign-in form shows.
    if (response.status === 401 && !new URL(request.url).pathname.startsWith("/api/session"))
      document.dispatchEvent(new CustomEvent("ladle:unauthorized"));
    return response;
  },
};

export const client = createClient<paths>({ baseUrl: "" });
client.use(auth);

/**
 * What a screen shows when a call failed: `message` is a sentence for the reader (ui/messages.ts's
 * table, by code), `detail` the server's own words for "Details"; never a code alone.
 */
export type Problem = { code?: string; message: string; detail?: string; details?: Record<string, unknown> };

export type Answer<D> =
  | { ok: true; status: number; body: D; etag: string | null }
  | { ok: false; status: number; body: Problem; etag: string | null };

/** The error bodies of every family, read as one shape (articles nest theirs under `error`, /v1 says `error_code`). */
function problemOf(error: unknown, status: number): Problem {
  const e = error as {
    message?: unknown;
    code?: unknown;
    error_code?: unknown;
    error_msg?: unknown;
    error?: { message?: unknown; code?: unknown };
  } | null;
  const inner = e && typeof e === "object" && e.error && typeof e.error === "object" ? e.error : e;
  const said = inner?.message ?? e?.error_msg;
  const message =
    typeof said === "string" && said
      ? said
      : status >= 500
        ? t("messages.serverTrouble")
        : t("messages.didNotWork");
  const rawCode = inner?.code ?? e?.error_code;
  const code = typeof rawCode === "string" ? rawCode : undefined;
  const plain = plainProblem({ code, message });
  return {
    ...(e && typeof e === "object" ? (e as object) : {}),
    ...(code ? { code } : {}),
    message: plain.text,
    // The server's own words, for "Details" (errorBox adds the code).
    ...(plain.details ? { detail: message } : {}),
  };
}

/**
 * One language's words for the screens (a static file the server builds from the catalogues, not
 * an API route), or null when they cannot be had (offline and not cached).
 */
export async function fetchLanguageWords(lang: string): Promise<Record<string, string> | null> {
  try {
    const res = await fetch(`/ui/i18n/${encodeURIComponent(lang)}.json`);
    return res.ok ? ((await res.json()) as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/**
 * Turns an openapi-fetch call into `{ ok, status, body, etag }`: the body typed by the route's
 * declared answer when ok, a Problem otherwise (also when the server could not be reached at all).
 */
export async function answer<R extends { data?: unknown; error?: unknown; response: Response }>(
  call: Promise<R>,
): Promise<Answer<Exclude<R["data"], undefined>>> {
  let res: R;
  try {
    res = await call;
  } catch {
    return { ok: false, status: 0, body: { code: "OFFLINE", message: t("messages.offline") }, etag: null };
  }
  const etag = res.response.headers.get("etag");
  if (res.response.ok)
    return { ok: true, status: res.response.status, body: res.data as Exclude<R["data"], undefined>, etag };
  return { ok: false, status: res.response.status, body: problemOf(res.error, res.response.status), etag };
}
