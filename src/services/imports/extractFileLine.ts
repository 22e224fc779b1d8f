import { closeSync, openSync, readSync } from "node:fs";
import type { Config } from "../../config.ts";
import { extractFile } from "./extractFile.ts";
import { extractLine, unreadableLine } from "./extractFilePool.ts";

// Read buffers kept from file to file in this thread: a new buffer per file was fresh memory
// each time (a fifth of a run's page faults, at 1.5-15 µs each on a VM).
const spare: Buffer[] = [];

/**
 * The whole file into `buf` (a larger buffer when it does not fit); the bytes and the buffer used.
 * Read synchronously, in this thread: a saved page is a few hundred KB in the page cache, read in
 * ~80 µs of CPU; through fs/promises (a FileHandle, then open, reads and close each a round trip
 * to libuv's threads and back) it took ~190 µs of CPU, more than twice as much.
 */
function readFileInto(file: string, buf: Buffer): { bytes: Uint8Array; buf: Buffer } {
  const fd = openSync(file, "r");
  try {
    let n = 0;
    for (;;) {
      if (n === buf.length) {
        const larger = Buffer.allocUnsafeSlow(buf.length * 2);
        buf.copy(larger, 0, 0, n);
        buf = larger;
      }
      const read = readSync(fd, buf, n, buf.length - n, null);
      if (!read) return { bytes: buf.subarray(0, n), buf };
      n += read;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * A saved page's `ladle extract` NDJSON line, in this thread (the CLI's thread and each pool
 * thread): its bytes go to the extraction, which decodes them by BOM / `<meta charset>` (as
 * fetched pages) and reads them in pieces, never as one page-sized string.
 */
export async function extractFileLine(config: Config, file: string, url: string): Promise<string> {
  let buf = spare.pop() ?? Buffer.allocUnsafeSlow(256 * 1024);
  try {
    let bytes: Uint8Array;
    try {
      ({ bytes, buf } = readFileInto(file, buf));
    } catch (err) {
      return unreadableLine(file, err as Error);
    }
    // The line is made before the buffer is read again: nothing of the page is kept past it.
    return extractLine(file, await extractFile(config, bytes, url));
  } finally {
    spare.push(buf);
  }
}
