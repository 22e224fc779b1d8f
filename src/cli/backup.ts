import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { BackupError, backupFile } from "../services/backups/index.ts";
import { openDatabase } from "../storage/db.ts";
import { BACKUP_HELP, RESTORE_HELP } from "./backupHelp.ts";
import { moreHelp } from "./i18n/cliHelp.ts";
import { say } from "./i18n/cliWords.ts";

async function openConfigured() {
  const config = loadConfig({ overrides: { Server: { LogLevel: "warn" } } });
  const database = await openDatabase({
    databaseUrl: config.Server.DatabaseUrl,
    dataDir: config.Server.DataDir,
    migrate: false,
  });
  return { config, database };
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** `ladle backup -o FILE`. */
export async function backupCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { output: { type: "string", short: "o" } },
  });
  if (!values.output || positionals.length) {
    process.stderr.write(`${moreHelp("backup", BACKUP_HELP)}\n`);
    return 2;
  }
  const { config, database } = await openConfigured();
  try {
    const s = await backupFile(database.db).write(path.resolve(values.output), {
      database: database.kind === "server" ? "postgresql" : "embedded",
      config,
      now: new Date(),
    });
    process.stderr.write(
      `${say("backupWritten", { file: s.file, size: mb(s.bytes), rows: String(s.rows), tables: String(s.tables) })}\n`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    process.stderr.write(`ladle backup: ${err.message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

/** `ladle restore FILE [--force]`. */
export async function restoreCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: "boolean", default: false } },
  });
  if (positionals.length !== 1) {
    process.stderr.write(`${moreHelp("restore", RESTORE_HELP)}\n`);
    return 2;
  }
  const { database } = await openConfigured();
  try {
    const s = await backupFile(database.db).restore(path.resolve(positionals[0]!), { force: values.force });
    process.stderr.write(
      say("restored", { rows: String(s.rows), tables: String(s.tables), createdAt: String(s.createdAt) }) +
        (s.migrated.length ? say("restoredMigrated", { n: s.migrated.length }) : "") +
        "\n",
    );
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    process.stderr.write(`ladle restore: ${err.message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}
