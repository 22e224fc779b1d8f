import pino, { type Logger } from "pino";

/**
 * The process logger: pretty, coloured lines when stdout is a terminal (pino-pretty), one JSON
 * object per line otherwise (containers, log shippers). `LOG_FORMAT=json|pretty` overrides.
 */
export function createLogger(level: string, opts: { tty?: boolean; format?: string } = {}): Logger {
  const format = opts.format ?? process.env.LOG_FORMAT;
  const pretty = format ? format === "pretty" : (opts.tty ?? process.stdout.isTTY === true);
  if (pretty && level !== "silent") {
    return pino({
      level,
      transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss.l" } },
    });
  }
  return pino({ level });
}
