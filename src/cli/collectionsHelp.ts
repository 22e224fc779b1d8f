// Help texts of `ladle import-file` and `ladle export`, loaded without the commands.

export const IMPORT_FILE_HELP = `ladle import-file: bring in a whole collection from another app

Usage: ladle import-file PATH... [--commit-clean] [--json] [--user NAME] [--quiet]
       ladle import-file --mealie URL [--mealie-token TOKEN] [--commit-clean] [--json]
       ladle import-file ... --server URL --token TOKEN

Each PATH (a file, or a folder such as a Nextcloud Cookbook or Cooklang folder) is one bulk job;
its format is told from the content: Paprika .paprikarecipes, Mealie or Tandoor export zips,
Nextcloud Cookbook, Cooklang .cook, schema.org JSON-LD (file, array or zip), a browser's bookmark
HTML, a Pocket CSV, Omnivore or Karakeep JSON, a saved recipe page (every recipe on it), or a
list of web addresses (one a line).

--mealie URL imports every recipe of a live Mealie server through its API, with an API token
of your account (--mealie-token, or the MEALIE_TOKEN environment variable); a server on a
private address must be allowed by the operator (LADLE_ALLOW_PRIVATE_HOSTS).

Options:
  --commit-clean  save recipes without errors at once; hold the others for review
                  (default: hold every recipe for review)
  --json          print the per-entry report as JSON on stdout
  --user NAME     act as this user (default: the local admin)
  --quiet         no progress on stderr
  --mealie URL    a live Mealie server to import from
  --mealie-token TOKEN  its API token (default: $MEALIE_TOKEN)
  --server URL    work on this running Ladle over its HTTP API (default: LADLE_SERVER, or
                  "server" in ~/.config/ladle/cli.json; none: this machine's database)
  --token TOKEN   your API token on that Ladle (default: LADLE_TOKEN)

Each entry ends imported, duplicate (of an existing recipe or bookmark), needs review, or failed
with the reason. Exit 0 when every file was read (entries may still fail), 1 when a file could not
be read at all, 2 on a usage error, 4 when the server could not be reached or refused the token.`;

export const EXPORT_HELP = `ladle export: write your collection to a file another app reads

Usage: ladle export --format jsonld|paprika|cooklang|html|netscape|json [--type recipe|article|bookmark] -o FILE [--user NAME]
       ladle export ... --server URL --token TOKEN

Options:
  --format F   jsonld (zip of schema.org Recipe JSON with pictures), paprika (.paprikarecipes),
               cooklang (zip of .cook files), html (a printable cookbook), netscape (bookmark
               HTML every browser imports), json
  --type T     recipe (default for jsonld, paprika, cooklang, html), bookmark (default for
               netscape and json) or article
  -o, --output FILE  where to write it
  --user NAME  act as this user (default: the local admin)
  --server URL   export from this running Ladle over its HTTP API (default: LADLE_SERVER, or
                 "server" in ~/.config/ladle/cli.json)
  --token TOKEN  your API token on that Ladle (default: LADLE_TOKEN)`;
