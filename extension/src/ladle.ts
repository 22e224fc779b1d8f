// What the extension's background and its settings page share: the settings, and the two calls
// it makes to Ladle, always with the cook's API token and never with cookies (Ladle refuses a
// cookie sent from another origin; a token is the extension's own credential).

export type CaptureKind = "recipe" | "article" | "bookmark";

export interface Settings {
  /** Ladle's origin, e.g. https://ladle.example.com (no trailing slash). */
  server: string;
  token: string;
}

/** The page as the browser shows it. */
export interface Page {
  url: string;
  title: string;
  html: string;
}

/** The address the cook typed, as an origin; null when it is no http(s) address. */
export function serverOrigin(input: string): string | null {
  try {
    const u = new URL(input.trim());
    return /^https?:$/.test(u.protocol) ? u.origin : null;
  } catch {
    return null;
  }
}

export async function loadSettings(): Promise<Settings | null> {
  const s = await chrome.storage.local.get(["server", "token"]);
  return typeof s.server === "string" && typeof s.token === "string" && s.server && s.token
    ? { server: s.server, token: s.token }
    : null;
}

export async function saveSettings(s: Settings): Promise<void> {
  await chrome.storage.local.set({ server: s.server, token: s.token });
}

/** Ladle's error body, in words for the cook. */
async function problem(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  if (res.status === 401) return "Ladle did not accept the token: make a new one in Ladle and save it here.";
  return body?.message ?? `Ladle answered ${res.status}.`;
}

function call(s: Settings, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${s.server}${path}`, {
    ...init,
    credentials: "omit",
    headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${s.token}` },
  });
}

/** Who the token signs in as: "Connected as …", or what is wrong. */
export async function testConnection(s: Settings): Promise<{ ok: boolean; message: string }> {
  try {
    const res = await call(s, "/api/session");
    if (!res.ok) return { ok: false, message: await problem(res) };
    const body = (await res.json()) as { user?: { name?: string } };
    return { ok: true, message: `Connected to Ladle as ${body.user?.name ?? "you"}.` };
  } catch {
    return {
      ok: false,
      message: `No answer from ${s.server}: check the address, and that this browser may reach it.`,
    };
  }
}

/** Sends a page; answers where Ladle shows what it made (an address on the server), or what went wrong. */
export async function sendPage(
  s: Settings,
  page: Page,
  as: CaptureKind,
): Promise<{ ok: true; screen: string } | { ok: false; message: string }> {
  try {
    const res = await call(s, "/api/captures", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: page.url, title: page.title, html: page.html, as }),
    });
    if (!res.ok) return { ok: false, message: await problem(res) };
    const body = (await res.json()) as { screen: string };
    return { ok: true, screen: `${s.server}/${body.screen.replace(/^\/?/, "")}` };
  } catch {
    return {
      ok: false,
      message: `No answer from ${s.server}: check the address in the extension's settings.`,
    };
  }
}
