import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";

/** `scheme://user:password@` in any logged text: the credentials become `***`. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]+(?::[^\s/@]*)?@/gi;

/** A string with URL credentials masked (page URLs, database URLs, error messages). */
export function scrubCredentials(s: string): string {
  return s.replace(URL_CREDENTIALS, "$1***@");
}

function scrub(v: unknown, depth: number): unknown {
  if (typeof v === "string") return scrubCredentials(v);
  if (depth > 4 || !v || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map((x) => scrub(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = scrub(x, depth + 1);
  return out;
}

/**
 * Logs never carry tokens, cookies or URL credentials: header and token fields are
 * redacted by name wherever they sit (pino's redact), database client objects (which hold
 * connection settings) are dropped, and `user:password@` is masked in every string logged.
 */
export const LOG_SAFETY: Pick<LoggerOptions, "redact" | "formatters" | "hooks"> = {
  redact: {
    paths: [
      "authorization",
      "*.authorization",
      "headers.authorization",
      "*.headers.authorization",
      "cookie",
      "*.cookie",
      "*.headers.cookie",
      "*.headers['set-cookie']",
      "token",
      "*.token",
      "password",
      "*.password",
      "connectionString",
      "*.connectionString",
      "client",
      "*.client",
      "err.client",
    ],
    censor: "[redacted]",
  },
  formatters: { log: (o) => scrub(o, 0) as Record<string, unknown> },
  hooks: {
    logMethod(args, method) {
      method.apply(
        this,
        args.map((a) => (typeof a === "string" ? scrubCredentials(a) : a)) as Parameters<typeof method>,
      );
    },
  },
};

/**
 * The process logger: pretty, coloured lines when stdout is a terminal (pino-pretty), one JSON
 * object per line otherwise (containers, log shippers). `LOG_FORMAT=json|pretty` overrides.
 */
export function createLogger(
  level: string,
  opts: { tty?: boolean; format?: string; destination?: DestinationStream } = {},
): Logger {
  const format = opts.format ?? process.env.LOG_FORMAT;
  const pretty = format ? format === "pretty" : (opts.tty ?? process.stdout.isTTY === true);
  if (pretty && level !== "silent" && !opts.destination) {
    return pino({
      level,
      ...LOG_SAFETY,
      transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss.l" } },
    });
  }
  return opts.destination ? pino({ level, ...LOG_SAFETY }, opts.destination) : pino({ level, ...LOG_SAFETY });
}
