import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { decodeHtml } from "../extract/decodeBody.ts";
import { say } from "./i18n/cliWords.ts";
import { helpText } from "./i18n/cliHelp.ts";

/** The files and the `--base-url` of a command that reads saved HTML files (`extract`, `article`). */
export interface HtmlFilesArgs {
  files: string[];
  baseUrl: string | undefined;
}

/**
 * Parses `ladle <command> [--base-url URL] FILE...`. Answers the files and base URL, or exit code 2
 * once the usage or the bad URL is on stderr. An unknown option throws, as `parseArgs` does.
 */
export function parseHtmlFilesArgs(command: string, argv: string[]): HtmlFilesArgs | 2 {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { "base-url": { type: "string" } },
  });
  if (positionals.length === 0) {
    process.stderr.write(`${helpText("usageWord")} ladle ${command} [--base-url URL] FILE...\n`);
    return 2;
  }
  const baseUrl = values["base-url"];
  if (baseUrl !== undefined && !URL.canParse(baseUrl)) {
    process.stderr.write(`ladle ${command}: ${say("baseUrlNotAbsolute", { url: baseUrl })}\n`);
    return 2;
  }
  return { files: positionals, baseUrl };
}

// Files read ahead of the one being worked on (a few MB of pages at most).
const READ_AHEAD = 4;

/**
 * Reads each file, decodes it and writes the object `lineFor` makes of it as one NDJSON line on
 * stdout, in the order given. A file that cannot be read or decoded gets an `ok: false` line with
 * code `FILE_UNREADABLE` and never stops the rest; an error thrown by `lineFor` does (lines still
 * buffered are not written). Lines go out `flushEvery` at a time, so a long list streams without
 * one write per file.
 */
export async function writeHtmlFileLines(
  { files, baseUrl }: HtmlFilesArgs,
  flushEvery: number,
  lineFor: (html: string, url: string, file: string) => object | Promise<object>,
): Promise<void> {
  const out: string[] = [];
  const flush = () => {
    if (out.length) process.stdout.write(out.join(""));
    out.length = 0;
  };
  // The next files are read while this one is worked on: reading waited on the disk for a tenth of
  // the run. A rejection is kept with its read (caught below), never left unhandled.
  const reads: Promise<Buffer | Error>[] = [];
  const readAhead = (i: number) => {
    if (i < files.length) reads[i] = readFile(files[i]!).catch((err: Error) => err);
  };
  for (let i = 0; i < READ_AHEAD; i++) readAhead(i);
  for (const [i, file] of files.entries()) {
    let line: object;
    let html: string | null = null;
    const bytes = await reads[i]!;
    delete reads[i];
    readAhead(i + READ_AHEAD);
    try {
      if (bytes instanceof Error) throw bytes;
      // Saved pages keep the bytes the site sent: BOM, then <meta charset>, else UTF-8 (as fetched pages).
      html = decodeHtml(bytes, null).text;
    } catch (err) {
      line = { file, ok: false, code: "FILE_UNREADABLE", message: (err as Error).message };
    }
    if (html !== null) {
      // Without --base-url the page stands at its file: URL (relative links resolve against it).
      const url = baseUrl ?? pathToFileURL(path.resolve(file)).href;
      line = await lineFor(html, url, file);
    }
    out.push(JSON.stringify(line!) + "\n");
    if (out.length >= flushEvery) flush();
  }
  flush();
}

interface Line {
  promise: Promise<string>;
  resolve(line: string): void;
  reject(err: unknown): void;
}

/**
 * The files of a run handed out one at a time to whoever asks first (this thread, pool threads
 * that join once started), their NDJSON lines written in the order given by {@link write}. Each
 * worker takes the next file only when it is free, so no file waits behind a busy worker and the
 * run ends with every worker busy to its last page.
 */
export class FileLineQueue {
  private readonly files: string[];
  private readonly baseUrl: string | undefined;
  private readonly lines: (Line | undefined)[];
  private next = 0;

  constructor({ files, baseUrl }: HtmlFilesArgs) {
    this.files = files;
    this.baseUrl = baseUrl;
    this.lines = files.map(() => {
      const line = {} as Line;
      line.promise = new Promise<string>((resolve, reject) => Object.assign(line, { resolve, reject }));
      // A failed line rejects in `write`, when its turn comes; not an unhandled rejection before.
      line.promise.catch(() => undefined);
      return line;
    });
  }

  /** Files no worker has taken yet. */
  get left(): number {
    return this.files.length - this.next;
  }

  /**
   * Takes files until none is left, `lineFor` giving each its whole NDJSON line (an unreadable
   * file's `FILE_UNREADABLE` line too), or until `more()` says no more (asked before each file).
   * An error `lineFor` throws is that file's line's error (`write` throws it) and stops this worker.
   */
  async work(lineFor: (file: string, url: string) => Promise<string>, more?: () => boolean): Promise<void> {
    while (this.next < this.files.length && (!more || more())) {
      const i = this.next++;
      const file = this.files[i]!;
      try {
        // Without --base-url the page stands at its file: URL (relative links resolve against it).
        this.lines[i]!.resolve(await lineFor(file, this.baseUrl ?? pathToFileURL(path.resolve(file)).href));
      } catch (err) {
        this.lines[i]!.reject(err);
        return;
      }
    }
  }

  /**
   * Writes the lines on stdout in the order given as they are done, `flushEvery` at a time (a long
   * list streams without one write per file); throws the first failed line's error (lines still
   * buffered are not written).
   */
  async write(flushEvery: number): Promise<void> {
    const out: string[] = [];
    const flush = () => {
      if (out.length) process.stdout.write(out.join(""));
      out.length = 0;
    };
    for (let i = 0; i < this.lines.length; i++) {
      out.push(await this.lines[i]!.promise);
      // Done with: a long run keeps no page's line.
      this.lines[i] = undefined;
      if (out.length >= flushEvery) flush();
    }
    flush();
  }
}
