import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { build, stop, type Plugin } from "esbuild";

const APP_DIR = fileURLToPath(new URL("./app/", import.meta.url));
const SW_DIR = fileURLToPath(new URL("./sw/", import.meta.url));

export type WebBundle = {
  /** The app's one script (every screen), minified ESM. */
  app: string;
  /** The service worker, with the app's version baked in so a new bundle replaces the old cache. */
  sw: string;
  /** Short hash of the app bundle: the service worker's cache version. */
  version: string;
};

let building: Promise<WebBundle> | null = null;

/**
 * Only English is bundled: another language's catalogue files read as empty, and the app loads the
 * one the person speaks from /ui/i18n/<language>.json before it draws (i18n.ts's loadLanguage).
 * Seven languages inlined would make every visitor download six they never read.
 */
const englishOnly: Plugin = {
  name: "ladle-english-only",
  setup(b) {
    b.onLoad({ filter: /[\\/]i18n[\\/](de|fr|es|it|nl|pt|sv)[\\/][^\\/]+\.json$/ }, () => ({
      contents: "{}",
      loader: "json",
    }));
  },
};

/**
 * Bundles the web app with esbuild in memory when the server first serves it: no build step a user
 * must remember, and a source change is live on the next start. About 100 ms for the whole app.
 */
export function webBundle(): Promise<WebBundle> {
  building ??= (async () => {
    const common = {
      bundle: true,
      minify: true,
      write: false,
      legalComments: "none",
      target: "es2022",
      logLevel: "silent",
    } as const;
    const app = await build({
      ...common,
      entryPoints: [`${APP_DIR}main.ts`],
      format: "esm",
      jsx: "automatic",
      jsxImportSource: "preact",
      plugins: [englishOnly],
    });
    const appCode = app.outputFiles[0]!.text;
    const version = createHash("sha256").update(appCode).digest("hex").slice(0, 12);
    const sw = await build({
      ...common,
      entryPoints: [`${SW_DIR}sw.ts`],
      format: "iife",
      define: { LADLE_VERSION: JSON.stringify(version) },
    });
    // The bundle is kept for the process's life: esbuild's service process (about 40 MB) is not
    // needed again, and a later build would start it anew.
    await stop();
    return { app: appCode, sw: sw.outputFiles[0]!.text, version };
  })();
  building.catch(() => (building = null));
  return building;
}
