// Help texts of `ladle backup` and `ladle restore`, apart so `ladle --help` loads no database code.

export const BACKUP_HELP = `ladle backup: write everything this install holds into one file

Usage: ladle backup -o FILE

-o, --output  the file to write (e.g. ladle-2026-11-29.ladle); it must not exist yet

Every table (recipes and their versions, drafts, articles, images, uploads, bookmarks, libraries,
plans, shopping lists, webhooks, import jobs, people), read in one snapshot while the server keeps
running, the schema version, and the configuration without its secrets. Restore it with
"ladle restore FILE". See docs/backups.md.`;

export const RESTORE_HELP = `ladle restore: put a backup back into an empty install

Usage: ladle restore FILE [--force]

--force  replace everything the install holds with the backup (stop the server first)

Restores into the configured database (DATABASE_URL, else the data directory LADLE_DATA_DIR);
an install that already holds data is refused unless --force. A backup from an older version
is brought forward by today's migrations. See docs/backups.md.`;
