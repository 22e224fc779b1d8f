/** Exit codes, as `ladle --help` and docs/cli-and-mcp.md list them. */
export const EXIT = {
  /** Done. */
  ok: 0,
  /** The request failed (refused, invalid, conflict): the message says why. */
  failed: 1,
  /** The command line is wrong (unknown command or option, missing argument). */
  usage: 2,
  /** What the command names does not exist (or is not yours). */
  notFound: 3,
  /** The server could not be reached, or refused the token. */
  connection: 4,
} as const;
