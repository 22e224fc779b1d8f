// The extension's background: the toolbar button sends the page as a recipe; the page's menu
// "Send to Ladle" offers a recipe, an article or a bookmark. The page is read in its tab with
// chrome.scripting (activeTab: only the tab the cook clicked on, only then), then sent to Ladle
// with the token, and Ladle's screen for it opens beside the page.
import { loadSettings, sendPage, type CaptureKind, type Page } from "./ladle.ts";

const KINDS: Record<CaptureKind, string> = {
  recipe: "as a recipe",
  article: "as an article to read",
  bookmark: "as a bookmark",
};

chrome.runtime.onInstalled.addListener(() => {
  void chrome.contextMenus.removeAll().then(() => {
    chrome.contextMenus.create({
      id: "ladle",
      title: "Send to Ladle",
      contexts: ["page", "selection", "link", "image"],
    });
    for (const [kind, words] of Object.entries(KINDS))
      chrome.contextMenus.create({
        id: kind,
        parentId: "ladle",
        title: words,
        contexts: ["page", "selection", "link", "image"],
      });
  });
});

/** Runs in the page: its document as the browser shows it now (scripts' changes included). */
function snapshot(): Page {
  return { url: location.href, title: document.title, html: document.documentElement.outerHTML };
}

async function say(tabId: number | undefined, text: string, title: string, color: string): Promise<void> {
  await chrome.action.setBadgeText({ text, ...(tabId ? { tabId } : {}) });
  await chrome.action.setBadgeBackgroundColor({ color, ...(tabId ? { tabId } : {}) });
  await chrome.action.setTitle({ title, ...(tabId ? { tabId } : {}) });
}

/** Reads the tab's page and sends it to Ladle as `as`; answers what happened, in words. */
export async function send(tab: ChromeTab | undefined, as: CaptureKind): Promise<string> {
  const tabId = tab?.id;
  if (tabId === undefined) return "No page to send.";
  const settings = await loadSettings();
  if (!settings) {
    await chrome.runtime.openOptionsPage();
    return "Tell the extension where your Ladle is first.";
  }
  await say(tabId, "…", "Sending the page to Ladle…", "#9a4f00");
  let page: Page | undefined;
  try {
    page = (await chrome.scripting.executeScript({ target: { tabId }, func: snapshot }))[0]?.result;
  } catch {
    page = undefined;
  }
  if (!page || !/^https?:/.test(page.url)) {
    const message = "This page cannot be sent (only web pages can).";
    await say(tabId, "!", message, "#b3261e");
    return message;
  }
  const sent = await sendPage(settings, page, as);
  if (!sent.ok) {
    await say(tabId, "!", sent.message, "#b3261e");
    return sent.message;
  }
  await say(tabId, "✓", "Sent to Ladle", "#1a7f37");
  await chrome.tabs.create({ url: sent.screen, openerTabId: tabId });
  return "Sent to Ladle.";
}

chrome.action.onClicked.addListener((tab) => void send(tab, "recipe"));
chrome.contextMenus.onClicked.addListener((info, tab) => {
  const kind = String(info.menuItemId);
  if (kind in KINDS) void send(tab, kind as CaptureKind);
});

// Tests (and the curious, from the service worker's console) call the same code the button runs.
(globalThis as { ladleSend?: typeof send }).ladleSend = send;
