import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { writeZip } from "../interop/zipFiles.ts";
import type { CollectionView, ReportEntry } from "../services/collections/collections.service.ts";
import { zExportFormat, zExportType } from "../services/collections/exportCollection.ts";
import {
  localCollections,
  remoteCollections,
  type CollectionClient,
  type CollectionSource,
} from "./collectionsClient.ts";
import { ConnectionError, resolveTarget } from "./executor.ts";
import { progressReporter } from "./progress.ts";
import { say as words, type CliKey } from "./i18n/cliWords.ts";
import { parseArgsError } from "./i18n/commanderErrors.ts";
import { helpText } from "./i18n/cliHelp.ts";
import { problemWords } from "./i18n/cliProblems.ts";

const FINAL = new Set(["completed", "cancelled", "failed"]);

/** A folder's files by their path inside it (as an unpacked zip). */
function folderFiles(dir: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p).split("\\").join("/"), readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

async function waitFor(client: CollectionClient, id: string, tick: (v: CollectionView) => void) {
  for (;;) {
    const v = await client.get(id);
    tick(v);
    if (FINAL.has(v.status)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Where the command works: a running Ladle (--server, LADLE_SERVER, cli.json) or this process. */
async function clientFor(flags: {
  server?: string | undefined;
  token?: string | undefined;
  user?: string | undefined;
}) {
  const target = resolveTarget({
    ...(flags.server ? { server: flags.server } : {}),
    ...(flags.token ? { token: flags.token } : {}),
    ...(flags.user ? { user: flags.user } : {}),
  });
  return target.server ? remoteCollections(target.server, target.token) : localCollections(target.user);
}

const WORDS: Record<string, CliKey> = {
  imported: "statusImported",
  duplicate: "statusDuplicate",
  needs_review: "statusNeedsReview",
  failed: "statusFailed",
  cancelled: "statusCancelled",
};

/** `ladle import-file PATH... [--commit-clean] [--json]` */
export async function importFileCommand(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        "commit-clean": { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        quiet: { type: "boolean", default: false },
        user: { type: "string" },
        mealie: { type: "string" },
        "mealie-token": { type: "string" },
        server: { type: "string" },
        token: { type: "string" },
      },
    });
  } catch (err) {
    process.stderr.write(
      `ladle import-file: ${parseArgsError((err as Error).message)}\n${helpText("seeHelpPlain", { command: "ladle import-file" })}\n`,
    );
    return 2;
  }
  const { values, positionals } = parsed;
  // The token from the environment keeps it out of the shell's history and the process list.
  const token = values["mealie-token"] ?? process.env.MEALIE_TOKEN ?? "";
  if (!positionals.length && !values.mealie) {
    process.stderr.write(
      `${helpText("usageWord")} ladle import-file PATH... [--commit-clean] [--json] [--server URL --token T]\n       ladle import-file --mealie URL [--mealie-token TOKEN]\n`,
    );
    return 2;
  }
  if (values.mealie && !token) {
    process.stderr.write(`ladle import-file: ${words("mealieNeedsToken")}\n`);
    return 2;
  }
  let client: CollectionClient;
  try {
    client = await clientFor(values);
  } catch (err) {
    if (!(err instanceof ConnectionError)) throw err;
    process.stderr.write(`ladle import-file: ${err.message}\n`);
    return 4;
  }
  const progress = progressReporter(process.stderr, { quiet: values.quiet || values.json });
  const reports: { path: string; job?: CollectionView; entries?: ReportEntry[]; error?: string }[] = [];
  // The server's code of a file it refused, for saying it in the person's language (not in --json).
  const refused = new Map<string, string>();
  let code = 0;
  try {
    const policy = values["commit-clean"] ? "commit_clean" : "review_all";
    const sources = [
      ...positionals.map((path) => ({ path, mealie: false })),
      ...(values.mealie ? [{ path: values.mealie, mealie: true }] : []),
    ];
    for (const { path, mealie } of sources) {
      let src: CollectionSource;
      if (mealie) src = { kind: "mealie", server: path, token };
      else
        try {
          const bytes = statSync(path).isDirectory() ? writeZip(folderFiles(path)) : readFileSync(path);
          src = { kind: "file", name: path.split(/[\\/]/).pop() || path, bytes };
        } catch (err) {
          reports.push({
            path,
            error: `cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
          });
          code = 1;
          continue;
        }
      const started = await client.start(src, policy);
      if (!started.ok) {
        reports.push({ path, error: started.message });
        if (started.code) refused.set(path, started.code);
        code = 1;
        continue;
      }
      const job = await waitFor(client, started.value.id, (v) =>
        progress.report({ progress: v.done, total: v.total || 1, message: `${path}: ${v.done}/${v.total}` }),
      );
      progress.done();
      reports.push({ path, job, entries: await client.report(job.id) });
    }
  } catch (err) {
    if (!(err instanceof ConnectionError)) throw err;
    process.stderr.write(`ladle import-file: ${err.message}\n`);
    return 4;
  } finally {
    progress.done();
    await client.close();
  }
  if (values.json) {
    process.stdout.write(JSON.stringify({ files: reports }, null, 2) + "\n");
    return code;
  }
  for (const r of reports) {
    if (r.error) {
      process.stderr.write(
        `ladle import-file: ${r.path}: ${problemWords(refused.get(r.path) ?? "", r.error)}\n`,
      );
      continue;
    }
    const c = r.job!.counts;
    process.stdout.write(
      `${words("importFileSummary", {
        path: r.path,
        format: r.job!.format,
        imported: String(c.imported),
        duplicate: String(c.duplicate),
        needsReview: String(c.needsReview),
        failed: String(c.failed),
      })}\n`,
    );
    for (const e of r.entries!)
      if (e.status !== "imported")
        process.stdout.write(
          `  ${WORDS[e.status] ? words(WORDS[e.status]!) : e.status}: ${e.label}${e.reason ? ` — ${e.reason}` : ""}\n`,
        );
  }
  return code;
}

/** `ladle export --format F [--type T] -o FILE` */
export async function exportCommand(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        format: { type: "string" },
        type: { type: "string" },
        output: { type: "string", short: "o" },
        user: { type: "string" },
        server: { type: "string" },
        token: { type: "string" },
      },
    });
  } catch (err) {
    process.stderr.write(
      `ladle export: ${parseArgsError((err as Error).message)}\n${helpText("seeHelpPlain", { command: "ladle export" })}\n`,
    );
    return 2;
  }
  const { values } = parsed;
  const format = zExportFormat.safeParse(values.format);
  const type = values.type === undefined ? undefined : zExportType.safeParse(values.type);
  if (!format.success || (type && !type.success) || !values.output) {
    process.stderr.write(
      `${helpText("usageWord")} ladle export --format jsonld|paprika|cooklang|html|netscape|json [--type recipe|article|bookmark] -o FILE\n`,
    );
    return 2;
  }
  let client: CollectionClient | null = null;
  try {
    client = await clientFor(values);
    const out = await client.export({ format: format.data, type: type?.success ? type.data : undefined });
    if (!out.ok) {
      process.stderr.write(`ladle export: ${problemWords(out.code ?? "", out.message)}\n`);
      return 2;
    }
    writeFileSync(values.output, out.value);
    process.stderr.write(`${words("wroteFile", { file: values.output, bytes: String(out.value.length) })}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof ConnectionError)) throw err;
    process.stderr.write(`ladle export: ${err.message}\n`);
    return 4;
  } finally {
    await client?.close();
  }
}
