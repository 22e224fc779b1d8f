import { loadConfig, type Config } from "../config.ts";
import { extractFile } from "../services/extractFile.ts";
import { parseHtmlFilesArgs, writeHtmlFileLines } from "./htmlFiles.ts";

/**
 * `ladle extract [--base-url URL] FILE...`: offline extraction, one NDJSON line per file on
 * stdout; a broken file gives an `ok: false` line and never stops the rest. Files are decoded by
 * their BOM or `<meta charset>`, like fetched pages.
 */
export async function extractCommand(argv: string[]): Promise<number> {
  const args = parseHtmlFilesArgs("extract", argv);
  if (args === 2) return 2;
  // A bad configuration stops here naming the key (ConfigError → exit 2), as for every command.
  const config: Config = loadConfig();
  await writeHtmlFileLines(args, 64, async (html, url, file) => {
    const res = await extractFile(config, html, url);
    return res.ok
      ? { file, ok: true, draft: res.draft }
      : { file, ok: false, code: res.code, message: res.message };
  });
  return 0;
}
