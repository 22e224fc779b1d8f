// The settings page: Ladle's address and the API token. Saving asks the browser for access to that
// one address (the extension asks for no other site), then checks the token against Ladle.
import { loadSettings, saveSettings, serverOrigin, testConnection, type Settings } from "./ladle.ts";

const form = document.getElementById("settings") as HTMLFormElement;
const server = document.getElementById("server") as HTMLInputElement;
const token = document.getElementById("token") as HTMLInputElement;
const status = document.getElementById("status") as HTMLElement;

function show(message: string, ok: boolean): void {
  status.textContent = message;
  status.className = ok ? "good" : "bad";
}

function entered(): Settings | null {
  const origin = serverOrigin(server.value);
  if (!origin) {
    show("Give your Ladle's address, starting with https:// (or http://).", false);
    return null;
  }
  if (!token.value.trim()) {
    show("Paste an API token from Ladle.", false);
    return null;
  }
  return { server: origin, token: token.value.trim() };
}

/** Access to Ladle's address: asked once, on the cook's click (browsers require one). */
async function allowServer(s: Settings): Promise<boolean> {
  const origins = [`${s.server}/*`];
  if (await chrome.permissions.contains({ origins })) return true;
  return chrome.permissions.request({ origins });
}

async function check(s: Settings): Promise<void> {
  show("Checking…", true);
  const r = await testConnection(s);
  show(r.message, r.ok);
}

form.addEventListener("submit", (e) => {
  e.preventDefault();
  const s = entered();
  if (!s) return;
  void (async () => {
    if (!(await allowServer(s))) {
      show("The browser did not allow the extension to reach your Ladle; save again and allow it.", false);
      return;
    }
    await saveSettings(s);
    server.value = s.server;
    await check(s);
  })();
});

document.getElementById("test")!.addEventListener("click", () => {
  const s = entered();
  if (s) void check(s);
});

void loadSettings().then((s) => {
  if (!s) return;
  server.value = s.server;
  token.value = s.token;
});
