import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { loadConfig } from "../config.ts";
import type { Caller } from "../domain/user.ts";
import { runOperation, type OpResult, type Progress } from "../mcp/operation.ts";
import type { Ladle } from "../app/ladle.ts";
import { say } from "./i18n/cliWords.ts";

/** Runs operations for the CLI: in this process on the configured database, or on a server. */
export interface Executor {
  /** Where the operations run, for messages. */
  readonly where: string;
  call(name: string, input: Record<string, unknown>, progress: (p: Progress) => void): Promise<OpResult>;
  close(): Promise<void>;
}

/** A failure of the connection itself (exit code 4), not of the operation. */
export class ConnectionError extends Error {
  override name = "ConnectionError";
}

/** `~/.config/ladle/cli.json` (or LADLE_CLI_CONFIG): `{"server": "https://…", "token": "…"}`. */
export const zCliConfig = z.object({
  server: z.url().optional(),
  token: z.string().min(1).optional(),
  user: z.string().min(1).optional(),
});
export type CliConfig = z.infer<typeof zCliConfig>;

export function cliConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LADLE_CLI_CONFIG) return env.LADLE_CLI_CONFIG;
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config");
  return path.join(base, "ladle", "cli.json");
}

/** Where the CLI's commands go: flags first, then the environment, then the config file. */
export function resolveTarget(
  flags: { server?: string; token?: string; user?: string },
  env: NodeJS.ProcessEnv = process.env,
): CliConfig {
  const file = cliConfigPath(env);
  let fromFile: CliConfig = {};
  if (existsSync(file)) {
    const parsed = zCliConfig.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success)
      throw new ConnectionError(
        `${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      );
    fromFile = parsed.data;
  }
  const server = flags.server ?? env.LADLE_SERVER ?? fromFile.server;
  const token = flags.token ?? env.LADLE_TOKEN ?? fromFile.token;
  const user = flags.user ?? env.LADLE_USER ?? fromFile.user;
  return { ...(server ? { server } : {}), ...(token ? { token } : {}), ...(user ? { user } : {}) };
}

/** The caller of in-process commands: the named user, or the local admin. */
export async function localCaller(ladle: Ladle, user: string | undefined): Promise<Caller> {
  if (!user) return ladle.users.localAdmin();
  const res = await ladle.users.get(user);
  if (!res.ok) throw new ConnectionError(say("noUserHere", { name: user }));
  return { id: res.value.id, name: res.value.name, role: res.value.role };
}

/**
 * In-process: Ladle on the configured database, acting as `user` (or the local admin). With
 * `worker`, jobs run here too (imports, articles), so the command can wait for them even
 * when no server is running; a running server's worker may take them instead.
 */
export async function localExecutor(opts: { user?: string | undefined; worker: boolean }): Promise<Executor> {
  const { Ladle } = await import("../app/ladle.ts");
  const { operation } = await import("../mcp/operations.ts");
  const config = loadConfig({ overrides: { Server: { LogLevel: "warn" } } });
  const ladle = await Ladle.start({ config, role: opts.worker ? "all" : "api", queue: opts.worker });
  let caller: Caller;
  try {
    caller = await localCaller(ladle, opts.user);
  } catch (err) {
    await ladle.stop();
    throw err;
  }
  return {
    where: "this machine's database",
    call: (name, input, progress) => runOperation(operation(name), { ladle, caller, progress }, input),
    close: () => ladle.stop({ graceMs: 2000 }),
  };
}

/** On a server: its MCP endpoint (`/mcp`), authenticated by the user's token. */
export async function remoteExecutor(server: string, token: string | undefined): Promise<Executor> {
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StreamableHTTPClientTransport } =
    await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
  const url = new URL("/mcp", server);
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: token ? { authorization: `Bearer ${token}` } : {} },
  });
  const client = new Client({ name: "ladle-cli", version: "0.1.0" });
  try {
    await client.connect(transport);
  } catch (err) {
    const msg = (err as Error).message;
    throw new ConnectionError(
      /401|token/i.test(msg)
        ? say("refusedToken", { server })
        : say("cannotReach", { url: url.href, why: msg }),
    );
  }
  return {
    where: server,
    async call(name, input, progress) {
      // A waiting tool answers within its `wait`; the request may take that long and a little more.
      const wait = typeof input.wait === "number" ? input.wait : 45;
      let r: { content: { type: string; text?: string }[]; isError?: boolean };
      try {
        r = (await client.callTool({ name, arguments: input }, undefined, {
          onprogress: (p) =>
            progress({
              progress: p.progress,
              ...(p.total ? { total: p.total } : {}),
              ...(p.message ? { message: p.message } : {}),
            }),
          timeout: (wait + 60) * 1000,
        })) as typeof r;
      } catch (err) {
        return { ok: false, code: "REQUEST_FAILED", message: `${url.href}: ${(err as Error).message}` };
      }
      const text = r.content.find((c) => c.type === "text")?.text ?? "null";
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        value = text;
      }
      if (!r.isError) return { ok: true, value };
      const f = (value ?? {}) as { code?: string; message?: string; details?: Record<string, unknown> };
      return { ok: false, code: f.code ?? "ERROR", message: f.message ?? String(text), details: f.details };
    },
    close: () => client.close(),
  };
}
