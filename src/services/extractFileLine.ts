import { readFile } from "node:fs/promises";
import type { Config } from "../config.ts";
import { extractFile } from "./extractFile.ts";
import { extractLine, unreadableLine } from "./extractFilePool.ts";

/**
 * A saved page's `ladle extract` NDJSON line, in this thread (the CLI's one-thread path and each
 * pool thread): its bytes go to the extraction, which decodes them by BOM / `<meta charset>` (as
 * fetched pages) and reads them in pieces, never as one page-sized string.
 */
export async function extractFileLine(config: Config, file: string, url: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (err) {
    return unreadableLine(file, err as Error);
  }
  return extractLine(file, await extractFile(config, bytes, url));
}
