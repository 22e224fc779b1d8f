// The few extension APIs Ladle's extension calls, typed by hand: @types/chrome would be a whole
// dependency for a dozen signatures. Firefox offers the same names under `chrome` (promise-based).

interface ChromeTab {
  id?: number;
  url?: string;
  title?: string;
}

interface ChromeEvent<A extends unknown[]> {
  addListener(fn: (...args: A) => void): void;
}

declare const chrome: {
  runtime: {
    onInstalled: ChromeEvent<[]>;
    openOptionsPage(): Promise<void>;
    lastError?: { message?: string };
  };
  action: {
    onClicked: ChromeEvent<[ChromeTab]>;
    setBadgeText(d: { text: string; tabId?: number }): Promise<void>;
    setBadgeBackgroundColor(d: { color: string; tabId?: number }): Promise<void>;
    setTitle(d: { title: string; tabId?: number }): Promise<void>;
  };
  contextMenus: {
    create(p: { id: string; title: string; contexts: string[]; parentId?: string }): void;
    removeAll(): Promise<void>;
    onClicked: ChromeEvent<[{ menuItemId: string | number }, ChromeTab | undefined]>;
  };
  scripting: {
    executeScript<R>(d: { target: { tabId: number }; func: () => R }): Promise<{ result?: R }[]>;
  };
  storage: {
    local: {
      get(keys: string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
  };
  permissions: {
    request(p: { origins: string[] }): Promise<boolean>;
    contains(p: { origins: string[] }): Promise<boolean>;
  };
  tabs: {
    create(p: { url: string; openerTabId?: number }): Promise<ChromeTab>;
  };
};
