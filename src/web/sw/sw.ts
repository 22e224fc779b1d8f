// Ladle's service worker: the app starts without the network, and the recipes a cook opened stay
// readable offline. Network first everywhere (the server is the truth while it answers); the caches
// answer only when it cannot be reached. Signing out deletes the data cache (account screen).
const sw = self as unknown as ServiceWorkerGlobalScope;
declare const LADLE_VERSION: string;

const SHELL_CACHE = `ladle-shell-${LADLE_VERSION}`;
/** Also named in the web app's sign-out, which deletes it: keep the two in step. */
const DATA_CACHE = "ladle-data";
const SHELL = [
  "/",
  "/ui/app.js",
  "/ui/app.css",
  "/ui/kitchen.css",
  "/ui/capture.css",
  "/ui/icon.svg",
  "/manifest.webmanifest",
];

sw.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((c) => c.addAll(SHELL))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith("ladle-shell-") && k !== SHELL_CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => sw.clients.claim()),
  );
});

/** Also named in the web app's share screen, which sends what waits here once signed in. */
const SHARE_CACHE = "ladle-share";
const PENDING_SHARE = "/share/pending";

/**
 * The share sheet's post (the manifest's share_target). The server takes a share only from someone
 * signed in, so a signed-out one waits here, in this browser, and the app sends it after sign-in.
 */
async function shareTarget(request: Request): Promise<Response> {
  const session = await fetch("/api/session", { credentials: "same-origin" }).catch(() => null);
  if (session?.status !== 401) return fetch(request);
  const form = await request.formData();
  const cache = await caches.open(SHARE_CACHE);
  await cache.put(PENDING_SHARE, new Response(form));
  return Response.redirect(new URL("/#/share/pending", sw.location.origin).href, 303);
}

/** What a cook reads offline: their recipes (list, each one, its versions), its pictures, who is signed in. */
function keptForOffline(url: URL): boolean {
  return (
    url.pathname === "/api/recipes" ||
    /^\/api\/recipes\/[^/]+(\/versions)?$/.test(url.pathname) ||
    url.pathname.startsWith("/api/images/") ||
    url.pathname === "/api/session"
  );
}

async function networkFirst(request: Request, cacheName: string, keep: boolean): Promise<Response> {
  try {
    const res = await fetch(request);
    if (keep && res.ok) {
      const copy = res.clone();
      void caches.open(cacheName).then((c) => c.put(request, copy));
    }
    return res;
  } catch (e) {
    const cached = await caches.match(request, { cacheName });
    if (cached) return cached;
    throw e;
  }
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // Signing out forgets what was kept for offline reading: the next person on this device sees none of it.
  if (request.method === "DELETE" && url.pathname === "/api/session") {
    event.waitUntil(caches.delete(DATA_CACHE));
    return;
  }
  if (url.origin !== sw.location.origin) return;
  if (request.method === "POST" && url.pathname === "/share") {
    event.respondWith(shareTarget(request));
    return;
  }
  if (request.method !== "GET") return;
  // The app's page is the shell ("/"), whatever hash it carries. Any other address opened in the
  // tab is the server's to answer: /share redirects into the app with what was shared (answering it
  // with the shell lost the bookmarklet's page), /shared/{token} is a public recipe page.
  // A language's words (/ui/i18n/de.json) are part of the shell for whoever reads them: kept once fetched.
  const words = url.pathname.startsWith("/ui/i18n/");
  if (request.mode === "navigate" ? url.pathname === "/" : SHELL.includes(url.pathname) || words) {
    const shellRequest = request.mode === "navigate" ? new Request("/") : request;

    event.respondWith(networkFirst(shellRequest, SHELL_CACHE, true));
    return;
  }
  if (keptForOffline(url)) event.respondWith(networkFirst(request, DATA_CACHE, true));
});
